export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a parsed JSON value (a scalar is 0), without recursion. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (depth > MAX_JSON_DEPTH) return depth;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return max;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: 'syntax' | 'depth'; message: string };

/** Parses a request body as JSON and enforces the nesting limit. */
export function parseJsonBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: 'syntax', message: `Body is not valid JSON: ${(e as Error).message.slice(0, 160)}` };
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    return { ok: false, reason: 'depth', message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels.` };
  }
  return { ok: true, value };
}
