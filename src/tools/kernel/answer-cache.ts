import type { Outcome } from '../../core/envelope.js';
import type { SchemaStore } from '../../store/store.js';
import type { CallContext } from './define.js';
import { PreparedAnswer } from './prepared.js';
import type { Tool } from './registry.js';

/** Longest argument text a cache key is made from; calls with more are answered uncached. */
const MAX_KEY_CHARS = 4096;
/** Bounds of one store's cache; past either, the oldest answers are dropped first. */
const MAX_ENTRIES = 2000;
const MAX_BYTES = 32 * 1024 * 1024;

class AnswerCache {
  private readonly entries = new Map<string, PreparedAnswer>();
  private bytes = 0;

  get(key: string): PreparedAnswer | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: PreparedAnswer): void {
    if (answer.size > MAX_BYTES / 8) return;
    this.entries.set(key, answer);
    this.bytes += answer.size + 2 * key.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [oldest, dropped] = this.entries.entries().next().value as [string, PreparedAnswer];
      this.entries.delete(oldest);
      this.bytes -= dropped.size + 2 * oldest.length;
    }
  }
}

/**
 * One cache per store and catalogue: a catalogue's releases never change, so neither do the
 * answers computed from them. A store that can re-read its catalogue (`refresh`) gives a new
 * `generation` (else a new index object) when what it serves changed, and the answers of the old
 * one are dropped.
 */
const caches = new WeakMap<SchemaStore, { of: object | undefined; cache: AnswerCache }>();

function cacheOf(store: SchemaStore): AnswerCache {
  const of = store.refresh ? (store.generation?.() ?? store.index()) : undefined;
  let held = caches.get(store);
  if (!held || held.of !== of) caches.set(store, (held = { of, cache: new AnswerCache() }));
  return held.cache;
}

/** The key of a call: tool, origin (answers may hold absolute URLs) and the arguments as sent. */
function keyOf(tool: Tool, rawArgs: unknown, origin: string): string | undefined {
  const args = JSON.stringify(rawArgs ?? {});
  if (args === undefined || args.length > MAX_KEY_CHARS) return undefined;
  return `${tool.name}\n${origin}\n${args}`;
}

/**
 * The prepared answer of an earlier call of `tool` with the same arguments, store and origin, or a
 * function that keeps this call's answer when it is worth keeping. Only `cacheable` tools are
 * cached, and only their successful, synchronous answers are kept.
 */
export function cachedAnswer(
  tool: Tool,
  rawArgs: unknown,
  caller: CallContext,
): PreparedAnswer | ((outcome: Outcome) => PreparedAnswer | undefined) | undefined {
  const key = keyOf(tool, rawArgs, caller.origin);
  if (key === undefined) return undefined;
  const cache = cacheOf(caller.store);
  return (
    cache.get(key) ??
    ((outcome) => {
      const prepared = PreparedAnswer.from(outcome);
      if (prepared) cache.set(key, prepared);
      return prepared;
    })
  );
}
