import { filesReader } from './bucket.js';
import { createEmbeddedStore } from './embedded.js';
import { BUCKET_GUESSES, BUNDLES, VERSION_INDEX } from './generated/embedded.js';
import { createLayeredStore } from './layered.js';
import type { SchemaStore } from './store.js';

/**
 * How long after its read of the index the background reads ahead the bucket's alias targets: past
 * an MCP client's handshake (`initialize`, then `tools/list` at once), which the objects' arrival
 * would otherwise slow (decision 063).
 */
export const READ_AHEAD_PAUSE_MS = 1000;

/**
 * The store a deployment serves: the embedded set, plus every release in the bucket bound as
 * `RELEASES` when there is one. The embedded set's packed files come as `files` (by key): the
 * Worker's entry passes the Data modules the build ships (`generated/embedded-files.ts`); without
 * them only the releases whose texts the script carries are embedded. A first call naming a release
 * the build published to the bucket reads its packed object beside the index (decision 071). A failed read of the
 * bucket's index, or of a release the store reads ahead, is logged; the catalogue keeps what it had.
 * `INDEX_TTL_SECONDS` (a positive number) sets how long a read of the index is trusted; else 60 s.
 */
export function deploymentStore(
  env: Partial<Pick<Env, 'RELEASES' | 'INDEX_TTL_SECONDS'>> | undefined,
  files?: Readonly<Record<string, ArrayBuffer | string>>,
): SchemaStore {
  const ttlSeconds = Number(env?.INDEX_TTL_SECONDS);
  return createLayeredStore({
    indexTtlMs: Number.isFinite(ttlSeconds) && ttlSeconds > 0 ? ttlSeconds * 1000 : undefined,
    embedded: createEmbeddedStore(BUNDLES, VERSION_INDEX, files && filesReader(files)),
    bucket: env?.RELEASES,
    readAheadPauseMs: READ_AHEAD_PAUSE_MS,
    guesses: BUCKET_GUESSES,
    report: (error) =>
      console.error(JSON.stringify({ level: 'error', event: 'release_store_failure', error: String(error) })),
  });
}
