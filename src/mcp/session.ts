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

/**
 * What this isolate knows of the records of issued sessions, so that a session's requests do not
 * each read KV (a client of the SDK's default era names its issued session on every request):
 * `ended` is final, a record never reopens; `open` (read here, or written at `initialize`) is
 * trusted for OPEN_TRUST_MS. So a DELETE made through another isolate is seen here at most
 * OPEN_TRUST_MS after this isolate last read the record, on top of KV's own delay between places
 * (up to a minute); through this isolate, at once. Kept per session store, at most KNOWN_LIMIT
 * sessions (the oldest dropped first).
 */
const OPEN_TRUST_MS = 10_000;
const KNOWN_LIMIT = 4096;
type Known = { ended: true } | { ended: false; until: number };
const knownBy = new WeakMap<KVNamespace, Map<string, Known>>();

function known(kv: KVNamespace): Map<string, Known> {
  let map = knownBy.get(kv);
  if (!map) knownBy.set(kv, (map = new Map()));
  return map;
}

function remember(kv: KVNamespace, id: string, ended: boolean, now: number): void {
  const map = known(kv);
  // An end is final: a read that started before it and lands after it changes nothing.
  if (!ended && map.get(id)?.ended) return;
  map.delete(id);
  if (map.size >= KNOWN_LIMIT) map.delete(map.keys().next().value!);
  map.set(id, ended ? { ended: true } : { ended: false, until: now + OPEN_TRUST_MS });
}

export async function recordIssued(kv: KVNamespace, id: string, now = Date.now()): Promise<void> {
  await guardStorage(() => kv.put(recordKey(id), 'open', { expirationTtl: RECORD_TTL_SECONDS }));
  remember(kv, id, false, now);
}

/**
 * True when `id` names a session this server issued and a DELETE has ended. Other ids need no
 * lookup; an issued one is read from KV unless this isolate knows its record (see `knownBy`) and
 * `fresh` is false (a DELETE reads it: ending a session twice is answered 404, as ever).
 */
export async function hasEnded(kv: KVNamespace, id: string, now = Date.now(), fresh = false): Promise<boolean> {
  if (!id.startsWith(ISSUED_PREFIX)) return false;
  const held = known(kv).get(id);
  if (held && (held.ended || (!fresh && now < held.until))) return held.ended;
  const ended = (await guardStorage(() => kv.get(recordKey(id), 'text'))) === 'ended';
  remember(kv, id, ended, now);
  return ended;
}

/**
 * Ends an issued session; a no-op for ids this server did not issue. A session ended within a
 * second of its `initialize` waits out KV's one write a second to its record (`wait`: injectable).
 */
export async function endIfIssued(kv: KVNamespace, id: string, wait?: (ms: number) => Promise<void>): Promise<void> {
  if (!id.startsWith(ISSUED_PREFIX)) return;
  const record = await guardStorage(() => kv.get(recordKey(id), 'text'));
  if (record === null) return;
  if (record !== 'ended')
    await waitingOutLimit(() => kv.put(recordKey(id), 'ended', { expirationTtl: RECORD_TTL_SECONDS }), wait);
  remember(kv, id, true, 0);
}
