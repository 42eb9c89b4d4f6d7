import { directCaller } from '../test/helpers/in-process.js';
import { bench, describe } from 'vitest';
import { catalogueStore } from '../src/store/catalogue-store.js';
import type { CallContext } from '../src/tools/kernel/define.js';
import { invokeTool } from '../src/tools/kernel/invoke.js';
import { toolNamed } from '../src/tools/kernel/registry.js';

/**
 * Search latency through the list_elements handler on a warm isolate (release parsed, index
 * rehydrated), first page of 50, for queries of 1, 5 and 20 words.
 * Run: npx vitest bench --project cli --run bench/search.bench.ts
 */
const ctx: CallContext = directCaller(catalogueStore(), 'bench');
const tool = toolNamed('list_elements');
const QUERIES = {
  1: 'camera',
  5: 'cameras that read number plates',
  20: 'chatbot on the city website that answers questions from residents about housing benefits and tells them which office to contact',
  fr: 'caméra de surveillance',
} as const;
/** The worst a caller can send: 200 characters of words the index does not know (fuzzy on each). */
const UNKNOWN = Array.from(
  { length: 33 },
  (_, i) => `zq${String.fromCharCode(97 + (i % 26))}x${String.fromCharCode(97 + ((i * 7) % 26))}`,
)
  .join(' ')
  .slice(0, 200);
const OPTIONS = { time: 2000 };
const search = (query: string, locale = 'en') => invokeTool(tool, { version: 'ai@2026-08-12', query, locale }, ctx);
for (const q of [...Object.values(QUERIES), UNKNOWN]) search(q, q === QUERIES.fr ? 'fr' : 'en');

describe('list_elements search', () => {
  bench(
    `1 word: "${QUERIES[1]}"`,
    () => {
      search(QUERIES[1]);
    },
    OPTIONS,
  );
  bench(
    `5 words: "${QUERIES[5]}"`,
    () => {
      search(QUERIES[5]);
    },
    OPTIONS,
  );
  bench(
    "20 words: a resident's description of a chatbot",
    () => {
      search(QUERIES[20]);
    },
    OPTIONS,
  );
  bench(
    `French, 3 words: "${QUERIES.fr}"`,
    () => {
      search(QUERIES.fr, 'fr');
    },
    OPTIONS,
  );
  bench(
    '200 characters of unknown words',
    () => {
      search(UNKNOWN);
    },
    OPTIONS,
  );
});
