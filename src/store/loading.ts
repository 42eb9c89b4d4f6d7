import { StorageFailure } from '../core/storage.js';
import type { SchemaStore } from './store.js';

/**
 * The release-loading seam. A store that holds releases outside the script (the embedded set's
 * files, the release bucket) throws `ReleasePending` from `release(id)` for a served
 * release this isolate has not read yet. Every surface runs its work through `withReleases`, the
 * one place that catches it: the call pipeline (each tool), the MCP method step (each method, its
 * result stamping included) and the REST routes that call no tool. Nothing outside this file and
 * the stores that throw it ever meets a release that is not loaded.
 *
 * Besides, a store reads ahead the text of the bucket's targets of the aliases when it adopts an
 * index (`refresh`): on a first request in the background, so that request pays only for the
 * releases it reads itself, and a call that names one later waits for no I/O (its check and parse
 * are that call's: decision 049). The embedded set's are in memory and read by the calls that name them.
 */
export class ReleasePending extends Error {
  override name = 'ReleasePending';
  constructor(readonly id: string) {
    super(`release ${id} is not loaded yet`);
  }
}

/**
 * Thrown by a store whose catalogue is still provisional (the first requests of an isolate, before
 * the bucket's index has been read: decision 048) when work asks for what only the whole catalogue
 * can say: the index, an alias, a release the deployment does not ship as stable. The seam has the
 * store read the index (`settle`, this request's own read) and runs the work again. `names`: the
 * versions the work was resolving, as written, which the store may read beside the index.
 */
export class CataloguePending extends Error {
  override name = 'CataloguePending';
  constructor(readonly names: readonly string[] = []) {
    super('the catalogue has not been read yet');
  }
}

/** How many reads one piece of work may make: releases (a migration names two, a resolved render its pin) and the catalogue once. */
const MAX_LOADS = 5;

/**
 * Runs `work`; each time it stops on a release not read yet, reads that release and runs it again,
 * and each time it stops on a catalogue not read yet (`CataloguePending`), has the store read it.
 * Work that needs nothing answers synchronously (the warm path awaits nothing). When a read fails,
 * the work runs once more: the store has marked the release unreadable, so an alias that named it
 * now names another release (or the embedded copy stands in); work that still needs the release
 * rejects with that read's StorageFailure. Work that still meets an unloaded release after
 * MAX_LOADS reads rejects with a StorageFailure too (the surfaces answer `upstream_error`).
 */
export function withReleases<T>(store: SchemaStore, work: () => T): T | Promise<Awaited<T>> {
  return attempt(store, work, MAX_LOADS, new Map());
}

function attempt<T>(
  store: SchemaStore,
  work: () => T,
  loads: number,
  failed: Map<string, unknown>,
): T | Promise<Awaited<T>> {
  const again = (error: unknown): Promise<Awaited<T>> => {
    if (error instanceof CataloguePending) {
      if (loads <= 0 || !store.settle) throw new StorageFailure(`${error.message} after ${MAX_LOADS} reads`);
      return store.settle(error.names).then(() => attempt(store, work, loads - 1, failed) as Awaited<T>);
    }
    if (!(error instanceof ReleasePending)) throw error;
    if (failed.has(error.id)) throw failed.get(error.id);
    if (loads <= 0 || !store.load) throw new StorageFailure(`${error.message} after ${MAX_LOADS} reads`);
    const rerun = () => attempt(store, work, loads - 1, failed) as Awaited<T>;
    return store.load(error.id).then(rerun, (failure: unknown) => {
      failed.set(error.id, failure);
      return rerun();
    });
  };
  try {
    const out = work();
    return out instanceof Promise ? (out.catch(again) as Promise<Awaited<T>>) : out;
  } catch (error) {
    return again(error);
  }
}
