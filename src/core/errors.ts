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
}

const code = (status: number, retryable = false): CodePolicy => ({ status, retryable });

export const TRANSPORT_CODES = {
  bad_request: code(400),
  invalid_arguments: code(400),
  not_found: code(404),
  method_not_allowed: code(405),
  not_acceptable: code(406),
  unknown_version: code(404),
  element_not_found: code(404),
  unknown_variant: code(404),
  element_ids_too_many: code(400),
  payload_too_large: code(413),
  unsupported_media_type: code(415),
  forbidden_origin: code(403),
  rate_limited: code(429, true),
  timeout: code(504, true),
  upstream_error: code(502, true),
  internal_error: code(500, true),
} as const satisfies Record<string, CodePolicy>;
export type TransportCode = keyof typeof TRANSPORT_CODES;

/** What each transport code means, for `docs/errors.md` (`npm run gen`); no answer carries it, so the Worker's script leaves it out. */
export const TRANSPORT_TEXTS = {
  bad_request: 'The request or one of its parameters is malformed.',
  invalid_arguments: 'Tool arguments do not match the tool input schema.',
  not_found: 'No such route or resource.',
  method_not_allowed: 'The route exists but does not take this HTTP method; `Allow` lists the ones it takes.',
  not_acceptable: 'The Accept header allows none of the media types the endpoint answers with.',
  unknown_version: 'The schema version is not served here.',
  element_not_found: 'No element with that id in the version.',
  unknown_variant: 'The icon variant is not defined for the element.',
  element_ids_too_many: 'More unique element ids than one call accepts.',
  payload_too_large: 'The request or the answer exceeds a size limit.',
  unsupported_media_type:
    'The request body is not declared as JSON, is declared in a charset other than UTF-8, or is sent compressed (a Content-Encoding).',
  forbidden_origin: 'The Origin header is not allowed to call this endpoint.',
  rate_limited: 'Too many requests from this address or client; wait and retry.',
  timeout: 'The request exceeded its time budget.',
  upstream_error: 'A storage backend failed.',
  internal_error: 'An unexpected server fault.',
} satisfies Record<TransportCode, string>;

export type Severity = 'error' | 'warning';

/**
 * A datachain finding code: an answer about the caller's datachain, with a fixed severity (its
 * meaning and fix are in DATACHAIN_TEXTS). The tools that check datachains declare every one of
 * them soft; 422 is the status they would take in a hard answer, which no tool gives.
 */
export interface DatachainCodeInfo extends CodePolicy {
  severity: Severity;
}

const rule = (severity: Severity): DatachainCodeInfo => ({ status: 422, retryable: false, severity });
const error = () => rule('error');
const warning = () => rule('warning');

/**
 * Datachain answers: shape errors and the code of every validation rule (thin and resolved forms).
 * `docs/errors.md` is generated from this table, DATACHAIN_TEXTS and the tools' `soft` lists (`npm run gen`).
 */
export const DATACHAIN_CODES = {
  parse_error: error(),
  unknown_key: warning(),
  schema_version_mismatch: error(),
  element_required: error(),
  unknown_element: error(),
  context_type_unknown: error(),
  context_type_missing: warning(),
  variable_unknown: error(),
  variable_duplicate: error(),
  variable_value_shape: error(),
  variable_value_empty: error(),
  variable_value_duplicate: error(),
  variable_option_unknown: error(),
  variable_option_not_applicable: error(),
  required_variable_missing: error(),
  element_instance_id_duplicate: error(),
  element_instance_id_collides_with_element_id: error(),
  placement_repeated: warning(),
  element_provenance_ambiguous: error(),
  element_provenance_unknown_element: error(),
  variable_rationale_unknown_variable: error(),
  subchain_unknown: error(),
  subchain_instance_duplicate: error(),
  subchain_instance_missing: error(),
  subchain_head_ref_unplaced: error(),
  subchain_category_mismatch: error(),
  action_target_invalid: error(),
  interop_field_missing: warning(),
  localized_text_issue: warning(),
  text_placeholder: warning(),
  updated_before_created: error(),
  provenance_required: error(),
  element_id_collision: error(),
  element_category_unknown: error(),
  snapshot_id_duplicate: error(),
  snapshot_required_category: error(),
  snapshot_version_unserved: warning(),
  snapshot_drift: error(),
  locale_fallback: warning(),
  sign_incomplete: warning(),
} as const satisfies Record<string, DatachainCodeInfo>;
export type DatachainCode = keyof typeof DATACHAIN_CODES;

/**
 * What each datachain code means and what an agent changes to clear it (`fix_hint` on each finding
 * is the concrete version), for `docs/errors.md` (`npm run gen`); no answer carries them, so the
 * Worker's script leaves them out.
 */
export const DATACHAIN_TEXTS = {
  parse_error: {
    summary: 'The datachain does not have the required shape (a missing field, a wrong type, a bad id or date).',
    fix: 'Correct the value at `path` as the message says.',
  },
  unknown_key: {
    summary: 'A key the datachain format does not define; it is ignored.',
    fix: 'Remove the key or fix its spelling; the hint lists the keys allowed there.',
  },
  schema_version_mismatch: {
    summary: '`schema_version` names another version than the one the tool was called with.',
    fix: "Set `schema_version` to the version you validate against, or omit it, or call the tool with the datachain's version.",
  },
  element_required: {
    summary: 'A required category has no element placed.',
    fix: 'Add a placement of an element of that category; the hint names some.',
  },
  unknown_element: {
    summary: 'A placement names an element id the version (or the snapshot) does not define.',
    fix: 'Use an element id from list_elements; the hint suggests near matches.',
  },
  context_type_unknown: {
    summary: "`context_type_id` is not a value of the element's context (or the element has no context).",
    fix: 'Use one of the context value ids the hint lists, or remove the key.',
  },
  context_type_missing: {
    summary: 'The element has a context, not declared `required: false`, but the placement sets no `context_type_id`.',
    fix: 'Set `context_type_id` to one of the value ids the hint lists.',
  },
  variable_unknown: {
    summary: 'A placement sets a variable its element does not take.',
    fix: "Use one of the element's variable ids (own and inherited), or remove the entry.",
  },
  variable_duplicate: {
    summary: 'The same variable id appears twice in one placement.',
    fix: 'Keep one entry per variable id.',
  },
  variable_value_shape: {
    summary: 'A variable value has the wrong item shape for the variable kind, or a locale the version does not have.',
    fix: 'Text variables take `[{"locale":"en","value":"..."}]`; multi-select variables take option ids `["<option>"]`.',
  },
  variable_value_empty: {
    summary: 'A variable value is an empty list or an empty text.',
    fix: 'Give at least one non-empty value, or remove the variable if it is optional.',
  },
  variable_value_duplicate: {
    summary: 'A locale (text variable) or an option (multi-select variable) appears twice in one value.',
    fix: 'Keep one entry per locale or option.',
  },
  variable_option_unknown: {
    summary: 'A multi-select value names an option the variable does not define.',
    fix: 'Use one of the option ids the hint lists.',
  },
  variable_option_not_applicable: {
    summary: 'A multi-select option does not apply to the placed element.',
    fix: 'Use an option whose `applies_to` includes the element; the hint lists them.',
  },
  required_variable_missing: {
    summary: 'A variable the element requires is not set on the placement.',
    fix: 'Add the variable with a value of the shape the hint shows.',
  },
  element_instance_id_duplicate: {
    summary: 'Two placements share one `element_instance_id`.',
    fix: 'Give every placement a distinct `element_instance_id`.',
  },
  element_instance_id_collides_with_element_id: {
    summary: 'An `element_instance_id` equals an `element_id` placed in the datachain.',
    fix: 'Pick an `element_instance_id` that is not a placed element id.',
  },
  placement_repeated: {
    summary:
      'A placement repeats an earlier one exactly (no `element_instance_id` of its own); a page would show its card twice.',
    fix: 'Remove the copy, or set it apart with its own variables or context and an `element_instance_id`.',
  },
  element_provenance_ambiguous: {
    summary: 'An `element_provenance` key is an element id placed more than once.',
    fix: 'Give those placements `element_instance_id`s and key the provenance by them.',
  },
  element_provenance_unknown_element: {
    summary: 'An `element_provenance` key names no placement.',
    fix: 'Key it by a placed `element_instance_id`, or by an `element_id` placed once without one.',
  },
  variable_rationale_unknown_variable: {
    summary: "A `variable_rationale` key is not a variable of the placement's element.",
    fix: "Use one of the element's variable ids the hint lists.",
  },
  subchain_unknown: {
    summary: 'A subchain instance names a subchain the datachain type does not define.',
    fix: 'Use one of the subchain ids of the datachain type.',
  },
  subchain_instance_duplicate: {
    summary: 'Two subchain instances share one id.',
    fix: 'Give every subchain instance a distinct id.',
  },
  subchain_instance_missing: {
    summary: 'A placement names a `subchain_instance_id` that no subchain instance has.',
    fix: 'Add that subchain instance to `subchain_instances`, or use an existing id.',
  },
  subchain_head_ref_unplaced: {
    summary: 'A subchain `head_refs` entry names no placement of that subchain instance.',
    fix: 'Use an `element_instance_id` (or `element_id`) of a placement in that subchain instance.',
  },
  subchain_category_mismatch: {
    summary: 'A placement sits in a subchain instance whose subchain does not cover its category.',
    fix: 'Move the placement out of the subchain instance, or use a subchain that lists the category.',
  },
  action_target_invalid: {
    summary: 'An action target does not fit its type (url and form need http(s), email an address, phone a number).',
    fix: 'Fix the target, or change the action type.',
  },
  interop_field_missing: {
    summary:
      'The datachain has no `id`, `created_at` or `schema_version` (one finding each): valid here, but the upstream DTPR validator requires them.',
    fix: 'Add the field (an id of your choice, the creation time in ISO 8601 UTC, the version) so the datachain is valid everywhere.',
  },
  localized_text_issue: {
    summary:
      "The datachain's title, description or an action label has an entry in a locale the version lacks, a locale twice, or an empty text.",
    fix: 'Keep one non-empty entry per locale of the version.',
  },
  text_placeholder: {
    summary: 'A text is still the `"..."` a fix hint or an example left for the author to replace.',
    fix: 'Write the text the datachain means there, or remove the entry.',
  },
  updated_before_created: {
    summary: '`updated_at` is earlier than `created_at`.',
    fix: 'Correct one of the two timestamps.',
  },
  provenance_required: {
    summary: '`suggested_elements` is not empty but `authoring_provenance.kind` is not "ai_generated".',
    fix: 'Set `authoring_provenance` to `{"kind":"ai_generated"}`, or remove the suggested elements.',
  },
  element_id_collision: {
    summary:
      'A suggested element reuses the id of a schema element (in the snapshot or the version) or of another suggestion.',
    fix: 'Rename the suggested element, or place the existing element instead.',
  },
  element_category_unknown: {
    summary: 'A snapshot or suggested element has a `category_id` that is not in `schema_snapshot.categories`.',
    fix: 'Use a category of the snapshot, or re-resolve the datachain.',
  },
  snapshot_id_duplicate: {
    summary: 'Two categories, or two elements, of `schema_snapshot` share one id.',
    fix: 'Keep one of each, or re-resolve the datachain.',
  },
  snapshot_required_category: {
    summary: 'The snapshot drops a category the served version requires, or marks it not required.',
    fix: 'Re-resolve the datachain with resolve_datachain instead of editing `schema_snapshot`.',
  },
  snapshot_version_unserved: {
    summary:
      'A resolved datachain pins a schema version this server does not serve: it is checked and rendered from its own snapshot, with no drift check.',
    fix: 'Nothing blocks its use here; to check it against a published release, re-resolve it with a version list_schema_versions lists.',
  },
  snapshot_drift: {
    summary: 'A snapshot item differs from the served version it pins (one finding per drifting item).',
    fix: 'Re-resolve the datachain with resolve_datachain, or pin the version the snapshot was taken from.',
  },
  locale_fallback: {
    summary:
      "A text shown by render_datachain has no entry in the requested locale; another locale's text is shown, marked with its own `lang`.",
    fix: 'Add a `{"locale","value"}` entry in the requested locale at `path`, or render in a locale the datachain has.',
  },
  sign_incomplete: {
    summary:
      'A sign rendered by render_datachain leaves out something its readers need (a contact), or could print an author text only in part; the full text stays behind its QR code.',
    fix: 'Add what the message names (an email, phone or postal action on the accountable element), or write shorter texts, or render a larger `size`.',
  },
} satisfies Record<DatachainCode, { summary: string; fix: string }>;

export const ERROR_CODES = { ...TRANSPORT_CODES, ...DATACHAIN_CODES };
export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
export const DATACHAIN_CODE_LIST = Object.keys(DATACHAIN_CODES) as DatachainCode[];

export function policyOf(code: ErrorCode): CodePolicy {
  return ERROR_CODES[code];
}
