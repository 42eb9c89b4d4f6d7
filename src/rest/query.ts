import { invalidArguments } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { toolDescriptors } from '../tools/kernel/descriptors.js';
import type { ToolName } from '../tools/kernel/registry.js';

/** How a query-string value becomes a tool argument, read off the argument's JSON Schema. */
export type QueryKind = 'number' | 'list' | 'string';

type JsonSchema = { type?: unknown };

export function queryKind(schema: JsonSchema | undefined): QueryKind {
  if (!schema) return 'string';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'array') return 'list';
  return 'string';
}

/** Each tool's input properties, made on the first REST query read (not when the script loads). */
let inputProperties: Map<ToolName, Record<string, JsonSchema>> | undefined;

/** The input JSON Schema of one argument of a tool. */
function argumentSchema(tool: ToolName, arg: string): JsonSchema | undefined {
  inputProperties ??= new Map(
    toolDescriptors().map((d) => [d.name, (d.inputSchema.properties ?? {}) as Record<string, JsonSchema>]),
  );
  return inputProperties.get(tool)?.[arg];
}

/** Plain decimal numbers only ("10", "-1", "1.5"); anything else stays a string for the tool to refuse. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function convert(kind: QueryKind, values: string[]): unknown {
  if (kind === 'list') {
    return values
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  const raw = values[0]!;
  return kind === 'number' && DECIMAL.test(raw) ? Number(raw) : raw;
}

/**
 * Tool arguments from a request: path parameters as they are, then the allowed query parameters
 * converted by kind (numbers parsed strictly, comma lists split and trimmed: `fields=all` is `["all"]`).
 * Unknown or repeated scalar parameters are refused with `invalid_arguments` naming the allowed ones;
 * converted values are then checked by the tool's own input schema.
 */
export function gatherArgs(
  tool: ToolName | undefined,
  allowed: readonly string[],
  params: Record<string, string>,
  query: Record<string, string[]>,
): { args: Record<string, unknown> } | { errors: ErrorItem[] } {
  const args: Record<string, unknown> = { ...params };
  const errors: ErrorItem[] = [];
  const hint = allowed.length
    ? `Remove it or use one of the allowed query parameters: ${allowed.join(', ')}.`
    : 'Remove it: this route takes no query parameters.';
  for (const [name, values] of Object.entries(query)) {
    if (!allowed.includes(name)) {
      errors.push(
        invalidArguments({
          message: `Unknown query parameter '${name.slice(0, 64)}'.`,
          path: name.slice(0, 64),
          fix_hint: hint,
        }),
      );
      continue;
    }
    const kind = queryKind(tool && argumentSchema(tool, name));
    if (values.length > 1 && kind !== 'list') {
      errors.push(
        invalidArguments({
          message: `Query parameter '${name}' is given ${values.length} times.`,
          path: name,
          fix_hint: `Give '${name}' once.`,
        }),
      );
      continue;
    }
    args[name] = convert(kind, values);
  }
  return errors.length ? { errors } : { args };
}
