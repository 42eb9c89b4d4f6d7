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
const KEY = 'computed';
const base = { hello() { return 'base'; } };
export const methods = (() => {
  const o = {
    plain(a, b = 2) { return [this.tag, a + b, arguments.length]; },
    async later(x) { await null; return x * 2; },
    *gen() { yield 1; yield 2; },
    async *agen() { yield 'a'; },
    [KEY]() { return 'c'; },
    [[KEY][0] + 2]() { return 'c2'; },
    'quoted key'() { return 'q'; },
    42() { return 'n'; },
    selfName() { return typeof selfName; },
    viaEval() { return eval('super.constructor === Object'); },
    __proto__() { return 'own'; },
    tag: 't',
  };
  const child = { __proto__: base, hello() { return \`child of \${super.hello()}\`; } };
  return { o, child };
})();
export const methodResults = await (async () => {
  const { o, child } = methods;
  const agen = [];
  for await (const v of o.agen()) agen.push(v);
  return {
    plain: o.plain(1), later: await o.later(4), gen: [...o.gen()], agen, computed: o.computed(), computed2: o.computed2(),
    quoted: o['quoted key'](), numeric: o[42](), selfName: o.selfName(), viaEval: o.viaEval(), protoOwn: Object.hasOwn(o, '__proto__') && o.__proto__(),
    protoOf: Object.getPrototypeOf(o) === Object.prototype, sup: child.hello(),
    names: [o.plain.name, o.later.name, o.gen.name, o.computed.name, o['quoted key'].name, o[42].name],
    keys: Object.keys(o),
  };
})();
delete methods.o; delete methods.child;
export const Made = (() => class { v = 5; w = this.v * 2; get() { return this.v; } [(() => 'k')()]() { return this.v + 1; } })();
export const madeValues = [new Made().get(), new Made().k(), new Made().w];
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
    const { out, counts } = markForEagerCompile(FIXTURE);
    const code = out.toString();
    const before = await evaluate('before', FIXTURE);
    const after = await evaluate('after', code);
    expect(after).toEqual(before);
    expect(before).toMatchObject({ early: 20, seq: 10, curried: 6, asyncValue: 42, self: 7, argCount: 3 });
    // A function that replaces itself, and recursion through a binding replaced from outside.
    expect(before).toMatchObject({ onceTwice: [1, 2], fibCalls: 25, counted: [1, 2], awaited: 'later' });
    expect(before).toMatchObject({ viaEval: 'self', fromStatic: 'static', ranDefault: 'default' });
    expect(before.strict).toBe('undefined');
    expect(before.methodResults).toEqual({
      plain: ['t', 3, 1],
      later: 8,
      gen: [1, 2],
      agen: ['a'],
      computed: 'c',
      computed2: 'c2',
      quoted: 'q',
      numeric: 'n',
      selfName: 'undefined',
      viaEval: true,
      protoOwn: 'own',
      protoOf: true,
      sup: 'child of base',
      names: ['plain', 'later', 'gen', 'computed', 'quoted key', '42'],
      keys: [
        '42',
        'plain',
        'later',
        'gen',
        'agen',
        'computed',
        'computed2',
        'quoted key',
        'selfName',
        'viaEval',
        '__proto__',
        'tag',
      ],
    });
    // Object methods become parenthesized function expressions; `__proto__`, a `super` reader and an
    // `eval` caller stay.
    expect(counts.methods).toBe(12);
    expect(counts.methodsLeft).toBe(3);
    expect(code).toContain('later: (async function(x)');
    expect(code).toContain('agen: (async function*()');
    expect(code).toContain('[[KEY][0] + 2]: (function()');
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
    // A class's own `this` is not the arrow's: an arrow that makes a class is still converted.
    expect(before.madeValues).toEqual([5, 6, 10]);
    expect(code).toContain('(function() { return class {');
    expect(code).toContain('() => arguments.length');
  });

  it('puts every marked function right after a parenthesis', () => {
    const code = markForEagerCompile(
      'export const f = function () { return 1; }; export const g = (x) => x;',
    ).out.toString();
    expect(code).toBe('export const f = (function () { return 1; }); export const g = (function(x) { return x});');
  });
});
