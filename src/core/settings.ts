import { trimTrailing } from './strings.js';

/** What a deployment's wrangler vars configure: request limits and the public origin. */
/** Request limits, with the contract's defaults. */
export interface Limits {
  bodyBytes: number;
  batch: number;
  /** Wall-clock budget of reads. */
  readBudgetMs: number;
  /** Wall-clock budget of validate, resolve and render. */
  workBudgetMs: number;
  /** Total bytes the answers of one /mcp batch may take. */
  batchAnswerBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 65_536,
  batch: 50,
  readBudgetMs: 2_000,
  workBudgetMs: 5_000,
  batchAnswerBytes: 1_048_576,
};

function positive(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

const memo = new WeakMap<object, Limits>();

/** The limits of an env object, parsed once per env (the runtime reuses it across requests). */
export function limitsFrom(env: object): Limits {
  let limits = memo.get(env);
  if (!limits) memo.set(env, (limits = parseLimits(env)));
  return limits;
}

function parseLimits(env: object): Limits {
  const vars = env as Record<string, unknown>;
  const s = (k: string) => (typeof vars[k] === 'string' ? (vars[k] as string) : undefined);
  return {
    bodyBytes: positive(s('BODY_LIMIT_BYTES'), DEFAULT_LIMITS.bodyBytes),
    batch: positive(s('BATCH_LIMIT'), DEFAULT_LIMITS.batch),
    readBudgetMs: positive(s('READ_BUDGET_MS'), DEFAULT_LIMITS.readBudgetMs),
    workBudgetMs: positive(s('WORK_BUDGET_MS'), DEFAULT_LIMITS.workBudgetMs),
    batchAnswerBytes: positive(s('BATCH_ANSWER_BYTES'), DEFAULT_LIMITS.batchAnswerBytes),
  };
}

/** The wall-clock budget of a tool's kind of work: reads, or validate, resolve and render. */
export function budgetFor(limits: Limits, bucket: 'read' | 'validate' | 'resolve'): number {
  return bucket === 'read' ? limits.readBudgetMs : limits.workBudgetMs;
}

/** `scheme://host[:port]` of an absolute URL, without a full URL parse on the hot path. */
function requestOrigin(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end < 0 ? url : url.slice(0, end);
}

/**
 * The origin absolute URLs in answers are built on: the deployment's `PUBLIC_ORIGIN` (the first one
 * when it lists several) when set, else the request's own origin. Host headers are not trusted to
 * name a public deployment.
 */
export function publicOrigin(env: Partial<Env> | undefined, url: string): string {
  const configured = (env?.PUBLIC_ORIGIN ?? '').split(',')[0]!.trim();
  return configured === '' ? requestOrigin(url) : trimTrailing(configured, '/');
}

/**
 * The deadline a request's synchronous work checks between units of work (a placement through a
 * rule family, a card rendered, a snapshot item compared...). A Worker's clock does not advance
 * while code runs without I/O, so a wall-clock timer alone cannot stop CPU-bound work: the
 * deadline also counts units, UNITS_PER_MS per millisecond of budget, and expires on whichever
 * runs out first. Expiry throws DeadlineExceeded, which the tool registry answers as `timeout`.
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
    clearTimeout(timer);
  }
}
