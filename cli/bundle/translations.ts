import type { FlagTarget, TranslationReview } from '../../src/domain/translations.js';
import type { Release } from '../release.js';

/** The first field name of a path: `title` in `title`, `variables` in `variables[0].label`. */
const firstField = (path: string): string => /^[^.[\]]*/.exec(path)![0];

/**
 * What a flag key `<file>#<field path>` is about, or `undefined` when the key is not of that form,
 * names no content file of the release, or a field that file does not have.
 */
export function keyTarget(release: Release, key: string): FlagTarget | undefined {
  const hash = key.indexOf('#');
  if (hash <= 0 || hash === key.length - 1) return undefined;
  const file = key.slice(0, hash);
  const field = key.slice(hash + 1);
  const has = (value: object) => Object.hasOwn(value, firstField(field));
  const type = release.datachainType;
  if (file === 'datachain-type.yaml')
    return type && has(type.value) ? { type: 'datachain_type', id: type.value.id, field } : undefined;
  const category = release.categories.find((c) => c.file === file);
  if (category) return has(category.value) ? { type: 'category', id: category.value.id, field } : undefined;
  const element = release.elements.find((e) => e.file === file);
  if (element) return has(element.value) ? { type: 'element', id: element.value.id, field } : undefined;
  return undefined;
}

/**
 * The built review metadata of a release (each flag with the targets of its keys), or `undefined`
 * when it ships none. Call only on a release without error findings.
 */
export function buildTranslations(release: Release): TranslationReview | undefined {
  const authored = release.translations?.value;
  if (!authored) return undefined;
  return {
    source_locale: authored.source_locale,
    ...(authored.written_by === undefined ? {} : { written_by: authored.written_by }),
    locales: authored.locales,
    flags: authored.flags.map((flag) => ({
      ...flag,
      targets: flag.keys.flatMap((key) => {
        const target = keyTarget(release, key);
        return target ? [target] : [];
      }),
    })),
  };
}
