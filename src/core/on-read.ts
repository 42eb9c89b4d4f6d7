/**
 * Gives `target` an enumerable property `key` whose value `make` computes on its first read; the
 * value is then kept as a plain data property. A `make` that throws keeps nothing: the next read
 * calls it again. Spreading or serialising `target` reads the property (and so makes it).
 */
export function defineOnRead<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): T {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
      return value;
    },
  });
  return target;
}
