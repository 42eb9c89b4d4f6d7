/**
 * The closed list of error codes and the one policy table every surface reads: the HTTP status of
 * a hard failure, and `retryable` for clients. Whether an answer is hard (MCP `isError`, REST error
 * status) or soft (`ok: false`, REST 200) is not a property of a code but of the tool that answers
 * it: each tool declares the codes it answers softly (`ToolDef.soft`); every other code is hard.
 */
export interface CodePolicy {
  /** HTTP status when the code makes an answer hard. */
  status: number;
  retryable: boolean;
  summary: string;
}

const code = (status: number, summary: string, retryable = false): CodePolicy => ({ status, retryable, summary });

export const TRANSPORT_CODES = {
  bad_request: code(400, 'The request or one of its parameters is malformed.'),
  invalid_arguments: code(400, 'Tool arguments do not match the tool input schema.'),
  not_found: code(404, 'No such route or resource.'),
  method_not_allowed: code(
    405,
    'The route exists but does not take this HTTP method; `Allow` lists the ones it takes.',
  ),
  not_acceptable: code(406, 'The Accept header allows none of the media types the endpoint answers with.'),
  unknown_version: code(404, 'The schema version is not served here.'),
  element_not_found: code(404, 'No element with that id in the version.'),
  unknown_variant: code(404, 'The icon variant is not defined for the element.'),
  element_ids_too_many: code(400, 'More unique element ids than one call accepts.'),
  payload_too_large: code(413, 'The request or the answer exceeds a size limit.'),
  unsupported_media_type: code(
    415,
    'The request body is not declared as JSON, or is sent compressed (a Content-Encoding).',
  ),
  forbidden_origin: code(403, 'The Origin header is not allowed to call this endpoint.'),
  rate_limited: code(429, 'Too many requests from this address or client; wait and retry.', true),
  timeout: code(504, 'The request exceeded its time budget.', true),
  upstream_error: code(502, 'A storage backend failed.', true),
  internal_error: code(500, 'An unexpected server fault.', true),
} as const satisfies Record<string, CodePolicy>;

export type Severity = 'error' | 'warning';

/**
 * A datachain finding code: an answer about the caller's datachain, with a fixed severity and fix.
 * The tools that check datachains declare every one of them soft; 422 is the status they would
 * take in a hard answer, which no tool gives.
 */
export interface DatachainCodeInfo extends CodePolicy {
  severity: Severity;
  /** What an agent changes to clear the finding; `fix_hint` on each finding is the concrete version. */
  fix: string;
}

const rule = (severity: Severity, summary: string, fix: string): DatachainCodeInfo => ({
  status: 422,
  retryable: false,
  summary,
  severity,
  fix,
});
const error = (summary: string, fix: string) => rule('error', summary, fix);
const warning = (summary: string, fix: string) => rule('warning', summary, fix);

/**
 * Datachain answers: shape errors and the code of every validation rule (thin and resolved forms).
 * `docs/errors.md` is generated from this table and the tools' `soft` lists (`npm run gen`).
 */
export const DATACHAIN_CODES = {
  parse_error: error(
    'The datachain does not have the required shape (a missing field, a wrong type, a bad id or date).',
    'Correct the value at `path` as the message says.',
  ),
  unknown_key: warning(
    'A key the datachain format does not define; it is ignored.',
    'Remove the key or fix its spelling; the hint lists the keys allowed there.',
  ),
  schema_version_mismatch: error(
    '`schema_version` names another version than the one the tool was called with.',
    "Set `schema_version` to the version you validate against, or omit it, or call the tool with the datachain's version.",
  ),
  element_required: error(
    'A required category has no element placed.',
    'Add a placement of an element of that category; the hint names some.',
  ),
  unknown_element: error(
    'A placement names an element id the version (or the snapshot) does not define.',
    'Use an element id from list_elements; the hint suggests near matches.',
  ),
  context_type_unknown: error(
    "`context_type_id` is not a value of the element's context (or the element has no context).",
    'Use one of the context value ids the hint lists, or remove the key.',
  ),
  context_type_missing: warning(
    'The element has a context, not declared `required: false`, but the placement sets no `context_type_id`.',
    'Set `context_type_id` to one of the value ids the hint lists.',
  ),
  variable_unknown: error(
    'A placement sets a variable its element does not take.',
    "Use one of the element's variable ids (own and inherited), or remove the entry.",
  ),
  variable_duplicate: error('The same variable id appears twice in one placement.', 'Keep one entry per variable id.'),
  variable_value_shape: error(
    'A variable value has the wrong item shape for the variable kind, or a locale the version does not have.',
    'Text variables take `[{"locale":"en","value":"..."}]`; multi-select variables take option ids `["<option>"]`.',
  ),
  variable_value_empty: error(
    'A variable value is an empty list or an empty text.',
    'Give at least one non-empty value, or remove the variable if it is optional.',
  ),
  variable_value_duplicate: error(
    'A locale (text variable) or an option (multi-select variable) appears twice in one value.',
    'Keep one entry per locale or option.',
  ),
  variable_option_unknown: error(
    'A multi-select value names an option the variable does not define.',
    'Use one of the option ids the hint lists.',
  ),
  variable_option_not_applicable: error(
    'A multi-select option does not apply to the placed element.',
    'Use an option whose `applies_to` includes the element; the hint lists them.',
  ),
  required_variable_missing: error(
    'A variable the element requires is not set on the placement.',
    'Add the variable with a value of the shape the hint shows.',
  ),
  element_instance_id_duplicate: error(
    'Two placements share one `element_instance_id`.',
    'Give every placement a distinct `element_instance_id`.',
  ),
  element_instance_id_collides_with_element_id: error(
    'An `element_instance_id` equals an `element_id` placed in the datachain.',
    'Pick an `element_instance_id` that is not a placed element id.',
  ),
  element_provenance_ambiguous: error(
    'An `element_provenance` key is an element id placed more than once.',
    'Give those placements `element_instance_id`s and key the provenance by them.',
  ),
  element_provenance_unknown_element: error(
    'An `element_provenance` key names no placement.',
    'Key it by a placed `element_instance_id`, or by an `element_id` placed once without one.',
  ),
  variable_rationale_unknown_variable: error(
    "A `variable_rationale` key is not a variable of the placement's element.",
    "Use one of the element's variable ids the hint lists.",
  ),
  subchain_unknown: error(
    'A subchain instance names a subchain the datachain type does not define.',
    'Use one of the subchain ids of the datachain type.',
  ),
  subchain_instance_duplicate: error(
    'Two subchain instances share one id.',
    'Give every subchain instance a distinct id.',
  ),
  subchain_instance_missing: error(
    'A placement names a `subchain_instance_id` that no subchain instance has.',
    'Add that subchain instance to `subchain_instances`, or use an existing id.',
  ),
  subchain_head_ref_unplaced: error(
    'A subchain `head_refs` entry names no placement of that subchain instance.',
    'Use an `element_instance_id` (or `element_id`) of a placement in that subchain instance.',
  ),
  subchain_category_mismatch: error(
    'A placement sits in a subchain instance whose subchain does not cover its category.',
    'Move the placement out of the subchain instance, or use a subchain that lists the category.',
  ),
  action_target_invalid: error(
    'An action target does not fit its type (url and form need http(s), email an address, phone a number).',
    'Fix the target, or change the action type.',
  ),
  interop_field_missing: warning(
    'The datachain has no `id`, `created_at` or `schema_version` (one finding each): valid here, but the upstream DTPR validator requires them.',
    'Add the field (an id of your choice, the creation time in ISO 8601 UTC, the version) so the datachain is valid everywhere.',
  ),
  localized_text_issue: warning(
    "The datachain's title, description or an action label has an entry in a locale the version lacks, a locale twice, or an empty text.",
    'Keep one non-empty entry per locale of the version.',
  ),
  text_placeholder: warning(
    'A text is still the `"..."` a fix hint or an example left for the author to replace.',
    'Write the text the datachain means there, or remove the entry.',
  ),
  updated_before_created: error('`updated_at` is earlier than `created_at`.', 'Correct one of the two timestamps.'),
  provenance_required: error(
    '`suggested_elements` is not empty but `authoring_provenance.kind` is not "ai_generated".',
    'Set `authoring_provenance` to `{"kind":"ai_generated"}`, or remove the suggested elements.',
  ),
  element_id_collision: error(
    'A suggested element reuses the id of a schema element (in the snapshot or the version) or of another suggestion.',
    'Rename the suggested element, or place the existing element instead.',
  ),
  element_category_unknown: error(
    'A snapshot or suggested element has a `category_id` that is not in `schema_snapshot.categories`.',
    'Use a category of the snapshot, or re-resolve the datachain.',
  ),
  snapshot_id_duplicate: error(
    'Two categories, or two elements, of `schema_snapshot` share one id.',
    'Keep one of each, or re-resolve the datachain.',
  ),
  snapshot_required_category: error(
    'The snapshot drops a category the served version requires, or marks it not required.',
    'Re-resolve the datachain with resolve_datachain instead of editing `schema_snapshot`.',
  ),
  snapshot_version_unserved: warning(
    'A resolved datachain pins a schema version this server does not serve: it is checked and rendered from its own snapshot, with no drift check.',
    'Nothing blocks its use here; to check it against a published release, re-resolve it with a version list_schema_versions lists.',
  ),
  snapshot_drift: error(
    'A snapshot item differs from the served version it pins (one finding per drifting item).',
    'Re-resolve the datachain with resolve_datachain, or pin the version the snapshot was taken from.',
  ),
  locale_fallback: warning(
    "A text shown by render_datachain has no entry in the requested locale; another locale's text is shown, marked with its own `lang`.",
    'Add a `{"locale","value"}` entry in the requested locale at `path`, or render in a locale the datachain has.',
  ),
  sign_incomplete: warning(
    'A sign rendered by render_datachain leaves out something its readers need (a contact), or could print an author text only in part; the full text stays behind its QR code.',
    'Add what the message names (an email, phone or postal action on the accountable element), or write shorter texts, or render a larger `size`.',
  ),
} as const satisfies Record<string, DatachainCodeInfo>;
export type DatachainCode = keyof typeof DATACHAIN_CODES;

export const ERROR_CODES = { ...TRANSPORT_CODES, ...DATACHAIN_CODES };
export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
export const DATACHAIN_CODE_LIST = Object.keys(DATACHAIN_CODES) as DatachainCode[];

export function policyOf(code: ErrorCode): CodePolicy {
  return ERROR_CODES[code];
}
