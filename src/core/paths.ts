/** Formats a path of keys and indexes as a JSON path: `elements[3].variables[0].value`. */
export function jsonPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Joins a base path and a child path (either may be empty): `a` + `b` -> `a.b`, `a` + `[0]` -> `a[0]`. */
export function joinPath(base: string, child: string): string {
  if (base === '') return child;
  if (child === '') return base;
  return child.startsWith('[') ? `${base}${child}` : `${base}.${child}`;
}

/** The path of a key of an object under `base`, in bracket form when the key is not a plain identifier. */
export function keyPath(base: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? joinPath(base, key) : `${base}[${JSON.stringify(key)}]`;
}
