import { keyPath } from '../../core/json.js';
import { isRecord } from '../../core/values.js';
import { withPlaceholderNote } from '../validator/examples.js';
import { type Change, change } from './change.js';

type Json = Record<string, unknown>;

/** One text in one locale, as a datachain writes it: exactly `{locale, value}`, both strings. */
function isLocaleText(item: unknown): item is { locale: string; value: string } {
  return (
    isRecord(item) &&
    Object.keys(item).length === 2 &&
    typeof item.locale === 'string' &&
    typeof item.value === 'string'
  );
}

/**
 * Removes the texts written in locales the target release does not carry (its checks refuse them),
 * wherever the migrated datachain holds a list of `{locale, value}` texts: its title and
 * description, variable values, action labels. Each list that loses texts is one change, keeping
 * them in `previous`; a list left with no text needs the author (a required text would otherwise
 * be missing), and its fix gives the form to write in one of the target's locales.
 */
export function dropUncarriedLocales(dc: Json, locales: readonly string[], version: string, out: Change[]): void {
  const carried = new Set(locales);
  const list = locales.join(', ');
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every(isLocaleText)) {
        const removed = value.filter((t) => !carried.has(t.locale));
        if (removed.length === 0) return;
        const kept = value.filter((t) => carried.has(t.locale));
        value.splice(0, value.length, ...kept);
        const names = [...new Set(removed.map((t) => t.locale))].join(', ');
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
        return;
      }
      value.forEach((item, i) => visit(item, `${path}[${i}]`));
      return;
    }
    if (isRecord(value)) for (const [k, v] of Object.entries(value)) visit(v, keyPath(path, k));
  };
  visit(dc, '');
}
