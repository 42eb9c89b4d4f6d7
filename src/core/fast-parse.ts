import type * as z from 'zod';
import { isRecord } from './values.js';

/**
 * A parser compiled once from a zod schema into plain closures, for runtimes that forbid eval
 * (where zod parses on its slower interpreted path). Contract: when it returns `{ value }`, zod's
 * `safeParse` of the same input succeeds with a deeply equal value, keys in the same order. When it
 * returns `undefined`, the caller asks zod, which alone words the errors; that answer is also the
 * safe one for anything this parser is not sure of. Checks (lengths, patterns, formats, refinements)
 * are zod's own check functions, so caps are enforced by the same code either way; only the
 * structure (objects, arrays, records, unions, wrappers, scalar types) is walked here, and a schema
 * type it does not know is handed to zod for that subtree.
 */
export type FastParser = (input: unknown) => { value: unknown } | undefined;

/** A compiled node: the parsed value, or FAIL when zod rejects it. Throws Unsure when it cannot tell. */
type Node = (input: unknown) => unknown;

const FAIL: unique symbol = Symbol('fail');

class Unsure extends Error {}

/**
 * What zod's record schema accepts as an object: a non-array object whose constructor is absent or
 * not a function, or whose prototype is an object carrying its own `isPrototypeOf` (plain objects
 * and `Object.create(null)` pass; class instances with a foreign prototype do not). Kept here rather
 * than read from zod's namespace so the bundle does not take zod's whole core (with its locales).
 */
function isRecordLike(v: unknown): v is Record<string, unknown> {
  if (!isRecord(v)) return false;
  const ctor = (v as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isRecord(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}

type Internals = {
  def: Def;
  traits: Set<string>;
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  values?: Set<unknown>;
  propValues?: Record<string, Set<unknown>>;
  run(payload: Payload, ctx: object): Payload | Promise<Payload>;
  check?(payload: Payload): unknown;
};
type Def = { type: string; checks?: unknown[]; [k: string]: unknown };
type Payload = { value: unknown; issues: unknown[] };
type Check = { _zod: { def: { when?: (p: Payload) => boolean }; check(payload: Payload): unknown } };

const zodOf = (schema: unknown): Internals => (schema as { _zod: Internals })._zod;
const RUN_CONTEXT = { async: false };

/** Every check zod runs on a value of this schema once its type is accepted, in zod's order. */
function checksOf(internals: Internals): Check[] {
  const own = (internals.def.checks ?? []) as Check[];
  // A schema that is itself a check (a string or number format) runs first, as in zod.
  return internals.traits.has('$ZodCheck') ? [{ _zod: internals } as unknown as Check, ...own] : own;
}

/**
 * Runs checks as zod does after a successful type parse (a check with `when` runs only when it says
 * so): the value they leave (an overwriting check such as trim may change it), or FAIL.
 */
function afterChecks(checks: readonly Check[], value: unknown): unknown {
  if (checks.length === 0) return value;
  const payload: Payload = { value, issues: [] };
  for (const check of checks) {
    const when = check._zod.def.when;
    if (when && !when(payload)) continue;
    if (check._zod.check(payload) instanceof Promise) throw new Unsure();
    if (payload.issues.length) return FAIL;
  }
  return payload.value;
}

/** zod's own run of a subtree: exact by construction, used for schema types compiled nowhere else. */
function delegate(schema: unknown): Node {
  const internals = zodOf(schema);
  return (input) => {
    const result = internals.run({ value: input, issues: [] }, { ...RUN_CONTEXT });
    if (result instanceof Promise) throw new Unsure();
    return result.issues.length ? FAIL : result.value;
  };
}

function scalar(test: (v: unknown) => boolean, checks: readonly Check[]): Node {
  return (input) => (test(input) ? afterChecks(checks, input) : FAIL);
}

type LengthDef = { check?: string; maximum?: number; minimum?: number };

/**
 * A string node. When its checks are only length bounds (the common case: every text has a cap),
 * a string whose UTF-16 length settles them passes without running them: zod counts code points,
 * each one or two units, so `units <= max` is within every maximum and `units >= 2 * min` clears
 * every minimum. (A check's `when` can only skip it, and skipping a check the value passes changes
 * nothing.) A length in between is left to `afterChecks`, which runs zod's own checks.
 */
function stringNode(checks: readonly Check[]): Node {
  const isString = (v: unknown) => typeof v === 'string';
  if (checks.length === 0) return scalar(isString, checks);
  let max = Number.POSITIVE_INFINITY;
  let min = 0;
  for (const check of checks) {
    const def = check._zod.def as LengthDef;
    if (def.check === 'max_length' && typeof def.maximum === 'number') max = Math.min(max, def.maximum);
    else if (def.check === 'min_length' && typeof def.minimum === 'number') min = Math.max(min, def.minimum);
    else return scalar(isString, checks);
  }
  return (input) => {
    if (typeof input !== 'string') return FAIL;
    const units = input.length;
    return units <= max && units >= 2 * min ? input : afterChecks(checks, input);
  };
}

function objectNode(def: Def, compile: (s: unknown) => Node): Node {
  const shape = def.shape as Record<string, unknown>;
  if (Object.getOwnPropertySymbols(shape).length) throw new Unsure();
  // Keys the shape lacks, as zod walks them (for...in: inherited enumerable keys included), after
  // the shape's keys: a strict object (catchall `never`) rejects any; another catchall parses each
  // (but `__proto__`, never copied) and keeps its value, a key that fails it failing the object.
  const strict = def.catchall !== undefined && zodOf(def.catchall).def.type === 'never';
  const extra = def.catchall !== undefined && !strict ? compile(def.catchall) : undefined;
  const declared = new Set(Object.keys(shape));
  const fields = Object.keys(shape)
    .filter((k) => k !== '__proto__')
    .map((key) => {
      const internals = zodOf(shape[key]);
      return { key, node: compile(shape[key]), optin: internals.optin, optionalOut: internals.optout === 'optional' };
    });
  // Mirrors zod's handling of one property: absent optional keys are left out, absent defaulted
  // keys take the default, absent required keys fail; output keys follow the shape's order.
  return (input) => {
    if (!isRecord(input)) return FAIL;
    if (strict) for (const key in input) if (!declared.has(key)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const { key, node, optin, optionalOut } of fields) {
      const raw = input[key];
      // A key read as undefined may still be present (set to undefined): only then ask `in`.
      const present = raw !== undefined || key in input;
      if (!present && optin === 'optional' && optionalOut) continue;
      const value = node(raw);
      if (value === FAIL) {
        if (!present && optin !== undefined && optionalOut) continue;
        return FAIL;
      }
      if (!present && optin === undefined) return FAIL;
      if (value !== undefined) out[key] = value;
      else if (present || (optin === 'defaulted' && !optionalOut)) out[key] = undefined;
    }
    if (extra)
      for (const key in input) {
        if (declared.has(key) || key === '__proto__') continue;
        const value = extra(input[key]);
        if (value === FAIL) return FAIL;
        out[key] = value;
      }
    return out;
  };
}

function arrayNode(def: Def, compile: (s: unknown) => Node): Node {
  const element = compile(def.element);
  return (input) => {
    if (!Array.isArray(input)) return FAIL;
    const out: unknown[] = new Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const value = element(input[i]);
      if (value === FAIL) return FAIL;
      out[i] = value;
    }
    return out;
  };
}

function recordNode(def: Def, compile: (s: unknown) => Node): Node {
  if (zodOf(def.keyType).values || def.mode === 'loose' || def.partial) throw new Unsure();
  const keyNode = compile(def.keyType);
  const valueNode = compile(def.valueType);
  return (input) => {
    if (!isRecordLike(input)) return FAIL;
    // Symbol keys, and keys the key schema refuses (zod retries numeric ones as numbers), are left to zod.
    if (Object.getOwnPropertySymbols(input).length) throw new Unsure();
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      if (key === '__proto__') continue;
      const outKey = keyNode(key);
      if (outKey === FAIL) throw new Unsure();
      if (outKey === '__proto__') continue;
      const value = valueNode(input[key]);
      if (value === FAIL) return FAIL;
      out[outKey as string] = value;
    }
    return out;
  };
}

function unionNode(def: Def, compile: (s: unknown) => Node): Node {
  const options = (def.options as unknown[]).map(compile);
  if (def.discriminator === undefined) {
    if (def.inclusive === false) throw new Unsure();
    // The first option that accepts the value wins, as in zod.
    return (input) => {
      for (const option of options) {
        const value = option(input);
        if (value !== FAIL) return value;
      }
      return FAIL;
    };
  }
  if (def.unionFallback) throw new Unsure();
  const discriminator = def.discriminator as string;
  const byTag = new Map<unknown, Node>();
  (def.options as unknown[]).forEach((o, i) => {
    for (const tag of zodOf(o).propValues?.[discriminator] ?? []) {
      if (tag === undefined || byTag.has(tag)) throw new Unsure();
      byTag.set(tag, options[i]!);
    }
  });
  return (input) => {
    if (!isRecord(input)) return FAIL;
    const option = byTag.get(input[discriminator]);
    return option ? option(input) : FAIL;
  };
}

function compileNode(schema: unknown, compile: (s: unknown) => Node): Node {
  const internals = zodOf(schema);
  const def = internals.def;
  const checks = checksOf(internals);
  const inner = () => compile(def.innerType);
  let node: Node;
  switch (def.type) {
    case 'string':
      if (def.coerce) throw new Unsure();
      return stringNode(checks);
    case 'number':
      if (def.coerce) throw new Unsure();
      return scalar((v) => typeof v === 'number' && Number.isFinite(v), checks);
    case 'boolean':
      if (def.coerce) throw new Unsure();
      return scalar((v) => typeof v === 'boolean', checks);
    case 'unknown':
    case 'any':
      node = (input) => input;
      break;
    case 'enum':
    case 'literal': {
      const values = internals.values!;
      return scalar((v) => values.has(v), checks);
    }
    case 'optional': {
      // An optional default substitutes for absence through its inner schema: left to zod.
      if (zodOf(def.innerType).optin === 'defaulted') throw new Unsure();
      const n = inner();
      node = (input) => (input === undefined ? undefined : n(input));
      break;
    }
    case 'nullable': {
      const n = inner();
      node = (input) => (input === null ? null : n(input));
      break;
    }
    case 'default': {
      const n = inner();
      const fallback = () => def.defaultValue;
      node = (input) => {
        if (input === undefined) return fallback();
        const value = n(input);
        return value === undefined ? fallback() : value;
      };
      break;
    }
    case 'object':
      node = objectNode(def, compile);
      break;
    case 'array':
      node = arrayNode(def, compile);
      break;
    case 'record':
      node = recordNode(def, compile);
      break;
    case 'union':
      node = unionNode(def, compile);
      break;
    default:
      throw new Unsure();
  }
  if (checks.length === 0) return node;
  return (input) => {
    const value = node(input);
    return value === FAIL ? FAIL : afterChecks(checks, value);
  };
}

/** Compiles every node of a schema; a node it cannot mirror exactly is run by zod instead. */
function compileSchema(root: unknown): Node {
  const nodes = new Map<unknown, Node>();
  const compile = (schema: unknown): Node => {
    const node = nodes.get(schema);
    if (node) return node;
    // A schema reached again while it is being compiled is called through this late-bound slot.
    let built: Node | undefined;
    nodes.set(schema, (input) => built!(input));
    try {
      built = compileNode(schema, compile);
    } catch (e) {
      if (!(e instanceof Unsure)) throw e;
      built = delegate(schema);
    }
    nodes.set(schema, built);
    return built;
  };
  return compile(root);
}

const compiled = new WeakMap<object, FastParser>();

/** The fast parser of a schema, compiled on first use. */
export function fastParser(schema: z.ZodType): FastParser {
  let parser = compiled.get(schema);
  if (!parser) {
    const root = compileSchema(schema);
    parser = (input) => {
      try {
        const value = root(input);
        return value === FAIL ? undefined : { value };
      } catch (e) {
        if (e instanceof Unsure) return undefined;
        throw e;
      }
    };
    compiled.set(schema, parser);
  }
  return parser;
}

/**
 * `schema.safeParse(input)` as the caller sees it, read by the schema's fast parser when it accepts
 * the input (zod's value, without zod's parse, whose first run costs an isolate's first call a few
 * milliseconds and which runs interpreted in workerd); zod itself reads, and words, anything else.
 */
export function safeParseFast<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  const fast = fastParser(schema)(input);
  return fast ? { success: true, data: fast.value as z.output<S> } : schema.safeParse(input);
}
