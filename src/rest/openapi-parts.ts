import * as z from 'zod';
import { ErrorItemSchema, MetaSchema } from '../tools/kernel/envelope-schema.js';

export type Schema = Record<string, unknown>;

/** Reusable pieces of the OpenAPI document, all generated from zod schemas. */
export class Components {
  readonly schemas: Record<string, Schema> = {};

  /**
   * Registers a generated JSON Schema (its root, or one property of it) under `name` and returns a
   * `$ref` to it; the schema's own `$defs` become components named `<name>.<def>`.
   */
  add(name: string, root: Schema, property?: string): Schema {
    const { $schema: _dialect, $defs, ...rest } = root as Schema & { $defs?: Record<string, Schema> };
    const target = property === undefined ? rest : (rest.properties as Record<string, Schema>)[property]!;
    const rewrite = (s: Schema): Schema => {
      const text = JSON.stringify(s).split('"#/$defs/').join(`"#/components/schemas/${name}.`);
      if (text.includes('"$ref":"#"'))
        throw new Error(`${name}: a reference to the schema root cannot be moved into components`);
      return JSON.parse(text) as Schema;
    };
    for (const [def, schema] of Object.entries($defs ?? {})) this.schemas[`${name}.${def}`] = rewrite(schema);
    this.schemas[name] = rewrite(target);
    return { $ref: `#/components/schemas/${name}` };
  }

  addZod(name: string, schema: z.ZodType): Schema {
    return this.add(name, zodSchema(schema));
  }
}

/** A zod schema's JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it), as an answer's output. */
export const zodSchema = (schema: z.ZodType): Schema =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Schema;

/** The meta of every REST answer: its request id always (the `X-Request-Id` header's value). */
export const AnswerMeta = MetaSchema.extend({ request_id: z.string() });

export const ErrorEnvelope = z.strictObject({
  ok: z.literal(false),
  errors: z.array(ErrorItemSchema).min(1),
  meta: AnswerMeta,
});

/**
 * A JSON answer as REST sends it, from a tool's envelope schema (its JSON Schema, which MCP
 * clients read as one object whether the call succeeded or not): either the success, `ok: true`
 * with its `data`, or the failure (`ErrorEnvelope`), told apart by `ok` alone, so a client
 * generated from the document narrows on it.
 */
export function answerSchema(envelope: Schema): Schema {
  const { properties, ...rest } = envelope as Schema & { properties: Record<string, Schema> };
  const { type: _type, required: _required, additionalProperties: _open, ...defs } = rest;
  const success = {
    type: 'object',
    properties: { ok: { const: true }, data: properties.data, meta: { $ref: '#/components/schemas/AnswerMeta' } },
    required: ['ok', 'data', 'meta'],
    additionalProperties: false,
  };
  return { ...defs, oneOf: [success, { $ref: '#/components/schemas/ErrorEnvelope' }] };
}

export const Health = z.strictObject({ ok: z.literal(true), service: z.string() });

export const HEADERS = {
  'X-Request-Id': {
    required: true,
    description:
      "Correlation id of the request (the caller's own when well formed); equals meta.request_id of JSON answers.",
    schema: { type: 'string' },
  },
  'DTPR-Content-Hash': {
    description: 'content_hash of the schema release the answer is about; on version-scoped answers.',
    schema: { type: 'string', pattern: '^sha256-[0-9a-f]{64}$' },
  },
  'Cache-Control': {
    description:
      'Stable releases named by canonical id: long-lived and immutable, except their translation status (5 minutes: reviews ' +
      'change without a new release); aliases: 5 minutes; beta symbols and icons: 1 minute; beta JSON, POSTs and errors: no-store.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  ETag: {
    description:
      'W/"<content_hash>.<build>" on a cacheable answer the release fixes (not its translation status): the release\'s content hash and the server\'s build. Opaque: send it back as it came in If-None-Match to revalidate.',
    schema: { type: 'string' },
  },
  'DTPR-Warnings': {
    description:
      'On a rendered page or sign (not on the envelope, whose meta.warnings lists them): how many non-blocking findings the datachain had; absent when none.',
    schema: { type: 'integer' },
  },
} as const;

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const errorResponse = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { 'X-Request-Id': ref('X-Request-Id'), ...extraHeaders },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** Error answers by status; every body is the envelope with `ok: false`. */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse('Malformed parameter, query string, version or body (bad_request, invalid_arguments).'),
  NotFound: errorResponse(
    'Unknown route, version, element, variant, shape or symbol (not_found, unknown_version, element_not_found, unknown_variant).',
  ),
  PayloadTooLarge: errorResponse('The body or the answer exceeds a size limit (payload_too_large).'),
  UnsupportedMediaType: errorResponse(
    'The body is not declared as JSON, or is sent with a Content-Encoding (unsupported_media_type).',
  ),
  RateLimited: errorResponse('Too many requests from this client (rate_limited).', {
    'Retry-After': ref('Retry-After'),
  }),
  MethodNotAllowed: errorResponse(
    'A method the route does not answer (method_not_allowed); Allow names those it does.',
    { Allow: { description: 'The methods the route answers.', schema: { type: 'string' } } },
  ),
  UpstreamError: errorResponse(
    'A release held only in the release bucket could not be read just now (upstream_error); retry after a moment.',
  ),
  InternalError: errorResponse('An unexpected fault (internal_error); report the request id.'),
  Timeout: errorResponse('The request exceeded its wall-clock budget (timeout).'),
} as const;

const errorRef = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** The error responses an operation documents. */
export function errorResponses(kind: 'get' | 'post' | 'static', versionScoped = false): Record<string, unknown> {
  if (kind === 'static') return { 405: errorRef('MethodNotAllowed'), 500: errorRef('InternalError') };
  // A body over the limit is refused on any route, a GET's too.
  const base: Record<string, unknown> = {
    400: errorRef('BadRequest'),
    404: errorRef('NotFound'),
    405: errorRef('MethodNotAllowed'),
    413: errorRef('PayloadTooLarge'),
  };
  if (kind === 'post') Object.assign(base, { 415: errorRef('UnsupportedMediaType') });
  return {
    ...base,
    429: errorRef('RateLimited'),
    500: errorRef('InternalError'),
    ...(versionScoped ? { 502: errorRef('UpstreamError') } : {}),
    504: errorRef('Timeout'),
  };
}

/** Headers of a successful answer; `tagged`: one a release fixes, revalidated by its ETag. */
export function successHeaders(versionScoped: boolean, tagged = false): Record<string, unknown> {
  return {
    'X-Request-Id': ref('X-Request-Id'),
    'Cache-Control': ref('Cache-Control'),
    ...(versionScoped ? { 'DTPR-Content-Hash': ref('DTPR-Content-Hash') } : {}),
    ...(tagged ? { ETag: ref('ETag') } : {}),
  };
}

/** The answer to a conditional GET whose If-None-Match names the answer's ETag. */
export const NOT_MODIFIED = {
  description: "Not modified: If-None-Match names the answer's ETag; the caller's copy stands. No body.",
  headers: { ETag: ref('ETag'), 'Cache-Control': ref('Cache-Control'), 'X-Request-Id': ref('X-Request-Id') },
};
