import { badRequest, noRoute, notFoundIn, unknownName } from '../core/error-catalogue.js';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { refused } from '../core/envelope.js';
import { SLUG_PATTERN } from '../core/strings.js';
import { SHAPES } from '../domain/content.js';
import { composedIcon, isShape, shapeSvg } from '../services/render/icons/compose.js';
import type { Release } from '../store/release.js';
import { resolveVersion } from '../store/store.js';
import { releaseMeta } from '../tools/kernel/release-answer.js';
import { invokeTool } from '../tools/kernel/invoke.js';
import { toolNamed } from '../tools/kernel/registry.js';
import { gatherArgs } from './query.js';
import { tagged } from './conditional.js';
import { CACHE, namedCanonically, restCaller, sendError, sendOutcome, versionCache } from './respond.js';

/** SVG answers are images: no scripts, no external loads, sandboxed when opened directly. */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const VARIANT_TOKEN = /^[A-Za-z0-9_-]+(\.dark)?$/;

function sendSvg(c: Context<AppEnv>, svg: string, cache: string, contentHash?: string): Response {
  const headers: Record<string, string> = { ...SVG_HEADERS, 'Cache-Control': cache };
  if (contentHash) headers['DTPR-Content-Hash'] = contentHash;
  // A release's symbols and icons are fixed by its content: revalidated by its tag.
  return tagged(c, c.body(svg, 200, headers), contentHash);
}

/** A file name ending in another image or document format's extension (or `.SVG` in capitals), which `.svg` replaces. */
const OTHER_FORMAT = /\.(?:svgz?|png|jpe?g|gif|webp|avif|bmp|ico|tiff?|pdf|json|html?)$/i;
/** How long a caller's file name may be when a hint repeats it. */
const NAME_IN_HINT = 80;

/**
 * The file name without `.svg`, or a 404 answer that names the SVG file to ask for: the name with
 * `.svg` in place of another format's extension (`icon.png` -> `icon.svg`), else with `.svg` added
 * (`icon.dark` -> `icon.dark.svg`).
 */
function stripSvg(c: Context<AppEnv>, file: string): string | Response {
  if (file.endsWith('.svg')) return file.slice(0, -'.svg'.length);
  const svg = `${file.replace(OTHER_FORMAT, '')}.svg`;
  const hint =
    svg.length <= NAME_IN_HINT
      ? `Files here are SVG only: ask for '${svg}'.`
      : 'Files here are SVG only: end the name with .svg.';
  return sendError(c, noRoute(c.req.method, c.req.url, hint));
}

/** Refuses any query string: SVG routes take none. */
function noQuery(c: Context<AppEnv>): Response | undefined {
  const gathered = gatherArgs(undefined, [], {}, c.req.queries(), c.req.url);
  return 'errors' in gathered ? sendError(c, gathered.errors) : undefined;
}

function assetCache(c: Context<AppEnv>, release: Release): string {
  return versionCache(release.status, namedCanonically(c.req.param('version') ?? '', release.id), 'asset');
}

/** GET /shapes/:shape.svg: the outline of a category shape. */
export function shapeRoute(c: Context<AppEnv>): Response {
  const name = stripSvg(c, c.req.param('file') ?? '');
  if (typeof name !== 'string') return name;
  const queryRefused = noQuery(c);
  if (queryRefused) return queryRefused;
  if (!SLUG_PATTERN.test(name)) {
    return sendError(
      c,
      badRequest({
        message: `Invalid shape '${name.slice(0, 64)}'.`,
        path: 'shape',
        fix_hint: 'Use letters, digits, "_" and "-" only.',
      }),
    );
  }
  if (!isShape(name)) {
    return sendError(c, unknownName('shape', name, 'shape', `Valid shapes: ${SHAPES.join(', ')}.`));
  }
  return sendSvg(c, shapeSvg(name), CACHE.stableAsset);
}

/** GET /schemas/:version/symbols/:symbol_id.svg: the stored symbol, byte for byte. */
export function symbolRoute(c: Context<AppEnv>): Response {
  const id = stripSvg(c, c.req.param('file') ?? '');
  if (typeof id !== 'string') return id;
  const queryRefused = noQuery(c);
  if (queryRefused) return queryRefused;
  if (!SLUG_PATTERN.test(id)) {
    return sendError(
      c,
      badRequest({
        message: `Invalid symbol_id '${id.slice(0, 64)}'.`,
        path: 'symbol_id',
        fix_hint: 'Use letters, digits, "_" and "-" only.',
      }),
    );
  }
  const resolved = resolveVersion(c.get('store'), c.req.param('version') ?? '');
  if (resolved.error) return sendError(c, resolved.error);
  const release = resolved.value;
  const svg = Object.hasOwn(release.bundle.symbols, id) ? release.bundle.symbols[id] : undefined;
  if (svg === undefined) {
    const missing = refused(
      notFoundIn(
        'Symbol',
        id,
        release.id,
        'symbol_id',
        'Symbol ids are the symbol_id of elements; see GET /api/v2/schemas/{version}/elements/{element_id}.',
      ),
      releaseMeta(release),
    );
    return sendOutcome(c, missing);
  }
  return sendSvg(c, svg, assetCache(c, release), release.contentHash);
}

/**
 * GET /schemas/:version/elements/:element_id/icon[.<variant>].svg. The version, element and
 * variant are checked by get_icon_url, so both surfaces refuse with the same envelope.
 */
export async function iconRoute(c: Context<AppEnv>): Promise<Response> {
  const stem = stripSvg(c, c.req.param('file') ?? '');
  if (typeof stem !== 'string') return stem;
  const match = /^icon(?:\.(.*))?$/.exec(stem);
  if (!match)
    return sendError(
      c,
      noRoute(c.req.method, c.req.url, 'Icons are at .../elements/{element_id}/icon.svg or icon.{variant}.svg.'),
    );
  const queryRefused = noQuery(c);
  if (queryRefused) return queryRefused;
  const token = match[1] ?? 'default';
  if (!VARIANT_TOKEN.test(token)) {
    return sendError(
      c,
      badRequest({
        message: `Invalid variant '${token.slice(0, 64)}'.`,
        path: 'variant',
        fix_hint: 'Use letters, digits, "_" and "-" only, optionally followed by ".dark".',
      }),
    );
  }
  const args = { version: c.req.param('version') ?? '', element_id: c.req.param('element_id') ?? '', variant: token };
  const outcome = await invokeTool(toolNamed('get_icon_url'), args, restCaller(c));
  if (!outcome.envelope.ok) return sendOutcome(c, outcome);
  const release = resolveVersion(c.get('store'), args.version).value;
  const svg = release && composedIcon(release, `${args.element_id}|${token}`);
  if (!release || svg === undefined) throw new Error(`icon ${args.element_id}/${token} listed but not composable`);
  return sendSvg(c, svg, assetCache(c, release), release.contentHash);
}
