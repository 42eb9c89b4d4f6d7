import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { runCli } from '../../cli/main.js';
import { withEntries } from '../../cli/publish/index-object.js';
import type { FindingCode } from '../../cli/rules/catalogue.js';
import { AuthoredTranslations } from '../../src/domain/translations.js';
import { captureIo, makeFixture, type Fixture } from './fixture.js';

const FILE = 'translations.yaml';

/** Review metadata that describes the fixture release truthfully. */
const metadata = (): Record<string, unknown> => ({
  source_locale: 'en',
  written_by: 'fixture authors',
  locales: [
    { locale: 'fr', status: 'machine_draft', translated_by: 'a model', updated_at: '2026-01-02', summary: 'Draft.' },
  ],
  flags: [
    {
      id: 'f1',
      locale: 'fr',
      kind: 'term_choice',
      status: 'open',
      raised_by: 'translator',
      keys: ['elements/health.yaml#title', 'categories/purpose.yaml#name', 'datachain-type.yaml#name'],
      note: 'Which word?',
    },
  ],
});

describe('translations.yaml', () => {
  let fx: Fixture;
  const codes = () => fx.validate().map((f) => `${f.code} ${f.path}`);
  beforeEach(() => {
    fx = makeFixture();
    fx.write(FILE, metadata());
  });
  afterEach(() => fx.cleanup());

  it('validates when it describes the release, and the build gives each flag its targets', () => {
    expect(fx.validate()).toEqual([]);
    const compiled = compileRelease(fx.dir, fx.version);
    expect(compiled.translations?.flags[0]?.targets).toEqual([
      { type: 'element', id: 'health', field: 'title' },
      { type: 'category', id: 'purpose', field: 'name' },
      { type: 'datachain_type', id: 'ai', field: 'name' },
    ]);
    expect(compiled.translations?.written_by).toBe('fixture authors');
  });

  it('is outside the content hash: editing it changes no release', () => {
    const before = compileRelease(fx.dir, fx.version).bundle!.manifest.content_hash;
    fx.edit(FILE, (d) => {
      Object.assign(d.locales[0], { status: 'human_reviewed', reviewed_by: 'a fluent reader' });
    });
    expect(compileRelease(fx.dir, fx.version).bundle!.manifest.content_hash).toBe(before);
    fx.remove(FILE);
    expect(compileRelease(fx.dir, fx.version).bundle!.manifest.content_hash).toBe(before);
  });

  const broken: [string, (d: Record<string, any>) => void, FindingCode, string][] = [
    [
      'a locale the release lacks',
      (d) => void (d.locales[0].locale = 'es'),
      'translations_locale_unknown',
      'locales[0].locale',
    ],
    [
      'a source locale the release lacks',
      (d) => void (d.source_locale = 'de'),
      'translations_locale_unknown',
      'source_locale',
    ],
    [
      'the source listed as translated',
      (d) => void (d.locales[0].locale = 'en'),
      'translations_locale_duplicate',
      'locales[0].locale',
    ],
    [
      'a locale listed twice',
      (d) => void d.locales.push({ ...d.locales[0] }),
      'translations_locale_duplicate',
      'locales[1].locale',
    ],
    [
      'a review with no reviewer',
      (d) => void (d.locales[0].status = 'machine_reviewed'),
      'translations_review_unrecorded',
      'locales[0].reviewed_by',
    ],
    [
      'a review by the translator',
      (d) => void Object.assign(d.locales[0], { status: 'human_reviewed', reviewed_by: d.locales[0].translated_by }),
      'translations_review_unrecorded',
      'locales[0].reviewed_by',
    ],
    [
      'two flags with one id',
      (d) => void d.flags.push({ ...d.flags[0] }),
      'translations_flag_duplicate',
      'flags[1].id',
    ],
    [
      'a key without a field',
      (d) => void (d.flags[0].keys = ['elements/health.yaml']),
      'translations_flag_key_invalid',
      'flags[0].keys[0]',
    ],
    [
      'a key naming no file',
      (d) => void (d.flags[0].keys = ['elements/nope.yaml#title']),
      'translations_flag_key_invalid',
      'flags[0].keys[0]',
    ],
    [
      'a key naming no field',
      (d) => void (d.flags[0].keys = ['elements/health.yaml#nope']),
      'translations_flag_key_invalid',
      'flags[0].keys[0]',
    ],
    [
      'a flag on the source locale',
      (d) => void (d.flags[0].locale = 'en'),
      'translations_flag_on_source',
      'flags[0].locale',
    ],
    [
      'a flag on a locale the release lacks',
      (d) => void (d.flags[0].locale = 'km'),
      'translations_locale_unknown',
      'flags[0].locale',
    ],
  ];
  it.each(broken)('reports %s', (_name, change, code, path) => {
    fx.edit(FILE, change);
    expect(codes()).toContain(`${code} ${path}`);
  });

  it('refuses a status outside the contract with a schema finding', () => {
    fx.edit(FILE, (d) => void (d.locales[0].status = 'reviewed'));
    expect(fx.validate().some((f) => f.code === 'schema_invalid' && f.file === FILE)).toBe(true);
  });

  it('is started by `schema new` when the release it copies has none', () => {
    fx.remove(FILE);
    const io = captureIo();
    expect(runCli(['new', 'ai@2026-05-01-beta', '--root', fx.root], io)).toBe(0);
    const text = readFileSync(join(fx.root, 'ai', '2026-05-01-beta', FILE), 'utf8');
    const started = AuthoredTranslations.parse(parse(text));
    expect(started.source_locale).toBe('en');
    expect(started.locales.map((l) => [l.locale, l.status])).toEqual([['fr', 'unverified']]);
    expect(started.flags).toEqual([]);
  });

  it('comes along with `schema new` when the release it copies has one', () => {
    const io = captureIo();
    expect(runCli(['new', 'ai@2026-05-01-beta', '--root', fx.root], io)).toBe(0);
    const copied = join(fx.root, 'ai', '2026-05-01-beta', FILE);
    expect(existsSync(copied)).toBe(true);
    expect(readFileSync(copied, 'utf8')).toBe(readFileSync(fx.file(FILE), 'utf8'));
  });
});

describe('the version index with review metadata', () => {
  const entry = { id: 'ai@2026-01-01', status: 'stable' as const, created_at: 'x', content_hash: 'h' };
  it('replaces an id’s metadata with its entry, and drops it when the entry comes without', () => {
    const first = JSON.parse(withEntries({ versions: [], aliases: {} }, [{ entry, translations: { a: 1 } }]));
    expect(first.translations).toEqual({ 'ai@2026-01-01': { a: 1 } });
    const second = JSON.parse(withEntries(first, [{ entry }]));
    expect(second.translations).toBeUndefined();
  });
});
