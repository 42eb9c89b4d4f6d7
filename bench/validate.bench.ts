import { bench, describe } from 'vitest';
import { DatachainInstance } from '../src/domain/datachain.js';
import { checkThin } from '../src/services/validator/engine.js';
import { embeddedStore } from '../src/store/embedded.js';
import { parseDatachain } from '../src/tools/datachain-args.js';
import { VERSION } from '../test/fixtures/datachains/base.js';
import { invoke } from '../test/fixtures/datachains/run.js';
import { startDeadline } from '../src/core/deadline.js';

/**
 * Validation of a 100-placement datachain on a warm isolate (the release is parsed and its lookup
 * tables built before timing starts). Target: under 1 ms per validation.
 * Run: npx vitest bench --project cli --run bench/validate.bench.ts
 */
const release = embeddedStore().release(VERSION)!;
const elements = release.bundle.elements;
const raw = {
  schema_version: VERSION,
  elements: Array.from({ length: 100 }, (_, i) => {
    const e = elements[i % elements.length]!;
    const context = e.context ?? release.categoryById.get(e.category_id)!.element_context;
    return {
      element_id: e.id,
      element_instance_id: `p${i}`,
      ...(context ? { context_type_id: context.values[i % context.values.length]!.id } : {}),
      variables: e.variables.map((v) => ({ id: v.id, value: [{ locale: 'en', value: `${v.id} ${i}` }, { locale: 'fr', value: `${v.id} ${i}` }] })),
    };
  }),
  authoring_provenance: {
    kind: 'ai_generated',
    element_provenance: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { rationale: 'r', confidence: 'high' }])),
  },
};
const parsed = DatachainInstance.parse(raw);
if (checkThin(parsed, release, { deadline: startDeadline(5000), isServed: () => true }).some((f) => f.severity === 'error')) throw new Error('the bench datachain must be valid');

describe('validate a 100-placement datachain', () => {
  bench('rule engine (checkThin)', () => { checkThin(parsed, release, { deadline: startDeadline(5000), isServed: () => true }); });
  bench('parse + unknown keys + rules', () => {
    const deadline = startDeadline(5000);
    const p = parseDatachain(DatachainInstance, raw, deadline);
    if (p.ok) checkThin(p.value, release, { deadline, isServed: () => true });
  });
  bench('validate_datachain handler', async () => { await invoke('validate_datachain', { version: VERSION, datachain: raw }); });
});
