import type { z } from 'zod';
import type { ErrorItem } from './envelope.js';
import type { ErrorCode } from './errors.js';
import { jsonPath } from './json.js';
import { trimTrailing } from './strings.js';

/** The schema at a path of object keys, its wrappers (optional, default...) removed; undefined past anything else. */
function nodeAt(schema: z.ZodType, path: readonly PropertyKey[]): unknown {
  let node: unknown = schema;
  for (const key of path) {
    const shape = (node as { shape?: Record<string, unknown> }).shape;
    if (!shape || typeof key !== 'string') return undefined;
    node = shape[key];
    while (node && (node as { unwrap?: () => unknown }).unwrap) node = (node as { unwrap: () => unknown }).unwrap();
  }
  return node;
}

function allowedKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  const shape = (nodeAt(schema, path) as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : undefined;
}

/** Bounds worth naming in a hint (not the safe-integer limits every integer schema has). */
const named = (v: unknown): v is number => typeof v === 'number' && Math.abs(v) < 1e9;

/**
 * The fix for text where a number is wanted (a REST query value is always text): the form a number
 * takes, the schema's range and an example, e.g. "Give 'limit' as a whole number from 1 to 200 in
 * plain digits, e.g. 50."
 */
function numberHint(where: string, node: unknown): string {
  const n = (node ?? {}) as { minValue?: unknown; maxValue?: unknown; isInt?: unknown };
  const range = named(n.minValue) && named(n.maxValue) ? ` from ${n.minValue} to ${n.maxValue}` : '';
  const example = named(n.minValue) ? Math.max(n.minValue, Math.min(named(n.maxValue) ? n.maxValue : 50, 50)) : 10;
  return `Give '${where}' as ${n.isInt === true ? 'a whole number' : 'a number'}${range} in plain digits, e.g. ${example}.`;
}

/** How a value of each JSON type zod names is written, for a hint. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text (a JSON string)',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (a JSON array)',
  tuple: 'a list (a JSON array)',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

/** Values a hint lists in full; past this many it points to the message, which zod has them in. */
const LISTED_VALUES = 40;

/** zod's own wording of a value outside a fixed set, of the wrong type, or naming no option of a union. */
const ZOD_WORDS = /^Invalid (input: expected |option: expected |discriminator value\. Expected )/;

/** Whether zod refused a value for being absent (its own words: "…, received undefined"). */
const isMissing = (issue: z.core.$ZodIssue) =>
  issue.code === 'invalid_type' && issue.message.includes('received undefined');

/** A value as JSON writes it; undefined for one JSON cannot carry (undefined, a bigint, a symbol). */
const jsonForm = (v: unknown): string | undefined =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? JSON.stringify(v)
    : undefined;

/** A string a list may show bare: one word, no quotes or commas to confuse with the list's own. */
const BARE = /^[^\s,"']+$/;

/**
 * "Set 'x' to one of: a, b, c." for the values a fixed set allows: bare when each is such a word,
 * else as JSON writes each (so "1" and 1, or an empty text, stay apart); one value as JSON writes it.
 * Undefined when a value has no JSON form.
 */
function oneOf(name: string, values: readonly unknown[]): string | undefined {
  if (values.length > LISTED_VALUES) return `Set ${name} to one of the values the message lists.`;
  const forms = values.map(jsonForm);
  if (forms.length === 0 || forms.some((f) => f === undefined)) return undefined;
  if (forms.length === 1) return `Set ${name} to ${forms[0]}.`;
  const bare = values.every((v) => typeof v === 'string' && BARE.test(v));
  return `Set ${name} to one of: ${(bare ? values : forms).join(', ')}.`;
}

/**
 * The fix for an issue that no rule of `issuesToErrors` words on its own. Where zod worded the issue
 * itself: the values to choose from for a value outside a fixed set (an enum, a literal, a
 * discriminated union's tag), the type to give for a value of the wrong type, so that the hint says
 * what to send rather than the message again. Otherwise (a schema's own message, which carries its
 * advice, or any other issue) the message's words as a correction. `where` is the value's path
 * (empty: the value itself).
 */
export function fixHintOf(issue: z.core.$ZodIssue, where: string): string {
  const name = where ? `'${where}'` : 'the value';
  if (ZOD_WORDS.test(issue.message)) {
    const options = (issue as { options?: unknown }).options;
    const values = issue.code === 'invalid_value' ? issue.values : Array.isArray(options) ? options : undefined;
    const listed = values && oneOf(name, values);
    if (listed) return listed;
    if (isMissing(issue)) return `Provide ${name}.`;
    if (issue.code === 'invalid_type' && Object.hasOwn(TYPE_WORDS, issue.expected))
      return `Give ${name} as ${TYPE_WORDS[issue.expected]}.`;
  }
  return `Correct ${name}: ${trimTrailing(issue.message.replace(/^Invalid input: /, ''), '.')}.`;
}

/** A schema node's numeric bounds, as zod keeps them (inclusive or not, it does not say). */
type NumberNode = { minValue?: unknown; maxValue?: unknown } | undefined;

/** A number bound issue's side, bound and inclusiveness, and the key of its value and side; undefined for any other issue. */
function boundOf(
  issue: z.core.$ZodIssue,
): { small: boolean; limit: number; inclusive: boolean; key: string } | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  if (issue.origin !== 'number' && issue.origin !== 'int') return undefined;
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const key = `${issue.code}\u0000${issue.path.map(String).join('\u0000')}`;
  return { small, limit, inclusive: issue.inclusive === true, key };
}

/**
 * The message and fix of an issue with a number (one that is text, not finite, not whole, or out of
 * its range), in the caller's terms rather than the validator's; undefined for any other issue. The
 * fix names the form and range a number takes (`numberHint`) where the schema's node at the issue's
 * path (`nodeOf`, looked up only for such an issue) has both bounds and the issue is about one of
 * them, inclusive; else the bound the issue names.
 */
function numberIssue(
  issue: z.core.$ZodIssue,
  where: string,
  nodeOf: () => NumberNode,
): { message: string; fix_hint: string } | undefined {
  const name = `'${where || 'value'}'`;
  const ranged = (node: NumberNode) => named(node?.minValue) && named(node?.maxValue);
  const bound = boundOf(issue);
  if (bound) {
    const { small, limit, inclusive } = bound;
    const node = nodeOf();
    const words = `${inclusive ? (small ? 'at least' : 'at most') : small ? 'over' : 'under'} ${limit}`;
    const ownRange = ranged(node) && inclusive && limit === (small ? node?.minValue : node?.maxValue);
    return {
      message: `${name} is ${small ? 'under its minimum' : 'over its maximum'}: it must be ${words}.`,
      fix_hint: ownRange ? numberHint(where, node) : `Give ${name} a value ${inclusive ? 'of ' : ''}${words}.`,
    };
  }
  if (issue.code !== 'invalid_type') return undefined;
  const received = (issue as { received?: unknown }).received;
  const fixOr = (fallback: string) => {
    const node = nodeOf();
    return ranged(node) ? numberHint(where, node) : fallback;
  };
  if (issue.expected === 'int' && issue.message.includes('received number'))
    return { message: `${name} is not a whole number.`, fix_hint: fixOr(`Give ${name} as a whole number.`) };
  if (issue.expected === 'number' && (received === 'Infinity' || received === '-Infinity'))
    return {
      message: `${name} is ${received === 'Infinity' ? 'too large' : 'too small'} a number to read.`,
      fix_hint: fixOr(`Give ${name} a number of fewer digits.`),
    };
  if (issue.expected === 'number' && issue.message.includes('received string'))
    return { message: `${name} must be a number, not text.`, fix_hint: numberHint(where, nodeOf()) };
  return undefined;
}

/**
 * The issues that are only a number's safe-integer bound (every integer schema has one) where
 * another issue names the same value's own bound on the same side: zod reports both for a huge
 * integer, and only the second says anything the schema chose. Linear in the issues.
 */
function shadowedSafeBounds(issues: readonly z.core.$ZodIssue[]): Set<z.core.$ZodIssue> {
  const chosen = new Set<string>();
  for (const issue of issues) {
    const bound = boundOf(issue);
    if (bound && named(bound.limit)) chosen.add(bound.key);
  }
  const shadowed = new Set<z.core.$ZodIssue>();
  for (const issue of issues) {
    const bound = boundOf(issue);
    if (bound && !named(bound.limit) && chosen.has(bound.key)) shadowed.add(issue);
  }
  return shadowed;
}

const pathKey = (issue: z.core.$ZodIssue) => issue.path.map(String).join('\u0000');

/** The paths of values of the wrong type: a size issue at one of them is not the caller's. */
function mistypedPaths(issues: readonly z.core.$ZodIssue[]): Set<string> {
  const out = new Set<string>();
  for (const issue of issues) if (issue.code === 'invalid_type') out.add(pathKey(issue));
  return out;
}

/** At most this many errors come from one validation; a caller fixes them and sends again. */
const MAX_ISSUES = 100;

/** A caller's key as errors show it: long keys are cut, so an answer never echoes a huge key. */
const shownKey = (key: string) => (key.length > 128 ? `${key.slice(0, 128)}…` : key);

/** The message and fix of a value over a size cap. */
function tooBig(issue: z.core.$ZodIssueTooBig, where: string): { message: string; fix_hint: string } {
  const max = Number(issue.maximum);
  const what =
    issue.origin === 'string' ? `${max} characters` : issue.origin === 'array' ? `${max} items` : String(max);
  return {
    message: `'${where || 'value'}' is over its limit of ${what}.`,
    fix_hint:
      issue.origin === 'string'
        ? `Shorten '${where}' to at most ${what}.`
        : `Send at most ${what} in '${where || 'value'}'.`,
  };
}

/**
 * Turns zod issues into envelope errors, one per issue (at most MAX_ISSUES), each with a JSON path
 * into the caller's payload and a concrete fix. Unknown keys name the keys that are allowed there.
 * Two issues that read the same (two checks of one bound on one value) are one error.
 */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  code: ErrorCode,
  schema: z.ZodType,
  prefix = '',
): ErrorItem[] {
  const out: ErrorItem[] = [];
  const seen = new Set<string>();
  const shadowed = shadowedSafeBounds(issues);
  const mistyped = mistypedPaths(issues);
  const push = (item: ErrorItem) => {
    const key = `${item.path}\u0000${item.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(item);
  };
  for (const issue of issues) {
    if (out.length >= MAX_ISSUES) break;
    const where = jsonPath(
      issue.path.map((k) => (typeof k === 'string' ? shownKey(k) : k)),
      prefix,
    );
    // zod runs a size check on a value of the wrong type too ("abc" for an array of at most 6 reads
    // as a string over 6 characters): the type is the error, the size says nothing true.
    if ((issue.code === 'too_big' || issue.code === 'too_small') && mistyped.has(pathKey(issue))) continue;
    if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
      push({ code, path: where, ...tooBig(issue, where) });
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      const allowed = allowedKeys(schema, issue.path);
      for (const key of issue.keys.slice(0, MAX_ISSUES).map(shownKey)) {
        push({
          code,
          message: `Unknown key '${key}'${where ? ` in ${where}` : ''}.`,
          path: jsonPath([...issue.path, key], prefix),
          fix_hint: allowed ? `Remove it or use one of the allowed keys: ${allowed.join(', ')}.` : 'Remove the key.',
        });
      }
      continue;
    }
    if (shadowed.has(issue)) continue;
    const aboutNumber = numberIssue(issue, where, () => nodeAt(schema, issue.path) as NumberNode);
    if (aboutNumber !== undefined) {
      push({ code, message: aboutNumber.message, path: where, fix_hint: aboutNumber.fix_hint });
      continue;
    }
    const missing = isMissing(issue);
    // A schema's own refinement may carry its fix in `params.fix_hint`.
    const ownHint =
      issue.code === 'custom' && typeof issue.params?.fix_hint === 'string' ? issue.params.fix_hint : undefined;
    push({
      code,
      message: missing ? `Missing required value '${where}'.` : `${where || 'value'}: ${issue.message}`,
      path: where,
      fix_hint: ownHint ?? fixHintOf(issue, where),
    });
  }
  return out;
}
