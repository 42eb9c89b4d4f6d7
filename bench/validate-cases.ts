import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { parseJsonBody } from '../src/core/json.js';
import { startDeadline } from '../src/core/deadline.js';
import { DatachainInstance } from '../src/domain/datachain.js';
import { checkThin } from '../src/services/validator/engine.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { parseDatachainArg } from '../src/tools/kernel/parse-datachain.js';
import { VERSION } from '../test/fixtures/datachains/base.js';
import { invoke } from '../test/fixtures/datachains/run.js';

const release = catalogueStore().release(VERSION)!;
const elements = release.bundle.elements;

/** A valid 100-placement datachain: every element of the release in turn, with both locales. */
const hundred = {
  schema_version: VERSION,
  elements: Array.from({ length: 100 }, (_, i) => {
    const e = elements[i % elements.length]!;
    const context = e.context ?? release.categoryById.get(e.category_id)!.element_context;
    return {
      element_id: e.id,
      element_instance_id: `p${i}`,
      ...(context ? { context_type_id: context.values[i % context.values.length]!.id } : {}),
      variables: e.variables.map((v) => ({
        id: v.id,
        value: [
          { locale: 'en', value: `${v.id} ${i}` },
          { locale: 'fr', value: `${v.id} ${i}` },
        ],
      })),
    };
  }),
  authoring_provenance: {
    kind: 'ai_generated',
    element_provenance: Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`p${i}`, { rationale: 'r', confidence: 'high' }]),
    ),
  },
};

const realistic: unknown = JSON.parse(
  readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'),
);

/** Long runs: the machine is shared, and a short run mostly measures its neighbours. */
const TIMING = { time: 2000, warmupTime: 500 };

const options = () => ({ deadline: startDeadline(5000), isServed: () => true });

/**
 * The validation benches of one zod mode: each datachain through the body parser (JSON and its
 * nesting limit), the shape check with unknown keys, the rules, and the whole tool handler.
 */
export function validateBenches(mode: string): void {
  for (const [name, raw] of [
    ['100-placement', hundred],
    ['realistic 15-element', realistic],
  ] as const) {
    const parsed = DatachainInstance.parse(raw);
    if (checkThin(parsed, release, options()).some((f) => f.severity === 'error'))
      throw new Error(`the ${name} bench datachain must be valid`);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'validate_datachain', arguments: { version: VERSION, datachain: raw } },
    });
    describe(`validate a ${name} datachain (${mode})`, () => {
      bench(
        'body parse (JSON + nesting limit)',
        () => {
          parseJsonBody(body);
        },
        TIMING,
      );
      bench(
        'shape check + unknown keys (parseDatachainArg)',
        () => {
          parseDatachainArg(DatachainInstance, raw, startDeadline(5000));
        },
        TIMING,
      );
      bench(
        'rule engine (checkThin)',
        () => {
          checkThin(parsed, release, options());
        },
        TIMING,
      );
      bench(
        'validate_datachain handler',
        async () => {
          await invoke('validate_datachain', { version: VERSION, datachain: raw });
        },
        TIMING,
      );
    });
  }
}
