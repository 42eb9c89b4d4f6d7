/**
 * Canonical JSON: the byte form the content hash is computed over.
 * - Object keys are sorted by UTF-16 code unit order (the default `Array#sort`) at every level.
 * - Object properties whose value is `undefined` (or a function or symbol) are dropped.
 * - Arrays keep their order; an `undefined` array slot is written as `null`, as `JSON.stringify` does.
 * - Primitives are written with `JSON.stringify`; no whitespace anywhere.
 * - A cycle throws a `TypeError`.
 * For data produced by `JSON.parse`, `canonicalJson(JSON.parse(text))` is independent of the
 * key order and whitespace of `text`.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function write(value: unknown, open: Set<object>): string {
  if (value === null || typeof value !== 'object') {
    return isOmitted(value) ? 'null' : (JSON.stringify(value) ?? 'null');
  }
  if (open.has(value)) throw new TypeError('canonicalJson: cyclic structure');
  open.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item) => write(item, open)).join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      if (isOmitted(item)) continue;
      parts.push(`${JSON.stringify(key)}:${write(item, open)}`);
    }
    text = `{${parts.join(',')}}`;
  }
  open.delete(value);
  return text;
}
