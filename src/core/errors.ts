/**
 * The closed list of error codes and the one policy table every surface reads:
 * HTTP status for REST, `isError` for MCP, `retryable` for clients.
 * `hard: false` codes are answers about the caller's datachain (soft failures): REST 200, no isError.
 */
export interface CodePolicy {
  status: number;
  hard: boolean;
  retryable: boolean;
  summary: string;
}

const hard = (status: number, summary: string, retryable = false): CodePolicy => ({ status, hard: true, retryable, summary });
const soft = (summary: string): CodePolicy => ({ status: 200, hard: false, retryable: false, summary });

export const TRANSPORT_CODES = {
  bad_request: hard(400, 'The request or one of its parameters is malformed.'),
  invalid_arguments: hard(400, 'Tool arguments do not match the tool input schema.'),
  not_found: hard(404, 'No such route or resource.'),
  unknown_version: hard(404, 'The schema version is not served here.'),
  element_not_found: hard(404, 'No element with that id in the version.'),
  unknown_variant: hard(404, 'The icon variant is not defined for the element.'),
  element_ids_too_many: hard(400, 'More unique element ids than one call accepts.'),
  payload_too_large: hard(413, 'The request or the answer exceeds a size limit.'),
  unsupported_media_type: hard(415, 'The request body is not JSON.'),
  forbidden_origin: hard(403, 'The Origin header is not allowed to call this endpoint.'),
  rate_limited: hard(429, 'Too many requests for this client; wait and retry.', true),
  timeout: hard(504, 'The request exceeded its wall-clock budget.', true),
  upstream_error: hard(502, 'A storage backend failed.', true),
  internal_error: hard(500, 'An unexpected server fault.', true),
} as const satisfies Record<string, CodePolicy>;

/** Datachain answers: shape errors and the codes every validation rule may add. */
export const DATACHAIN_CODES = {
  parse_error: soft('The datachain does not have the required shape.'),
  schema_version_mismatch: soft('The datachain names another schema version than the one requested.'),
  element_required: soft('A required category has no element placed.'),
} as const satisfies Record<string, CodePolicy>;

export const ERROR_CODES = { ...TRANSPORT_CODES, ...DATACHAIN_CODES };
export type ErrorCode = keyof typeof ERROR_CODES;

export function policyOf(code: string): CodePolicy {
  return (ERROR_CODES as Record<string, CodePolicy>)[code] ?? ERROR_CODES.internal_error;
}
