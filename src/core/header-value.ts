import type { Context } from 'hono';

const SPACE = new Set([' ', '\t']);

/** A header value without the spaces and tabs around it (linear: no expression over caller text). */
function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && SPACE.has(value[start]!)) start++;
  while (end > start && SPACE.has(value[end - 1]!)) end--;
  return value.slice(start, end);
}

/**
 * A request header's value as HTTP defines it: without the spaces and tabs around it, which are not
 * part of the value (RFC 9110, section 5.5); undefined when the header is absent. Every MCP header
 * this server compares (`MCP-Protocol-Version`, `Mcp-Session-Id` and the 2026-07-28 ones) is read
 * through this, in both eras.
 */
export function headerValue(c: Context, name: string): string | undefined {
  const value = c.req.header(name);
  return value === undefined ? undefined : trimSpaces(value);
}
