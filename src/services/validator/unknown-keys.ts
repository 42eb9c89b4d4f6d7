import type { Deadline } from '../../core/deadline.js';
import { keyPath } from '../../core/json.js';
import { nearestIds } from '../../core/suggest.js';
import { CAPS } from '../../domain/caps.js';
import { finding, type Finding, listIds } from './finding.js';
import type { z } from 'zod';
import { isRecord } from '../../core/values.js';

/** Unknown keys are told the key they most likely meant while fewer findings than this are out (bounded work). */
const SUGGESTED_KEYS = 20;

/**
 * Whether an unknown key is told the key it most likely stands for: one of three characters or more
 * (`x` is near every short key), while few findings are out; `nearestIds` then finds it, unless the
 * object already holds it (renaming would overwrite it).
 */
export const suggestable = (key: string, findings: number): boolean =>
  findings < SUGGESTED_KEYS && key.length >= 3 && key.length <= CAPS.id;

/** A zod schema's definition node, as the walkers over a schema read it. */
export type Def = { type: string; [k: string]: unknown };

/** The definition node of a zod schema. */
export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

/** Strips wrappers (optional, default, ...) and pipes down to the definition that describes the value. */
export function coreDef(schema: unknown): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) || def.type === 'pipe') def = defOf(def.type === 'pipe' ? def.in : def.innerType);
  return def;
}

const INDEX = 0;
const OBJECT_KEY = 1;
const RECORD_KEY = 2;

/**
 * The keys and indexes from the root to the value a walk is at, kept as a stack: the path string is
 * built only when asked for (for a finding), never per visited value. Rendering: an index is
 * `[i]`; a key is `.key`, or `["key"]` when it is not a plain identifier, except that an object key
 * at the root is written as it is.
 */
class KeyTrail {
  private readonly steps: Array<string | number> = [];
  private readonly kinds: number[] = [];

  pushIndex(i: number): void {
    this.steps.push(i);
    this.kinds.push(INDEX);
  }

  pushObjectKey(key: string): void {
    this.steps.push(key);
    this.kinds.push(OBJECT_KEY);
  }

  pushRecordKey(key: string): void {
    this.steps.push(key);
    this.kinds.push(RECORD_KEY);
  }

  pop(): void {
    this.steps.pop();
    this.kinds.pop();
  }

  /** The JSON path of the current value ('' at the root). */
  path(): string {
    let out = '';
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i]!;
      if (this.kinds[i] === INDEX) out += `[${step}]`;
      else if (this.kinds[i] === OBJECT_KEY && out === '') out = step as string;
      else out = keyPath(out, step as string);
    }
    return out;
  }
}

/** A walker of one schema node: one deadline unit per value it visits, findings into `out`. */
type Walker = (value: unknown, trail: KeyTrail, out: Finding[], deadline: Deadline) => void;

const leaf: Walker = (_value, _trail, _out, deadline) => deadline.check();

function arrayWalker(def: Def, compile: (s: unknown) => Walker): Walker {
  const item = compile(def.element);
  return (value, trail, out, deadline) => {
    deadline.check();
    if (!Array.isArray(value)) return;
    for (let i = 0; i < value.length; i++) {
      trail.pushIndex(i);
      item(value[i], trail, out, deadline);
      trail.pop();
    }
  };
}

function recordWalker(def: Def, compile: (s: unknown) => Walker): Walker {
  const entry = compile(def.valueType);
  return (value, trail, out, deadline) => {
    deadline.check();
    if (!isRecord(value)) return;
    for (const k of Object.keys(value)) {
      if (k === '__proto__') {
        // The parser drops this key before anything sees it; say so rather than lose it silently.
        const path = trail.path();
        out.push(
          finding(
            'unknown_key',
            keyPath(path, k),
            `Key '__proto__' in ${path} cannot be used and is ignored.`,
            'Use another key.',
          ),
        );
        continue;
      }
      trail.pushRecordKey(k);
      entry(value[k], trail, out, deadline);
      trail.pop();
    }
  };
}

function objectWalker(def: Def, compile: (s: unknown) => Walker): Walker {
  const shape = def.shape as Record<string, unknown>;
  const fields = new Map(Object.keys(shape).map((k) => [k, compile(shape[k])]));
  const keys = Object.keys(shape);
  const allowed = listIds(keys, 20);
  return (value, trail, out, deadline) => {
    deadline.check();
    if (!isRecord(value)) return;
    for (const k of Object.keys(value)) {
      const field = Object.hasOwn(shape, k) ? fields.get(k) : undefined;
      if (field) {
        trail.pushObjectKey(k);
        field(value[k], trail, out, deadline);
        trail.pop();
        continue;
      }
      const path = trail.path();
      const key = k.length > CAPS.id ? `${k.slice(0, CAPS.id)}…` : k;
      // `context` for `context_type_id`, `variable` for `variables`: the key meant, while few are told.
      const near = suggestable(k, out.length) ? nearestIds(k, keys, 1)[0] : undefined;
      const meant = near !== undefined && !Object.hasOwn(value, near) ? near : undefined;
      out.push(
        finding(
          'unknown_key',
          path ? keyPath(path, key) : key,
          `Unknown key '${key}'${path ? ` in ${path}` : ''} is ignored.`,
          meant
            ? `Did you mean '${meant}'? Rename '${key}' to it, or remove it (keys allowed there: ${allowed}).`
            : `Remove '${key}' or use one of the keys allowed there: ${allowed}.`,
        ),
      );
    }
  };
}

/** A literal field of an object option: the value it requires, and whether it may be left out. */
type Tag = { key: string; values: readonly unknown[]; omittable: boolean };

/**
 * The union option a value was meant for: an object option whose literal fields all match, else
 * the first object option; a value that is not an object goes to the first option that is not one.
 */
function unionWalker(def: Def, compile: (s: unknown) => Walker): Walker {
  const options = def.options as unknown[];
  const scalarOption = options.find((o) => coreDef(o).type !== 'object');
  const scalar = scalarOption === undefined ? undefined : compile(scalarOption);
  const objects = options
    .filter((o) => coreDef(o).type === 'object')
    .map((o) => ({
      walker: compile(o),
      tags: Object.entries(coreDef(o).shape as Record<string, unknown>).flatMap(([key, field]): Tag[] => {
        const fieldDef = coreDef(field);
        return fieldDef.type === 'literal'
          ? [{ key, values: fieldDef.values as unknown[], omittable: defOf(field).type !== 'literal' }]
          : [];
      }),
    }));
  return (value, trail, out, deadline) => {
    deadline.check();
    if (!isRecord(value)) {
      scalar?.(value, trail, out, deadline);
      return;
    }
    const chosen =
      objects.find((o) =>
        o.tags.every((t) => (value[t.key] === undefined ? t.omittable : t.values.includes(value[t.key]))),
      ) ?? objects[0];
    chosen?.walker(value, trail, out, deadline);
  };
}

function compileWalker(schema: unknown, compile: (s: unknown) => Walker): Walker {
  const def = coreDef(schema);
  switch (def.type) {
    case 'array':
      return arrayWalker(def, compile);
    case 'record':
      return recordWalker(def, compile);
    case 'union':
      return unionWalker(def, compile);
    case 'object':
      return objectWalker(def, compile);
    default:
      return leaf;
  }
}

const walkers = new WeakMap<object, Walker>();

/** The walker of a schema, built once: each node's shape, literals and allowed-key hint are read then. */
function walkerOf(root: z.ZodType): Walker {
  let walker = walkers.get(root);
  if (walker) return walker;
  const built = new Map<unknown, Walker>();
  const compile = (schema: unknown): Walker => {
    const w = built.get(schema);
    if (w) return w;
    let target: Walker | undefined;
    built.set(schema, (...args) => target!(...args));
    target = compileWalker(schema, compile);
    built.set(schema, target);
    return target;
  };
  walker = compile(root);
  walkers.set(root, walker);
  return walker;
}

/**
 * One `unknown_key` warning per key of `value` that `schema` does not define, at any depth, in the
 * order the value lists them. Paths are built only for the keys reported.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, deadline: Deadline): Finding[] {
  const out: Finding[] = [];
  walkerOf(schema)(value, new KeyTrail(), out, deadline);
  return out;
}
