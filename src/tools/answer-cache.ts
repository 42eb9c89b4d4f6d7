import type { Outcome } from '../core/envelope.js';
import type { SchemaStore } from '../store/store.js';
import type { CallContext } from './define.js';
import { PreparedAnswer } from './prepared.js';
import { invokeTool, type Tool } from './registry.js';

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

/** One cache per store: a store's releases never change, so neither do the answers computed from them. */
const caches = new WeakMap<SchemaStore, AnswerCache>();

function cacheOf(store: SchemaStore): AnswerCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new AnswerCache()));
  return cache;
}

/** The key of a call: tool, origin (answers may hold absolute URLs) and the arguments as sent. */
function keyOf(tool: Tool, rawArgs: unknown, origin: string): string | undefined {
  const args = JSON.stringify(rawArgs ?? {});
  if (args === undefined || args.length > MAX_KEY_CHARS) return undefined;
  return `${tool.name}\n${origin}\n${args}`;
}

/**
 * Runs a tool, answering a call of a `cacheable` tool from the answers computed before with the same
 * arguments in this isolate. A successful answer comes back prepared (shared, serialised once); any
 * other comes back as the tool's outcome. Only a tool's successful, synchronous answers are kept.
 */
export function invokeCached(
  tool: Tool,
  rawArgs: unknown,
  caller: CallContext,
): PreparedAnswer | Outcome | Promise<Outcome> {
  const key = tool.cacheable ? keyOf(tool, rawArgs, caller.origin) : undefined;
  if (key === undefined) return invokeTool(tool, rawArgs, caller);
  const cache = cacheOf(caller.store);
  const hit = cache.get(key);
  if (hit) return hit;
  const outcome = invokeTool(tool, rawArgs, caller);
  if (outcome instanceof Promise) return outcome;
  const prepared = PreparedAnswer.from(outcome);
  if (!prepared) return outcome;
  cache.set(key, prepared);
  return prepared;
}
