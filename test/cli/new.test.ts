import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { validateRelease } from '../../cli/rules/engine.js';
import { parseVersionId } from '../../src/core/version.js';
import { captureIo, copyRelease, makeFixture, type Fixture } from './fixture.js';

describe('new', () => {
  let fx: Fixture;
  const run = (...args: string[]): { code: number; io: ReturnType<typeof captureIo> } => {
    const io = captureIo();
    return { code: runCli(['new', ...args, '--root', fx.root], io) as number, io };
  };
  const meta = (dirName: string): Record<string, unknown> =>
    parse(readFileSync(join(fx.root, 'ai', dirName, 'meta.yaml'), 'utf8')) as Record<string, unknown>;

  beforeEach(() => {
    fx = makeFixture('2026-01-01');
  });
  afterEach(() => fx.cleanup());

  it('drafts a beta from the newest release, with a rewritten manifest, that validates', () => {
    const before = Date.now();
    const { code, io } = run('ai@2026-05-01-beta');
    expect(code).toBe(0);
    expect(io.text()).toContain('drafted ai@2026-05-01-beta from ai@2026-01-01');
    const m = meta('2026-05-01-beta');
    expect(m).toMatchObject({
      version: 'ai@2026-05-01-beta',
      status: 'beta',
      notes: 'Drafted from ai@2026-01-01',
      content_hash: `sha256-${'0'.repeat(64)}`,
      locales: ['en', 'fr'],
    });
    expect(Date.parse(String(m.created_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(readFileSync(join(fx.root, 'ai', '2026-05-01-beta', 'elements', 'health.yaml'), 'utf8')).toBe(
      readFileSync(fx.file('elements/health.yaml'), 'utf8'),
    );
    const id = parseVersionId('ai@2026-05-01-beta');
    if (id.error !== undefined) throw new Error(id.error);
    expect(validateRelease(join(fx.root, 'ai', '2026-05-01-beta'), id.value).findings).toEqual([]);
  });

  it('accepts the slash and %40 spellings', () => {
    expect(run('ai/2026-05-01-beta').code).toBe(0);
    expect(run('ai%402026-06-01-beta').code).toBe(0);
    expect(meta('2026-06-01-beta').notes).toBe('Drafted from ai@2026-05-01-beta');
  });

  it('prefers the stable release on a date tie and the later date otherwise', () => {
    copyRelease(fx, '2026-01-01-beta');
    expect(run('ai@2026-02-01-beta').code).toBe(0);
    expect(meta('2026-02-01-beta').notes).toBe('Drafted from ai@2026-01-01');
    expect(run('ai@2026-03-01-beta').code).toBe(0);
    expect(meta('2026-03-01-beta').notes).toBe('Drafted from ai@2026-02-01-beta');
  });

  it.each([
    ['the target exists', 'ai@2026-01-01-beta', 'already exists', () => copyRelease(fx, '2026-01-01-beta')],
    ['the id is not a beta', 'ai@2026-05-01', 'must be a beta id', () => undefined],
    ['the date does not exist', 'ai@2026-02-30-beta', 'not a valid calendar date', () => undefined],
    ['the id is malformed', 'ai-2026-05-01-beta', 'is not a version id', () => undefined],
    ['there is nothing to copy', 'ml@2026-05-01-beta', 'no release of type "ml"', () => undefined],
  ])('refuses with exit 2 when %s', (_name, id, message, setup) => {
    setup();
    const { code, io } = run(id);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toContain(message);
    expect(existsSync(join(fx.root, 'ai', '2026-05-01-beta'))).toBe(false);
  });
});
