import { SERVER_VERSION } from '../core/server-version.js';
import { SHAPES } from '../domain/content.js';
import { type ToolDescriptor, toolDescriptors } from '../tools/kernel/descriptors.js';
import type { ToolName } from '../tools/kernel/registry.js';
import {
  AnswerMeta,
  answerSchema,
  Components,
  ERROR_RESPONSES,
  ErrorEnvelope,
  errorResponses,
  HEADERS,
  Health,
  NOT_MODIFIED,
  successHeaders,
  type Schema,
  zodSchema,
} from './openapi-parts.js';
import { queryKind } from '../tools/kernel/query-kind.js';
import { envelopeSchema } from '../tools/kernel/envelope-schema.js';
import { renderBody } from '../tools/render-body.js';
import { RENDER_QUERY } from './render-route.js';
import { JSON_ROUTES, OPENAPI_PATH, RENDER_PATH, templatePath, type JsonRoute } from './route-table.js';

const PREFIX = '/api/v2';

const DESCRIPTION = [
  'REST surface of the DTPR server. Every JSON route calls the same handler as its MCP tool twin and answers the same envelope:',
  '`{ok: true, data, meta}` or `{ok: false, errors: [{code, message, path?, fix_hint?, retryable?}], meta}`.',
  'The HTTP status follows the error code (400 bad input, 404 unknown version, element, variant or route, 405 a method the route',
  'does not answer, with `Allow` naming those it does, 413, 415, 429, 500, 502, 504);',
  'answers about a datachain (valid or not) are 200. Query parameters are strict: unknown ones are refused, `limit` must be a plain',
  'integer, `locales` and `fields` are comma lists (`fields=all` for every field). Versions are `<type>@YYYY-MM-DD[-beta]` for each',
  'datachain type (`ai`, `dtpr`): `ai@2026-08-12`, `ai%402026-08-12` and `ai%2F2026-08-12` name the same release; aliases are per',
  'type: `<type>@latest` (newest stable; a type with betas only answers an error naming `<type>@latest-beta`) and `<type>@latest-beta`.',
].join(' ');

const SVG_CONTENT = { 'image/svg+xml': { schema: { type: 'string' } } };

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z])/g, (_m, _s, ch: string) => ch.toUpperCase());
}

/** The descriptors the document is built from, by tool name. */
type Described = ReadonlyMap<string, ToolDescriptor>;

function descriptorOf(tools: Described, tool: ToolName): ToolDescriptor {
  const descriptor = tools.get(tool);
  if (!descriptor) throw new Error(`OpenAPI: a route calls the tool ${tool}, which has no descriptor`);
  return descriptor;
}

/** An OpenAPI parameter whose schema is the tool argument's JSON Schema. */
function toolParameter(descriptor: ToolDescriptor, name: string, where: 'path' | 'query'): Schema {
  const { description, ...argument } = (descriptor.inputSchema.properties?.[name] ?? { type: 'string' }) as Schema;
  // A path parameter is always given: the tool argument's default (ai@latest over MCP) never applies.
  const { default: _default, ...required } = argument;
  const schema = where === 'path' ? required : argument;
  const kind = queryKind(schema);
  return {
    name,
    in: where,
    required: where === 'path',
    ...(description ? { description } : {}),
    schema,
    ...(where === 'query' && kind === 'list' ? { style: 'form', explode: false } : {}),
  };
}

const pathParameter = (name: string, description: string, schema: Schema): Schema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** The JSON Schema of a body of named arguments: those properties of the tool's input, `main` required. */
function namedArgsBody(input: Schema, names: readonly string[], main: string): Schema {
  const properties = (input.properties ?? {}) as Record<string, Schema>;
  return {
    ...(input.$defs ? { $defs: input.$defs } : {}),
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, properties[n]!])),
    required: [main],
    additionalProperties: false,
  };
}

function jsonOperation(route: JsonRoute, descriptor: ToolDescriptor, components: Components): Schema {
  const pathNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const operation: Schema = {
    operationId: route.tool,
    summary: descriptor.title,
    description: `${descriptor.description}\n\nMCP twin: the \`${route.tool}\` tool; the body is its envelope.`,
    tags: [route.tag],
    parameters: [
      ...pathNames.map((n) => toolParameter(descriptor, n, 'path')),
      ...route.query.map((n) => toolParameter(descriptor, n, 'query')),
    ],
  };
  if (route.body) {
    const schema = route.bodyArgs
      ? components.add(`${pascal(route.tool)}Body`, namedArgsBody(descriptor.inputSchema, route.bodyArgs, route.body))
      : components.add(`${pascal(route.tool)}Body`, descriptor.inputSchema, route.body);
    operation.requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  // A cacheable GET the release's content fixes (not its translation review) is revalidated by its ETag.
  const tagged = route.method === 'GET' && pathNames.includes('version') && route.cache !== 'review';
  operation.responses = {
    200: {
      description:
        route.method === 'POST'
          ? 'The envelope; a datachain that fails validation is still 200 with ok: false.'
          : 'The envelope with ok: true.',
      headers: successHeaders(pathNames.includes('version'), tagged),
      content: {
        'application/json': {
          schema: components.add(`${pascal(route.tool)}Envelope`, answerSchema(descriptor.outputSchema)),
        },
      },
    },
    ...(tagged ? { 304: NOT_MODIFIED } : {}),
    ...errorResponses(route.method === 'POST' ? 'post' : 'get', pathNames.includes('version')),
  };
  return operation;
}

function svgOperation(operationId: string, summary: string, parameters: Schema[], versionScoped: boolean): Schema {
  return {
    operationId,
    summary,
    tags: ['icons'],
    parameters,
    responses: {
      200: {
        description: 'SVG image (36x36 for shapes and icons).',
        headers: successHeaders(versionScoped, versionScoped),
        content: SVG_CONTENT,
      },
      ...(versionScoped ? { 304: NOT_MODIFIED } : {}),
      ...errorResponses('get', versionScoped),
    },
  };
}

function svgPaths(tools: Described): Record<string, Schema> {
  const iconUrl = descriptorOf(tools, 'get_icon_url');
  const version = toolParameter(iconUrl, 'version', 'path');
  const elementId = toolParameter(iconUrl, 'element_id', 'path');
  const variant = pathParameter(
    'variant',
    'An entry of the element\'s icon_variants other than "default": "dark", a context value id, or "<value>.dark".',
    { type: 'string', pattern: '^[A-Za-z0-9_-]+(\\.dark)?$' },
  );
  const shape = pathParameter('shape', 'Category shape.', { type: 'string', enum: [...SHAPES] });
  const symbolId = pathParameter('symbol_id', "Symbol id (an element's symbol_id).", {
    type: 'string',
    pattern: '^[a-zA-Z0-9_-]+$',
  });
  const icon = `${PREFIX}/schemas/{version}/elements/{element_id}`;
  return {
    [`${PREFIX}/shapes/{shape}.svg`]: {
      get: svgOperation('get_shape_svg', 'Outline of a category shape', [shape], false),
    },
    [`${PREFIX}/schemas/{version}/symbols/{symbol_id}.svg`]: {
      get: svgOperation('get_symbol_svg', 'A symbol as stored (paints with currentColor)', [version, symbolId], true),
    },
    [`${icon}/icon.svg`]: {
      get: svgOperation(
        'get_element_icon_svg',
        'Composed icon of an element, default variant',
        [version, elementId],
        true,
      ),
    },
    [`${icon}/icon.{variant}.svg`]: {
      get: svgOperation(
        'get_element_icon_variant_svg',
        'Composed icon of an element in one of its icon_variants',
        [version, elementId, variant],
        true,
      ),
    },
  };
}

/** POST .../render: a datachain in, the page or the sign out (or the envelope of an invalid datachain). */
function renderOperation(tools: Described, components: Components): Schema {
  const descriptor = descriptorOf(tools, 'render_datachain');
  return {
    operationId: 'render_datachain',
    summary: 'Render a datachain as a page (HTML) or a sign (SVG)',
    description:
      'Validates the datachain like POST .../validate and, when it is valid, answers the rendered page (format=page, text/html) ' +
      'or printable sign (format=sign with link, image/svg+xml) itself; nothing is stored. An invalid datachain is answered like ' +
      '.../validate: 200 with the envelope (ok: false). A request whose Accept names application/json and neither text/html, ' +
      'image/svg+xml nor a wildcard gets the envelope (ok: true) instead, its data the media type, the body and the warnings, each ' +
      'with its path and fix. MCP twin: the `render_datachain` tool, which keeps the output in the session.',
    tags: ['datachains'],
    parameters: [
      toolParameter(descriptor, 'version', 'path'),
      ...RENDER_QUERY.map((n) => toolParameter(descriptor, n, 'query')),
      {
        name: 'Accept-Language',
        in: 'header',
        required: false,
        description:
          'Without locale (or locales), the page or sign is in the release locale this header prefers, else in the ' +
          "release's source locale with a language_not_offered warning; Content-Language names the one answered.",
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: components.add('RenderDatachainBody', descriptor.inputSchema, 'datachain') },
      },
    },
    responses: {
      200: {
        description:
          'The page or the sign; or, for a datachain that fails validation, the envelope with ok: false; or, asked for JSON, the envelope with the render.',
        headers: {
          ...successHeaders(true),
          'DTPR-Warnings': { $ref: '#/components/headers/DTPR-Warnings' },
          'Content-Language': {
            description: 'The locales the render is in (a two-language sign names both).',
            schema: { type: 'string' },
          },
          Vary: { required: true, description: 'Accept, Accept-Language.', schema: { type: 'string' } },
        },
        content: {
          'text/html': { schema: { type: 'string' } },
          'image/svg+xml': { schema: { type: 'string' } },
          'application/json': {
            schema: components.add('RenderedEnvelope', answerSchema(zodSchema(envelopeSchema(renderBody.output)))),
          },
        },
      },
      ...errorResponses('post', true),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the REST surface, from the route table and the tools' descriptors.
 * Built by `npm run gen` (the Worker serves what it wrote, docs/openapi.json, as a text beside the
 * script) and by tests; with no descriptors it reads the generated ones; `npm run gen` passes the ones it
 * computes from the registry, so a tool and its route added in code are described before any run.
 */
export function buildOpenApi(descriptors: readonly ToolDescriptor[] = toolDescriptors()): Schema {
  const tools: Described = new Map(descriptors.map((d) => [d.name, d]));
  const components = new Components();
  components.addZod('AnswerMeta', AnswerMeta);
  components.addZod('ErrorEnvelope', ErrorEnvelope);
  const health = components.addZod('Health', Health);
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of JSON_ROUTES) {
    const path = `${PREFIX}${templatePath(route.path)}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = jsonOperation(
      route,
      descriptorOf(tools, route.tool),
      components,
    );
  }
  paths[`${PREFIX}${templatePath(RENDER_PATH)}`] = { post: renderOperation(tools, components) };
  Object.assign(paths, svgPaths(tools));
  paths[`${PREFIX}${OPENAPI_PATH}`] = {
    get: {
      operationId: 'get_openapi',
      summary: 'This OpenAPI document',
      tags: ['meta'],
      responses: {
        200: {
          description: 'OpenAPI 3.1 document.',
          headers: successHeaders(false),
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        ...errorResponses('static'),
      },
    },
  };
  paths['/healthz'] = {
    get: {
      operationId: 'healthz',
      summary: 'Liveness check',
      tags: ['meta'],
      responses: {
        200: { description: 'The server is up.', content: { 'application/json': { schema: health } } },
        ...errorResponses('static'),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'DTPR server REST API',
      version: SERVER_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'schemas', description: 'Schema releases, categories and elements.' },
      { name: 'datachains', description: 'Validate, resolve and render datachains.' },
      { name: 'icons', description: 'Shapes, symbols and composed element icons (SVG).' },
      { name: 'meta', description: 'Service documents.' },
    ],
    paths,
    components: { schemas: components.schemas, responses: ERROR_RESPONSES, headers: HEADERS },
  };
}
