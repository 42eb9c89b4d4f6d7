/**
 * One change a migration made or asks for. `path` points into the migrated datachain, except for
 * removed items, whose path is where they were in the datachain sent. `needs_input` is true when
 * the author must supply or decide something; `fix_hint` then says what, and any JSON it suggests
 * passes the target release's rules as written (its "..." texts are the author's to replace).
 */
export const CHANGE_KINDS = [
  'schema_version_set',
  'category_added',
  'category_made_required',
  'element_removed',
  'element_moved',
  'element_renamed',
  'variable_renamed',
  'variable_split',
  'variable_added',
  'variable_made_required',
  'variable_removed',
  'variable_options_changed',
  'context_values_changed',
  'context_value_renamed',
  'subchain_changed',
  'provenance_changed',
  'resolved_part_removed',
  'locale_removed',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Change {
  path: string;
  kind: ChangeKind;
  message: string;
  needs_input: boolean;
  fix_hint?: string;
  /** What the migration removed or replaced, so nothing the author wrote is lost silently. */
  previous?: unknown;
}

export function change(
  kind: ChangeKind,
  path: string,
  message: string,
  needs_input = false,
  extra: { fix_hint?: string; previous?: unknown } = {},
): Change {
  return { path, kind, message, needs_input, ...extra };
}
