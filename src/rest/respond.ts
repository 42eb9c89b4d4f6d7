import { CACHE_POLICY, cacheControl, versionPolicy } from '../core/cache-policy.js';
export { namedCanonically } from '../core/cache-policy.js';
import { rateLimited } from '../core/error-catalogue.js';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { refused, type Envelope, type ErrorItem, type Outcome } from '../core/envelope.js';
import { splitVersion } from '../core/version.js';
import { RETRY_AFTER_SECONDS, type RateBucket, tokenTaker } from '../core/rate.js';
import { limitsFrom, publicOrigin } from '../core/settings.js';
import { NO_SESSION } from '../store/sessions.js';
import type { Caller } from '../tools/kernel/invoke.js';
import { restBody } from './encode.js';
import type { PreparedAnswer } from '../tools/kernel/prepared.js';

/** Cache-Control values of the REST surface. */
/** Cache-Control values, from the one cache policy table both surfaces read. */
export const CACHE = {
  stableJson: cacheControl(CACHE_POLICY.stableJson),
  stableAsset: cacheControl(CACHE_POLICY.stableAsset),
  short: cacheControl(CACHE_POLICY.short),
  betaAsset: cacheControl(CACHE_POLICY.betaAsset),
  none: cacheControl(CACHE_POLICY.none),
} as const;

export type ReleaseStatus = 'beta' | 'stable';

/** Cache-Control of a successful version-scoped answer. */
export function versionCache(status: ReleaseStatus, canonical: boolean, kind: 'json' | 'asset' | 'review'): string {
  return CACHE[versionPolicy(status, canonical, kind)];
}

/** The caller of a REST call. REST has no sessions: no REST route reaches a tool that keeps one. */
export function restCaller(c: Context<AppEnv>): Caller {
  return {
    store: c.get('store'),
    sessions: NO_SESSION,
    limits: limitsFrom(c.env),
    origin: publicOrigin(c.env, c.req.url),
    requestId: c.get('requestId'),
    takeToken: tokenTaker(c.env, (n) => c.req.header(n)),
  };
}

/** The refusal of a request over its rate: 429 with Retry-After. */
export function sendRateLimited(c: Context<AppEnv>, bucket: RateBucket): Response {
  return sendError(c, rateLimited(bucket), { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/**
 * Answers an envelope as the body, with the request id in meta, `DTPR-Content-Hash` when the
 * answer is version-scoped, and `no-store` unless a 200 brings its own Cache-Control.
 */
function sendEnvelope(
  c: Context<AppEnv>,
  envelope: Envelope,
  status: number,
  headers: Record<string, string> = {},
): Response {
  envelope.meta.request_id = c.get('requestId');
  const out: Record<string, string> = {
    'Cache-Control': CACHE.none,
    ...(status === 200 ? headers : omitCache(headers)),
  };
  if (envelope.meta.content_hash) out['DTPR-Content-Hash'] = envelope.meta.content_hash;
  return c.json(envelope, status as 200, out);
}

function omitCache(headers: Record<string, string>): Record<string, string> {
  const { 'Cache-Control': _ignored, ...rest } = headers;
  return rest;
}

/** Answers a prepared (successful, cached) tool answer: as `sendEnvelope`, without serialising it again. */
export function sendPrepared(c: Context<AppEnv>, prepared: PreparedAnswer, cacheControl: string): Response {
  const headers: Record<string, string> = { 'Cache-Control': cacheControl, 'Content-Type': 'application/json' };
  if (prepared.meta.content_hash) headers['DTPR-Content-Hash'] = prepared.meta.content_hash;
  return c.body(restBody(prepared, c.get('requestId')), prepared.status as 200, headers);
}

/** Answers a tool outcome with the status the policy table gave it. */
export function sendOutcome(c: Context<AppEnv>, outcome: Outcome, cacheControl: string = CACHE.none): Response {
  return sendEnvelope(c, outcome.envelope, outcome.status, { 'Cache-Control': cacheControl });
}

/** A REST error answer with the policy status of its (first) code. */
export function sendError(
  c: Context<AppEnv>,
  error: ErrorItem | ErrorItem[],
  headers: Record<string, string> = {},
): Response {
  const outcome = refused(error);
  return sendEnvelope(c, outcome.envelope, outcome.status, headers);
}

/** Middleware refusals on /api/v2 are the envelope. */
export function refuseRest(c: Context, error: ErrorItem, headers: Record<string, string> = {}): Response {
  return sendError(c as Context<AppEnv>, error, headers);
}
