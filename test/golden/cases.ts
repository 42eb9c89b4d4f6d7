import { catalogueStore } from '../../src/store/catalogue-store.js';
import { servedVersionIds } from '../../src/store/store.js';
import { hostileDatachain, REALISTIC } from '../helpers/hostile.js';

/**
 * Golden answers of the REST surface: file (under test/golden/) -> request path. JSON files hold
 * the body normalised by `normalise`; SVG files hold the exact bytes. All read the stable release
 * by its canonical id. `npm run gen` rewrites them; review the diff.
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

/** POST goldens: file -> request path and JSON body. */
export const POST_GOLDENS: Readonly<Record<string, { path: string; body: unknown }>> = {
  'rest-validate-empty-elements.json': {
    path: `${V}/validate`,
    body: { schema_version: 'ai@2026-08-12', elements: [] },
  },
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

/**
 * Rendered pages, byte for byte: file -> render request path and datachain. They pin the page's
 * markup and its escaping (decision 047: the page's own JSX runtime).
 */
export const PAGE_GOLDENS: Readonly<Record<string, { path: string; body: unknown }>> = {
  'pages/realistic-15.en.html': { path: `${V}/render?locale=en`, body: REALISTIC },
  'pages/realistic-15.fr.html': { path: `${V}/render?locale=fr`, body: REALISTIC },
  'pages/hostile.en.html': { path: `${V}/render?locale=en`, body: hostileDatachain() },
};

/** Stands in for the list of served versions, which grows when a release is added. */
const SERVED_VERSIONS = '<served versions>';

/**
 * A body without what varies between requests or deployments: the per-request id, and the list
 * of served versions in hints (so adding a draft release leaves the golden files valid).
 */
export function normalise<T>(body: T): T {
  const copy = structuredClone(body) as { meta?: { request_id?: unknown } };
  if (copy.meta) delete copy.meta.request_id;
  const served = servedVersionIds(catalogueStore().index()).join(', ');
  return JSON.parse(JSON.stringify(copy).split(served).join(SERVED_VERSIONS)) as T;
}
