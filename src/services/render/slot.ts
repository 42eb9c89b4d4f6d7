/**
 * The per-session render slots in KV: the last page and the last sign rendered in a session, for
 * one hour each. Session ids are 1-128 visible ASCII characters, so keys stay well under KV's 512
 * bytes; each kind has its own prefix, so no session id can reach another kind's key.
 */
export const SLOT_TTL_SECONDS = 3600;
/** Largest output a slot keeps; a bigger render is refused with payload_too_large. */
export const SLOT_MAX_BYTES = 512 * 1024;

export type SlotKind = 'page' | 'sign';

const PREFIX: Record<SlotKind, string> = { page: 'slot:', sign: 'sign-slot:' };
const slotKey = (sessionId: string, kind: SlotKind) => `${PREFIX[kind]}${sessionId}`;

export async function readSlot(kv: KVNamespace, sessionId: string, kind: SlotKind = 'page'): Promise<string | null> {
  return kv.get(slotKey(sessionId, kind), 'text');
}

export async function writeSlot(kv: KVNamespace, sessionId: string, body: string, kind: SlotKind = 'page'): Promise<void> {
  await kv.put(slotKey(sessionId, kind), body, { expirationTtl: SLOT_TTL_SECONDS });
}

/** Clears every kind of slot of a session. */
export async function clearSlot(kv: KVNamespace, sessionId: string): Promise<void> {
  await Promise.all((Object.keys(PREFIX) as SlotKind[]).map((kind) => kv.delete(slotKey(sessionId, kind))));
}
