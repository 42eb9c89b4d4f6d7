import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { type Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { LOCALE_LABELS } from '../../src/services/render/shared/labels/index.js';
import { packRelease, unpackRelease } from '../../src/store/packed-release.js';
import { captureIo, copyRelease, makeFixture, type Fixture } from './fixture.js';

function retag(dir: string, version: string, status: string): void {
  const file = join(dir, 'meta.yaml');
  const meta = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, stringify({ ...meta, version, status }));
}

describe('build-all', () => {
  let fx: Fixture;
  let out: string;
  let moduleFile: string;
  let embedded: string;
  const run = (): { code: number; io: ReturnType<typeof captureIo> } => {
    const io = captureIo();
    const code = runCli(
      ['build-all', '--root', fx.root, '--out', out, '--module', moduleFile, '--embedded', embedded],
      io,
    ) as number;
    return { code, io };
  };
  const index = (): VersionIndex => VersionIndex.parse(JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')));

  /** A fixture of `dirName` with the build's outputs under its own base (removed with it). */
  const useFixture = (dirName: string) => {
    fx = makeFixture(dirName);
    out = join(fx.base, 'build');
    moduleFile = join(fx.base, 'generated', 'bundles.ts');
    embedded = join(fx.base, 'embedded');
  };

  beforeEach(() => {
    useFixture('2026-01-01');
    retag(copyRelease(fx, '2026-03-01-beta'), 'ai@2026-03-01-beta', 'beta');
    retag(copyRelease(fx, '2025-12-01-beta'), 'ai@2025-12-01-beta', 'beta');
  });
  afterEach(() => fx.cleanup());

  it('builds every release, one line each, and writes the index with aliases', () => {
    const { code, io } = run();
    expect(code).toBe(0);
    expect(io.stdout.filter((l) => l.startsWith('built  '))).toHaveLength(3);
    const idx = index();
    expect(idx.versions.map((v) => v.id)).toEqual(['ai@2025-12-01-beta', 'ai@2026-01-01', 'ai@2026-03-01-beta']);
    expect(idx.aliases).toEqual({ 'ai@latest': 'ai@2026-01-01', 'ai@latest-beta': 'ai@2026-03-01-beta' });
    expect(idx.versions.map((v) => v.aliases)).toEqual([[], ['ai@latest'], ['ai@latest-beta']]);
    expect(idx.versions[1]).toMatchObject({ status: 'stable', created_at: '2026-01-01T00:00:00Z' });
    expect(existsSync(join(out, 'ai', '2026-03-01-beta.json'))).toBe(true);
  });

  it("prints each release's warnings under its line: a warning does not stop the build", () => {
    fx.edit('elements/health.yaml', (d) => {
      d.label = 'x';
    });
    const { code, io } = run();
    expect(code).toBe(0);
    const lines = io.stdout;
    const built = lines.findIndex((l) => l.startsWith('built  ai@2026-01-01') && l.endsWith('1 warning'));
    expect(built).toBeGreaterThanOrEqual(0);
    expect(lines[built + 1]).toMatch(/^warning {2}unknown_key {2}elements\/health\.yaml {2}label/);
  });

  it('ships the embedded set as packed files, names it in the deployable module and imports each file beside it', async () => {
    run();
    const mod = (await import(pathToFileURL(join(fx.base, 'generated', 'embedded.ts')).href)) as {
      BUNDLES: Record<string, string>;
      VERSION_INDEX: string;
    };
    expect(mod.BUNDLES).toEqual({});
    const shipped = VersionIndex.parse(JSON.parse(mod.VERSION_INDEX));
    // No embedded.json in the fixture: the newest stable and the newest beta.
    expect(shipped.versions.map((v) => v.id)).toEqual(['ai@2026-01-01', 'ai@2026-03-01-beta']);
    // Read as text: it imports its files as Data modules (wrangler.toml's `*.release` rule), which Node cannot load.
    const files = readFileSync(join(fx.base, 'generated', 'embedded-files.ts'), 'utf8');
    shipped.versions.forEach((v, i) => {
      const file = join(embedded, 'releases', v.id, `${v.content_hash}.release`);
      // Packed (src/store/packed-release.ts): the published release, field for field.
      const published = readFileSync(join(out, 'ai', `${v.id.slice(3)}.json`), 'utf8');
      const shippedText = readFileSync(file, 'utf8');
      expect(shippedText).toMatch(/^[\x00-\x7f]*$/);
      expect(shippedText).toBe(
        packRelease(JSON.parse(published) as Bundle, { elementsLine: true, listed: true, ascii: true }),
      );
      expect(canonicalJson(unpackRelease(shippedText, v.id))).toBe(canonicalJson(JSON.parse(published)));
      // Imported from the module's directory, and named by its key in the store's layout.
      expect(files).toContain(`import file${i} from "../embedded/releases/${v.id}/${v.content_hash}.release";`);
      expect(files).toContain(`"releases/${v.id}/${v.content_hash}.json": file${i},`);
    });
    expect(readdirSync(join(embedded, 'releases')).sort()).toEqual(['ai@2026-01-01', 'ai@2026-03-01-beta']);
  });

  it("ships the locales' fixed wording and the tool descriptors beside the script: one text module per locale, the view's words, the descriptors, and nothing stale", () => {
    const stale = join(embedded, 'labels', 'xx.labels');
    run();
    writeFileSync(stale, '{}');
    run();
    expect(existsSync(stale)).toBe(false);
    const names = readdirSync(join(embedded, 'labels')).sort();
    expect(names).toEqual([...Object.keys(LOCALE_LABELS), 'view-words'].map((name) => `${name}.labels`).sort());
    for (const [locale, table] of Object.entries(LOCALE_LABELS)) {
      const text = readFileSync(join(embedded, 'labels', `${locale}.labels`), 'utf8');
      expect(text, locale).toMatch(/^[\x00-\x7f]*$/);
      expect(JSON.parse(text), locale).toEqual(table);
    }
    // Read as text: it imports the files as text modules (wrangler.toml's `*.labels` rule), which Node cannot load.
    const module = readFileSync(join(fx.base, 'generated', 'label-texts.ts'), 'utf8');
    for (const name of names) expect(module).toContain(`from "../embedded/labels/${name}";`);
    expect(module).toMatch(/export const LABEL_TEXTS: Readonly<Record<string, string>> = \{[^}]*"fr": text\d+,/);
    expect(module).toMatch(/export const VIEW_WORDS_TEXT: string = text\d+;/);
    // The tool descriptors beside them: the checked-in file, compact and in ASCII.
    const descriptors = readFileSync(join(embedded, 'tools.descriptors'), 'utf8');
    expect(descriptors).toMatch(/^[\x00-\x7f]*$/);
    expect(JSON.parse(descriptors)).toEqual(
      JSON.parse(readFileSync(new URL('../../src/tools/kernel/tool-descriptors.json', import.meta.url), 'utf8')),
    );
    expect(readFileSync(join(fx.base, 'generated', 'descriptors-text.ts'), 'utf8')).toContain(
      'import text from "../embedded/tools.descriptors";',
    );
  });

  it('ships the releases embedded.json pins, and the deployable does not change when a release is added', () => {
    writeFileSync(
      join(fx.root, 'embedded.json'),
      JSON.stringify({ embedded: ['ai@2025-12-01-beta'], published: ['ai@2026-03-01-beta'] }),
    );
    run();
    const deployable = readFileSync(join(fx.base, 'generated', 'embedded.ts'), 'utf8');
    const files = readFileSync(join(fx.base, 'generated', 'embedded-files.ts'), 'utf8');
    const listing = () => readdirSync(join(embedded, 'releases'), { recursive: true, encoding: 'utf8' }).sort();
    const before = listing();
    expect(before.filter((f) => f.endsWith('.release'))).toHaveLength(1);
    retag(copyRelease(fx, '2026-04-01-beta'), 'ai@2026-04-01-beta', 'beta');
    expect(run().code).toBe(0);
    expect(index().versions.map((v) => v.id)).toContain('ai@2026-04-01-beta');
    expect(readFileSync(join(fx.base, 'generated', 'embedded.ts'), 'utf8')).toBe(deployable);
    expect(readFileSync(join(fx.base, 'generated', 'embedded-files.ts'), 'utf8')).toBe(files);
    expect(listing()).toEqual(before);
  });

  it('names the releases embedded.json publishes in the deployable, by id and by the aliases over the pinned releases (decision 071)', async () => {
    writeFileSync(
      join(fx.root, 'embedded.json'),
      JSON.stringify({ embedded: ['ai@2026-01-01'], published: ['ai@2025-12-01-beta'] }),
    );
    expect(run().code).toBe(0);
    const hashOf = (id: string) => index().versions.find((v) => v.id === id)!.content_hash;
    const guesses = async () =>
      (
        (await import(`${pathToFileURL(join(fx.base, 'generated', 'embedded.ts')).href}?at=${Date.now()}`)) as {
          BUCKET_GUESSES: Record<string, [string, string]>;
        }
      ).BUCKET_GUESSES;
    // ai@2026-03-01-beta is built but not pinned: the pinned releases' newest beta is the published one.
    expect(await guesses()).toEqual({
      'ai@2025-12-01-beta': ['ai@2025-12-01-beta', hashOf('ai@2025-12-01-beta')],
      'ai@latest-beta': ['ai@2025-12-01-beta', hashOf('ai@2025-12-01-beta')],
    });
    rmSync(join(fx.root, 'embedded.json'));
    expect(run().code).toBe(0);
    expect(await guesses()).toEqual({});
  });

  it('refuses an embedded.json that publishes a release it embeds', () => {
    writeFileSync(
      join(fx.root, 'embedded.json'),
      JSON.stringify({ embedded: ['ai@2026-01-01'], published: ['ai@2026-01-01'] }),
    );
    const { code, io } = run();
    expect(code).toBe(1);
    expect(io.text()).toContain("'ai@2026-01-01' is both embedded and published");
  });

  it('refuses an embedded.json that names a release it does not build', () => {
    writeFileSync(join(fx.root, 'embedded.json'), JSON.stringify({ embedded: ['ai@2099-01-01'] }));
    const { code, io } = run();
    expect(code).toBe(1);
    expect(io.text()).toContain("'ai@2099-01-01' is not a release");
    expect(existsSync(moduleFile)).toBe(false);
    writeFileSync(
      join(fx.root, 'embedded.json'),
      JSON.stringify({ embedded: ['ai@2026-01-01'], published: ['ai@2099-01-01'] }),
    );
    expect(run().code).toBe(1);
  });

  it('writes a module embedding each bundle and the index as JSON text', async () => {
    run();
    const mod = (await import(pathToFileURL(moduleFile).href)) as {
      BUNDLES: Record<string, string>;
      VERSION_INDEX: string;
    };
    expect(Object.keys(mod.BUNDLES)).toEqual(['ai@2025-12-01-beta', 'ai@2026-01-01', 'ai@2026-03-01-beta']);
    expect(mod.BUNDLES['ai@2026-01-01']).toBe(readFileSync(join(out, 'ai', '2026-01-01.json'), 'utf8'));
    expect(JSON.parse(mod.VERSION_INDEX)).toEqual(index());
    const hash = (JSON.parse(mod.BUNDLES['ai@2026-01-01'] ?? '{}') as { manifest: { content_hash: string } }).manifest
      .content_hash;
    expect(index().versions[1]?.content_hash).toBe(hash);
  });

  it('is deterministic', () => {
    run();
    const first = [readFileSync(moduleFile, 'utf8'), readFileSync(join(out, 'index.json'), 'utf8')];
    run();
    expect([readFileSync(moduleFile, 'utf8'), readFileSync(join(out, 'index.json'), 'utf8')]).toEqual(first);
  });

  it('gives a type without a stable release no latest alias, only latest-beta', () => {
    fx.cleanup();
    useFixture('2026-01-01-beta');
    retag(copyRelease(fx, '2026-02-01-beta'), 'ai@2026-02-01-beta', 'beta');
    expect(run().code).toBe(0);
    expect(index().aliases).toEqual({ 'ai@latest-beta': 'ai@2026-02-01-beta' });
  });

  it('exits 1 and writes nothing when any release has errors', () => {
    fx.edit('elements/health.yaml', (d) => {
      d.symbol_id = 'nope';
    });
    const { code, io } = run();
    expect(code).toBe(1);
    expect(io.text()).toContain('FAIL   ai@2026-01-01');
    expect(io.text()).toContain('symbol_not_found');
    expect(existsSync(join(out, 'index.json'))).toBe(false);
    expect(existsSync(moduleFile)).toBe(false);
  });

  it('exits 1 on a directory that is not a release name', () => {
    copyRelease(fx, 'draft');
    const { code, io } = run();
    expect(code).toBe(1);
    expect(io.text()).toContain('not a release directory');
  });
});
