import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { Bundle } from '../../src/domain/bundle.js';
import { loadElementIndex, searchElements } from '../../src/services/search/search.js';
import { captureIo, lv, makeFixture, type Fixture } from './fixture.js';

describe('build', () => {
  let fx: Fixture;
  let out: string;
  const build = (): { code: number; io: ReturnType<typeof captureIo> } => {
    const io = captureIo();
    const code = runCli(['build', fx.version.id, '--source', fx.dir, '--out', out], io) as number;
    return { code, io };
  };
  const bundleFile = (): string => join(out, 'ai', '2026-01-01.json');
  const readBundle = (): Bundle => Bundle.parse(JSON.parse(readFileSync(bundleFile(), 'utf8')));

  beforeEach(() => {
    fx = makeFixture();
    out = join(fx.base, 'out');
  });
  afterEach(() => fx.cleanup());

  it('writes the bundle with progress lines and a summary', () => {
    const { code, io } = build();
    expect(code).toBe(0);
    expect(io.stdout.slice(0, 4).map((l) => l.slice(0, 6))).toEqual(['[1/4] ', '[2/4] ', '[3/4] ', '[4/4] ']);
    expect(io.stdout.at(-1)).toBe('0 errors, 0 warnings');
    const text = readFileSync(bundleFile(), 'utf8');
    expect(text).not.toMatch(/\n/);
    expect(readBundle().manifest.content_hash).toMatch(/^sha256-[0-9a-f]{64}$/);
  });

  it('orders categories by the datachain type and elements by id, and keeps every symbol verbatim', () => {
    build();
    const bundle = readBundle();
    expect(bundle.categories.map((c) => c.id)).toEqual(['purpose', 'retention', 'input_dataset']);
    expect(bundle.elements.map((e) => e.id)).toEqual(['data_retained', 'education', 'health', 'input_personal']);
    expect(Object.keys(bundle.symbols).sort()).toEqual([
      'education',
      'health',
      'is_retained',
      'personal',
      'unused_extra',
    ]);
    expect(bundle.symbols.health).toBe(readFileSync(fx.file('symbols/health.svg'), 'utf8'));
  });

  it('materializes variables, shape and icon variants', () => {
    fx.edit('elements/health.yaml', (d) => {
      d.variables = [
        { id: 'topics', label: lv('Own topics') },
        { id: 'clinic', label: lv('Clinic') },
      ];
      d.context = {
        id: 'mode',
        name: lv('Mode'),
        description: lv('Mode'),
        values: [{ id: 'auto', name: lv('Auto'), description: lv('Auto'), color: '#E76F51' }],
      };
    });
    build();
    const byId = new Map(readBundle().elements.map((e) => [e.id, e]));
    const health = byId.get('health');
    expect(health?.variables.map((v) => v.id)).toEqual(['topics', 'clinic', 'additional_description']);
    expect(health?.variables[0]?.kind).toBe('localized_text');
    expect(health?.shape).toBe('hexagon');
    expect(health?.icon_variants).toEqual(['default', 'dark', 'auto', 'auto.dark']);
    expect(byId.get('input_personal')?.icon_variants).toEqual([
      'default',
      'dark',
      'de_identified',
      'de_identified.dark',
      'identifiable',
      'identifiable.dark',
      'unspecified',
      'unspecified.dark',
    ]);
    expect(byId.get('input_personal')?.context).toBeUndefined();
    expect(byId.get('data_retained')).toMatchObject({ shape: 'rounded-square', icon_variants: ['default', 'dark'] });
  });

  it('ships a loadable MiniSearch index per locale', () => {
    fx.edit('elements/health.yaml', (d) => {
      d.title = lv('Healthcare', 'Santé');
    });
    build();
    const bundle = readBundle();
    expect(Object.keys(bundle.search_index)).toEqual(['en', 'fr']);
    const fr = loadElementIndex(JSON.parse(JSON.stringify(bundle.search_index.fr)), 'fr');
    const [hit] = searchElements(fr, 'sante');
    expect(hit?.id).toBe('health');
    expect(hit?.match()).toEqual({ terms: ['sante'], fields: ['title'] });
    const en = loadElementIndex(JSON.parse(JSON.stringify(bundle.search_index.en)), 'en');
    expect(searchElements(en, 'healthcare')[0]?.id).toBe('health');
  });

  it('builds an upstream-style release with unknown keys, warning only', () => {
    fx.edit('meta.yaml', (d) => {
      d.reviewed_by = 'someone';
    });
    fx.edit('elements/health.yaml', (d) => {
      d.label = 'x';
      d.citation = 'y';
    });
    const { code, io } = build();
    expect(code).toBe(0);
    expect(io.text()).toContain('warning  unknown_key  elements/health.yaml  label');
    expect(io.stdout.at(-1)).toBe('0 errors, 3 warnings');
    expect(JSON.stringify(readBundle())).not.toContain('reviewed_by');
  });

  it('writes nothing and exits 1 when there are errors', () => {
    fx.edit('elements/health.yaml', (d) => {
      d.symbol_id = 'nope';
    });
    const { code, io } = build();
    expect(code).toBe(1);
    expect(io.stdout.at(-1)).toBe('1 error, 0 warnings');
    expect(io.text()).toContain('error    symbol_not_found  elements/health.yaml  symbol_id: ');
    expect(io.text()).toMatch(/\n {9}fix: /);
    expect(() => readFileSync(bundleFile())).toThrow();
  });

  it('validate reports a missing release directory', () => {
    const io = captureIo();
    expect(runCli(['validate', 'ai@2026-01-01', '--source', join(fx.base, 'nowhere')], io)).toBe(1);
    expect(io.text()).toContain('error    release_not_found');
  });
});
