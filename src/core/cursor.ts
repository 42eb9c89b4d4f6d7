import { failure, type Result, success } from './result.js';
import { badRequest } from './error-catalogue.js';
import type { ErrorItem } from './envelope.js';
import { trimTrailing } from './strings.js';

/**
 * Opaque pagination cursors. A cursor carries the offset and a fingerprint of the query it
 * belongs to (version, filters, search), so a cursor from another query is refused.
 */
export function fingerprint(parts: readonly unknown[]): string {
  let h = 0x811c9dc5;
  const s = JSON.stringify(parts);
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function b64url(s: string): string {
  return trimTrailing(btoa(s).replaceAll('+', '-').replaceAll('/', '_'), '=');
}

export function encodeCursor(offset: number, key: string): string {
  return b64url(JSON.stringify({ o: offset, k: key }));
}

const BAD: ErrorItem = badRequest({
  message: 'Invalid pagination cursor.',
  path: 'cursor',
  fix_hint:
    'Pass the next_cursor value of the previous page of the same query unchanged, or omit cursor to start over.',
});

export function decodeCursor(cursor: string | undefined, key: string): Result<number> {
  if (cursor === undefined || cursor === '') return success(0);
  try {
    const json = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const v = JSON.parse(json) as { o?: unknown; k?: unknown };
    if (typeof v !== 'object' || v === null || !Number.isSafeInteger(v.o) || (v.o as number) < 0) return failure(BAD);
    if (v.k !== key) {
      return failure({
        ...BAD,
        message: 'This cursor belongs to another query (a different version, filter or search).',
      });
    }
    return success(v.o as number);
  } catch {
    return failure(BAD);
  }
}
