import { z } from 'zod';
import { fail, type Outcome } from '../core/envelope.js';
import { issuesToErrors } from '../core/zod-issues.js';
import type { ToolContext, ToolDef } from './define.js';
import { envelopeSchema } from './envelope-schema.js';
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
export const TOOLS: readonly ToolDef[] = [
  listSchemaVersions, getSchema, listCategories, listElements, getElement, getElements,
  validateDatachain, resolveDatachainTool, validateResolved, renderDatachain, getIconUrl,
] as unknown as readonly ToolDef[];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): ToolDef | undefined {
  return BY_NAME.get(name);
}

/** Input schemas are inlined (what agents read); output schemas factor repeated parts into $defs. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: io === 'output' ? 'ref' : 'inline' }) as Record<string, unknown>;

/** MCP tool descriptors, computed once per isolate. */
export const TOOL_DESCRIPTORS = TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: jsonSchema(t.input, 'input'),
  outputSchema: jsonSchema(envelopeSchema(t.output), 'output'),
  annotations: { title: t.title, ...t.annotations },
  ...(t.meta ? { _meta: t.meta } : {}),
}));

/**
 * Validates arguments and runs a tool. This is the one place tool exceptions are caught: they
 * become `internal_error` with nothing internal in the message. Synchronous tools answer
 * synchronously (no promise), so callers only pay for a wall-clock race when a tool awaits I/O.
 */
export function invokeTool(tool: ToolDef, rawArgs: unknown, ctx: ToolContext): Outcome | Promise<Outcome> {
  const parsed = tool.input.safeParse(rawArgs ?? {});
  if (!parsed.success) return fail(issuesToErrors(parsed.error.issues, 'invalid_arguments', tool.input));
  const crashed = (error: unknown): Outcome => {
    console.error(JSON.stringify({ level: 'error', event: 'tool_exception', tool: tool.name, request_id: ctx.requestId, error: String(error) }));
    return fail({
      code: 'internal_error',
      message: 'The server failed while answering this call.',
      fix_hint: `Retry; if it keeps failing, report request id ${ctx.requestId}.`,
    });
  };
  try {
    const result = tool.run(parsed.data, ctx);
    return result instanceof Promise ? result.catch(crashed) : result;
  } catch (error) {
    return crashed(error);
  }
}
