import { invalidArguments } from '../../core/error-catalogue.js';
import type { ErrorItem } from '../../core/envelope.js';
import { resolveVersion, type SchemaStore } from '../../store/store.js';

/**
 * A locale argument the release does not carry, as an error naming the locales it does; `undefined`
 * when every one is carried, or when the version itself does not resolve (the tool reports that).
 * Without this check a known code the release lacks would answer empty texts and an English search.
 */
export function uncarriedLocale(args: unknown, store: SchemaStore): ErrorItem | undefined {
  const { version, locale, locales } = (args ?? {}) as { version?: unknown; locale?: unknown; locales?: unknown };
  if (typeof version !== 'string' || (locale === undefined && locales === undefined)) return undefined;
  const release = resolveVersion(store, version);
  if (release.error) return undefined;
  const carried: readonly string[] = release.value.locales;
  const asked: [string, unknown][] = [
    ['locale', locale],
    ...(Array.isArray(locales) ? locales.map((l, i): [string, unknown] => [`locales[${i}]`, l]) : []),
  ];
  const missing = asked.find(([, code]) => typeof code === 'string' && !carried.includes(code));
  if (!missing) return undefined;
  const list = carried.join(', ');
  return invalidArguments({
    message: `Locale '${String(missing[1])}' is not a locale of ${release.value.id}, which carries ${list}.`,
    path: missing[0],
    fix_hint: `Use locales of the release: ${list}.`,
  });
}
