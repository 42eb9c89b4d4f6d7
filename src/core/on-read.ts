/**
 * Gives `target` an enumerable property `key` whose value `make` computes on its first read; the
 * value is then kept as a plain data property. A `make` that throws keeps nothing: the next read
 * calls it again. Writing the property before any read keeps the value written, unmade.
 * Spreading or serialising `target` reads the property (and so makes it).
 */
export function defineOnRead<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): T {
  const keep = (value: T[K]) =>
    Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      keep(value);
      return value;
    },
    set: keep,
  });
  return target;
}
