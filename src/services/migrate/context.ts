import { type Change, change } from './change.js';
import type { ElementShape } from './facts-view.js';

type Json = Record<string, unknown>;

/**
 * The placement's context value against the element's context in the target: a value the target
 * lacks is removed and another asked for (a value the source release lacks too, a misspelling, as
 * well); a value the target puts in another's place is changed and left to the author to confirm;
 * a context the element gained is pointed out (a missing value is only a warning), unless the
 * target declares it optional (`required: false`).
 */
export function migrateContext(p: Json, at: string, before: ElementShape, after: ElementShape, out: Change[]): void {
  const value = p.context_type_id;
  const values = after.context?.values.map((v) => v.id) ?? [];
  const set = values[0] !== undefined ? `Set ${at}.context_type_id to ${JSON.stringify(values[0])}` : '';
  if (typeof value === 'string' && !values.includes(value)) {
    delete p.context_type_id;
    const known = before.context?.values.some((v) => v.id === value);
    if (!known) {
      // A value neither release has (a misspelling): removed like any other, and said so.
      const of = before.context ? `context '${before.context.id}'` : 'the element, which has no context';
      out.push(
        change(
          'context_values_changed',
          `${at}.context_type_id`,
          `'${value}' is not a value of ${of} in the datachain's release either, so it was removed.`,
          after.context !== undefined,
          { previous: value, ...(set ? { fix_hint: `${set} (or another of: ${values.join(', ')}).` } : {}) },
        ),
      );
      return;
    }
    const renamed = renamedValue(before, after, value);
    if (renamed !== undefined) {
      // The target's facts put the new value in the old one's place, but its wording is its own:
      // the author confirms it still says what the system does.
      p.context_type_id = renamed;
      const others = values.filter((v) => v !== renamed);
      out.push(
        change(
          'context_value_renamed',
          `${at}.context_type_id`,
          `Context '${after.context!.id}' has '${renamed}' in the place of '${value}', and words it differently; the value was changed.`,
          true,
          {
            previous: value,
            fix_hint: `Check that it says what the system does: keep it (Set ${at}.context_type_id to ${JSON.stringify(renamed)})${others.length ? `, or choose another of: ${others.join(', ')}` : ''}.`,
          },
        ),
      );
      return;
    }
    out.push(
      change(
        'context_values_changed',
        `${at}.context_type_id`,
        after.context
          ? `Context '${after.context.id}' has no value '${value}' any more; its values: ${values.join(', ')}.`
          : `The element has no context any more, so context_type_id '${value}' was removed.`,
        after.context !== undefined,
        { previous: value, ...(set ? { fix_hint: `${set} (or another of: ${values.join(', ')}).` } : {}) },
      ),
    );
  } else if (value === undefined && after.context && !before.context && after.context.required !== false) {
    out.push(
      change(
        'context_values_changed',
        `${at}.context_type_id`,
        `The element now has context '${after.context.id}' (values: ${values.join(', ')}); the datachain sets none.`,
        false,
        { fix_hint: `${set} (or another of: ${values.join(', ')}).` },
      ),
    );
  }
}

/**
 * The value of the same context in `after` that takes the place of `value`: the one value new to
 * it (absent before) with the colour `value` had. Undefined when the context changed id, or when
 * none or several match.
 */
function renamedValue(before: ElementShape, after: ElementShape, value: string): string | undefined {
  if (!before.context || !after.context || before.context.id !== after.context.id) return undefined;
  const old = before.context.values.find((v) => v.id === value);
  const known = new Set(before.context.values.map((v) => v.id));
  const candidates = after.context.values.filter((v) => !known.has(v.id) && v.color === old?.color);
  return candidates.length === 1 ? candidates[0]!.id : undefined;
}
