/** The session-store calls of a kept render (`render`) or of reading the session's page (`read`); see storage.mjs. */
export function storeCalls(kv: KVNamespace, kind: 'render' | 'read', page: number, source: number): Promise<void>;
