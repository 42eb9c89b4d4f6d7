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
