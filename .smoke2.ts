import { invoke } from './test/fixtures/datachains/run.js';
const show = async (name: string, args: unknown) => { const o = await invoke(name, args); console.log(name, o.hard, JSON.stringify(o.envelope).slice(0, 900)); };
await show('validate_datachain', { version: 'ai@2026-04-16-beta', datachain: { elements: [] } });
await show('validate_datachain', { version: 'ai@latest', datachain: 'x' });
await show('validate_datachain', { version: 'ai@2099-01-01', datachain: {} });
await show('validate_datachain', { version: 'ai@latest', datachain: {}, extra: 1 });
await show('validate_datachain', { version: 'ai@latest', datachain: { elements: 'x', foo: 1, authoring_provenance: { kind: 'robot' } } });
await show('resolve_datachain', { version: 'ai@latest-beta', datachain: { elements: [{ element_id: 'mobility', variables: [{ id: 'additional_description', value: [{ locale: 'fr', value: 'b' }, { locale: 'en', value: 'a' }] }] }, { element_id: 'organization', context_type_id: 'deployer', variables: [{ id: 'title', value: [{ locale: 'en', value: 'x' }] }, { id: 'description', value: [{ locale: 'en', value: 'y' }] }] }, { element_id: 'perceptive_mode' }] } });
