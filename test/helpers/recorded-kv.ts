import { env } from 'cloudflare:workers';

/** One call a session store received: its operation, key, expiry and (for a put) the value's length. */
export interface KvCall {
  op: string;
  key: string;
  ttl?: number;
  length?: number;
}

/** The session store of the test Worker (or `kv`), with every call recorded in the order it was made. */
export function recorded(kv: KVNamespace = env.SESSIONS) {
  const calls: KvCall[] = [];
  const spy = {
    get: (key: string, type: 'text') => {
      calls.push({ op: 'get', key });
      return kv.get(key, type);
    },
    put: (key: string, value: string, options?: KVNamespacePutOptions) => {
      calls.push({ op: 'put', key, ttl: options?.expirationTtl, length: value.length });
      return kv.put(key, value, options);
    },
    delete: (key: string) => {
      calls.push({ op: 'delete', key });
      return kv.delete(key);
    },
  } as unknown as KVNamespace;
  return {
    kv: spy,
    calls,
    ops: (op: string, prefix: string) => calls.filter((c) => c.op === op && c.key.startsWith(prefix)),
  };
}
