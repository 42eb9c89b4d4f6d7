/**
 * The seed of every fast-check run. Fixed, so CI runs the same cases each time; set FUZZ_SEED to
 * replay another seed (a failure prints the seed it ran with).
 */
export const DEFAULT_FUZZ_SEED = 20_261_123;

function seedFrom(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_FUZZ_SEED;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`FUZZ_SEED must be an integer (got '${raw}')`);
  return n;
}

export const FUZZ_SEED = seedFrom(process.env.FUZZ_SEED);

declare module 'vitest' {
  export interface ProvidedContext {
    fuzzSeed: number;
  }
}
