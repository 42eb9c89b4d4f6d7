import type fc from 'fast-check';
import { inject } from 'vitest';

/** fast-check time budget per property: a loaded machine runs fewer cases, never fails for it. */
const TIME_LIMIT_MS = 60_000;

/**
 * Parameters of one fuzz property: the run's fixed seed (FUZZ_SEED replays another), a run count,
 * and fast-check's own time limit. A failure message names the seed and the shrunk case.
 */
export function fuzzRuns(numRuns: number): fc.Parameters<unknown> {
  return { seed: inject('fuzzSeed'), numRuns, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false };
}
