import { guardStorage } from '../core/storage.js';
import { waitingOutLimit } from '../store/paced-writes.js';

/** Requests without an Mcp-Session-Id share this documented fallback session (and its render slot). */
export const FALLBACK_SESSION = '__dtpr_default_session__';

const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

/** A session id is 1 to 128 visible ASCII characters, chosen by the client or issued at initialize. */
export function isValidSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

/**
 * Sessions this server issues at `initialize` (when the client brings no id) are recorded in KV;
 * after `DELETE /mcp` they are ended, and a request that names an ended one is answered 404, as
 * Streamable HTTP requires. Ids a client chose itself (seed 001) have no record and stay usable.
 */
const ISSUED_PREFIX = 'dtpr-';
/** How long the record of an issued session lives, ended or not. */
const RECORD_TTL_SECONDS = 24 * 3600;
const recordKey = (id: string) => `session:${id}`;

export function issueSessionId(): string {
  return `${ISSUED_PREFIX}${crypto.randomUUID()}`;
}

export async function recordIssued(kv: KVNamespace, id: string): Promise<void> {
  await guardStorage(() => kv.put(recordKey(id), 'open', { expirationTtl: RECORD_TTL_SECONDS }));
}

/** True when `id` names a session this server issued and a DELETE has ended. Other ids need no lookup. */
export async function hasEnded(kv: KVNamespace, id: string): Promise<boolean> {
  if (!id.startsWith(ISSUED_PREFIX)) return false;
  return (await guardStorage(() => kv.get(recordKey(id), 'text'))) === 'ended';
}

/**
 * Ends an issued session; a no-op for ids this server did not issue. A session ended within a
 * second of its `initialize` waits out KV's one write a second to its record (`wait`: injectable).
 */
export async function endIfIssued(kv: KVNamespace, id: string, wait?: (ms: number) => Promise<void>): Promise<void> {
  if (!id.startsWith(ISSUED_PREFIX)) return;
  if ((await guardStorage(() => kv.get(recordKey(id), 'text'))) === null) return;
  await waitingOutLimit(() => kv.put(recordKey(id), 'ended', { expirationTtl: RECORD_TTL_SECONDS }), wait);
}
