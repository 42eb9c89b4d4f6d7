import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { Io } from '../../cli/report.js';
import { validateRelease } from '../../cli/rules/engine.js';
import type { Finding } from '../../cli/rules/finding.js';
import { parseVersionId, type VersionId } from '../../src/core/version.js';

/** `{locale, value}` entries for en and fr. */
export const lv = (en: string, fr = `${en} (fr)`): { locale: string; value: string }[] => [
  { locale: 'en', value: en },
  { locale: 'fr', value: fr },
];

const svg = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" fill="none">\n${body}\n</svg>\n`;
export const SAFE_SVG = svg('<circle cx="18" cy="18" r="8" stroke="currentColor" stroke-width="2"/>');

const category = (id: string, shape: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  name: lv(`${id} name`),
  description: lv(`${id} description`),
  datachain_type: 'ai',
  shape,
  ...extra,
});
const element = (
  id: string,
  categoryId: string,
  symbolId: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id,
  category_id: categoryId,
  title: lv(`${id} title`),
  description: lv(`${id} description`),
  symbol_id: symbolId,
  ...extra,
});

/** The files of a small valid release, written in the upstream authoring style. */
function fixtureFiles(version: string, status: string): Record<string, unknown> {
  return {
    'meta.yaml': {
      version,
      status,
      created_at: '2026-01-01T00:00:00Z',
      notes: 'fixture',
      content_hash: `sha256-${'0'.repeat(64)}`,
      locales: ['en', 'fr'],
    },
    'datachain-type.yaml': {
      id: 'ai',
      name: lv('AI'),
      categories: ['purpose', 'retention', 'input_dataset'],
      subchains: [{ id: 'data_flow', name: lv('Data flow'), categories: ['input_dataset'] }],
      locales: ['en', 'fr'],
    },
    'categories/purpose.yaml': category('purpose', 'hexagon', {
      required: true,
      element_variables: [
        { id: 'additional_description', label: lv('More'), required: false },
        {
          id: 'topics',
          kind: 'multi_select_enum',
          label: lv('Topics'),
          options: [{ id: 'care', name: lv('Care'), description: lv('Care topic'), applies_to: ['health'] }],
        },
      ],
    }),
    'categories/retention.yaml': category('retention', 'rounded-square', {
      element_variables: [{ id: 'duration', label: lv('Duration'), required: true }],
    }),
    'categories/input_dataset.yaml': category('input_dataset', 'circle', {
      element_context: {
        id: 'pii',
        name: lv('PII'),
        description: lv('How identifiable'),
        values: [
          { id: 'de_identified', name: lv('De-identified'), description: lv('No names'), color: '#4A90D9' },
          { id: 'identifiable', name: lv('Identifiable'), description: lv('Names'), color: '#FFD700' },
          { id: 'unspecified', name: lv('Unspecified'), description: lv('Not said'), color: null },
        ],
      },
    }),
    'elements/health.yaml': element('health', 'purpose', 'health'),
    'elements/education.yaml': element('education', 'purpose', 'education'),
    'elements/data_retained.yaml': element('data_retained', 'retention', 'is_retained', {
      title: lv('Retained {{duration}}', 'Conservées {{duration}}'),
      description: lv('Kept for {{ duration }}.', 'Conservées pendant {{duration}}.'),
    }),
    'elements/input_personal.yaml': element('input_personal', 'input_dataset', 'personal'),
  };
}

export interface Fixture {
  /** Temp directory holding `schemas/` (and anything a test writes next to it). */
  base: string;
  root: string;
  dir: string;
  version: VersionId;
  file(rel: string): string;
  read(rel: string): Record<string, any>;
  write(rel: string, data: unknown): void;
  writeText(rel: string, text: string): void;
  edit(rel: string, change: (data: Record<string, any>) => void): void;
  remove(rel: string): void;
  validate(): Finding[];
  cleanup(): void;
}

/** A valid release at `<tmp>/schemas/ai/<dir>`; `dir` ending in -beta makes it a beta. */
export function makeFixture(dirName = '2026-01-01', base = mkdtempSync(join(tmpdir(), 'dtpr-cli-'))): Fixture {
  const parsed = parseVersionId(`ai@${dirName}`);
  if (parsed.error !== undefined) throw new Error(parsed.error);
  const version = parsed.value;
  const root = join(base, 'schemas');
  const dir = join(root, 'ai', dirName);
  const fx: Fixture = {
    base,
    root,
    dir,
    version,
    file: (rel) => join(dir, rel),
    read: (rel) => parse(readFileSync(join(dir, rel), 'utf8')) as Record<string, any>,
    write: (rel, data) => fx.writeText(rel, stringify(data)),
    writeText: (rel, text) => {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    },
    edit: (rel, change) => {
      const data = fx.read(rel);
      change(data);
      fx.write(rel, data);
    },
    remove: (rel) => rmSync(join(dir, rel)),
    validate: () => validateRelease(dir, version).findings,
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
  for (const [rel, data] of Object.entries(fixtureFiles(version.id, version.beta ? 'beta' : 'stable')))
    fx.write(rel, data);
  for (const id of ['health', 'education', 'is_retained', 'personal', 'unused_extra'])
    fx.writeText(`symbols/${id}.svg`, SAFE_SVG);
  return fx;
}

/** Copies a fixture release to another directory name under the same root. */
export function copyRelease(fx: Fixture, dirName: string): string {
  const target = join(fx.root, 'ai', dirName);
  cpSync(fx.dir, target, { recursive: true });
  return target;
}

/** An `Io` that records lines. */
export function captureIo(): Io & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    text: () => [...stdout, ...stderr].join('\n'),
  };
}
