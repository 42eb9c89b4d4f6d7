import { bodyText, NOT_UTF8 } from '../core/body-text.js';
import { failure, type Result } from '../core/result.js';
import {
  badRequest,
  IDENTITY_ONLY,
  invalidArguments,
  unsupportedCharset,
  unsupportedEncoding,
  unsupportedMediaType,
} from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import type { Context, Handler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { Meta } from '../core/envelope.js';
import { parseJsonBody, TOO_DEEP_FIX } from '../core/json.js';
import { callTool } from '../tools/kernel/invoke.js';
import { PreparedAnswer } from '../tools/kernel/prepared.js';
import type { Tool } from '../tools/kernel/registry.js';
import { gatherArgs } from './query.js';
import { servedStatus } from '../store/store.js';
import {
  CACHE,
  namedCanonically,
  restCaller,
  sendError,
  sendOutcome,
  sendPrepared,
  sendRateLimited,
  versionCache,
} from './respond.js';
import type { JsonRoute } from './route-table.js';
import { tagged } from './conditional.js';

const isJsonType = (type: string) => {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^application\/[\w.+-]+\+json$/.test(essence);
};

/** The request body as JSON, or the refusal: 415 when it is not declared JSON, 400 when it does not parse. */
export async function readJson(
  c: Context<AppEnv>,
): Promise<Result<unknown> & { headers?: Readonly<Record<string, string>> }> {
  const type = c.req.header('content-type');
  if (type === undefined || !isJsonType(type)) {
    return failure(
      unsupportedMediaType(
        type,
        'Send the datachain as JSON with Content-Type: application/json (curl: --json @file.json).',
      ),
    );
  }
  const charset = unsupportedCharset(type);
  if (charset) return failure(charset);
  const encoded = unsupportedEncoding(c.req.header('content-encoding'));
  if (encoded) return { ...failure(encoded), headers: IDENTITY_ONLY };
  const text = await bodyText(c.req);
  if (text === undefined) return failure(badRequest({ ...NOT_UTF8 }));
  const parsed = parseJsonBody(text);
  if (parsed.error) {
    const fix_hint = parsed.error.reason === 'syntax' ? 'Send one JSON datachain object as the body.' : TOO_DEEP_FIX;
    return failure(badRequest({ message: parsed.error.message, fix_hint }));
  }
  return parsed;
}

/**
 * The arguments a body of named arguments carries (`route.bodyArgs`): a JSON object whose keys are
 * those arguments, `route.body` required. Anything else is refused, naming the keys allowed.
 */
function bodyArguments(route: JsonRoute, body: unknown): { args: Record<string, unknown> } | { errors: ErrorItem[] } {
  const allowed = route.bodyArgs ?? [];
  const main = route.body!;
  const others = allowed.filter((k) => k !== main).join(', ');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      errors: [
        badRequest({
          message: 'The body is not a JSON object.',
          fix_hint: `Send {"${main}": {...}} with the optional keys ${others}.`,
        }),
      ],
    };
  }
  // A datachain sent bare, as the other POST routes take it: one error that says to wrap it, rather
  // than one per key of the datachain, each saying to remove it.
  if (!(main in body) && main === 'datachain' && 'elements' in body) {
    return {
      errors: [
        invalidArguments({
          message: `The body is a datachain sent bare; this route takes it under the body's "${main}" key.`,
          path: main,
          fix_hint: `Send {"${main}": <the datachain>} with the optional keys ${others}.`,
        }),
      ],
    };
  }
  const errors: ErrorItem[] = [];
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      const shown = key.slice(0, 64);
      errors.push(
        invalidArguments({
          message: `Unknown key '${shown}' in the body.`,
          path: shown,
          fix_hint: `Remove it or use one of the keys: ${allowed.join(', ')}.`,
        }),
      );
    }
  }
  if (!(main in body)) {
    errors.push(
      invalidArguments({
        message: `Missing required value '${main}'.`,
        path: main,
        fix_hint: `Send the ${main} as the body's "${main}" key.`,
      }),
    );
  }
  return errors.length ? { errors } : { args: body as Record<string, unknown> };
}

/** Cache-Control of a JSON answer: GETs by release status and how the version was named; POSTs never. */
function cacheOf(c: Context<AppEnv>, route: JsonRoute, ok: boolean, meta: Readonly<Meta>): string {
  if (route.method !== 'GET' || !ok) return CACHE.none;
  const canonical = meta.version;
  if (canonical === undefined) return CACHE.short;
  // Outside the loading seam: never read. The release the tool just served is held, or listed (a
  // bucket release dropped from the kept set since the tool's answer was cached).
  const status = servedStatus(c.get('store'), canonical);
  if (!status) return CACHE.none;
  return versionCache(status, namedCanonically(c.req.param('version') ?? '', canonical), route.cache ?? 'json');
}

/** A GET answer the release's content fixes and a cache may keep carries its tag (`conditional.ts`). */
function conditionally(
  c: Context<AppEnv>,
  route: JsonRoute,
  cache: string,
  answer: Response,
  contentHash: string | undefined,
): Response {
  if (route.method !== 'GET' || cache === CACHE.none || route.cache === 'review') return answer;
  return tagged(c, answer, contentHash);
}

/**
 * The adapter of a JSON route: path, query and body become the tool's arguments, the tool's
 * envelope is the body, and the status comes from the policy table.
 */
export function jsonHandler(route: JsonRoute, tool: Tool): Handler<AppEnv> {
  return async function restTool(c) {
    const gathered = gatherArgs(
      tool.name,
      route.query,
      c.req.param() as Record<string, string>,
      c.req.queries(),
      c.req.url,
    );
    if ('errors' in gathered) return sendError(c, gathered.errors);
    const args = gathered.args;
    if (route.body) {
      const body = await readJson(c);
      if (body.error) return sendError(c, body.error, body.headers);
      if (route.bodyArgs) {
        const named = bodyArguments(route, body.value);
        if ('errors' in named) return sendError(c, named.errors);
        for (const key of route.bodyArgs) if (key in named.args) args[key] = named.args[key];
      } else args[route.body] = body.value;
    }
    const answer = await callTool(tool, args, restCaller(c));
    if (answer instanceof PreparedAnswer) {
      const cache = cacheOf(c, route, true, answer.meta);
      return conditionally(c, route, cache, sendPrepared(c, answer, cache), answer.meta.content_hash);
    }
    if (answer.rateLimited) return sendRateLimited(c, tool.bucket);
    const cache = cacheOf(c, route, answer.envelope.ok, answer.envelope.meta);
    return conditionally(c, route, cache, sendOutcome(c, answer, cache), answer.envelope.meta.content_hash);
  };
}
