import { invalidArguments } from '../../core/error-catalogue.js';
import { type Answer, err } from '../../core/envelope.js';
import { resolveVersion, type SchemaStore } from '../../store/store.js';
import { releaseMeta } from './release-answer.js';

/**
 * A locale argument the release does not carry, as the refusal naming the locales it does (with the
 * release's version and content hash in meta, as every answer about a release has); `undefined`
 * when every one is carried, or when the version itself does not resolve (the tool reports that).
 * Without this check a known code the release lacks would answer empty texts and an English search.
 */
export function uncarriedLocale(args: unknown, store: SchemaStore): Answer<never> | undefined {
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
  return err(
    invalidArguments({
      message: `Locale '${String(missing[1])}' is not a locale of ${release.value.id}, which carries ${list}.`,
      path: missing[0],
      fix_hint: `Use locales of the release: ${list}.`,
    }),
    releaseMeta(release.value),
  );
}
