import { env } from 'cloudflare:workers';

/**
 * One call a session store received: its operation, key, expiry, the value's length in UTF-8 bytes
 * (a put), and how many calls were in flight once it was made, itself included (2 for the second
 * of two calls awaited together).
 */
export interface KvCall {
  op: string;
  key: string;
  ttl?: number;
  bytes?: number;
  inFlight: number;
}

/** The session store of the test Worker (or `kv`), with every call recorded in the order it was made. */
export function recorded(kv: KVNamespace = env.SESSIONS) {
  const calls: KvCall[] = [];
  let inFlight = 0;
  const track = <T>(call: Omit<KvCall, 'inFlight'>, made: Promise<T>): Promise<T> => {
    calls.push({ ...call, inFlight: ++inFlight });
    return made.finally(() => inFlight--);
  };
  const spy = {
    get: (key: string, type: 'text') => track({ op: 'get', key }, kv.get(key, type)),
    put: (key: string, value: string, options?: KVNamespacePutOptions) =>
      track(
        { op: 'put', key, ttl: options?.expirationTtl, bytes: new TextEncoder().encode(value).byteLength },
        kv.put(key, value, options),
      ),
    delete: (key: string) => track({ op: 'delete', key }, kv.delete(key)),
  } as unknown as KVNamespace;
  return {
    kv: spy,
    calls,
    ops: (op: string, prefix: string) => calls.filter((c) => c.op === op && c.key.startsWith(prefix)),
  };
}
