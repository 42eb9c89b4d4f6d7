/**
 * A plain unknown-key walk that builds the path of every value it visits: the oracle the property
 * tests hold the production walker (which builds paths only for findings) to, finding for finding
 * and deadline unit for deadline unit.
 */
import type { z } from 'zod';
import type { Deadline } from '../../src/core/deadline.js';
import { CAPS } from '../../src/domain/caps.js';
import { keyPath } from '../../src/core/json.js';
import { nearestIds } from '../../src/core/suggest.js';
import { finding, listIds, type Finding } from '../../src/services/validator/finding.js';

import { isRecord } from '../../src/core/values.js';
import { coreDef as core, defOf, suggestable } from '../../src/services/validator/unknown-keys.js';

/** The union option a value was meant for: an object option whose literal fields all match, else one of the same JS type. */
function pickOption(options: readonly unknown[], value: unknown): unknown {
  if (!isRecord(value)) return options.find((o) => core(o).type !== 'object');
  const objects = options.filter((o) => core(o).type === 'object');
  return (
    objects.find((o) =>
      Object.entries(core(o).shape as Record<string, unknown>).every(([key, field]) => {
        const def = core(field);
        if (def.type !== 'literal') return true;
        return value[key] === undefined
          ? defOf(field).type !== 'literal'
          : (def.values as unknown[]).includes(value[key]);
      }),
    ) ?? objects[0]
  );
}

function walk(schema: unknown, value: unknown, path: string, out: Finding[], deadline: Deadline): void {
  deadline.check();
  const def = core(schema);
  switch (def.type) {
    case 'array':
      if (Array.isArray(value)) value.forEach((item, i) => walk(def.element, item, `${path}[${i}]`, out, deadline));
      return;
    case 'record':
      if (!isRecord(value)) return;
      for (const [k, v] of Object.entries(value)) {
        // The parser drops this key before anything sees it; say so rather than lose it silently.
        if (k === '__proto__')
          out.push(
            finding(
              'unknown_key',
              keyPath(path, k),
              `Key '__proto__' in ${path} cannot be used and is ignored.`,
              'Use another key.',
            ),
          );
        else walk(def.valueType, v, keyPath(path, k), out, deadline);
      }
      return;
    case 'union': {
      const option = pickOption(def.options as unknown[], value);
      if (option) walk(option, value, path, out, deadline);
      return;
    }
    case 'object': {
      if (!isRecord(value)) return;
      const shape = def.shape as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) {
        if (Object.hasOwn(shape, k)) walk(shape[k], v, path ? keyPath(path, k) : k, out, deadline);
        else {
          const key = k.length > CAPS.id ? `${k.slice(0, CAPS.id)}…` : k;
          const allowed = listIds(Object.keys(shape), 20);
          // While few findings are out, the key most likely meant, unless the object holds it already.
          const near = suggestable(k, out.length) ? nearestIds(k, Object.keys(shape), 1)[0] : undefined;
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
      }
      return;
    }
    default:
  }
}

/** One `unknown_key` warning per key of `value` that `schema` does not define, at any depth. */
export function referenceUnknownKeys(schema: z.ZodType, value: unknown, deadline: Deadline): Finding[] {
  const out: Finding[] = [];
  walk(schema, value, '', out, deadline);
  return out;
}
