import { invalidArguments } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { isPlainDecimal } from '../core/strings.js';
import { argumentKinds } from '../tools/kernel/descriptors.js';
import type { QueryKind } from '../tools/kernel/query-kind.js';
import type { ToolName } from '../tools/kernel/registry.js';

/** How a query value of `tool`'s argument `arg` is read: a number, a list, else a string. */
const kindOf = (tool: ToolName | undefined, arg: string): QueryKind =>
  (tool && argumentKinds()[tool]?.[arg]) || 'string';

function convert(kind: QueryKind, values: string[]): unknown {
  if (kind === 'list') {
    return values
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  const raw = values[0]!;
  // Plain decimal numbers only ("10", "-1", "1.5"); anything else stays a string for the tool to refuse.
  return kind === 'number' && isPlainDecimal(raw) ? Number(raw) : raw;
}

/**
 * The first parameter of a URL's query whose name or value is not percent-encoded UTF-8 (`%FF`, a
 * cut `%E0%A4%A`), as `invalid_arguments`, or undefined. The router keeps such text as it came, so
 * a search for `%FF` would otherwise look for those three characters without a word said.
 */
function undecodableQuery(url: string): ErrorItem | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  if (!query.includes('%')) return undefined;
  for (const part of query.split('&')) {
    if (!part.includes('%')) continue;
    const eq = part.indexOf('=');
    const [name, value] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    for (const text of [name, value]) {
      try {
        decodeURIComponent(text.replaceAll('+', ' '));
      } catch {
        const shown = name.slice(0, 64);
        return invalidArguments({
          message: `Query parameter '${shown}' is not percent-encoded UTF-8: '${text.slice(0, 64)}'.`,
          path: shown,
          fix_hint:
            'Encode the text as UTF-8, then percent-encode its bytes (é is %C3%A9; a space is %20 or +; a % itself is %25).',
        });
      }
    }
  }
  return undefined;
}

/**
 * Tool arguments from a request: path parameters as they are, then the allowed query parameters
 * converted by kind (numbers parsed strictly, comma lists split and trimmed: `fields=all` is `["all"]`).
 * A query (`url`'s) that is not percent-encoded UTF-8, and unknown or repeated scalar parameters,
 * are refused with `invalid_arguments` (naming the allowed parameters);
 * converted values are then checked by the tool's own input schema.
 */
export function gatherArgs(
  tool: ToolName | undefined,
  allowed: readonly string[],
  params: Record<string, string>,
  query: Record<string, string[]>,
  url: string,
): { args: Record<string, unknown> } | { errors: ErrorItem[] } {
  const undecodable = undecodableQuery(url);
  if (undecodable) return { errors: [undecodable] };
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
    const kind = kindOf(tool, name);
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
