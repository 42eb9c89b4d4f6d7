import * as z from 'zod';
import { isHttpUrl, misleadingUrl } from '../../core/addresses.js';
import { invalidArguments } from '../../core/error-catalogue.js';
import type { ErrorItem } from '../../core/envelope.js';
import { isBlank } from '../../core/strings.js';
import { CAPS } from '../../domain/caps.js';
import type { FieldSpec, TargetSpec } from './spec.js';

/** `YYYY-MM` (a month, as the Dutch register dates), `YYYY-MM-DD` (a calendar date). */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** An absolute IRI: a scheme, a colon, no whitespace. */
export const IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/;
const HTTP = /^https?:\/\/\S+$/;

const oneOf = (values: readonly string[]) => (issue: { input?: unknown }) =>
  `${JSON.stringify(String(issue.input).slice(0, 80))} is not allowed; use one of: ${values.map((v) => JSON.stringify(v)).join(', ')}.`;

const httpUrl = (what: string) => z.string().max(CAPS.url).regex(HTTP, `${what} must be an absolute http(s) URL.`);

/** The option schema of one field kind; `const` and `jsonld` fields take no option. */
function optionOf(f: FieldSpec): z.ZodType | undefined {
  const text = z
    .string()
    .trim()
    .min(1)
    .max(f.max ?? CAPS.text);
  switch (f.kind) {
    case 'text':
      return text;
    case 'enum':
      return z.enum(f.values as [string, ...string[]], { error: oneOf(f.values!) });
    case 'enum_list':
      return z
        .array(z.enum(f.values as [string, ...string[]], { error: oneOf(f.values!) }))
        .min(1)
        .max(f.values!.length);
    case 'email':
      return z.email({ error: 'Use an email address such as name@example.org.' }).max(Math.min(f.max ?? 254, 254));
    case 'url':
      return httpUrl('The value').max(Math.min(f.max ?? CAPS.url, CAPS.url));
    case 'iri':
      return z
        .string()
        .max(CAPS.url)
        .regex(IRI, 'Use an absolute IRI, e.g. https://example.org/systems/1 or urn:example:1.');
    case 'month':
      return z.string().regex(MONTH, 'Use a month as YYYY-MM, e.g. 2026-09.');
    case 'date':
      return z.string().regex(DATE, 'Use a date as YYYY-MM-DD, e.g. 2026-09-01.');
    case 'datetime':
      return z.iso.datetime({ error: 'Use a date and time as YYYY-MM-DDTHH:MM:SSZ.' });
    case 'uuid':
      return z.string().regex(UUID, 'Use a UUID, e.g. 123e4567-e89b-12d3-a456-426614174000.');
    case 'links':
      return z
        .array(
          z.strictObject({
            title: z
              .string()
              .trim()
              .min(1)
              .max(f.max ?? 500),
            link: httpUrl('link'),
          }),
        )
        .min(1)
        .max(50);
    default:
      return undefined;
  }
}

/** The option key of a field (null: none). */
export const optionName = (f: FieldSpec): string | null =>
  f.option === null || f.sameAs ? null : (f.option ?? f.field);

/**
 * The options of a target, one per field an option may set, typed from the field's definition;
 * dotted names (`facets.region`) become nested objects.
 */
export function targetOptions(spec: TargetSpec): z.ZodObject {
  const top: Record<string, z.ZodType> = {};
  const nested: Record<string, Record<string, z.ZodType>> = {};
  for (const f of spec.fields) {
    const name = optionName(f);
    const schema = name && optionOf(f);
    if (!name || !schema) continue;
    const described = schema.optional().describe(f.about);
    const [head, tail] = name.split('.', 2) as [string, string | undefined];
    if (tail) (nested[head] ??= {})[tail] = described;
    else top[head] = described;
  }
  for (const [key, shape] of Object.entries(nested)) top[key] = z.strictObject(shape).optional();
  return z.strictObject(top);
}

/** An option's value from the parsed options of a target (dotted names read nested objects). */
export function optionValue(options: Record<string, unknown> | undefined, name: string): unknown {
  let node: unknown = options;
  for (const key of name.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/**
 * What a target's options say that a register's reader would misread, checked after their schema
 * (which is built for every target at start, so it stays as small as it is): a text that shows
 * nothing (`isBlank`: zero-width spaces only), and a URL that does not parse or reads as another
 * address than it opens (`misleadingUrl`), the links' too. One `invalid_arguments` per value, at its option's path.
 */
export function optionFaults(spec: TargetSpec, options: Record<string, unknown> | undefined): ErrorItem[] {
  const out: ErrorItem[] = [];
  if (!options) return out;
  for (const f of spec.fields) {
    const name = optionName(f);
    if (!name) continue;
    const value = optionValue(options, name);
    if (value === undefined) continue;
    const path = `options.${spec.optionKey}.${name}`;
    if (f.kind === 'text' && typeof value === 'string' && isBlank(value))
      out.push(
        invalidArguments({
          message: `${path}: the text shows nothing (only white space or invisible characters).`,
          path,
          fix_hint: `Write the text the register shows, or leave ${path} out.`,
        }),
      );
    const urls: Array<[string, unknown]> =
      f.kind === 'url'
        ? [[path, value]]
        : f.kind === 'links' && Array.isArray(value)
          ? value.map((l, i) => [`${path}[${i}].link`, (l as { link?: unknown }).link])
          : [];
    for (const [at, url] of urls) {
      if (typeof url !== 'string') continue;
      // The schema's pattern takes any http(s) text without spaces; a register needs one that parses.
      if (!isHttpUrl(url))
        out.push(
          invalidArguments({
            message: `${at}: '${url.slice(0, 80)}' is not an absolute http(s) URL.`,
            path: at,
            fix_hint: 'Give the full address, e.g. "https://example.org/ai/traffic-cameras".',
          }),
        );
      else {
        const misleading = misleadingUrl(url);
        if (misleading)
          out.push(
            invalidArguments({ message: `${at}: the URL ${misleading.why}`, path: at, fix_hint: misleading.fix }),
          );
      }
    }
  }
  return out;
}
