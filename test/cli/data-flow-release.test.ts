import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { startDeadline } from '../../src/core/deadline.js';
import { parseVersionId } from '../../src/core/version.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { ResolvedDatachainInstance } from '../../src/domain/datachain-resolved.js';
import { checkResolved, checkThin } from '../../src/services/validator/engine.js';
import { resolveDatachain } from '../../src/services/validator/resolver.js';
import { createRelease, type Release } from '../../src/store/release.js';
import { en, junction } from '../fixtures/datachains/junction.js';

/**
 * The structure ai@2026-08-24-beta brings: an optional element context (`required: false`), the
 * five-step data_flow subchain (collection > input_dataset > processing > output_dataset >
 * manifestation) and `{{duration}}` in data_retained. dtpr@2026-09-01-beta has the same structure.
 * Checked on each release as built.
 */

function built(version: string): Release {
  const id = parseVersionId(version);
  if (id.error !== undefined) throw new Error(id.error);
  const { bundle } = compileRelease(join(PROJECT_ROOT, 'schemas', id.value.type, id.value.dir), id.value);
  if (!bundle) throw new Error(`${version} does not build`);
  return createRelease(bundle);
}

// biome-ignore lint/suspicious/noExplicitAny: a datachain under test is edited freely, then parsed.
function thin(version: string): any {
  return junction(
    version,
    [
      { element_id: 'senses' },
      { element_id: 'decides', context_type_id: 'autonomous' },
      { element_id: 'vehicle_detection', subchain_instance_id: 'flow1' },
      {
        element_id: 'input_about_a_measurement',
        context_type_id: 'de_identified',
        subchain_instance_id: 'flow1',
        variables: [{ id: 'additional_description', value: en('Queue lengths.') }],
      },
      { element_id: 'computer_vision', subchain_instance_id: 'flow1' },
      {
        element_id: 'output_decision',
        context_type_id: 'de_identified',
        subchain_instance_id: 'flow1',
        variables: [{ id: 'additional_description', value: en('Green time per approach.') }],
      },
      { element_id: 'signal_light_change', subchain_instance_id: 'flow1' },
      { element_id: 'data_retained', variables: [{ id: 'duration', value: en('24 hours') }] },
    ],
    { subchain_instances: [{ id: 'flow1', subchain_id: 'data_flow', order: 0 }] },
  );
}

describe.each(['ai@2026-08-24-beta', 'dtpr@2026-09-01-beta'])('%s: structure', (version) => {
  const release = built(version);
  const options = () => ({ deadline: startDeadline(60_000), isServed: (id: string) => id === version });
  const codes = (dc: unknown) => checkThin(DatachainInstance.parse(dc), release, options()).map((f) => f.code);

  it('lists the five steps of data_flow and the new categories in display order', () => {
    const { datachain_type } = release.bundle;
    expect(datachain_type.subchains).toEqual([
      expect.objectContaining({
        id: 'data_flow',
        categories: ['collection', 'input_dataset', 'processing', 'output_dataset', 'manifestation'],
      }),
    ]);
    expect(datachain_type.categories).toEqual(expect.arrayContaining(['action', 'collection', 'manifestation']));
    expect(datachain_type.categories).not.toContain('functional_modes');
  });

  it('accepts a data flow through all five steps, with an action whose autonomy is not stated', () => {
    expect(codes(thin(version))).toEqual([]);
  });

  it('treats the autonomy context as optional, but still checks a value that is given', () => {
    const action = release.bundle.categories.find((c) => c.id === 'action')!;
    expect(action.element_context).toMatchObject({ id: 'autonomy', required: false });
    const dc = thin(version);
    dc.elements[3].context_type_id = 'human_executes';
    expect(codes(dc)).toEqual(['context_type_unknown']);
    dc.elements[3].context_type_id = 'human_oversees';
    expect(codes(dc)).toEqual([]);
  });

  it('still asks for a context that is not declared optional', () => {
    const dc = thin(version);
    delete dc.elements[6].context_type_id;
    expect(codes(dc)).toEqual(['context_type_missing']);
  });

  it('needs the duration that data_retained names in its title and description', () => {
    const element = release.bundle.elements.find((e) => e.id === 'data_retained')!;
    for (const text of [element.title, element.description])
      for (const { value } of text) expect(value).toContain('{{duration}}');
    const dc = thin(version);
    dc.elements[10].variables = [];
    expect(codes(dc)).toEqual(['required_variable_missing']);
  });

  it('resolves, and the resolved form keeps the optional context and validates', () => {
    const result = resolveDatachain(DatachainInstance.parse(thin(version)), release, startDeadline(60_000));
    if (!result.ok) throw new Error(result.error.message);
    const snapshot = result.resolved.schema_snapshot;
    expect(snapshot.categories.find((c) => c.id === 'action')?.element_context?.required).toBe(false);
    expect(snapshot.datachain_type.subchains[0]?.categories).toHaveLength(5);
    const resolved = ResolvedDatachainInstance.parse(JSON.parse(JSON.stringify(result.resolved)));
    expect(checkResolved(resolved, release, release, options()).map((f) => f.code)).toEqual([]);
  });
});

describe('dtpr@2026-09-01-beta: its own risks', () => {
  it('places loss of privacy and a security breach as risks', () => {
    const release = built('dtpr@2026-09-01-beta');
    const dc = junction(release.id, [
      { element_id: 'privacy_loss', variables: [{ id: 'risk', value: en('Trips could be followed.') }] },
      { element_id: 'security_breach', variables: [{ id: 'risk', value: en('Signals could be tampered with.') }] },
    ]);
    const options = { deadline: startDeadline(60_000), isServed: (id: string) => id === release.id };
    expect(checkThin(DatachainInstance.parse(dc), release, options)).toEqual([]);
    expect(release.bundle.datachain_type.id).toBe('dtpr');
  });
});
