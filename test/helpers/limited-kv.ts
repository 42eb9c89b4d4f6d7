/**
 * A session store in memory that refuses writes as Workers KV does: a second write to a key within
 * a second of the last one throws `KV PUT failed: 429 Too Many Requests`. Time is the test's clock.
 * `refuseAll` stands for another isolate that keeps writing every key: each write fails that way,
 * and a key this store never held reads as that isolate's value. `deletesToRefuse` refuses that many
 * deletes the same way (whether KV counts deletes against the limit is not documented).
 */
export function limitedKv(clock: { t: number }) {
  const values = new Map<string, string>();
  const lastWrite = new Map<string, number>();
  const puts: string[] = [];
  const state = { refuseAll: false, refused: 0, deletesToRefuse: 0 };
  const kv = {
    get: async (key: string) => values.get(key) ?? (state.refuseAll ? 'written by another isolate' : null),
    put: async (key: string, value: string) => {
      const last = lastWrite.get(key);
      if (state.refuseAll || (last !== undefined && clock.t - last < 1000)) {
        state.refused++;
        throw new Error('KV PUT failed: 429 Too Many Requests');
      }
      lastWrite.set(key, clock.t);
      values.set(key, value);
      puts.push(key);
    },
    delete: async (key: string) => {
      if (state.deletesToRefuse > 0) {
        state.deletesToRefuse--;
        throw new Error('KV DELETE failed: 429 Too Many Requests');
      }
      values.delete(key);
    },
    list: async ({ prefix }: { prefix: string }) => ({
      keys: [...values.keys()].filter((k) => k.startsWith(prefix)).map((name) => ({ name })),
    }),
  } as unknown as KVNamespace;
  /** The keys written, by their prefix (`slot`, `body`, `made`, `kept-by`). */
  const written = (prefix: string) => puts.filter((k) => k.startsWith(`${prefix}:`)).length;
  return { kv, values, state, written };
}

/** A clock and timers the test moves by hand: `wait` resolves once `advance` passes its time. */
export function handClock(start = 1_000_000) {
  const clock = { t: start };
  let timers: { due: number; resolve: () => void }[] = [];
  const background: Promise<unknown>[] = [];
  return {
    clock,
    now: () => clock.t,
    wait: (ms: number) => new Promise<void>((resolve) => timers.push({ due: clock.t + ms, resolve })),
    /** Background work handed over (`waitUntil`). */
    later: (work: Promise<unknown>) => void background.push(work),
    /**
     * Moves the clock, fires the timers now due and lets the work they start run: the store answers
     * in microtasks, so a few turns of the event loop see it through, retries' new timers included.
     */
    async advance(ms: number) {
      clock.t += ms;
      const due = timers.filter((x) => x.due <= clock.t);
      timers = timers.filter((x) => x.due > clock.t);
      for (const timer of due) timer.resolve();
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    },
    /** The background work handed over so far (`waitUntil`). */
    background,
    get timers() {
      return timers.length;
    },
  };
}
