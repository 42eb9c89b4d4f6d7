/** Tests and words for parsed JSON values, shared by every layer. */

/** True for a JSON object: an object that is neither null nor an array. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value's JSON kind as a message words it: 'null', 'an array', 'an empty string', 'a string',
 * 'a number', 'a boolean' or 'an object'. A caller words an absent value (undefined) itself.
 */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === '') return 'an empty string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
