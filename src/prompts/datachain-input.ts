import { failure, type Result, success } from '../core/result.js';
import { parseJsonBody } from '../core/json.js';
import { jsonPath } from '../core/json.js';
import { isLocaleArray } from '../core/projection.js';
import type { Release } from '../store/release.js';
import { bad, releaseOf } from './args.js';
import type { PromptArgs, PromptContext } from './define.js';
import { quoted } from './text.js';
import { isRecord, kindOf } from '../core/values.js';

export type Datachain = Record<string, unknown>;

/** What a datachain places, by category of the release; ids the release lacks are quoted in `unknown`. */
export interface Coverage {
  byCategory: Map<string, Array<{ id: string; proposed: boolean }>>;
  unknown: string[];
}

const FIX = 'Pass the datachain as JSON text of an object, e.g. {"elements":[{"element_id":"..."}]}.';

/** Parses the `datachain` argument: JSON text of an object, within the server's nesting limit (wrapped, as a datachain may have any key). */
export function parseDatachainText(text: string, path = 'arguments.datachain'): Result<Datachain> {
  const parsed = parseJsonBody(text);
  if (parsed.error)
    return bad(
      path,
      parsed.error.reason === 'syntax'
        ? `The datachain is not valid JSON: ${parsed.error.detail}`
        : parsed.error.message,
      FIX,
    );
  const v = parsed.value;
  if (!isRecord(v)) return bad(path, `The datachain must be a JSON object (got ${kindOf(v)}).`, FIX);
  return success(v as Datachain);
}

/** The `datachain` argument, or the datachain last rendered in the session when it is omitted. */
export async function datachainOf(args: PromptArgs, ctx: PromptContext): Promise<Result<Datachain>> {
  if (!args.has('datachain') && !ctx.lastRendered) {
    return bad(
      'arguments.datachain',
      'No datachain: none was passed, and a request without a session (as every 2026-07-28 request is) has no last render to use.',
      'Pass `datachain` as JSON text: the datachain you rendered, or any other.',
    );
  }
  const text = args.get('datachain') ?? (await ctx.lastRendered?.());
  if (text === undefined || text === null) {
    return bad(
      'arguments.datachain',
      'No datachain: none was passed and none was rendered in this session.',
      'Pass `datachain` as JSON text, or call render_datachain in this session (same Mcp-Session-Id) first.',
    );
  }
  return parseDatachainText(text);
}

/**
 * The release a datachain prompt works against: the `version` argument, else the datachain's
 * `schema_version`, else ai@latest. When both name a release they must name the same one.
 */
export function releaseForDatachain(ctx: PromptContext, version: string | undefined, dc: Datachain): Result<Release> {
  const pinned = typeof dc.schema_version === 'string' ? dc.schema_version : undefined;
  if (version === undefined) {
    if (pinned === undefined) return releaseOf(ctx.store, 'ai@latest');
    const release = releaseOf(ctx.store, pinned, 'arguments.datachain.schema_version');
    if (release.error === undefined) return release;
    const fix_hint = `Pass \`version\` with a served release, or correct schema_version. ${release.error.fix_hint ?? ''}`;
    return failure({ ...release.error, fix_hint: fix_hint.trim() });
  }
  const release = releaseOf(ctx.store, version);
  if (release.error || pinned === undefined) return release;
  const other = releaseOf(ctx.store, pinned).value;
  if (other && other.id !== release.value.id) {
    return bad(
      'arguments.version',
      `version names ${release.value.id} but the datachain's schema_version is ${other.id}.`,
      "Omit `version` to use the datachain's schema_version, or change schema_version in the datachain.",
    );
  }
  return release;
}

/** Sorts a datachain's placements into the release's categories; `suggested_elements` count as proposed. */
export function coverageOf(release: Release, dc: Datachain): Coverage {
  const proposed = new Map<string, string>();
  for (const s of Array.isArray(dc.suggested_elements) ? dc.suggested_elements : []) {
    if (isRecord(s) && typeof s.id === 'string' && typeof s.category_id === 'string') proposed.set(s.id, s.category_id);
  }
  const coverage: Coverage = { byCategory: new Map(), unknown: [] };
  for (const p of Array.isArray(dc.elements) ? dc.elements : []) {
    const id = isRecord(p) && typeof p.element_id === 'string' ? p.element_id : undefined;
    if (id === undefined) continue;
    const category = release.elementById.get(id)?.category_id ?? proposed.get(id);
    if (category === undefined || !release.categoryById.has(category)) {
      coverage.unknown.push(quoted(id, 64));
      continue;
    }
    const list = coverage.byCategory.get(category) ?? [];
    const known = release.elementById.has(id);
    list.push({ id: known ? id : quoted(id, 64), proposed: !known });
    coverage.byCategory.set(category, list);
  }
  return coverage;
}

/**
 * The JSON paths of the author's localized texts (every `[{locale, value}]` list outside
 * `schema_snapshot`, whose wording the release owns) and those with no entry in `locale`.
 */
export function localizedTexts(dc: Datachain, locale: string): { total: number; missing: string[] } {
  const out = { total: 0, missing: [] as string[] };
  const walk = (v: unknown, path: PropertyKey[]): void => {
    if (Array.isArray(v)) {
      if (!isLocaleArray(v)) {
        v.forEach((x, i) => walk(x, [...path, i]));
        return;
      }
      out.total++;
      if (!v.some((e) => e.locale === locale)) out.missing.push(jsonPath(path));
    } else if (isRecord(v)) {
      for (const [k, x] of Object.entries(v))
        if (!(path.length === 0 && k === 'schema_snapshot')) walk(x, [...path, k]);
    }
  };
  walk(dc, []);
  return out;
}

/** The datachain as compact JSON: never longer than the text it was parsed from. */
export const datachainJson = (dc: Datachain): string => JSON.stringify(dc);
