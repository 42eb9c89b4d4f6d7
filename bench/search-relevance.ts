// npm run bench:search: every judged query of test/fixtures/search/relevance.json through the
// list_elements handler in-process (the same code path as MCP and REST), in the query's locale,
// against the releases the query names (the stable release when it names none). Prints precision
// at 5, recall at 10, MRR and the share of first hits overall, per locale and per release, then the
// 10 worst query runs with what they returned.
import { catalogueStore } from '../src/store/catalogue-store.js';
import { PRECISION_AT_5, runJudgments, summarize, worst } from '../test/helpers/relevance.js';

const VERSION = process.env.SEARCH_VERSION ?? 'ai@2026-08-12';
const TARGETS = { p5: 0.7, mrr: 0.85 };

const scored = await runJudgments(catalogueStore(), VERSION);
const f = (x: number) => x.toFixed(3);

console.log(
  `search relevance: ${scored.length} runs of judged queries (on ${VERSION} unless a query names its releases)`,
);
console.log(PRECISION_AT_5);
console.log('');
console.log(`${'scope'.padEnd(22)} queries   P@5     R@10    MRR     first hit`);
for (const [scope, s] of Object.entries(summarize(scored))) {
  console.log(
    `${scope.padEnd(22)} ${String(s.queries).padStart(7)}   ${f(s.p5)}   ${f(s.r10)}   ${f(s.mrr)}   ${f(s.first)}`,
  );
}
const all = summarize(scored).overall!;
const verdict = (x: number, t: number) => `${f(x)} (target >= ${t}: ${x >= t ? 'met' : 'MISSED'})`;
console.log(`\noverall P@5 ${verdict(all.p5, TARGETS.p5)}, MRR ${verdict(all.mrr, TARGETS.mrr)}`);

console.log('\nthe 10 worst queries (RR, P@5, R@10; returned top 5 with relevant ids marked *):');
for (const s of worst(scored, 10)) {
  const relevant = new Set(s.judgment.relevant);
  const got =
    s.ranked
      .slice(0, 5)
      .map((id) => (relevant.has(id) ? `*${id}` : id))
      .join(' ') || '(nothing)';
  console.log(`${s.judgment.id} on ${s.version} "${s.judgment.query}"  RR ${f(s.rr)} P@5 ${f(s.p5)} R@10 ${f(s.r10)}`);
  console.log(`    wanted: ${s.judgment.relevant.join(' ')}`);
  console.log(`    got:    ${got}`);
}
