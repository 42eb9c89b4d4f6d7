import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { Category, DatachainType, Element, Manifest } from '../../src/domain/content.js';
import { AuthoredTranslations } from '../../src/domain/translations.js';
import type { Release, Sourced, SymbolFile } from '../release.js';
import { finding, type Finding } from '../rules/finding.js';
import type { VersionId } from '../../src/core/version.js';
import { checkSchema } from './schema-check.js';
import { parseYamlFile } from './yaml-file.js';

/** The review metadata file beside a release's content; optional, and outside the content hash. */
export const TRANSLATIONS_FILE = 'translations.yaml';

export interface Loaded {
  release: Release;
  findings: Finding[];
}

/** Files of `sub/` whose name ends in one of `exts`, sorted by name (code unit order). */
function listFiles(dir: string, sub: string, exts: readonly string[]): string[] {
  const full = join(dir, sub);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((name) => exts.some((ext) => name.endsWith(ext)) && statSync(join(full, name)).isFile())
    .sort()
    .map((name) => `${sub}/${name}`);
}

function idOf(data: unknown, key = 'id'): string | undefined {
  const value = (data as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads and schema-checks every file of a release directory. Never throws for content
 * problems: each one is a finding, and every file is read even after a failure.
 */
export function loadRelease(dir: string, id: VersionId): Loaded {
  const release: Release = {
    dir,
    id,
    categories: [],
    elements: [],
    symbols: [],
    declaredCategories: new Map(),
    declaredElements: new Map(),
  };
  const findings: Finding[] = [];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    findings.push(finding('release_not_found', '', '', `No release directory at ${dir}.`));
    return { release, findings };
  }

  const read = <T>(file: string, schema: z.ZodType<T>, onRaw?: (data: unknown) => void): Sourced<T> | undefined => {
    const yaml = parseYamlFile(readFileSync(join(dir, file), 'utf8'), file);
    // Unreadable files are assumed to declare the id of their name (`elements/<id>.yaml`).
    onRaw?.(yaml.ok ? yaml.data : { id: file.replace(/^.*\//, '').replace(/\.ya?ml$/, '') });
    const checked = checkSchema(schema, yaml, file);
    findings.push(...checked.findings);
    return checked.value === undefined ? undefined : { file, value: checked.value };
  };

  for (const file of ['meta.yaml', 'datachain-type.yaml']) {
    if (!existsSync(join(dir, file))) findings.push(finding('file_missing', file, '', `${file} is missing.`));
  }
  if (existsSync(join(dir, 'meta.yaml'))) release.manifest = read('meta.yaml', Manifest);
  if (existsSync(join(dir, 'datachain-type.yaml'))) release.datachainType = read('datachain-type.yaml', DatachainType);

  for (const file of listFiles(dir, 'categories', ['.yaml', '.yml'])) {
    const parsed = read(file, Category, (data) => {
      const catId = idOf(data);
      if (catId !== undefined && !release.declaredCategories.has(catId)) release.declaredCategories.set(catId, file);
    });
    if (parsed) release.categories.push(parsed);
  }
  for (const file of listFiles(dir, 'elements', ['.yaml', '.yml'])) {
    const parsed = read(file, Element, (data) => {
      const elId = idOf(data);
      if (elId !== undefined && !release.declaredElements.has(elId)) {
        release.declaredElements.set(elId, idOf(data, 'category_id'));
      }
    });
    if (parsed) release.elements.push(parsed);
  }
  if (existsSync(join(dir, TRANSLATIONS_FILE))) release.translations = read(TRANSLATIONS_FILE, AuthoredTranslations);
  release.symbols = listFiles(dir, 'symbols', ['.svg']).map(
    (file): SymbolFile => ({
      id: file.slice('symbols/'.length, -'.svg'.length),
      file,
      text: readFileSync(join(dir, file), 'utf8'),
    }),
  );
  return { release, findings };
}
