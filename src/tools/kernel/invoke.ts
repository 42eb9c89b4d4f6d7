import { internalError, rateLimited, timeout, upstreamError } from '../../core/error-catalogue.js';
import { BudgetExceeded, DeadlineExceeded, startDeadline, withinBudget } from '../../core/deadline.js';
import { outcomeOf, err, refused, type Outcome } from '../../core/envelope.js';
import type { TokenTaker } from '../../core/rate.js';
import { budgetFor } from '../../core/settings.js';
import { StorageFailure } from '../../core/storage.js';
import { issuesToErrors } from '../../core/zod-issues.js';
import { ReleasePending } from '../../store/pending.js';
import { cachedAnswer } from './answer-cache.js';
import type { CallContext } from './define.js';
import { PreparedAnswer } from './prepared.js';
import type { Tool } from './registry.js';

/** What a surface gives the pipeline: the call's capabilities, and the taker of its rate tokens. */
export interface Caller extends CallContext {
  takeToken: TokenTaker;
}

/** How many releases one call may wait for; past that the call fails as a fault. */
const MAX_LOADS = 4;

/** The result of a call: a prepared (cached, serialised) answer, or the tool's outcome. */
export type Called = PreparedAnswer | (Outcome & { rateLimited?: true });

/**
 * The one call pipeline of both surfaces, in order: a rate token from the tool's bucket, the
 * budget (a deadline the work checks, and a wall-clock race only when the tool awaits), the answer
 * cache, the tool itself, and the catch and classification of `invokeTool`.
 */
export async function callTool(tool: Tool, rawArgs: unknown, caller: Caller): Promise<Called> {
  if (!(await caller.takeToken(tool.bucket))) return { ...refused(rateLimited(tool.bucket)), rateLimited: true };
  return invoke(tool, rawArgs, caller);
}

/** The pipeline without the rate token: for calls inside a request that already took one (resources). */
export async function invoke(tool: Tool, rawArgs: unknown, caller: CallContext): Promise<Called> {
  const cached = tool.cacheable ? cachedAnswer(tool, rawArgs, caller) : undefined;
  if (cached instanceof PreparedAnswer) return cached;
  const budget = budgetFor(caller.limits, tool.bucket);
  const pending = invokeTool(tool, rawArgs, { ...caller, deadline: caller.deadline ?? startDeadline(budget) });
  if (!(pending instanceof Promise)) return (cached && cached(pending)) ?? pending;
  return withinBudget(pending, budget).catch((e: unknown) => {
    if (e instanceof BudgetExceeded) return refused(timeout(budget));
    throw e;
  });
}

/**
 * Validates arguments, runs a tool under its deadline and classifies its answer against the tool's
 * soft codes. This is the one place tool exceptions are caught: an expired deadline becomes
 * `timeout`, a storage failure `upstream_error`, any other fault `internal_error` with nothing
 * internal in the message. A release the store has not read yet (`ReleasePending`) is read and
 * the tool run again. Synchronous tools answer synchronously (no promise) when nothing is read.
 */
export function invokeTool(
  tool: Tool,
  rawArgs: unknown,
  caller: CallContext,
  loads = MAX_LOADS,
): Outcome | Promise<Outcome> {
  const parsed = tool.input.safeParse(rawArgs ?? {});
  if (!parsed.success) return outcomeOf(err(issuesToErrors(parsed.error.issues, 'invalid_arguments', tool.input)));
  const ctx = { ...caller, deadline: caller.deadline ?? startDeadline(budgetFor(caller.limits, tool.bucket)) };
  const crashed = (error: unknown): Outcome | Promise<Outcome> => {
    if (error instanceof ReleasePending && loads > 0 && ctx.store.load) {
      return ctx.store.load(error.id).then(() => invokeTool(tool, rawArgs, ctx, loads - 1), crashed);
    }
    if (error instanceof DeadlineExceeded) return outcomeOf(err(timeout(error.budgetMs)));
    const event = error instanceof StorageFailure ? 'storage_failure' : 'tool_exception';
    const detail = error instanceof StorageFailure ? error.message : String(error);
    console.error(JSON.stringify({ level: 'error', event, tool: tool.name, request_id: ctx.requestId, error: detail }));
    return outcomeOf(
      err(error instanceof StorageFailure ? upstreamError(ctx.requestId) : internalError(ctx.requestId)),
    );
  };
  try {
    const answer = tool.run(parsed.data, ctx);
    return answer instanceof Promise
      ? answer.then((a) => outcomeOf(a, tool.softCodes), crashed)
      : outcomeOf(answer, tool.softCodes);
  } catch (error) {
    return crashed(error);
  }
}
