import type { ToolName } from '../tools/kernel/registry.js';

/**
 * The REST surface as data. Paths are relative to `/api/v2` in Hono syntax; path parameters carry
 * the name of the tool argument they fill.
 */

/** A JSON route: a thin adapter over one tool. */
export interface JsonRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The tool the route calls. */
  tool: ToolName;
  /** Tool arguments that may come from the query string; anything else there is refused. */
  query: readonly string[];
  /** Tool argument that receives the JSON request body. */
  body?: string;
  /**
   * When set, the body is a JSON object whose keys are these tool arguments (`body` among them,
   * required) instead of the `body` argument alone.
   */
  bodyArgs?: readonly string[];
  tag: 'schemas' | 'datachains';
  /**
   * `review`: the answer is the release's review metadata, which may change while its content hash
   * does not (never cached as immutable). Default: fixed by the release.
   */
  cache?: 'review';
}

export const JSON_ROUTES: readonly JsonRoute[] = [
  { method: 'GET', path: '/schemas', tool: 'list_schema_versions', query: ['datachain_type'], tag: 'schemas' },
  { method: 'GET', path: '/schemas/:version/manifest', tool: 'get_schema', query: ['include'], tag: 'schemas' },
  { method: 'GET', path: '/schemas/:version/categories', tool: 'list_categories', query: ['locales'], tag: 'schemas' },
  {
    method: 'GET',
    path: '/schemas/:version/elements',
    tool: 'list_elements',
    query: ['category_id', 'query', 'locale', 'locales', 'fields', 'limit', 'cursor'],
    tag: 'schemas',
  },
  {
    method: 'GET',
    path: '/schemas/:version/elements/:element_id',
    tool: 'get_element',
    query: ['locales', 'fields'],
    tag: 'schemas',
  },
  {
    method: 'GET',
    path: '/schemas/:version/translations',
    tool: 'get_translation_status',
    query: ['locales', 'flag_status'],
    tag: 'schemas',
    cache: 'review',
  },
  {
    method: 'POST',
    path: '/schemas/:version/validate',
    tool: 'validate_datachain',
    query: [],
    body: 'datachain',
    tag: 'datachains',
  },
  {
    method: 'POST',
    path: '/schemas/:version/resolve',
    tool: 'resolve_datachain',
    query: [],
    body: 'datachain',
    tag: 'datachains',
  },
  {
    method: 'POST',
    path: '/schemas/:version/validate_resolved',
    tool: 'validate_resolved',
    query: [],
    body: 'datachain',
    tag: 'datachains',
  },
  {
    method: 'POST',
    path: '/schemas/:version/migrate',
    tool: 'migrate_datachain',
    query: ['from'],
    body: 'datachain',
    tag: 'datachains',
  },
  {
    method: 'POST',
    path: '/schemas/:version/export/:format',
    tool: 'export_datachain',
    query: [],
    body: 'datachain',
    bodyArgs: ['datachain', 'locale', 'options'],
    tag: 'datachains',
  },
];

/** The SVG routes. The last path segment is matched whole (`:file`) and parsed by the handler. */
export const SVG_ROUTES = {
  shape: '/shapes/:file',
  symbol: '/schemas/:version/symbols/:file',
  icon: '/schemas/:version/elements/:element_id/:file',
} as const;

export const OPENAPI_PATH = '/openapi.json';

/** The render route: a JSON body in, the page (HTML) or the sign (SVG) out. */
export const RENDER_PATH = '/schemas/:version/render';

/** `/schemas/:version/elements` -> `/schemas/{version}/elements` (OpenAPI path template). */
export function templatePath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
