import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWorkerScript, zodWithoutJsonSchema } from '../../cli/build/worker-script.js';
import { PROJECT_ROOT } from '../../cli/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'worker-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const outfile = join(dir, 'worker', 'index.js');

describe('the Worker script first build stage (cli/build/worker-script.ts)', () => {
  it('bundles src/index.ts with its functions marked, the embedded set left as imports beside it', async () => {
    const first = await buildWorkerScript({ outfile, eager: true });
    expect(first.built).toBe(true);
    expect(first.counts!.declarations + first.counts!.arrows + first.counts!.expressions).toBeGreaterThan(1000);
    const code = readFileSync(outfile, 'utf8');
    // Every packed release the source imports is imported here by a path that leads to it.
    const imports = [...code.matchAll(/^import \w+ from "([^"]+\.release)";$/gm)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    for (const path of imports) expect(existsSync(resolve(dirname(outfile), path))).toBe(true);
    expect(code).toMatch(/var \w+ = \(function \(/);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.js.map')).toBe(true);
    // The map leads past the marks and the bundle to the sources.
    const map = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => resolve(dirname(outfile), s));
    expect(sources).toContain(join(PROJECT_ROOT, 'src', 'app.ts'));
    // zod's JSON Schema converters are left out (decision 083): its classic schemas' hooks lead to
    // the stub, and of the processors' module only `aggregateChecks` is bundled.
    expect(code).toContain('// cli/build/zod-without-json-schema.js');
    expect(code).not.toContain('// node_modules/zod/v4/core/to-json-schema.js');
    expect(code).not.toMatch(/cannot be represented in JSON Schema/);
    expect(code).toMatch(/\baggregateChecks = \(function \(|function aggregateChecks\(/);
    // Nothing the script is built from calls a schema's own JSON Schema hooks, which would throw there.
    const inputs = (JSON.parse(readFileSync(`${outfile}.inputs.json`, 'utf8')) as { inputs: string[] }).inputs;
    const ours = inputs.filter((f) => f.startsWith('src/'));
    expect(ours.length).toBeGreaterThan(100);
    const callers = ours.filter((f) => /\.toJSONSchema\(|~standard/.test(readFileSync(join(PROJECT_ROOT, f), 'utf8')));
    expect(callers).toEqual([]);
  });

  it('bundles zod with the stub: it parses and reports bounds as zod does, and its JSON Schema hooks throw (decision 083)', async () => {
    const { build } = await import('esbuild');
    const entry = `import * as z from 'zod';
      const n = z.number().int().min(1).max(100);
      const s = z.string().max(5);
      const thrown = (f) => { try { f(); return 'no throw'; } catch (e) { return e.message; } };
      export const parsed = [n.safeParse(5).success, n.safeParse(0).success, s.safeParse('abc').success, s.safeParse('abcdefg').success];
      export const bounds = [n.minValue, n.maxValue, n.isInt, s.maxLength];
      export const hooks = [thrown(() => s.toJSONSchema()), thrown(() => s['~standard'].jsonSchema.input())];`;
    const bundle = async (plugins: Parameters<typeof build>[0]['plugins']) => {
      const out = await build({
        stdin: { contents: entry, resolveDir: PROJECT_ROOT, loader: 'js' },
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        logLevel: 'silent',
        plugins,
      });
      const text = out.outputFiles[0]!.text;
      return { text, module: await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`) };
    };
    const stubbed = await bundle([zodWithoutJsonSchema()]);
    const whole = await bundle([]);
    expect(stubbed.module.parsed).toEqual([true, false, true, false]);
    expect(stubbed.module.bounds).toEqual([1, 100, true, 5]);
    expect(stubbed.module.bounds).toEqual(whole.module.bounds);
    for (const message of stubbed.module.hooks)
      expect(message).toMatch(/JSON Schema conversion is not in the Worker script/);
    // Without the stub the same hooks convert, and the converter is in the bundle.
    expect(whole.module.hooks).toEqual(['no throw', 'no throw']);
    expect(whole.text).toMatch(/cannot be represented in JSON Schema/);
    expect(stubbed.text).not.toMatch(/cannot be represented in JSON Schema/);
    expect(stubbed.text.length).toBeLessThan(whole.text.length - 15_000);
  });

  it("gives zod's classic schemas every JSON Schema name they read, from the stub (decision 083)", () => {
    const classic = readFileSync(join(PROJECT_ROOT, 'node_modules/zod/v4/classic/schemas.js'), 'utf8');
    const stub = readFileSync(join(PROJECT_ROOT, 'cli/build/zod-without-json-schema.js'), 'utf8');
    const read = new Set([...classic.matchAll(/\bprocessors\.(?!js")(\w+)/g)].map((m) => m[1]!));
    const named = /import \{([^}]+)\} from "\.\.\/core\/to-json-schema\.js"/.exec(classic)?.[1];
    expect(named, "zod's classic schemas no longer import to-json-schema.js by name: update the stub").toBeDefined();
    for (const name of named!.split(',')) read.add(name.trim());
    // The two modules the stub stands for are still the only JSON Schema imports of the classic schemas.
    expect([...classic.matchAll(/from "(\.\.\/core\/[\w-]*json[\w-]*\.js)"/g)].map((m) => m[1]).sort()).toEqual([
      '../core/json-schema-processors.js',
      '../core/to-json-schema.js',
    ]);
    const exported = new Set([
      ...[...stub.matchAll(/^export const (\w+)/gm)].map((m) => m[1]!),
      ...[...stub.matchAll(/^export \{ (\w+) \} from 'zod\/v4\/core\/json-schema-processors\.js';$/gm)].map(
        (m) => m[1]!,
      ),
    ]);
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
    // zod's own aggregateChecks, never a stand-in: a string's `format`, `minLength` and `maxLength` read it.
    expect(exported.has('aggregateChecks')).toBe(true);
    expect(stub).not.toMatch(/export const aggregateChecks/);
  });

  it('leaves a current script alone, and builds again when a source or the mode changes', async () => {
    expect((await buildWorkerScript({ outfile, eager: true })).built).toBe(false);
    const off = await buildWorkerScript({ outfile, eager: false });
    expect(off.built).toBe(true);
    expect(readFileSync(outfile, 'utf8')).not.toMatch(/var \w+ = \(function \(/);
    expect((await buildWorkerScript({ outfile, eager: false })).built).toBe(false);
    // A source written after the build began to read it: here the record's start is moved back,
    // so no source is touched and the test does not wait on the clock.
    const record = `${outfile}.inputs.json`;
    const held = JSON.parse(readFileSync(record, 'utf8')) as { started: number; inputs: string[] };
    expect(held.inputs).toContain('src/app.ts');
    writeFileSync(record, JSON.stringify({ ...held, started: 0 }));
    expect((await buildWorkerScript({ outfile, eager: false })).built).toBe(true);
    // A build that stopped before its record was written leaves none, so the next one builds.
    rmSync(record);
    expect((await buildWorkerScript({ outfile, eager: false })).built).toBe(true);
    expect((await buildWorkerScript({ outfile, eager: false })).built).toBe(false);
  });

  it("is what wrangler.toml's [build] command runs, which finds a current script current without TypeScript", () => {
    const toml = readFileSync(join(PROJECT_ROOT, 'wrangler.toml'), 'utf8');
    const command = /^\[build\]\ncommand = "([^"]+)"$/m.exec(toml)?.[1];
    expect(command).toBe('node cli/build/wrangler-build.mjs');
    // Plain node with no loader and the default mode: a static import of TypeScript fails here.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.DTPR_EAGER_COMPILE;
    const run = (flags: string[] = []) => {
      const r = spawnSync(process.execPath, [...flags, 'cli/build/wrangler-build.mjs'], {
        cwd: PROJECT_ROOT,
        env,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim();
    };
    // The first run builds the repository's script when it is not current.
    expect(run()).toMatch(
      /^(wrote build\/worker\/index\.js: \d+ functions marked|build\/worker\/index\.js is current)/,
    );
    // The second finds it current with the TypeScript loader made unloadable: it never asked for it.
    const refuseTsx = `export async function resolve(s, c, next) { if (/^tsx(\\/|$)/.test(s)) throw new Error('tsx was loaded'); return next(s, c); }`;
    const hook = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuseTsx)}`)});`;
    expect(run(['--import', `data:text/javascript,${encodeURIComponent(hook)}`])).toBe(
      'build/worker/index.js is current',
    );
  });
});
