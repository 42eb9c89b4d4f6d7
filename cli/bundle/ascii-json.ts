/**
 * The same JSON text with every character beyond ASCII written as a `\uXXXX` escape (a character
 * outside the Basic Multilingual Plane as its two escaped surrogates): it parses to the same value.
 * The embedded set's files are written so: the runtime holds a text module of ASCII as one byte per
 * character, where one French text with a narrow no-break space makes the whole file two bytes per
 * character, and a first call that parses it pays for that in garbage collection (decision 045).
 * Only valid for JSON: outside a string there is nothing beyond ASCII to escape.
 */
export function asciiJson(json: string): string {
  return json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
