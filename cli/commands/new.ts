import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNSTAMPED_HASH } from '../../src/domain/content.js';
import { LocaleCode } from '../../src/domain/locale.js';
import { TRANSLATIONS_FILE } from '../load/read-release.js';
import { parseYamlFile } from '../load/yaml-file.js';
import { DEFAULTS, flagPath } from '../paths.js';
import { shown, type Io } from '../report.js';
import { compareNewestFirst, parseDirName, type VersionId } from '../../src/core/version.js';

/** The manifest of a fresh draft. Strings that YAML could misread are double-quoted. */
function draftMeta(id: string, from: string, createdAt: string, locales: readonly string[]): string {
  return [
    `version: ${id}`,
    'status: beta',
    `created_at: ${JSON.stringify(createdAt)}`,
    `notes: ${JSON.stringify(`Drafted from ${from}`)}`,
    `content_hash: ${UNSTAMPED_HASH}`,
    'locales:',
    ...locales.map((l) => `  - ${l}`),
    '',
  ].join('\n');
}

/**
 * A starting `translations.yaml` for a draft whose source release has none: the source locale is
 * `en` when the release carries it (else its first locale), and every other locale is
 * `unverified` until someone records who translated and reviewed it.
 */
function draftTranslations(locales: readonly string[], day: string): string {
  const source = locales.includes('en') ? 'en' : locales[0]!;
  const others = locales.filter((l) => l !== source);
  return [
    '# Translation review metadata (outside the content hash): record who translated each locale',
    '# and how far it was reviewed. See docs/content-format.md.',
    `source_locale: ${source}`,
    others.length ? 'locales:' : 'locales: []',
    ...others.flatMap((l) => [
      `  - locale: ${l}`,
      '    status: unverified',
      `    updated_at: "${day}"`,
      '    summary: Not recorded yet.',
    ]),
    'flags: []',
    '',
  ].join('\n');
}

/**
 * `new <type>@<date>-beta`: copies the newest release of the type (by date; stable before beta
 * on the same date) and rewrites its meta.yaml. The source's `translations.yaml` comes along (the
 * copied texts are the ones it describes); without one, a starting file is written. Usage problems
 * return 2, unreadable sources 1.
 */
export function runNew(io: Io, id: VersionId, rootFlag: string | undefined, now = new Date()): number {
  if (!id.beta) {
    io.err(`new: ${id.id} must be a beta id (<type>@YYYY-MM-DD-beta); promote stable releases separately.`);
    return 2;
  }
  const root = flagPath(rootFlag, DEFAULTS.root);
  const typeDir = join(root, id.type);
  const target = join(typeDir, id.dir);
  if (existsSync(target)) {
    io.err(`new: ${shown(target)} already exists; choose another date.`);
    return 2;
  }
  const candidates = existsSync(typeDir)
    ? readdirSync(typeDir)
        .filter((name) => statSync(join(typeDir, name)).isDirectory())
        .flatMap((name) => {
          const p = parseDirName(id.type, name);
          return p.error === undefined ? [p.value] : [];
        })
        .sort(compareNewestFirst)
    : [];
  const source = candidates[0];
  if (!source) {
    io.err(`new: there is no release of type "${id.type}" under ${shown(root)} to draft from.`);
    return 2;
  }
  const sourceDir = join(typeDir, source.dir);
  const metaFile = join(sourceDir, 'meta.yaml');
  const meta = existsSync(metaFile) ? parseYamlFile(readFileSync(metaFile, 'utf8'), 'meta.yaml') : undefined;
  const locales = meta?.ok
    ? LocaleCode.array()
        .min(1)
        .safeParse((meta.data as { locales?: unknown } | null)?.locales)
    : undefined;
  if (!locales?.success) {
    io.err(
      `new: cannot read locales from ${shown(metaFile)}; fix it (npm run schema -- validate ${source.id}) and retry.`,
    );
    return 1;
  }
  cpSync(sourceDir, target, { recursive: true });
  writeFileSync(join(target, 'meta.yaml'), draftMeta(id.id, source.id, now.toISOString(), locales.data));
  if (!existsSync(join(target, TRANSLATIONS_FILE)))
    writeFileSync(join(target, TRANSLATIONS_FILE), draftTranslations(locales.data, now.toISOString().slice(0, 10)));
  io.out(`drafted ${id.id} from ${source.id} in ${shown(target)}`);
  io.out(`next: edit it, then run npm run schema -- validate ${id.id}`);
  return 0;
}
