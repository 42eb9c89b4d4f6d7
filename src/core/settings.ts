import { trimTrailing } from './strings.js';

/** Request limits, with the contract's defaults; a deployment's wrangler vars override them. */
export interface Limits {
  bodyBytes: number;
  batch: number;
  /** Wall-clock budget of reads. */
  readBudgetMs: number;
  /** Wall-clock budget of validate, resolve and render. */
  workBudgetMs: number;
  /** Total bytes the answers of one /mcp batch may take. */
  batchAnswerBytes: number;
  /** Renders one address may keep per hour (render_datachain on /mcp). */
  keepRendersPerHour: number;
  /** Bytes of renders (bodies and source datachains) one address may keep per hour. */
  keepBytesPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 65_536,
  batch: 50,
  readBudgetMs: 2_000,
  workBudgetMs: 5_000,
  batchAnswerBytes: 1_048_576,
  keepRendersPerHour: 120,
  keepBytesPerHour: 16 * 1024 * 1024,
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
    keepRendersPerHour: positive(s('KEEP_RENDERS_PER_HOUR'), DEFAULT_LIMITS.keepRendersPerHour),
    keepBytesPerHour: positive(s('KEEP_BYTES_PER_HOUR'), DEFAULT_LIMITS.keepBytesPerHour),
  };
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
