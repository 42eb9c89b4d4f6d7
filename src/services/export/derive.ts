import type { Fact } from './facts.js';

/**
 * A register value chosen from the purpose elements a datachain places, by a table from element
 * id to the register's value: every match (a list), or the first by priority (one value).
 */
export function fromPurpose(table: Readonly<Record<string, string>>, registerName: string, many: boolean): Fact {
  const ids = Object.keys(table);
  return {
    where: `purpose elements, by the table of ${registerName} values in the mapping (${ids.length} elements map)`,
    table,
    fill: `a purpose element that maps to a ${registerName} value (${ids.join(', ')})`,
    read(r) {
      const hits = r.in('purpose').filter((p) => table[p.element.id] !== undefined);
      if (hits.length === 0) return { absent: `no purpose element placed maps to a ${registerName} value` };
      const values = [...new Set(hits.map((p) => table[p.element.id]!))];
      return many ? { value: values, from: hits.map((p) => p.path) } : { value: values[0]!, from: [hits[0]!.path] };
    },
  };
}
