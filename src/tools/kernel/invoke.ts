import { rememberSent } from './parse-datachain.js';
import { internalError, invalidArguments, rateLimited, timeout, upstreamError } from '../../core/error-catalogue.js';
import {
  BudgetExceeded,
  budgetFor,
  type Deadline,
  DeadlineExceeded,
  startDeadline,
  withinBudget,
} from '../../core/deadline.js';
import { type Answer, type ErrorItem, outcomeOf, err, refused, type Outcome } from '../../core/envelope.js';
import type { SchemaStore } from '../../store/store.js';
import type { TokenTaker } from '../../core/rate.js';
import { StorageFailure } from '../../core/storage.js';
import { safeParseFast } from '../../core/fast-parse.js';
import { issuesToErrors } from '../../core/zod-issues.js';
import { withReleases } from '../../store/loading.js';
import { cachedAnswer } from './answer-cache.js';
import { uncarriedLocale } from './carried-locales.js';
import type { CallContext, ToolContext } from './define.js';
import { PreparedAnswer } from './prepared.js';
import type { Tool } from './registry.js';
import { isRecord, kindOf } from '../../core/values.js';

/** The error for arguments that are not an object (undefined and null read as none: `{}`). */
function notAnObject(args: unknown): ErrorItem {
  return invalidArguments({
    message: `A tool's arguments are one JSON object of named values, not ${kindOf(args)}.`,
    path: '',
    fix_hint: 'Send them as an object, e.g. {"version": "ai@latest"}; tools/list gives each tool\'s inputSchema.',
  });
}

/** What a surface gives the pipeline: the call's capabilities, and the taker of its rate tokens. */
export interface Caller extends CallContext {
  takeToken: TokenTaker;
}

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

/**
 * The caller with its deadline; every other capability is read through to the caller, so a lazy
 * one stays lazy. One class, so a tool's reads of its context see one shape whatever the surface
 * (a per-call object made a prototype, as `Object.create(caller)` did, costs V8 a map of its own).
 */
class DeadlineContext implements ToolContext {
  // Private, so a context spread or serialised never carries the caller (its store included).
  readonly #caller: CallContext;
  constructor(
    caller: CallContext,
    readonly deadline: Deadline,
  ) {
    this.#caller = caller;
  }
  get store(): SchemaStore {
    return this.#caller.store;
  }
  get sessions(): ToolContext['sessions'] {
    return this.#caller.sessions;
  }
  get limits(): ToolContext['limits'] {
    return this.#caller.limits;
  }
  get origin(): string {
    return this.#caller.origin;
  }
  get requestId(): string {
    return this.#caller.requestId;
  }
}

/** The caller with the deadline of its call: a context that already holds that deadline is itself. */
function withDeadline(caller: CallContext, deadline: Deadline): ToolContext {
  return caller instanceof DeadlineContext && caller.deadline === deadline
    ? caller
    : new DeadlineContext(caller, deadline);
}

/** The pipeline without the rate token: for calls inside a request that already took one (resources). */
export async function invoke(tool: Tool, rawArgs: unknown, caller: CallContext): Promise<Called> {
  const cached = tool.cacheable ? cachedAnswer(tool, rawArgs, caller) : undefined;
  if (cached instanceof PreparedAnswer) return cached;
  const budget = budgetFor(caller.limits, tool.bucket);
  const pending = invokeTool(tool, rawArgs, withDeadline(caller, caller.deadline ?? startDeadline(budget)));
  if (!(pending instanceof Promise)) return (cached && cached(pending)) ?? pending;
  return withinBudget(pending, budget).catch((e: unknown) => {
    if (e instanceof BudgetExceeded) return refused(timeout(budget));
    throw e;
  });
}

/** Adds to `meta.warnings` what the store says a call naming this version should know about the catalogue. */
function noteCatalogue(outcome: Outcome, rawArgs: unknown, store: SchemaStore): Outcome {
  const version = (rawArgs as { version?: unknown } | null)?.version;
  if (typeof version !== 'string' || !store.warnings) return outcome;
  const meta = outcome.envelope.meta;
  const warnings = store.warnings(version, meta.version);
  if (warnings.length > 0) meta.warnings = [...(meta.warnings ?? []), ...warnings];
  return outcome;
}

/**
 * Validates arguments, runs a tool under its deadline and classifies its answer against the tool's
 * soft codes; a locale argument the release does not carry is refused before the tool runs
 * (`carried-locales.ts`). This is the one place tool exceptions are caught: an expired deadline becomes
 * `timeout`, a storage failure `upstream_error`, any other fault `internal_error` with nothing
 * internal in the message. The tool runs inside the release-loading seam, so the releases it names
 * are read before it answers. Synchronous tools answer synchronously (no promise) when nothing is read.
 */
export function invokeTool(tool: Tool, rawArgs: unknown, caller: CallContext): Outcome | Promise<Outcome> {
  if (rawArgs != null && !isRecord(rawArgs)) return outcomeOf(err(notAnObject(rawArgs)));
  const parsed = safeParseFast(tool.input, rawArgs ?? {});
  if (!parsed.success) return outcomeOf(err(issuesToErrors(parsed.error.issues, 'invalid_arguments', tool.input)));
  if (isRecord(rawArgs)) rememberSent(parsed.data.datachain, rawArgs.datachain);
  const ctx = withDeadline(caller, caller.deadline ?? startDeadline(budgetFor(caller.limits, tool.bucket)));
  const crashed = (error: unknown): Outcome => {
    if (error instanceof DeadlineExceeded) return outcomeOf(err(timeout(error.budgetMs)));
    const event = error instanceof StorageFailure ? 'storage_failure' : 'tool_exception';
    const detail = error instanceof StorageFailure ? error.message : String(error);
    console.error(JSON.stringify({ level: 'error', event, tool: tool.name, request_id: ctx.requestId, error: detail }));
    return outcomeOf(
      err(error instanceof StorageFailure ? upstreamError(ctx.requestId, error.release) : internalError(ctx.requestId)),
    );
  };
  try {
    const answer = withReleases(ctx.store, () => {
      const uncarried = tool.readsLocale?.(parsed.data) === false ? undefined : uncarriedLocale(parsed.data, ctx.store);
      return uncarried ?? tool.run(parsed.data, ctx);
    });
    const told = (a: Answer) => noteCatalogue(outcomeOf(a, tool.softCodes), rawArgs, ctx.store);
    return answer instanceof Promise ? answer.then(told).catch(crashed) : told(answer);
  } catch (error) {
    return crashed(error);
  }
}
