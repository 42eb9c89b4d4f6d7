import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { acceptedTypes } from '../core/media-types.js';
import { renderBody } from '../tools/render-body.js';
import { callTool } from '../tools/kernel/invoke.js';
import { PreparedAnswer } from '../tools/kernel/prepared.js';
import { asTool } from '../tools/kernel/registry.js';
import { readJson } from './json-route.js';
import { canonicalLocale } from '../domain/locale.js';
import { negotiatedLocale } from './page-locale.js';
import { gatherArgs } from './query.js';
import { CACHE, restCaller, sendError, sendOutcome, sendRateLimited } from './respond.js';

const RENDER = asTool(renderBody);

/** Query parameters of the render route; the datachain is the body. */
export const RENDER_QUERY = ['format', 'locale', 'link', 'size', 'locales'] as const;

/** The locales a render is in, as `Content-Language` names them: `locales` (a sign's), else `locale`, else English. */
function contentLanguage(args: Record<string, unknown>): string {
  const named = Array.isArray(args.locales) ? args.locales : [args.locale ?? 'en'];
  return named.map((l) => canonicalLocale(String(l))).join(', ');
}

/** What a render's answer depends on besides its URL and body: its form (`Accept`) and, unless `locale` is given, its language. */
const VARY = 'Accept, Accept-Language';

/**
 * What a rendered answer may load: nothing but its own inline styles and data: images (the page's
 * and the sign's icons are data: URIs). The sign is sandboxed when opened directly, as an icon is.
 */
const CSP = {
  html: "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  svg: "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
};

/**
 * Whether a client asks for the envelope rather than the page or sign: its `Accept` takes
 * `application/json` and neither of the media types a render is (`text/html`, `image/svg+xml`),
 * by name or by a wildcard (as curl and browsers send).
 */
function wantsEnvelope(accept: string | undefined): boolean {
  if (!accept) return false;
  const accepted = acceptedTypes(accept);
  return accepted.allows('application/json') && !accepted.allows('text/html') && !accepted.allows('image/svg+xml');
}

/**
 * POST /schemas/:version/render: validates the datachain like /validate (same envelope and status
 * for an invalid one) and, when it is valid, answers the page (text/html) or the sign
 * (image/svg+xml) itself. Nothing is stored. A request that names no locale is answered in the
 * one its `Accept-Language` chooses (`page-locale.ts`); the answer says which in `Content-Language`.
 * A client whose `Accept` asks for JSON alone (`wantsEnvelope`) gets the envelope: `data` holds the
 * media type, the body and the render's warnings, each with its path and fix.
 */
export async function renderRoute(c: Context<AppEnv>): Promise<Response> {
  const gathered = gatherArgs(
    'render_datachain',
    RENDER_QUERY,
    c.req.param() as Record<string, string>,
    c.req.queries(),
    c.req.url,
  );
  if ('errors' in gathered) return sendError(c, gathered.errors);
  const body = await readJson(c);
  if (body.error) return sendError(c, body.error, body.headers);
  const negotiated = await negotiatedLocale(c, gathered.args);
  const args = negotiated ? { ...gathered.args, locale: negotiated.locale } : gathered.args;
  const outcome = await callTool(RENDER, { ...args, datachain: body.value }, restCaller(c));
  if (outcome instanceof PreparedAnswer) throw new Error('render answers are never prepared');
  if (outcome.rateLimited) return sendRateLimited(c, RENDER.bucket);
  if (negotiated?.warning && outcome.envelope.ok) {
    const { meta } = outcome.envelope;
    outcome.envelope.meta = { ...meta, warnings: [...(meta.warnings ?? []), negotiated.warning] };
  }
  if (!outcome.envelope.ok || wantsEnvelope(c.req.header('accept'))) {
    const answer = sendOutcome(c, outcome);
    answer.headers.set('Vary', VARY);
    if (outcome.envelope.ok) answer.headers.set('Content-Language', contentLanguage(args));
    return answer;
  }
  const { mime, body: text } = outcome.envelope.data as { mime: string; body: string };
  const headers: Record<string, string> = {
    // The sign is text too, in the datachain's languages: its charset is said as the page's is.
    'Content-Type': mime === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : mime,
    'Content-Security-Policy': mime.startsWith('image/svg') ? CSP.svg : CSP.html,
    'Cache-Control': CACHE.none,
    'Content-Language': contentLanguage(args),
    Vary: VARY,
  };
  const { content_hash: hash, warnings } = outcome.envelope.meta;
  if (hash) headers['DTPR-Content-Hash'] = hash;
  if (warnings?.length) headers['DTPR-Warnings'] = String(warnings.length);
  return c.body(text, 200, headers);
}
