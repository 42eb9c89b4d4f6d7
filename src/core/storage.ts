/**
 * A storage backend (KV, the release bucket) failed; surfaces answer `upstream_error`. A retry may
 * clear it, unless `release` is set: that release's stored copy is damaged (missing, corrupt, too
 * large or not matching its hash) and stays so until it is published again.
 */
export class StorageFailure extends Error {
  override name = 'StorageFailure';
  constructor(
    message: string,
    readonly release?: string,
  ) {
    super(message);
  }
}

/** Runs a storage operation; any failure becomes a StorageFailure. */
export async function guardStorage<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (error) {
    throw new StorageFailure(String(error));
  }
}
