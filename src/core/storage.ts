import type { ErrorItem } from './envelope.js';

/** A storage backend (KV, the release bucket) failed; surfaces answer `upstream_error`, which a retry may clear. */
export class StorageFailure extends Error {
  override name = 'StorageFailure';
}

/** Runs a storage operation; any failure becomes a StorageFailure. */
export async function guardStorage<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (error) {
    throw new StorageFailure(String(error));
  }
}

export function upstreamError(requestId: string): ErrorItem {
  return {
    code: 'upstream_error',
    message: 'A storage backend (the session store or the release bucket) did not answer; nothing was changed.',
    fix_hint: `Retry in a moment; if it keeps failing, report request id ${requestId}.`,
    retryable: true,
  };
}
