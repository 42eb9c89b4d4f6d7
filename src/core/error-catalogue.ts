import type { ErrorItem } from './envelope.js';
import type { TransportCode } from './errors.js';
import { RETRY_AFTER_SECONDS } from './rate.js';

/**
 * One constructor per transport error code, so each failure is worded the same way wherever it is
 * raised: what was wrong, where (`path`), how to fix it (`fix_hint`). Datachain findings have their
 * own constructor (`finding`, services/validator). Items keep the key order code, message, path,
 * fix_hint, then extras, which the golden answers pin.
 */
export type ErrorOf<C extends TransportCode> = ErrorItem & { code: C };

interface Fields {
  message: string;
  path?: string;
  fix_hint: string;
}

const clip = (text: string, max: number) => text.slice(0, max);

function item<C extends TransportCode>(code: C, { message, path, fix_hint }: Fields): ErrorOf<C> {
  return path === undefined ? { code, message, fix_hint } : { code, message, path, fix_hint };
}

const retryable = <C extends TransportCode>(e: ErrorOf<C>): ErrorOf<C> => ({ ...e, retryable: true });

export const badRequest = (f: Fields) => item('bad_request', f);
export const invalidArguments = (f: Fields) => item('invalid_arguments', f);
export const payloadTooLarge = (f: Fields) => item('payload_too_large', f);

/** A request body over the size limit. A resolved datachain can outgrow it: its thin form is the way back in. */
export const bodyTooLarge = (maxSize: number) =>
  payloadTooLarge({
    message: `Request body exceeds the ${maxSize}-byte limit.`,
    fix_hint:
      'Send a smaller body: split a batch, or shorten the datachain. A resolved datachain over the limit cannot be sent back whole: send the thin datachain (without schema_snapshot) instead.',
  });
export const methodNotAllowed = (f: Fields) => item('method_not_allowed', f);
export const notFound = (f: Fields) => item('not_found', f);

/** An id that names nothing of its kind in a release. */
export const notFoundIn = (kind: string, id: string, releaseId: string, path: string, fix_hint: string) =>
  item('not_found', { message: `${kind} '${id}' not found in ${releaseId}.`, path, fix_hint });

/** A request for a path no route serves. */
export const noRoute = (method: string, url: string, fix_hint: string) =>
  item('not_found', { message: `No route for ${clip(method, 16)} ${clip(new URL(url).pathname, 200)}.`, fix_hint });

/** A name the caller gave that names nothing of its kind (a tool, a prompt, a shape...). */
export const unknownName = (kind: string, name: string, path: string, fix_hint: string) =>
  item('not_found', { message: `Unknown ${kind} '${clip(name, 64)}'.`, path, fix_hint });

/** A body whose declared media type is not JSON. */
export const unsupportedMediaType = (got: string | undefined, fix_hint: string) =>
  item('unsupported_media_type', {
    message: `Content-Type must be application/json (got '${clip(got ?? 'none', 80)}').`,
    fix_hint,
  });

/**
 * A JSON body declared in a charset other than UTF-8 (`application/json; charset=utf-16`): refused
 * with 415 rather than read as UTF-8 regardless. JSON is exchanged in UTF-8 (RFC 8259, 8.1), so
 * `charset=utf-8` (or `us-ascii`, a subset of it), or none, is all this server reads.
 */
export function unsupportedCharset(type: string): ErrorOf<'unsupported_media_type'> | undefined {
  const params = type.split(';').slice(1);
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    // US-ASCII text is UTF-8 text.
    if (charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii') continue;
    return item('unsupported_media_type', {
      message: `Content-Type names charset '${clip(charset, 40)}': a JSON body is read as UTF-8 only.`,
      fix_hint: 'Send the body as UTF-8, with charset=utf-8 or no charset.',
    });
  }
  return undefined;
}

/**
 * A body sent with a Content-Encoding this server does not decode (any but `identity`): refused
 * with 415, as RFC 9110 (15.5.16) asks, rather than read as if it were the JSON it encodes.
 */
export function unsupportedEncoding(encoding: string | undefined): ErrorOf<'unsupported_media_type'> | undefined {
  if (encoding === undefined) return undefined;
  const codings = encoding.split(',').map((c) => c.trim().toLowerCase());
  if (codings.every((c) => c === '' || c === 'identity')) return undefined;
  return item('unsupported_media_type', {
    message: `Content-Encoding '${clip(encoding, 80)}' is not accepted: the body is read as it is sent.`,
    fix_hint: 'Send the body uncompressed, without a Content-Encoding header.',
  });
}

/** What a refusal of a body's Content-Encoding answers with: the one coding this server reads (RFC 9110, 12.5.3). */
export const IDENTITY_ONLY: Readonly<Record<string, string>> = { 'Accept-Encoding': 'identity' };

export const notAcceptable = () =>
  item('not_acceptable', {
    message: 'Accept allows neither application/json nor text/event-stream.',
    fix_hint: 'Send Accept: application/json, text/event-stream.',
  });

export const forbiddenOrigin = (origin: string) =>
  item('forbidden_origin', {
    message: `Origin '${clip(origin, 200)}' may not call this endpoint.`,
    fix_hint:
      'Call from a loopback origin or a server-side client (no Origin header), or ask the operator to add your origin to ALLOWED_ORIGINS.',
  });

export const unknownVersion = (id: string, served: readonly string[]) =>
  item('unknown_version', {
    message: `Schema version '${id}' is not served here.`,
    path: 'version',
    fix_hint: `Use one of: ${served.join(', ')}.`,
  });

/** `<type>@latest` of a type that has betas but no stable release yet. */
export const noStableRelease = (type: string, newestBeta: string) =>
  item('unknown_version', {
    message: `Datachain type '${type}' has no stable release yet, so '${type}@latest' names no release.`,
    path: 'version',
    fix_hint: `Use ${type}@latest-beta (now ${newestBeta}) or a dated id; list_schema_versions lists them.`,
  });

/** An element id the release does not have; `near`: ids of the release close to it ("Did you mean"). */
export const elementNotFound = (id: string, releaseId: string, path: string, near: readonly string[] = []) =>
  item('element_not_found', {
    message: `Element '${id}' not found in ${releaseId}.`, // worded as notFoundIn
    path,
    fix_hint:
      (near.length ? `Did you mean ${near.map((n) => `'${n}'`).join(', ')}? ` : '') +
      'Use list_elements (optionally with query or category_id) to find valid element ids.',
  });

export const unknownVariant = (variant: string, elementId: string, valid: readonly string[]) =>
  item('unknown_variant', {
    message: `Variant '${variant}' is not defined for element '${elementId}'.`,
    path: 'variant',
    fix_hint: `Use one of: ${valid.join(', ')}.`,
  });

export const elementIdsTooMany = (count: number, max: number) =>
  item('element_ids_too_many', {
    message: `Requested ${count} distinct ids; one call accepts at most ${max}.`,
    path: 'element_ids',
    fix_hint: `Split the ids into batches of ${max} or fewer, or use list_elements with category_id.`,
  });

export const rateLimited = (bucket: string) =>
  retryable(
    item('rate_limited', {
      message: `Rate limit of the '${bucket}' bucket exceeded for this address or client.`,
      fix_hint: `Wait ${RETRY_AFTER_SECONDS} seconds before retrying, and spread calls out over the minute.`,
    }),
  );

export const timeout = (ms: number) =>
  retryable(
    item('timeout', {
      message: `The request exceeded its ${ms} ms budget.`,
      fix_hint: 'Retry; if it keeps happening, send a smaller datachain or fewer ids.',
    }),
  );

/**
 * A storage backend failed. `unreadable` names a release whose stored copy is damaged (missing,
 * corrupt, too large, not matching its hash): retrying cannot help, so the item says so and is not
 * marked retryable.
 */
export const upstreamError = (requestId: string, unreadable?: string) =>
  unreadable === undefined
    ? retryable(
        item('upstream_error', {
          message: 'A storage backend (the session store or the release bucket) did not answer; nothing was changed.',
          fix_hint: `Retry in a few seconds; if it keeps failing, report request id ${requestId}.`,
        }),
      )
    : {
        ...item('upstream_error', {
          message: `Release ${unreadable} cannot be read here: its stored copy is damaged.`,
          fix_hint: `Retrying will not help until it is published again; use another version (list_schema_versions), or report request id ${requestId}.`,
        }),
        retryable: false,
      };

/** The one internal-error item: nothing internal, only the request id to report. */
export const internalError = (requestId: string) =>
  retryable(
    item('internal_error', {
      message: 'The server failed while answering this request.',
      fix_hint: `Retry; if it keeps failing, report request id ${requestId}.`,
    }),
  );

/** The catalogue: a constructor for every transport code (the type check keeps it complete). */
export const ERROR_CATALOGUE = {
  bad_request: badRequest,
  invalid_arguments: invalidArguments,
  not_found: noRoute,
  method_not_allowed: methodNotAllowed,
  not_acceptable: notAcceptable,
  unknown_version: unknownVersion,
  element_not_found: elementNotFound,
  unknown_variant: unknownVariant,
  element_ids_too_many: elementIdsTooMany,
  payload_too_large: payloadTooLarge,
  unsupported_media_type: unsupportedMediaType,
  forbidden_origin: forbiddenOrigin,
  rate_limited: rateLimited,
  timeout,
  upstream_error: upstreamError,
  internal_error: internalError,
} satisfies { [C in TransportCode]: (...args: never[]) => ErrorOf<C> };
