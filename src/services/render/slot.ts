import { guardStorage } from '../../core/storage.js';

/**
 * The per-session slots in KV, for one hour each: the last page and the last sign rendered in a
 * session, and the datachain behind them (JSON, with `schema_version` set to the version it was
 * rendered against; prompts read it when no datachain is passed). Session ids are 1-128 visible
 * ASCII characters, so keys stay well under KV's 512 bytes; each kind has its own prefix, so no
 * session id can reach another kind's key. A failing KV call throws StorageFailure (answered as
 * `upstream_error`).
 */
const SLOT_TTL_SECONDS = 3600;
/** Largest output a slot keeps; a bigger render is refused with payload_too_large. */
export const SLOT_MAX_BYTES = 512 * 1024;

export type SlotKind = 'page' | 'sign' | 'source';

const PREFIX: Record<SlotKind, string> = { page: 'slot:', sign: 'sign-slot:', source: 'source:' };
const slotKey = (sessionId: string, kind: SlotKind) => `${PREFIX[kind]}${sessionId}`;

export async function readSlot(kv: KVNamespace, sessionId: string, kind: SlotKind = 'page'): Promise<string | null> {
  return guardStorage(() => kv.get(slotKey(sessionId, kind), 'text'));
}

export async function writeSlot(kv: KVNamespace, sessionId: string, body: string, kind: SlotKind = 'page'): Promise<void> {
  await guardStorage(() => kv.put(slotKey(sessionId, kind), body, { expirationTtl: SLOT_TTL_SECONDS }));
}

/** Clears every kind of slot of a session. */
export async function clearSlot(kv: KVNamespace, sessionId: string): Promise<void> {
  await guardStorage(() => Promise.all((Object.keys(PREFIX) as SlotKind[]).map((kind) => kv.delete(slotKey(sessionId, kind)))));
}
