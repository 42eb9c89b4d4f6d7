import type { SchemaStore } from './store.js';

/**
 * Thrown by `SchemaStore.release` for a release the catalogue serves but this isolate has not read
 * yet (it is held in the release bucket). The edge that catches it awaits `store.load(id)` and
 * runs the work again: see `withReleases`.
 */
export class ReleasePending extends Error {
  override name = 'ReleasePending';
  constructor(readonly id: string) {
    super(`release ${id} is not loaded yet`);
  }
}

/** How many releases one piece of work may wait for before the last ReleasePending is let through. */
const MAX_LOADS = 4;

/**
 * Runs `work`; each time it stops on a release not read yet, reads that release and runs it again.
 * Synchronous work that needs nothing answers synchronously (the warm path awaits nothing). A
 * failed read rejects with the store's error (a StorageFailure).
 */
export function withReleases<T>(store: SchemaStore, work: () => T, loads = MAX_LOADS): T | Promise<Awaited<T>> {
  const again = (error: unknown): Promise<Awaited<T>> => {
    if (!(error instanceof ReleasePending) || loads <= 0 || !store.load) throw error;
    return store.load(error.id).then(() => withReleases(store, work, loads - 1) as Awaited<T>);
  };
  try {
    const out = work();
    return out instanceof Promise ? (out.catch(again) as Promise<Awaited<T>>) : out;
  } catch (error) {
    return again(error);
  }
}
