import { describe, expect, it } from 'vitest';
import { outcomeOf, err, ok } from '../../src/core/envelope.js';
import { DATACHAIN_CODE_LIST, ERROR_CODE_LIST, policyOf } from '../../src/core/errors.js';
import { toolDescriptors } from '../../src/tools/kernel/descriptors.js';
import { TOOLS, toolNamed } from '../../src/tools/kernel/registry.js';

describe('error policy: one table of codes, soft codes declared per tool', () => {
  it('an answer is soft only when every error code in it is one its tool declares soft', () => {
    const soft = new Set(['element_not_found'] as const);
    const missing = { code: 'element_not_found', message: 'm' } as const;
    expect(outcomeOf(ok({}), soft)).toMatchObject({ hard: false, status: 200 });
    expect(outcomeOf(err(missing), soft)).toMatchObject({ hard: false, status: 200 });
    expect(outcomeOf(err(missing))).toMatchObject({ hard: true, status: 404 });
    const mixed = outcomeOf(err([missing, { code: 'rate_limited', message: 'm' }]), soft);
    expect(mixed).toMatchObject({ hard: true, status: 429 });
    expect(mixed.envelope.ok ? [] : mixed.envelope.errors.map((e) => e.retryable)).toEqual([undefined, true]);
  });
  it('every tool that checks datachains answers every datachain code softly', () => {
    for (const name of ['validate_datachain', 'resolve_datachain', 'validate_resolved', 'render_datachain'] as const) {
      for (const code of DATACHAIN_CODE_LIST) expect(toolNamed(name).softCodes.has(code), `${name} ${code}`).toBe(true);
    }
  });
  it('a point read answers a missing element hard; a batch read softly', () => {
    expect(toolNamed('get_element').softCodes.has('element_not_found')).toBe(false);
    expect(toolNamed('get_elements').softCodes.has('element_not_found')).toBe(true);
  });
  it('405 and 406 have codes of their own with those statuses', () => {
    expect(policyOf('method_not_allowed').status).toBe(405);
    expect(policyOf('not_acceptable').status).toBe(406);
  });
  it('output schemas publish the closed code list', () => {
    for (const d of toolDescriptors()) {
      const text = JSON.stringify(d.outputSchema);
      expect(text, d.name).toContain(JSON.stringify(ERROR_CODE_LIST));
    }
    expect(TOOLS.length).toBe(toolDescriptors().length);
  });
});
