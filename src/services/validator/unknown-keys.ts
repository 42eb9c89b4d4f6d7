import type { z } from 'zod';
import type { Deadline } from '../../core/deadline.js';
import { CAPS } from '../../domain/caps.js';
import { keyPath } from '../../core/paths.js';
import { finding, listIds, type Finding } from './finding.js';
import { KeyTrail } from './key-trail.js';

import { coreDef as core, defOf, isRecord, type Def } from './schema-def.js';

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
  const allowed = listIds(Object.keys(shape), 20);
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
      out.push(
        finding(
          'unknown_key',
          path ? keyPath(path, key) : key,
          `Unknown key '${key}'${path ? ` in ${path}` : ''} is ignored.`,
          `Remove '${key}' or use one of the keys allowed there: ${allowed}.`,
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
  const scalarOption = options.find((o) => core(o).type !== 'object');
  const scalar = scalarOption === undefined ? undefined : compile(scalarOption);
  const objects = options
    .filter((o) => core(o).type === 'object')
    .map((o) => ({
      walker: compile(o),
      tags: Object.entries(core(o).shape as Record<string, unknown>).flatMap(([key, field]): Tag[] => {
        const fieldDef = core(field);
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
  const def = core(schema);
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
