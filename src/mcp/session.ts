/** The render slot of a session in KV. Requests without a session id share this fallback slot. */
export const FALLBACK_SESSION = '__dtpr_default_session__';
export const SLOT_TTL_SECONDS = 3600;

const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

export function isValidSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

const slotKey = (sessionId: string) => `slot:${sessionId}`;

export async function readSlot(kv: KVNamespace, sessionId: string): Promise<string | null> {
  return kv.get(slotKey(sessionId), 'text');
}

export async function writeSlot(kv: KVNamespace, sessionId: string, html: string): Promise<void> {
  await kv.put(slotKey(sessionId), html, { expirationTtl: SLOT_TTL_SECONDS });
}

export async function clearSlot(kv: KVNamespace, sessionId: string): Promise<void> {
  await kv.delete(slotKey(sessionId));
}
