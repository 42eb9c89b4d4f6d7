import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { markForEagerCompile } from '../../cli/build/eager-marks.js';

/**
 * A module that leans on what the rewrites must keep: hoisting (a call before the declaration, in
 * the module and in a function body), an arrow's own `this` and `arguments` (left as arrows), an
 * object literal and a sequence as expression bodies, async arrows, default and rest parameters,
 * a directive prologue, a declaration inside a block, and repeated declarations of one name.
 */
const FIXTURE = `
export const early = hoisted(2);
function hoisted(n) { return n * inner(); function inner() { return 10; } }
export const obj = ((a, b = 3, ...rest) => ({ a, b, rest }))(1, undefined, 4, 5);
export const seq = ((x) => (x++, x * 2))(4);
export const curried = ((a) => (b) => (c) => a + b + c)(1)(2)(3);
export const asyncValue = await (async (x) => { await null; return x + 1; })(41);
export const self = { v: 7, get() { return (() => this.v)(); } }.get();
export function args() { return (() => arguments.length)(); }
export const argCount = args(1, 2, 3);
export const strict = (function () { 'use strict'; return typeof later(); function later() { return this; } })();
export const inBlock = (() => { if (true) { function blocky() { return 'b'; } return blocky(); } })();
export const last = twice();
function twice() { return 1; }
export const named = (() => { const f = () => 0; return f.name; })();
export const method = { m() { return 'm'; } }.m();
export class Counter { n = 0; bump = () => ++this.n; static make() { return new Counter(); } }
export const bumped = (() => { const c = Counter.make(); c.bump(); return c.bump(); })();
function once() { once = () => 2; return 1; }
export const onceTwice = [once(), once()];
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
let calls = 0;
const plainFib = fib;
fib = (n) => { calls++; return plainFib(n); };
export const fibCalls = (fib(6), calls);
function* count() { yield 1; yield 2; }
export const counted = [...count()];
async function later2() { return 'later'; }
export const awaited = await later2();
export const viaEval = (function () { return (() => eval('this'))(); }).call('self');
export class Holder { static made; static { Holder.made = (() => 'static')(); } }
export const fromStatic = Holder.made;
export default function () { return 'default'; }
export const ranDefault = (await import(import.meta.url)).default();
`;

const dir = mkdtempSync(join(tmpdir(), 'eager-marks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function evaluate(name: string, code: string): Promise<Record<string, unknown>> {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  const module = await import(/* @vite-ignore */ pathToFileURL(file).href);
  // The values it computed; its functions and classes are new objects in each copy.
  return Object.fromEntries(Object.entries(module).filter(([, v]) => typeof v !== 'function'));
}

describe('eager-compile marks (cli/build/eager-marks.ts)', () => {
  it('keeps what a module computes, while marking its functions', async () => {
    const { code, counts } = markForEagerCompile(FIXTURE);
    const before = await evaluate('before', FIXTURE);
    const after = await evaluate('after', code);
    expect(after).toEqual(before);
    expect(before).toMatchObject({ early: 20, seq: 10, curried: 6, asyncValue: 42, self: 7, argCount: 3 });
    // A function that replaces itself, and recursion through a binding replaced from outside.
    expect(before).toMatchObject({ onceTwice: [1, 2], fibCalls: 25, counted: [1, 2], awaited: 'later' });
    expect(before).toMatchObject({ viaEval: 'self', fromStatic: 'static', ranDefault: 'default' });
    expect(before.strict).toBe('undefined');
    expect(counts.declarations).toBeGreaterThanOrEqual(4);
    expect(counts.arrows).toBeGreaterThanOrEqual(8);
    // Arrows with their own `this`, `arguments` or an `eval` stay arrows; a declaration in a block,
    // an `export function` and an `export default function` stay put.
    expect(counts.arrowsLeft).toBe(4);
    expect(counts.declarationsLeft).toBe(3);
    expect(code).toContain('var hoisted = (function (');
    // A declaration moves to the top of its own body, after the directive prologue.
    expect(code).toMatch(/'use strict'; var later = \(function \(/);
    expect(code).toContain('() => this.v');
    expect(code).toContain('() => arguments.length');
  });

  it('puts every marked function right after a parenthesis', () => {
    const { code } = markForEagerCompile('export const f = function () { return 1; }; export const g = (x) => x;');
    expect(code).toBe('export const f = (function () { return 1; }); export const g = (function(x) { return x});');
  });
});
