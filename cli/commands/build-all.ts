import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { Bundle } from '../../src/domain/bundle.js';
import type { TranslationReview } from '../../src/domain/translations.js';
import { compileRelease } from '../bundle/compile.js';
import { embeddedFileText } from '../bundle/embedded-file.js';
import { pinnedSets } from '../bundle/embedded-set.js';
import { bucketGuesses, filesModule, generatedModule } from '../bundle/generated-module.js';
import { writeLabelTexts } from '../bundle/label-texts.js';
import { markTextsCurrent } from '../build/script-record.mjs';
import { writeDescriptorsText } from '../bundle/descriptors-text.js';
import { buildVersionIndex } from '../bundle/version-index.js';
import { writeIfChanged } from '../bundle/write.js';
import { DEFAULTS, flagPath } from '../paths.js';
import { formatFinding, shown, type Io } from '../report.js';
import { releaseKey } from '../../src/store/bucket.js';
import { countBySeverity } from '../rules/finding.js';
import { parseDirName, type VersionId } from '../../src/core/version.js';

export interface Discovered {
  releases: { dir: string; id: VersionId }[];
  /** Directories under `<root>/<type>/` whose names are not release names. */
  problems: string[];
}

const subdirs = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();

/** Every `<root>/<type>/<YYYY-MM-DD[-beta]>` directory, sorted by type then name. */
export function discoverReleases(root: string): Discovered {
  const found: Discovered = { releases: [], problems: [] };
  if (!existsSync(root)) return found;
  for (const type of subdirs(root)) {
    for (const name of subdirs(join(root, type))) {
      const parsed = parseDirName(type, name);
      if (parsed.error === undefined) found.releases.push({ dir: join(root, type, name), id: parsed.value });
      else found.problems.push(`${shown(join(root, type, name))}: not a release directory (${parsed.error})`);
    }
  }
  return found;
}

export interface BuildAllOptions {
  root?: string;
  out?: string;
  module?: string;
  embedded?: string;
}

/** Removes every file under `<dir>/<sub>` whose path (relative to `dir`) is not in `keep`, then empty directories. */
function clearExcept(dir: string, sub: string, keep: readonly string[]): void {
  if (!existsSync(join(dir, sub))) return;
  const entries = readdirSync(join(dir, sub), { recursive: true, encoding: 'utf8' }).map(
    (e) => `${sub}/${e.split('\\').join('/')}`,
  );
  for (const rel of entries) if (statSync(join(dir, rel)).isFile() && !keep.includes(rel)) rmSync(join(dir, rel));
  for (const rel of entries.reverse()) {
    const path = join(dir, rel);
    if (existsSync(path) && statSync(path).isDirectory() && readdirSync(path).length === 0)
      rmSync(path, { recursive: true });
  }
}

/** The deployable module (the embedded set's index, no texts), beside the module of every release. */
const deployableModule = (moduleFile: string): string => join(dirname(moduleFile), 'embedded.ts');
/** The module of the embedded set's files (Data modules), beside it. */
const filesModuleOf = (moduleFile: string): string => join(dirname(moduleFile), 'embedded-files.ts');

/**
 * The name a release key's file is written under in `<embedded>`: the key, `.json` made `.release`
 * (a Data module, decision 084).
 */
const shippedName = (key: string): string => key.replace(/\.json$/, '.release');

/** An import specifier from the module's directory to a file (POSIX separators, always relative). */
function specifierFrom(moduleFile: string, file: string): string {
  const rel = relative(dirname(moduleFile), file);
  if (isAbsolute(rel)) throw new Error(`build-all: ${file} cannot be imported from ${moduleFile} (another drive)`);
  const posix = rel.split('\\').join('/');
  return posix.startsWith('../') ? posix : `./${posix}`;
}

/**
 * Writes what ships beside the script besides the releases (decision 062): the locales' fixed
 * wording as text modules under `<embedded>/labels` (`writeLabelTexts`, removing any other file
 * there) and the tool descriptors as `<embedded>/tools.descriptors` (`writeDescriptorsText`), with
 * the modules that import them beside the module (`label-texts.ts`, `descriptors-text.ts`), each
 * kind's stamp newer than what it is written from (the Worker's build writes them again when it is
 * not: cli/build/script-record.mjs).
 */
export function writeTextsBeside(embeddedDir: string, moduleFile: string): void {
  const descriptorsFile = join(dirname(moduleFile), 'descriptors-text.ts');
  const descriptors = join(embeddedDir, 'tools.descriptors');
  writeDescriptorsText(descriptors, descriptorsFile, specifierFrom(descriptorsFile, descriptors));
  markTextsCurrent(descriptors, 'descriptors');
  const labelsFile = join(dirname(moduleFile), 'label-texts.ts');
  const labels = writeLabelTexts(join(embeddedDir, 'labels'), labelsFile, (file) => specifierFrom(labelsFile, file));
  clearExcept(
    embeddedDir,
    'labels',
    labels.map((name) => `labels/${name}`),
  );
  markTextsCurrent(join(embeddedDir, 'labels', 'view-words.labels'), 'labels');
}

/**
 * Builds every release; when all are error-free, writes each bundle, `<out>/index.json`, the
 * embedded set's packed files (`<embedded>/releases/<id>/<hash>.release`, nothing else under it),
 * the module of every release (`moduleFile`: texts and index, for tests and generators), the
 * deployable module beside it (the embedded set's index), the module importing the embedded
 * set's files as Data modules (`embedded-files.ts`, for the Worker's entry), and the other texts
 * that ship beside the script: the locales' fixed wording and the tool descriptors
 * (`writeTextsBeside`, decision 062).
 * Writes nothing and returns 1 if any release has errors.
 */
export function runBuildAll(io: Io, options: BuildAllOptions): number {
  const root = flagPath(options.root, DEFAULTS.root);
  const out = flagPath(options.out, DEFAULTS.out);
  const moduleFile = flagPath(options.module, DEFAULTS.module);
  const embeddedDir = flagPath(options.embedded, DEFAULTS.embedded);
  const { releases, problems } = discoverReleases(root);
  for (const problem of problems) io.out(`error    ${problem}`);
  let failed = problems.length > 0;
  const built: { id: VersionId; bundle: Bundle; json: string }[] = [];
  const translations: Record<string, TranslationReview> = {};
  for (const { dir, id } of releases) {
    const { findings, bundle, json, translations: review } = compileRelease(dir, id);
    if (review) translations[id.id] = review;
    const { errors, warnings } = countBySeverity(findings);
    if (bundle && json !== undefined) {
      built.push({ id, bundle, json });
      io.out(
        `built  ${id.id.padEnd(22)} ${bundle.manifest.content_hash.slice(0, 19)}…  ` +
          `${bundle.elements.length} elements, ${warnings} warning${warnings === 1 ? '' : 's'}`,
      );
      // A warning does not stop the build, but whoever reads the output should see what it is.
      for (const f of findings) if (f.severity === 'warning') io.out(formatFinding(f));
    } else {
      failed = true;
      io.out(
        `FAIL   ${id.id.padEnd(22)} ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
      );
      for (const f of findings) if (f.severity === 'error') io.out(formatFinding(f));
    }
  }
  if (failed) {
    io.out('build-all failed: nothing written. Run `npm run schema -- validate <version>` for details.');
    return 1;
  }
  let embedded: string[];
  let published: string[];
  try {
    ({ embedded, published } = pinnedSets(
      root,
      built.map((b) => b.id),
    ));
  } catch (error) {
    io.out(`error    ${(error as Error).message}`);
    io.out('build-all failed: nothing written.');
    return 1;
  }
  for (const { id, json } of built) writeIfChanged(join(out, id.type, `${id.dir}.json`), json);
  const index = buildVersionIndex(
    built.map((b) => b.bundle),
    translations,
  );
  writeIfChanged(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  const shipped = built.filter((b) => embedded.includes(b.id.id));
  const keys = shipped.map((b) => releaseKey(b.id.id, b.bundle.manifest.content_hash));
  const names = keys.map(shippedName);
  clearExcept(embeddedDir, 'releases', names);
  const files = names.map((name) => join(embeddedDir, name));
  shipped.forEach((b, i) => writeIfChanged(files[i]!, embeddedFileText(b.bundle)));
  writeIfChanged(
    deployableModule(moduleFile),
    generatedModule(
      [],
      buildVersionIndex(
        shipped.map((b) => b.bundle),
        translations,
      ),
      // Over the pinned releases alone, so that adding a release leaves the deployable unchanged.
      bucketGuesses(
        buildVersionIndex(
          built.filter((b) => embedded.includes(b.id.id) || published.includes(b.id.id)).map((b) => b.bundle),
          {},
        ),
        embedded,
      ),
    ),
  );
  const filesFile = filesModuleOf(moduleFile);
  writeIfChanged(
    filesFile,
    filesModule(keys.map((key, i) => ({ key, specifier: specifierFrom(filesFile, files[i]!) }))),
  );
  writeIfChanged(
    moduleFile,
    generatedModule(
      built.map((b) => ({ id: b.id.id, json: b.json })),
      index,
      // Every release is in this module: none is guessed.
      {},
    ),
  );
  writeTextsBeside(embeddedDir, moduleFile);
  io.out(
    `wrote ${built.length} bundle${built.length === 1 ? '' : 's'}, ${shown(join(out, 'index.json'))}, ` +
      `${shown(moduleFile)} and the embedded set (${embedded.join(', ')}) and the texts beside the script (the locales' wording, the tool descriptors) under ${shown(embeddedDir)}`,
  );
  return 0;
}
