import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import realistic from '../e2e/fixtures/realistic-15.json';
import { invoke } from '../fixtures/datachains/run.js';
import { applyHint, suggestedJson } from '../helpers/apply-hint.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { VERSION_IDS } from '../helpers/releases.js';

type Json = any;

/**
 * Hints valid as written: wherever a fix_hint suggests JSON to add or set, pasting it fixes the
 * finding and brings no new error of the same code. Valid datachains of every served release are
 * damaged at random (a placement, a variable, a context value or a subchain instance removed), and
 * every JSON suggestion of every resulting error is applied in turn.
 */
const valid = new Map<string, Json>();

async function errorsOf(version: string, datachain: Json): Promise<Json[]> {
  const outcome = await invoke('validate_datachain', { version, datachain });
  const env: Json = outcome.envelope;
  return env.ok ? [] : env.errors;
}

beforeAll(async () => {
  for (const version of VERSION_IDS) {
    const outcome = await invoke('migrate_datachain', { version, datachain: realistic });
    const data: Json = (outcome.envelope as Json).data;
    const dc = structuredClone(data.datachain);
    for (const c of data.changes) if (c.needs_input && c.fix_hint) applyHint(dc, c.fix_hint);
    expect(await errorsOf(version, dc)).toEqual([]);
    valid.set(version, dc);
  }
});

type Damage = { kind: 'placement' | 'variable' | 'context' | 'subchain' | 'category'; pick: number };
const damage: fc.Arbitrary<Damage> = fc.record({
  kind: fc.constantFrom('placement', 'variable', 'context', 'subchain', 'category'),
  pick: fc.nat(1000),
});

function harm(dc: Json, d: Damage): void {
  const elements: Json[] = dc.elements;
  if (elements.length === 0) return;
  const p = elements[d.pick % elements.length];
  if (d.kind === 'placement') elements.splice(d.pick % elements.length, 1);
  else if (d.kind === 'variable' && p.variables?.length) p.variables.splice(d.pick % p.variables.length, 1);
  else if (d.kind === 'context') delete p.context_type_id;
  else if (d.kind === 'subchain' && dc.subchain_instances?.length) dc.subchain_instances.splice(0, 1);
  else if (d.kind === 'category') {
    // Every placement of one element's category goes, so a required category can be left empty.
    const sameCategory = (q: Json) => q.element_id === p.element_id || d.pick % 3 === 0;
    dc.elements = elements.filter((q) => !sameCategory(q));
  }
}

const applied = new Map<string, number>();

function lengthAt(dc: Json, path: string): number {
  let node = dc;
  for (const m of path.matchAll(/([A-Za-z_][\w-]*)|\[(\d+)\]/g)) node = node[m[1] ?? Number(m[2])];
  return node.length;
}

describe('fix hints that suggest JSON', () => {
  it('fix their finding as written and add no error of the same code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VERSION_IDS),
        fc.array(damage, { minLength: 1, maxLength: 4 }),
        async (version, damages) => {
          const dc = structuredClone(valid.get(version));
          for (const d of damages) harm(dc, d);
          const before = await errorsOf(version, dc);
          for (const f of before) {
            if (!suggestedJson(f.fix_hint)) continue;
            const fixed = structuredClone(dc);
            applyHint(fixed, f.fix_hint);
            const after = await errorsOf(version, fixed);
            // Nothing inside the pasted JSON is wrong (an added item lands last in its array).
            const s = suggestedJson(f.fix_hint)!;
            const added = s.op === 'add' ? `${s.path}[${lengthAt(fixed, s.path) - 1}]` : s.path;
            expect(
              after.filter((e) => e.path === added || e.path.startsWith(`${added}.`) || e.path.startsWith(`${added}[`)),
              f.fix_hint,
            ).toEqual([]);
            const same = (e: Json) => e.code === f.code;
            expect(
              after.some((e) => same(e) && e.path === f.path && e.message === f.message),
              f.fix_hint,
            ).toBe(false);
            expect(after.filter(same).length, f.fix_hint).toBeLessThan(before.filter(same).length);
            applied.set(f.code, (applied.get(f.code) ?? 0) + 1);
          }
        },
      ),
      fuzzRuns(80),
    );
    // The property is not vacuous: the hints of these codes were applied.
    expect([...applied.keys()].sort()).toEqual(
      expect.arrayContaining(['element_required', 'required_variable_missing', 'subchain_instance_missing']),
    );
  });
});
