import { classify, err, internalError, type Outcome } from '../core/envelope.js';
import type { ErrorCode } from '../core/errors.js';
import { issuesToErrors } from '../core/zod-issues.js';
import { DeadlineExceeded, startDeadline, timeoutError } from '../core/deadline.js';
import { budgetFor, limitsFrom } from '../core/limits.js';
import { StorageFailure, upstreamError } from '../core/storage.js';
import type { CallContext, ToolDef } from './define.js';
import { getElement } from './get-element.js';
import { getElements } from './get-elements.js';
import { getIconUrl } from './get-icon-url.js';
import { getSchema } from './get-schema.js';
import { listCategories } from './list-categories.js';
import { listElements } from './list-elements.js';
import { listSchemaVersions } from './list-schema-versions.js';
import { renderDatachain } from './render-datachain.js';
import { resolveDatachainTool } from './resolve-datachain.js';
import { validateDatachain } from './validate-datachain.js';
import { validateResolved } from './validate-resolved.js';

/** Every tool, in the order tools/list shows them. */
const DEFINED = [
  listSchemaVersions,
  getSchema,
  listCategories,
  listElements,
  getElement,
  getElements,
  validateDatachain,
  resolveDatachainTool,
  validateResolved,
  renderDatachain,
  getIconUrl,
] as const;

/** The name of a registered tool. */
export type ToolName = (typeof DEFINED)[number]['name'];

/** A registered tool with its argument and output types erased, and its soft codes as a set. */
export interface Tool extends ToolDef<ToolName> {
  softCodes: ReadonlySet<ErrorCode>;
}

const ERASED: readonly ToolDef<ToolName>[] = DEFINED;
/** A tool definition made ready to invoke (its soft codes as a set). */
export function asTool(def: ToolDef<ToolName>): Tool {
  return { ...def, softCodes: new Set(def.soft) };
}

export const TOOLS: readonly Tool[] = ERASED.map(asTool);
export const TOOL_NAMES: readonly ToolName[] = TOOLS.map((t) => t.name);

const BY_NAME = new Map<string, Tool>(TOOLS.map((t) => [t.name, t]));

/** The tool a caller names, if it exists (MCP `tools/call` takes any string). */
export function findTool(name: string): Tool | undefined {
  return BY_NAME.get(name);
}

/** The tool behind a name the code base itself holds. */
export function toolNamed(name: ToolName): Tool {
  return BY_NAME.get(name)!;
}

/**
 * Validates arguments, runs a tool under a deadline and classifies its answer against the tool's
 * soft codes. This is the one place tool exceptions are caught: an expired deadline becomes
 * `timeout`, a storage failure `upstream_error`, any other fault `internal_error` with nothing
 * internal in the message. Synchronous tools answer synchronously (no promise), so callers only pay for a
 * promise when a tool awaits I/O.
 */
export function invokeTool(tool: Tool, rawArgs: unknown, caller: CallContext): Outcome | Promise<Outcome> {
  const parsed = tool.input.safeParse(rawArgs ?? {});
  if (!parsed.success) return classify(err(issuesToErrors(parsed.error.issues, 'invalid_arguments', tool.input)));
  const ctx = { ...caller, deadline: caller.deadline ?? startDeadline(budgetFor(limitsFrom(caller.env), tool.bucket)) };
  const crashed = (error: unknown): Outcome => {
    if (error instanceof DeadlineExceeded) return classify(err(timeoutError(error.budgetMs)));
    if (error instanceof StorageFailure) {
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'storage_failure',
          tool: tool.name,
          request_id: ctx.requestId,
          error: error.message,
        }),
      );
      return classify(err(upstreamError(ctx.requestId)));
    }
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'tool_exception',
        tool: tool.name,
        request_id: ctx.requestId,
        error: String(error),
      }),
    );
    return classify(err(internalError(ctx.requestId)));
  };
  try {
    const answer = tool.run(parsed.data, ctx);
    return answer instanceof Promise
      ? answer.then((a) => classify(a, tool.softCodes), crashed)
      : classify(answer, tool.softCodes);
  } catch (error) {
    return crashed(error);
  }
}
