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
const sourceKey = (sessionId: string) => `source:${sessionId}`;

export async function readSlot(kv: KVNamespace, sessionId: string): Promise<string | null> {
  return guardStorage(() => kv.get(slotKey(sessionId), 'text'));
}

export async function writeSlot(kv: KVNamespace, sessionId: string, html: string): Promise<void> {
  await guardStorage(() => kv.put(slotKey(sessionId), html, { expirationTtl: SLOT_TTL_SECONDS }));
}

/**
 * The datachain JSON behind the session's last page, with `schema_version` set to the version it
 * was rendered against; kept as long as the page. Prompts read it when no datachain is passed.
 */
export async function readSource(kv: KVNamespace, sessionId: string): Promise<string | null> {
  return guardStorage(() => kv.get(sourceKey(sessionId), 'text'));
}

export async function writeSource(kv: KVNamespace, sessionId: string, json: string): Promise<void> {
  await guardStorage(() => kv.put(sourceKey(sessionId), json, { expirationTtl: SLOT_TTL_SECONDS }));
}

/** Forgets the session's page and its datachain. */
export async function clearSlot(kv: KVNamespace, sessionId: string): Promise<void> {
  await guardStorage(() => Promise.all([kv.delete(slotKey(sessionId)), kv.delete(sourceKey(sessionId))]));
}
