/** Requests without an Mcp-Session-Id share this documented fallback session (and its render slot). */
export const FALLBACK_SESSION = '__dtpr_default_session__';

const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

/** A session id is 1 to 128 visible ASCII characters, chosen by the client or issued at initialize. */
export function isValidSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}
