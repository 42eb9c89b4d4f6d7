import { hex } from '../core/hex.js';
import { guardStorage, StorageFailure } from '../core/storage.js';
import { isWriteLimited } from './paced-writes.js';

/** Where the generated key is kept when no `RENDER_KEY` secret is set: one value, no expiry. */
const GENERATED_KEY = 'render-key';

/**
 * The key render handles are made with. A handle is HMAC-SHA-256 under this key, so it is stable
 * for the same content within a deployment but no client can compute it from a datachain. The key
 * is the `RENDER_KEY` secret when the deployment sets one (`wrangler secret put RENDER_KEY`);
 * otherwise a random key generated on first use and kept in the session store under `render-key`
 * (under `npm start` and in tests). Two isolates generating at once may briefly use different
 * keys: handles already given out stay readable, since a read never recomputes a handle.
 */
export class RenderKeys {
  private readonly keys = new Map<string, Promise<CryptoKey>>();

  /** The hex HMAC of `message` under the deployment's key. */
  async mac(kv: KVNamespace, secret: string | undefined, message: string): Promise<string> {
    const key = await this.key(kv, secret);
    return hex(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
  }

  private key(kv: KVNamespace, secret: string | undefined): Promise<CryptoKey> {
    const name = secret ? `secret:${secret}` : 'generated';
    let key = this.keys.get(name);
    if (!key) {
      key = (secret ? Promise.resolve(secret) : generatedKey(kv)).then(importKey);
      this.keys.set(name, key);
      // A failed store read is retried on the next render, not remembered.
      key.catch(() => this.keys.delete(name));
    }
    return key;
  }
}

function importKey(material: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(material), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

/**
 * The generated key of this deployment, made and stored on first use; whatever the store holds
 * after a write wins. A write KV refuses for its one write a second means another isolate has just
 * stored its key: that one is read back.
 */
async function generatedKey(kv: KVNamespace): Promise<string> {
  const stored = await guardStorage(() => kv.get(GENERATED_KEY, 'text'));
  if (stored) return stored;
  const made = hex(crypto.getRandomValues(new Uint8Array(32)));
  await kv.put(GENERATED_KEY, made).catch((error: unknown) => {
    if (!isWriteLimited(error)) throw new StorageFailure(String(error));
  });
  return (await guardStorage(() => kv.get(GENERATED_KEY, 'text'))) ?? made;
}
