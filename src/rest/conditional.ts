import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * Conditional GETs of answers a release's content fixes (its JSON and its icons and symbols, but
 * not its translation review, which changes without it): the answer carries `ETag: W/"<content
 * hash>.<build>"` (weak: the body's `meta.request_id` differs from one answer to the next), and a request
 * whose `If-None-Match` names it gets 304 with the answer's headers and no body, so a client or
 * cache that holds an answer past its max-age revalidates it without downloading it again.
 */
/**
 * The script's build: the Worker's build (cli/build/worker-script.ts) writes the first 16 hex
 * digits of its bundle's SHA-256 in place of the zeros, so a deploy that changes how an answer
 * is written changes its tag too (run from the sources, the zeros stay).
 */
const BUILD = 'dtpr-build-0000000000000000'.slice('dtpr-build-'.length);

const releaseTag = (contentHash: string): string => `W/"${contentHash}.${BUILD}"`;

/** Whether an `If-None-Match` value names the tag by weak comparison (RFC 9110 13.1.2), or is `*`. */
export function holdsTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.slice(2);
  for (const raw of ifNoneMatch.split(',')) {
    const t = raw.trim();
    if (t === '*' || t === opaque || (t.startsWith('W/') && t.slice(2) === opaque)) return true;
  }
  return false;
}

/** Adds the tag to a 200 answer, or answers 304 in its place when the caller holds it. */
export function tagged(c: Context<AppEnv>, answer: Response, contentHash: string | undefined): Response {
  if (answer.status !== 200 || !contentHash) return answer;
  const tag = releaseTag(contentHash);
  if (!holdsTag(c.req.header('if-none-match'), tag)) {
    answer.headers.set('ETag', tag);
    return answer;
  }
  const headers = new Headers(answer.headers);
  headers.delete('Content-Type');
  headers.delete('Content-Length');
  headers.set('ETag', tag);
  return new Response(null, { status: 304, headers });
}
