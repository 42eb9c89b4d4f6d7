import type { Limits } from './settings.js';

/** The wall-clock budget of a tool's kind of work: reads, or validate, resolve and render. */
export function budgetFor(limits: Limits, bucket: 'read' | 'validate' | 'resolve'): number {
  return bucket === 'read' ? limits.readBudgetMs : limits.workBudgetMs;
}

/**
 * The deadline a request's synchronous work checks between units of work (a placement through a
 * rule family, a card rendered, a snapshot item compared...). A Worker's clock does not advance
 * while code runs without I/O, so a wall-clock timer alone cannot stop CPU-bound work: the
 * deadline also counts units, UNITS_PER_MS per millisecond of budget, and expires on whichever
 * runs out first. Expiry throws DeadlineExceeded, which the call pipeline answers as `timeout`.
 */
export interface Deadline {
  readonly budgetMs: number;
  /** Spends one unit; throws DeadlineExceeded when the units or the time are used up. */
  check(): void;
}

/** Units of work one millisecond of budget allows; a unit takes microseconds. */
const UNITS_PER_MS = 100;
/** How many units pass between two looks at the clock. */
const CLOCK_EVERY = 64;

export class DeadlineExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`work budget of ${budgetMs} ms exceeded`);
  }
}

export function startDeadline(
  budgetMs: number,
  now: () => number = Date.now,
  units = budgetMs * UNITS_PER_MS,
): Deadline {
  const end = now() + budgetMs;
  let spent = 0;
  return {
    budgetMs,
    check() {
      if (spent++ >= units || (spent % CLOCK_EVERY === 1 && now() > end)) throw new DeadlineExceeded(budgetMs);
    },
  };
}

/** Thrown by `withinBudget` when the wall clock runs out first. */
export class BudgetExceeded extends Error {}

/**
 * Resolves with `work`, or rejects with BudgetExceeded after `ms` of wall-clock time. Only work
 * that awaits needs it: synchronous work is stopped by its deadline's unit count.
 */
export async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded()), ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
