/**
 * The same JSON text with every character beyond ASCII written as a `\uXXXX` escape (a character
 * outside the Basic Multilingual Plane as its two escaped surrogates): it parses to the same value.
 * V8 holds a text of Latin-1 characters as one byte per character, and one character beyond that
 * makes the whole text two bytes per character, for every text built from it too. So the embedded
 * set's files are written so (a first call that parses a two-byte file pays for it in garbage
 * collection, decision 045), and so is the text the MCP Apps view script embeds (every view read
 * joins that script to a page, and quoting and encoding a two-byte view costs more).
 * Only valid for JSON: outside a string there is nothing beyond ASCII to escape.
 */
export function asciiJson(json: string): string {
  return json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
