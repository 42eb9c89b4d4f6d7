import type { ToolName } from '../../src/tools/kernel/registry.js';

/**
 * One table of operations, each written once for MCP (tool + arguments) and once for REST
 * (request). Each runs three ways (MCP 2025 era, MCP 2026-07-28, REST: ./three-ways.ts); all must
 * answer the same envelope. get_elements and render_datachain have no REST
 * twin; get_icon_url's twin is the icon route, whose JSON answers are its failures.
 */
export interface SurfaceCase {
  name: string;
  tool: ToolName;
  args: Record<string, unknown>;
  rest: { path: string; body?: unknown };
}

const V = 'ai@2026-08-12';
const BETA = 'ai@2026-04-16-beta';
const S = '/api/v2/schemas';

const t = (text: string) => [
  { locale: 'en', value: text },
  { locale: 'fr', value: text },
];

/** A datachain of the stable release that validates: one element per required category. */
export const VALID_DATACHAIN = {
  schema_version: V,
  elements: [
    { element_id: 'accessibility' },
    {
      element_id: 'institution',
      context_type_id: 'deployer',
      variables: [
        { id: 'title', value: t('City of Example') },
        { id: 'description', value: t('Runs the service.') },
      ],
    },
    {
      element_id: 'people',
      context_type_id: 'subject',
      variables: [
        { id: 'title', value: t('Residents') },
        { id: 'description', value: t('People who apply.') },
      ],
    },
    { element_id: 'agentic_mode', context_type_id: 'human_decides' },
  ],
};

const INVALID_DATACHAIN = {
  elements: [
    { element_id: 'input_biometric', context_type_id: 'glowing', colour: 'red' },
    { element_id: 'no_such_element' },
  ],
};

const post = (version: string, op: string, body: unknown) => ({ path: `${S}/${version}/${op}`, body });

export const READ_CASES: readonly SurfaceCase[] = [
  { name: 'versions', tool: 'list_schema_versions', args: {}, rest: { path: S } },
  {
    name: 'versions of a type',
    tool: 'list_schema_versions',
    args: { datachain_type: 'ai' },
    rest: { path: `${S}?datachain_type=ai` },
  },
  { name: 'manifest', tool: 'get_schema', args: { version: V }, rest: { path: `${S}/${V}/manifest` } },
  {
    name: 'manifest via alias',
    tool: 'get_schema',
    args: { version: 'ai@latest-beta' },
    rest: { path: `${S}/ai@latest-beta/manifest` },
  },
  {
    name: 'manifest via %40',
    tool: 'get_schema',
    args: { version: 'ai%402026-08-12' },
    rest: { path: `${S}/ai%402026-08-12/manifest` },
  },
  {
    name: 'full schema',
    tool: 'get_schema',
    args: { version: V, include: 'full' },
    rest: { path: `${S}/${V}/manifest?include=full` },
  },
  { name: 'categories', tool: 'list_categories', args: { version: BETA }, rest: { path: `${S}/${BETA}/categories` } },
  {
    name: 'categories in French',
    tool: 'list_categories',
    args: { version: V, locales: ['fr'] },
    rest: { path: `${S}/${V}/categories?locales=fr` },
  },
  {
    name: 'elements, first page',
    tool: 'list_elements',
    args: { version: V, limit: 7 },
    rest: { path: `${S}/${V}/elements?limit=7` },
  },
  {
    name: 'elements of a category, projected',
    tool: 'list_elements',
    args: { version: V, category_id: 'input_dataset', fields: ['shape', 'icon_variants'], locales: ['en'], limit: 3 },
    rest: { path: `${S}/${V}/elements?category_id=input_dataset&fields=shape,icon_variants&locales=en&limit=3` },
  },
  {
    name: 'search',
    tool: 'list_elements',
    args: { version: V, query: 'camera', fields: ['all'] },
    rest: { path: `${S}/${V}/elements?query=camera&fields=all` },
  },
  {
    name: 'search in French',
    tool: 'list_elements',
    args: { version: BETA, query: 'santé', locale: 'fr' },
    rest: { path: `${S}/${BETA}/elements?query=sant%C3%A9&locale=fr` },
  },
  {
    name: 'element',
    tool: 'get_element',
    args: { version: V, element_id: 'input_biometric' },
    rest: { path: `${S}/${V}/elements/input_biometric` },
  },
  {
    name: 'element projected',
    tool: 'get_element',
    args: { version: 'ai@latest', element_id: 'people', fields: ['title'], locales: ['fr'] },
    rest: { path: `${S}/ai@latest/elements/people?fields=title&locales=fr` },
  },
  {
    name: 'translation status of the stable release, French, every flag',
    tool: 'get_translation_status',
    args: { version: V, locales: ['fr'], flag_status: 'all' },
    rest: { path: `${S}/${V}/translations?locales=fr&flag_status=all` },
  },
  {
    name: 'translation status through an alias',
    tool: 'get_translation_status',
    args: { version: 'ai@latest-beta' },
    rest: { path: `${S}/ai@latest-beta/translations` },
  },
];

export const ERROR_CASES: readonly SurfaceCase[] = [
  {
    name: 'unknown version',
    tool: 'get_schema',
    args: { version: 'ai@2099-01-01' },
    rest: { path: `${S}/ai@2099-01-01/manifest` },
  },
  {
    name: 'unknown alias',
    tool: 'list_categories',
    args: { version: 'ai@oldest' },
    rest: { path: `${S}/ai@oldest/categories` },
  },
  {
    name: 'bad version',
    tool: 'list_elements',
    args: { version: 'ai@2026-02-30' },
    rest: { path: `${S}/ai@2026-02-30/elements` },
  },
  {
    name: 'bad version suffix',
    tool: 'get_element',
    args: { version: 'ai@2026-08-12-rc', element_id: 'people' },
    rest: { path: `${S}/ai@2026-08-12-rc/elements/people` },
  },
  {
    name: 'element not found',
    tool: 'get_element',
    args: { version: V, element_id: 'missing_element' },
    rest: { path: `${S}/${V}/elements/missing_element` },
  },
  {
    name: 'element not in the beta',
    tool: 'get_element',
    args: { version: BETA, element_id: 'people' },
    rest: { path: `${S}/${BETA}/elements/people` },
  },
  {
    name: 'path-like element id',
    tool: 'get_element',
    args: { version: V, element_id: '../manifest' },
    rest: { path: `${S}/${V}/elements/..%2Fmanifest` },
  },
  {
    name: 'limit 0',
    tool: 'list_elements',
    args: { version: V, limit: 0 },
    rest: { path: `${S}/${V}/elements?limit=0` },
  },
  {
    name: 'limit 201',
    tool: 'list_elements',
    args: { version: V, limit: 201 },
    rest: { path: `${S}/${V}/elements?limit=201` },
  },
  {
    name: 'limit 1.5',
    tool: 'list_elements',
    args: { version: V, limit: 1.5 },
    rest: { path: `${S}/${V}/elements?limit=1.5` },
  },
  {
    name: 'limit abc',
    tool: 'list_elements',
    args: { version: V, limit: 'abc' },
    rest: { path: `${S}/${V}/elements?limit=abc` },
  },
  {
    name: 'garbage cursor',
    tool: 'list_elements',
    args: { version: V, cursor: '!!!' },
    rest: { path: `${S}/${V}/elements?cursor=!!!` },
  },
  {
    name: 'unknown category',
    tool: 'list_elements',
    args: { version: V, category_id: 'nope' },
    rest: { path: `${S}/${V}/elements?category_id=nope` },
  },
  {
    name: 'unknown locale',
    tool: 'list_categories',
    args: { version: V, locales: ['en', 'zz'] },
    rest: { path: `${S}/${V}/categories?locales=en,zz` },
  },
  {
    name: 'bad include',
    tool: 'get_schema',
    args: { version: V, include: 'all' },
    rest: { path: `${S}/${V}/manifest?include=all` },
  },
  {
    name: 'unknown variant',
    tool: 'get_icon_url',
    args: { version: V, element_id: 'accessibility', variant: 'identifiable' },
    rest: { path: `${S}/${V}/elements/accessibility/icon.identifiable.svg` },
  },
  {
    name: 'dark.dark variant',
    tool: 'get_icon_url',
    args: { version: V, element_id: 'input_biometric', variant: 'dark.dark' },
    rest: { path: `${S}/${V}/elements/input_biometric/icon.dark.dark.svg` },
  },
  {
    name: 'icon of a missing element',
    tool: 'get_icon_url',
    args: { version: V, element_id: 'nope' },
    rest: { path: `${S}/${V}/elements/nope/icon.svg` },
  },
  {
    name: 'icon of an unknown version',
    tool: 'get_icon_url',
    args: { version: 'ai@2099-01-01', element_id: 'people', variant: 'dark' },
    rest: { path: `${S}/ai@2099-01-01/elements/people/icon.dark.svg` },
  },
  {
    name: 'translation status, unknown flag status',
    tool: 'get_translation_status',
    args: { version: V, flag_status: 'closed' },
    rest: { path: `${S}/${V}/translations?flag_status=closed` },
  },
  {
    name: 'translation status, unknown version',
    tool: 'get_translation_status',
    args: { version: 'ai@2099-01-01' },
    rest: { path: `${S}/ai@2099-01-01/translations` },
  },
];

/** Datachain operations: every semantic answer is 200 on REST and never isError on MCP. */
export const DATACHAIN_CASES: readonly SurfaceCase[] = [
  {
    name: 'validate a valid datachain',
    tool: 'validate_datachain',
    args: { version: V, datachain: VALID_DATACHAIN },
    rest: post(V, 'validate', VALID_DATACHAIN),
  },
  {
    name: 'validate elements: []',
    tool: 'validate_datachain',
    args: { version: V, datachain: { elements: [] } },
    rest: post(V, 'validate', { elements: [] }),
  },
  {
    name: 'validate an invalid datachain',
    tool: 'validate_datachain',
    args: { version: BETA, datachain: INVALID_DATACHAIN },
    rest: post(BETA, 'validate', INVALID_DATACHAIN),
  },
  {
    name: 'validate a wrong shape',
    tool: 'validate_datachain',
    args: { version: V, datachain: { elements: 'none' } },
    rest: post(V, 'validate', { elements: 'none' }),
  },
  {
    name: 'validate against a mismatched version',
    tool: 'validate_datachain',
    args: { version: BETA, datachain: VALID_DATACHAIN },
    rest: post(BETA, 'validate', VALID_DATACHAIN),
  },
  {
    name: 'validate, unknown version',
    tool: 'validate_datachain',
    args: { version: 'ai@2099-01-01', datachain: VALID_DATACHAIN },
    rest: post('ai@2099-01-01', 'validate', VALID_DATACHAIN),
  },
  {
    name: 'migrate a datachain to the beta',
    tool: 'migrate_datachain',
    args: { version: BETA, datachain: VALID_DATACHAIN },
    rest: post(BETA, 'migrate', VALID_DATACHAIN),
  },
  {
    name: 'migrate a datachain, source given in the query',
    tool: 'migrate_datachain',
    args: { version: V, datachain: { elements: [] }, from: 'ai@2026-05-06-beta' },
    rest: { path: `${S}/${V}/migrate?from=ai@2026-05-06-beta`, body: { elements: [] } },
  },
  {
    name: 'export a datachain to the UK ATRS',
    tool: 'export_datachain',
    args: { version: V, format: 'uk-atrs', datachain: VALID_DATACHAIN, options: { uk_atrs: { phase: 'production' } } },
    rest: {
      path: `${S}/${V}/export/uk-atrs`,
      body: { datachain: VALID_DATACHAIN, options: { uk_atrs: { phase: 'production' } } },
    },
  },
  {
    name: "export with an option outside the register's values",
    tool: 'export_datachain',
    args: {
      version: V,
      format: 'eurocities-0.3.1',
      datachain: VALID_DATACHAIN,
      options: { eurocities: { status: 'live' } },
    },
    rest: {
      path: `${S}/${V}/export/eurocities-0.3.1`,
      body: { datachain: VALID_DATACHAIN, options: { eurocities: { status: 'live' } } },
    },
  },
  {
    name: 'migrate a datachain with no source version',
    tool: 'migrate_datachain',
    args: { version: V, datachain: { elements: [] } },
    rest: post(V, 'migrate', { elements: [] }),
  },
  {
    name: 'resolve a valid datachain',
    tool: 'resolve_datachain',
    args: { version: V, datachain: VALID_DATACHAIN },
    rest: post(V, 'resolve', VALID_DATACHAIN),
  },
  {
    name: 'resolve an invalid datachain',
    tool: 'resolve_datachain',
    args: { version: V, datachain: INVALID_DATACHAIN },
    rest: post(V, 'resolve', INVALID_DATACHAIN),
  },
  {
    name: 'validate_resolved without a snapshot',
    tool: 'validate_resolved',
    args: { version: V, datachain: VALID_DATACHAIN },
    rest: post(V, 'validate_resolved', VALID_DATACHAIN),
  },
];
