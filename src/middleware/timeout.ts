import type { MiddlewareHandler } from 'hono';
import { timeoutError } from '../core/deadline.js';
import type { Refuser } from './refuse.js';

export class BudgetExceeded extends Error {}

/** Resolves with `work`, or rejects with BudgetExceeded after `ms`. */
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

/** A wall-clock budget for a route group; on expiry the answer is 504 `timeout`. */
export function timeout(budgetMs: (c: Parameters<MiddlewareHandler>[0]) => number, refuse: Refuser): MiddlewareHandler {
  return async function timeoutMiddleware(c, next) {
    const ms = budgetMs(c);
    try {
      await withinBudget(next(), ms);
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
      c.res = refuse(c, timeoutError(ms));
    }
  };
}
