/**
 * Applies the JSON a fix hint suggests, as an author would paste it. The forms recognised:
 * "Add <json> to <path>" and "Add ... to <path>, e.g. <json>" append to the array at path;
 * "Set <path> to <json>" sets a field. A hint that suggests no JSON is left alone.
 */
type Json = any;

const PATH = /^[A-Za-z_][\w.[\]-]*[\w\]]/;

function locate(root: Json, path: string): { parent: Json; key: string | number } | undefined {
  const parts = [...path.matchAll(/([A-Za-z_][\w-]*)|\[(\d+)\]/g)].map((m) =>
    m[1] !== undefined ? m[1] : Number(m[2]),
  );
  if (parts.length === 0) return undefined;
  let node = root;
  for (const part of parts.slice(0, -1)) {
    if (node == null) return undefined;
    node = node[part];
  }
  return node == null ? undefined : { parent: node, key: parts.at(-1)! };
}

/** The JSON object, array or string that starts at `from`, and where it ends. */
function jsonAt(text: string, from: number): { value: Json; end: number } | undefined {
  const open = text[from];
  if (open !== '{' && open !== '[' && open !== '"') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return parse(text, from, i + 1);
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return parse(text, from, i + 1);
  }
  return undefined;
}

function parse(text: string, from: number, end: number): { value: Json; end: number } | undefined {
  try {
    return { value: JSON.parse(text.slice(from, end)), end };
  } catch {
    return undefined;
  }
}

export function suggestedJson(hint: string): { op: 'add' | 'set'; path: string; value: Json } | undefined {
  const eg = hint.match(/^Add .*? to ([A-Za-z_][\w.[\]-]*[\w\]]), e\.g\. /);
  if (eg) {
    const found = jsonAt(hint, eg[0].length);
    if (found) return { op: 'add', path: eg[1]!, value: found.value };
  }
  for (const m of hint.matchAll(/\bAdd /g)) {
    const found = jsonAt(hint, m.index + 4);
    if (!found || !hint.startsWith(' to ', found.end)) continue;
    const path = hint.slice(found.end + 4).match(PATH)?.[0];
    if (path) return { op: 'add', path, value: found.value };
  }
  const set = hint.match(/\bSet ([A-Za-z_][\w.[\]-]*[\w\]]) to /);
  if (set) {
    const found = jsonAt(hint, set.index! + set[0].length);
    if (found) return { op: 'set', path: set[1]!, value: found.value };
  }
  return undefined;
}

/** Applies a hint's suggestion to `datachain` in place; false when the hint suggests no JSON. */
export function applyHint(datachain: Json, hint: string): boolean {
  const s = suggestedJson(hint);
  if (!s) return false;
  const at = locate(datachain, s.path);
  if (!at) throw new Error(`hint path ${s.path} is not in the datachain: ${hint}`);
  if (s.op === 'set') at.parent[at.key] = s.value;
  else {
    at.parent[at.key] ??= [];
    at.parent[at.key].push(s.value);
  }
  return true;
}
