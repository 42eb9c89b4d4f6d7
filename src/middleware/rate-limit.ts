import type { MiddlewareHandler } from 'hono';
import type { ErrorItem } from '../core/envelope.js';
import type { RateBucket } from '../tools/define.js';
import type { Refuser } from './refuse.js';

const BINDING: Record<RateBucket, 'RL_READ' | 'RL_VALIDATE' | 'RL_RESOLVE'> = {
  read: 'RL_READ',
  validate: 'RL_VALIDATE',
  resolve: 'RL_RESOLVE',
};

/** Seconds a refused client should wait: the buckets count per minute. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * The bucket key: the client IP Cloudflare reports plus the self-declared `DTPR-Client` name, so
 * several agents behind one address can each have a bucket. `X-Forwarded-For` is not trusted.
 */
export function clientKey(header: (name: string) => string | undefined): string {
  const ip = header('cf-connecting-ip') ?? 'local';
  const client = (header('dtpr-client') ?? '').trim().slice(0, 64) || 'anonymous';
  return `${ip}|${client}`;
}

/** Takes one token from a bucket; true when allowed. A missing binding means no limit. */
export async function takeToken(env: Partial<Env>, bucket: RateBucket, key: string): Promise<boolean> {
  const limiter = env[BINDING[bucket]];
  if (!limiter) return true;
  const { success } = await limiter.limit({ key: `${bucket}|${key}` });
  return success;
}

export function rateLimitedError(bucket: RateBucket): ErrorItem {
  return {
    code: 'rate_limited',
    message: `Rate limit of the '${bucket}' bucket exceeded for this client.`,
    fix_hint: `Wait ${RETRY_AFTER_SECONDS} seconds before retrying, or send a distinct DTPR-Client header per agent.`,
    retryable: true,
  };
}

/** REST: one token from the route's bucket per request; over the limit is 429 with Retry-After. */
export function rateLimit(bucket: RateBucket, refuse: Refuser): MiddlewareHandler {
  return async function rateLimitMiddleware(c, next) {
    if (await takeToken(c.env as Env, bucket, clientKey((n) => c.req.header(n)))) return next();
    return refuse(c, 429, rateLimitedError(bucket), { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  };
}
