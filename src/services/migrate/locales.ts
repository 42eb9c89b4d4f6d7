import { isRecord } from '../../core/values.js';
import { withPlaceholderNote } from '../validator/examples.js';
import { type Change, change } from './change.js';

type Json = Record<string, unknown>;

/** One text in one locale, as a variable value holds it: `{locale, value}` (other keys are the checks' to warn of). */
function isLocaleText(item: unknown): item is { locale: string; value: unknown } {
  return isRecord(item) && typeof item.locale === 'string';
}

/**
 * Removes the texts of variable values written in locales the target release does not carry: its
 * checks refuse them (`variable_value_shape`). The datachain's own texts (its title, description,
 * action labels) keep theirs: there another locale is only a warning, and a page shows it as a
 * fallback. Each value that loses texts is one change, keeping them in `previous`; a value left with
 * no text needs the author, and its fix sets it in one of the target's locales (passing as written).
 */
export function dropUncarriedLocales(dc: Json, locales: readonly string[], version: string, out: Change[]): void {
  const carried = new Set(locales);
  const list = locales.join(', ');
  const elements = Array.isArray(dc.elements) ? dc.elements : [];
  elements.forEach((p, i) => {
    const variables = isRecord(p) && Array.isArray(p.variables) ? p.variables : [];
    variables.forEach((v, j) => {
      const value = isRecord(v) && Array.isArray(v.value) ? v.value : undefined;
      if (!value) return;
      const removed = value.filter((t) => isLocaleText(t) && !carried.has(t.locale));
      if (removed.length === 0) return;
      const kept = value.filter((t) => !removed.includes(t));
      value.splice(0, value.length, ...kept);
      const path = `elements[${i}].variables[${j}].value`;
      const names = [...new Set(removed.map((t) => (t as { locale: string }).locale))].join(', ');
      out.push(
        change(
          'locale_removed',
          path,
          `Texts in ${names} were removed: ${version} carries ${list}.`,
          kept.length === 0,
          {
            previous: removed,
            ...(kept.length === 0
              ? {
                  fix_hint: `Set ${path} to ${withPlaceholderNote(`[{"locale":"${locales[0]}","value":"..."}]`)}, in one of ${list}.`,
                }
              : {}),
          },
        ),
      );
    });
  });
}
