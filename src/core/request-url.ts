import { trimTrailing } from './strings.js';

/** `scheme://host[:port]` of an absolute URL, without a full URL parse on the hot path. */
function requestOrigin(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end < 0 ? url : url.slice(0, end);
}

/**
 * The origin absolute URLs in answers are built on: the deployment's `PUBLIC_ORIGIN` (the first one
 * when it lists several) when set, else the request's own origin. Host headers are not trusted to
 * name a public deployment.
 */
export function publicOrigin(env: Partial<Env> | undefined, url: string): string {
  const configured = (env?.PUBLIC_ORIGIN ?? '').split(',')[0]!.trim();
  return configured === '' ? requestOrigin(url) : trimTrailing(configured, '/');
}
