import { guardStorage } from '../../core/storage.js';

/**
 * The per-session render slot in KV: the last document rendered in a session, for one hour.
 * Session ids are 1-128 visible ASCII characters, so the key stays well under KV's 512 bytes.
 * A failing KV call throws StorageFailure (answered as `upstream_error`).
 */
export const SLOT_TTL_SECONDS = 3600;
/** Largest document a slot keeps; a bigger render is refused with payload_too_large. */
export const SLOT_MAX_BYTES = 512 * 1024;

const slotKey = (sessionId: string) => `slot:${sessionId}`;

export async function readSlot(kv: KVNamespace, sessionId: string): Promise<string | null> {
  return guardStorage(() => kv.get(slotKey(sessionId), 'text'));
}

export async function writeSlot(kv: KVNamespace, sessionId: string, html: string): Promise<void> {
  await guardStorage(() => kv.put(slotKey(sessionId), html, { expirationTtl: SLOT_TTL_SECONDS }));
}

export async function clearSlot(kv: KVNamespace, sessionId: string): Promise<void> {
  await guardStorage(() => kv.delete(slotKey(sessionId)));
}
