import type { Category, DatachainType, Element, Manifest } from '../src/domain/content.js';
import type { AuthoredTranslations } from '../src/domain/translations.js';
import { LOCALE_CODES, type LocaleCode } from '../src/domain/locale.js';
import type { VersionId } from '../src/core/version.js';

/** A parsed content file: its value (defaults filled) and its path relative to the release. */
export interface Sourced<T> {
  file: string;
  value: T;
}

export interface SymbolFile {
  id: string;
  file: string;
  text: string;
}

/**
 * A release as read from disk. Files that failed to parse are absent from the typed lists
 * (their findings are reported by the loader); the `declared*` maps still record the ids they
 * declare, so one broken file does not cascade into reference errors elsewhere.
 */
export interface Release {
  dir: string;
  /** The release being built, from the command line (the directory it lives in). */
  id: VersionId;
  manifest?: Sourced<Manifest>;
  datachainType?: Sourced<DatachainType>;
  categories: Sourced<Category>[];
  elements: Sourced<Element>[];
  /** `translations.yaml`, the review metadata shipped beside the content (outside its hash), when present. */
  translations?: Sourced<AuthoredTranslations>;
  /** Every `symbols/*.svg`, sorted by id. */
  symbols: SymbolFile[];
  /** Category id -> file, for every category file (a file that is not YAML declares its name's stem). */
  declaredCategories: Map<string, string>;
  /** Element id -> its `category_id` (`undefined` when unreadable), for every element file, as above. */
  declaredElements: Map<string, string | undefined>;
}

/** The locales a release is written in: the manifest's, else the datachain type's, else all. */
export function releaseLocales(release: Release): readonly LocaleCode[] {
  return release.manifest?.value.locales ?? release.datachainType?.value.locales ?? LOCALE_CODES;
}
