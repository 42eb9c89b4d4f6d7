import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { captureIo, makeFixture, type Fixture } from './fixture.js';

describe('canonicalJson', () => {
  it('sorts keys by code units at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ z: null, y: 'é' }, 2], c: undefined, B: true })).toBe(
      '{"B":true,"a":[{"y":"é","z":null},2],"b":1}',
    );
    expect(canonicalJson({ é: 1, e: 2, '10': 3, '9': 4 })).toBe('{"10":3,"9":4,"e":2,"é":1}');
    expect(canonicalJson([undefined, 'x\n"'])).toBe('[null,"x\\n\\""]');
  });

  it('throws on cycles', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => canonicalJson(a)).toThrow(TypeError);
  });
});

describe('content hash', () => {
  let fx: Fixture;
  const build = (out: string): { text: string; hash: string } => {
    expect(runCli(['build', fx.version.id, '--source', fx.dir, '--out', out], captureIo())).toBe(0);
    const text = readFileSync(join(out, 'ai', '2026-01-01.json'), 'utf8');
    return { text, hash: (JSON.parse(text) as { manifest: { content_hash: string } }).manifest.content_hash };
  };
  beforeEach(() => {
    fx = makeFixture();
  });
  afterEach(() => fx.cleanup());

  it('is reproducible: two builds are byte-identical', () => {
    const first = build(join(fx.base, 'out1'));
    const second = build(join(fx.base, 'out2'));
    expect(second.text).toBe(first.text);
    expect(second.hash).toBe(first.hash);
  });

  it('changes when a symbol changes, even an unused one', () => {
    const before = build(join(fx.base, 'a')).hash;
    fx.writeText(
      'symbols/unused_extra.svg',
      readFileSync(fx.file('symbols/unused_extra.svg'), 'utf8').replace('r="8"', 'r="9"'),
    );
    expect(build(join(fx.base, 'b')).hash).not.toBe(before);
  });

  it('changes when a context colour changes', () => {
    const before = build(join(fx.base, 'a')).hash;
    fx.edit('categories/input_dataset.yaml', (d) => {
      d.element_context.values[0].color = '#4A90DA';
    });
    expect(build(join(fx.base, 'b')).hash).not.toBe(before);
  });

  it('does not depend on the key order or formatting of the bundle', () => {
    const { text, hash } = build(join(fx.base, 'a'));
    const bundle = JSON.parse(text) as { manifest: Record<string, unknown> };
    bundle.manifest.content_hash = `sha256-${'0'.repeat(64)}`;
    const digest = createHash('sha256').update(canonicalJson(bundle)).digest('hex');
    expect(`sha256-${digest}`).toBe(hash);
  });

  it('matches the recipe of docs/content-hash.md, run as written', () => {
    const { hash } = build(join(fx.base, 'a'));
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'content-hash.md'), 'utf8');
    const snippet = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(snippet?.trim().split('\n').length).toBeLessThanOrEqual(10);
    const script = join(fx.base, 'recompute-hash.mjs');
    writeFileSync(script, snippet ?? '');
    const output = execFileSync(process.execPath, [script, join(fx.base, 'a', 'ai', '2026-01-01.json')], {
      encoding: 'utf8',
    });
    expect(output.trim()).toBe(`${hash} matches`);
  });
});
