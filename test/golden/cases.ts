/**
 * Golden answers of the REST surface: file (under test/golden/) -> request path. JSON files hold
 * the body without meta.request_id; SVG files hold the exact bytes. All read the stable release,
 * whose content never changes. Regenerate with `npx tsx test/golden/regenerate.ts` and review the diff.
 */
const V = '/api/v2/schemas/ai@2026-08-12';

export const JSON_GOLDENS: Readonly<Record<string, string>> = {
  'rest-get-element.json': `${V}/elements/input_biometric?fields=title,icon_variants&locales=en`,
  'rest-list-elements-page.json': `${V}/elements?category_id=functional_modes&limit=2&locales=fr`,
  'rest-error-unknown-version.json': '/api/v2/schemas/ai@2099-01-01/manifest',
  'rest-error-bad-limit.json': `${V}/elements?limit=0`,
  'rest-error-unknown-query.json': `${V}/categories?locale=fr`,
  'rest-error-unknown-variant.json': `${V}/elements/accessibility/icon.identifiable.svg`,
  'rest-error-no-route.json': '/api/v2/nope',
};

/** POST goldens, run only when the tool behind the route is registered. */
export const POST_GOLDENS: Readonly<Record<string, { path: string; tool: string; body: unknown }>> = {
  'rest-validate-empty-elements.json': { path: `${V}/validate`, tool: 'validate_datachain', body: { schema_version: 'ai@2026-08-12', elements: [] } },
};

export const SVG_GOLDENS: Readonly<Record<string, string>> = {
  'icons/shape-circle.svg': '/api/v2/shapes/circle.svg',
  'icons/shape-hexagon.svg': '/api/v2/shapes/hexagon.svg',
  'icons/shape-octagon.svg': '/api/v2/shapes/octagon.svg',
  'icons/shape-rounded-square.svg': '/api/v2/shapes/rounded-square.svg',
  'icons/hexagon-default.svg': `${V}/elements/accessibility/icon.svg`,
  'icons/hexagon-null-colour.svg': `${V}/elements/institution/icon.vendor.svg`,
  'icons/hexagon-coloured-white-inner.svg': `${V}/elements/agentic_mode/icon.human_executes.svg`,
  'icons/circle-dark.svg': `${V}/elements/input_biometric/icon.dark.svg`,
  'icons/circle-coloured-black-inner.svg': `${V}/elements/input_biometric/icon.identifiable.svg`,
  'icons/octagon-default.svg': `${V}/elements/autonomy_loss/icon.svg`,
  'icons/rounded-square-dark.svg': `${V}/elements/data_retained/icon.dark.svg`,
};

/** A body without the per-request field. */
export function withoutRequestId<T>(body: T): T {
  const copy = structuredClone(body) as { meta?: { request_id?: unknown } };
  if (copy.meta) delete copy.meta.request_id;
  return copy as T;
}
