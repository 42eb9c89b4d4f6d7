import { directCaller } from './in-process.js';
import { z } from 'zod';
import { LocaleCode } from '../../src/domain/locale.js';
import type { SchemaStore } from '../../src/store/store.js';
import type { CallContext } from '../../src/tools/kernel/define.js';
import { invokeTool } from '../../src/tools/kernel/invoke.js';
import { toolNamed } from '../../src/tools/kernel/registry.js';
import fixture from '../fixtures/search/relevance.json';

/**
 * One judged query: the element ids a person would want, most relevant first, and the releases it
 * is judged against (`versions`; absent: the release the run names).
 */
const Judgment = z.object({
  id: z.string(),
  locale: LocaleCode,
  query: z.string().min(1),
  relevant: z.array(z.string()).min(1),
  versions: z.array(z.string()).min(1).optional(),
});
type Judgment = z.infer<typeof Judgment>;

const JUDGMENTS: readonly Judgment[] = z.array(Judgment).parse(fixture);

export const PRECISION_AT_5 =
  'precision at 5 = relevant ids in the top 5 / min(5, number of relevant ids); ' +
  'recall at 10 = relevant ids in the top 10 / number of relevant ids; ' +
  'MRR = mean of 1 / rank of the first relevant id (0 when none is in the top 10); ' +
  'first hit = share of queries whose first result is relevant';

export interface Scored {
  judgment: Judgment;
  /** The release this run of the query searched. */
  version: string;
  /** The first 10 ids list_elements returned. */
  ranked: readonly string[];
  p5: number;
  r10: number;
  rr: number;
}

export interface Summary {
  queries: number;
  p5: number;
  r10: number;
  mrr: number;
  /** Share of queries whose first result is relevant. */
  first: number;
}

/** Scores one ranking against its judgment (see PRECISION_AT_5 for the definitions). */
function score(judgment: Judgment, version: string, ranked: readonly string[]): Scored {
  const relevant = new Set(judgment.relevant);
  const hits = (n: number) => ranked.slice(0, n).filter((id) => relevant.has(id)).length;
  const first = ranked.slice(0, 10).findIndex((id) => relevant.has(id));
  return {
    judgment,
    version,
    ranked,
    p5: hits(5) / Math.min(5, relevant.size),
    r10: hits(10) / relevant.size,
    rr: first < 0 ? 0 : 1 / (first + 1),
  };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Means over all queries, per locale and per release, keyed `overall`, then each locale, then each release id. */
export function summarize(scored: readonly Scored[]): Record<string, Summary> {
  const groups: Record<string, Scored[]> = { overall: [...scored] };
  for (const s of scored) (groups[s.judgment.locale] ??= []).push(s);
  for (const s of scored) (groups[s.version] ??= []).push(s);
  return Object.fromEntries(
    Object.entries(groups).map(([key, xs]) => [
      key,
      {
        queries: xs.length,
        p5: mean(xs.map((s) => s.p5)),
        r10: mean(xs.map((s) => s.r10)),
        mrr: mean(xs.map((s) => s.rr)),
        first: mean(xs.map((s) => (s.rr === 1 ? 1 : 0))),
      },
    ]),
  );
}

/**
 * Runs every judged query through the list_elements handler (first page of 10) against each of its
 * releases (`version` for a query that names none) and scores it. A judgment naming an element its
 * release does not define is an error, not a lower score.
 */
export async function runJudgments(store: SchemaStore, version: string): Promise<Scored[]> {
  const ctx: CallContext = directCaller(store, 'relevance');
  const tool = toolNamed('list_elements');
  const out: Scored[] = [];
  for (const j of JUDGMENTS) {
    for (const v of j.versions ?? [version]) {
      const release = store.release(v);
      const unknown = j.relevant.filter((id) => !release?.elementById.has(id));
      if (unknown.length) throw new Error(`${j.id}: ${v} defines no element ${unknown.join(', ')}`);
      const { envelope } = await invokeTool(tool, { version: v, query: j.query, locale: j.locale, limit: 10 }, ctx);
      if (!envelope.ok) throw new Error(`${j.id}: list_elements failed: ${JSON.stringify(envelope.errors)}`);
      const data = envelope.data as { elements: { id: string }[] };
      out.push(
        score(
          j,
          v,
          data.elements.map((e) => e.id),
        ),
      );
    }
  }
  return out;
}

/** The `n` worst queries: lowest reciprocal rank, then lowest precision at 5, then recall. */
export function worst(scored: readonly Scored[], n: number): Scored[] {
  return [...scored].sort((a, b) => a.rr - b.rr || a.p5 - b.p5 || a.r10 - b.r10).slice(0, n);
}
