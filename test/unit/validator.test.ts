import { describe, expect, it } from 'vitest';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { checkThin } from '../../src/services/validator/engine.js';
import { releasePool } from '../../src/services/validator/pool.js';
import { nearestIds } from '../../src/core/suggest.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { createRelease } from '../../src/store/release.js';
import { fullThin, VERSION } from '../fixtures/datachains/base.js';
import { CASES } from '../fixtures/datachains/cases.js';
import { runCase } from '../fixtures/datachains/run.js';
import { startDeadline } from '../../src/core/deadline.js';

const release = () => catalogueStore().release(VERSION)!;
const codes = (dc: unknown, r = release()) =>
  checkThin(DatachainInstance.parse(dc), r, {
    deadline: startDeadline(60_000),
    isServed: (id) => catalogueStore().release(id) !== undefined,
  }).map((f) => f.code);

describe('rule engine', () => {
  it('payload_too_large: a resolve over 512 KiB is a soft answer', async () => {
    const c = CASES.find((x) => x.code === 'payload_too_large')!;
    const outcome = await runCase(c);
    expect(outcome.hard).toBe(false);
    expect(outcome.envelope.ok).toBe(false);
    expect(outcome.envelope.ok ? [] : outcome.envelope.errors.map((e) => e.code)).toEqual(['payload_too_large']);
    expect(outcome.envelope.meta).toMatchObject({ version: VERSION, warnings: [] });
  });

  it('collects every finding of every family, never stopping at the first', () => {
    const dc = fullThin();
    dc.schema_version = 'ai@2026-04-16-beta';
    dc.elements = dc.elements.filter((p: any) => p.element_id !== 'people');
    dc.elements.push({ element_id: 'nope' });
    dc.elements[1].context_type_id = 'owner';
    dc.elements[1].variables = [];
    dc.subchain_instances[0].subchain_id = 'x';
    dc.authoring_provenance.element_provenance.ghost = {};
    expect(codes(dc)).toEqual([
      'schema_version_mismatch',
      'element_required',
      'context_type_unknown',
      'unknown_element',
      'required_variable_missing',
      'required_variable_missing',
      'subchain_unknown',
      'element_provenance_unknown_element',
    ]);
  });

  it('checks placements against element-level variables too, not only the category ones', () => {
    const bundle = structuredClone(release().bundle);
    const mobility = bundle.elements.find((e) => e.id === 'mobility')!;
    mobility.variables = [
      { id: 'route', label: [{ locale: 'en', value: 'Route' }], required: true, kind: 'localized_text' },
      ...mobility.variables,
    ];
    const custom = createRelease(bundle);
    const dc = fullThin();
    expect(codes(dc, custom)).toEqual(['required_variable_missing']);
    dc.elements[0].variables.push({ id: 'route', value: [{ locale: 'en', value: '12' }] });
    dc.authoring_provenance.element_provenance.mobility.variable_rationale.route = 'From the timetable.';
    expect(codes(dc, custom)).toEqual([]);
  });

  it('reports a provenance key that names nothing once, not again for its variables', () => {
    const dc = fullThin();
    dc.authoring_provenance.element_provenance.ghost = { variable_rationale: { a: 'x', b: 'y' } };
    expect(codes(dc)).toEqual(['element_provenance_unknown_element']);
  });

  it('asks for the instance id when an element placed with one is keyed by element id', () => {
    const dc = fullThin();
    dc.authoring_provenance.element_provenance.input_biometric = {};
    const [f] = checkThin(DatachainInstance.parse(dc), release(), {
      deadline: startDeadline(60_000),
      isServed: (id) => catalogueStore().release(id) !== undefined,
    });
    expect(f).toMatchObject({ code: 'element_provenance_unknown_element' });
    expect(f!.fix_hint).toContain("'camera_feed'");
  });

  it('builds the release lookup tables once', () => {
    expect(releasePool(release())).toBe(releasePool(release()));
  });

  it('suggests near element ids', () => {
    const ids = releasePool(release()).elementIds;
    expect(nearestIds('mobilty', ids)).toContain('mobility');
    expect(nearestIds('biometric', ids)).toEqual(expect.arrayContaining(['biometric_recognition', 'input_biometric']));
    expect(nearestIds('zzzzzzzzzz', ids)).toEqual([]);
  });
});
