import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { startDeadline } from '../../src/core/deadline.js';
import { resolveDatachain } from '../../src/services/validator/resolver.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { fullThin, minimalThin, VERSION } from '../fixtures/datachains/base.js';
import type { ToolName } from '../../src/tools/kernel/registry.js';
import { call } from '../helpers/tools.js';
import transitDtpr from '../e2e/fixtures/transit-station-dtpr.json';

let n = 0;
const rcall = <N extends ToolName>(name: N, args: unknown, hard = false) =>
  call(name, args, hard, { 'DTPR-Client': `resolve-test-${n++}` });

let full: any;
let fullText: string;
beforeAll(async () => {
  const { result, env } = await rcall('resolve_datachain', { version: VERSION, datachain: fullThin() });
  full = env;
  fullText = JSON.stringify(env.data);
  expect(result.content[0]!.text).toContain('"schema_snapshot"');
});

/** The same JSON with every object's keys in reverse order. */
const reverseKeys = (v: any): any =>
  Array.isArray(v)
    ? v.map(reverseKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reverseKeys(x)]),
        )
      : v;

const strip = (resolved: any) => {
  const { schema_snapshot: _s, suggested_elements: _g, ...thin } = resolved;
  return thin;
};

describe('resolve_datachain, a result too large to send back', () => {
  it('says so in meta.warnings, with the way back (the thin datachain); a small result does not', async () => {
    const thin = transitDtpr as { schema_version: string };
    const { env } = await rcall('resolve_datachain', { version: thin.schema_version, datachain: thin });
    expect(env.ok).toBe(true);
    const warning = env.meta.warnings!.find((w: string) => w.startsWith('request_limit:'));
    expect(warning).toMatch(/is \d+ bytes as compact JSON and a request may be at most 65536 bytes/);
    expect(warning).toMatch(/send render_datachain and export_datachain the thin datachain/);
    expect(JSON.stringify(env.data).length).toBeGreaterThan(65_536);
    expect(full.meta.warnings.some((w: string) => w.startsWith('request_limit:'))).toBe(false);
  });
});

describe('resolve_datachain', () => {
  it('returns the datachain with a lean snapshot: referenced and required categories and elements, sorted by id', async () => {
    expect(full.ok).toBe(true);
    const snap = full.data.schema_snapshot;
    const placed = fullThin().elements.map((p: any) => p.element_id);
    expect(snap.elements.map((e: any) => e.id)).toEqual([...placed].sort());
    const cats = snap.categories.map((c: any) => c.id);
    expect(cats).toEqual([...cats].sort());
    expect(cats).toEqual(
      expect.arrayContaining(['purpose', 'accountable', 'affected', 'functional_modes', 'processing']),
    );
    for (const e of snap.elements) {
      expect(e).not.toHaveProperty('shape');
      expect(e).not.toHaveProperty('icon_variants');
    }
    expect(snap.datachain_type.id).toBe('ai');
    expect(full.data.suggested_elements).toEqual([]);
    expect(full.data.authoring_provenance).toEqual(fullThin().authoring_provenance);
    expect(full.meta).toMatchObject({ version: VERSION, warnings: [] });
  });

  it('adds required categories even when nothing of theirs is placed, and fills schema_version', async () => {
    const dc = minimalThin();
    dc.elements = dc.elements.slice(1);
    const { env } = await rcall('resolve_datachain', { version: 'ai@latest', datachain: dc });
    expect(env.ok).toBe(false);
    expect(env.errors.map((e) => e.code)).toEqual(['element_required']);
    const ok = await rcall('resolve_datachain', { version: 'ai@latest', datachain: minimalThin() });
    expect(ok.env.data.schema_version).toBe(VERSION);
    expect(ok.env.data.schema_snapshot.categories.map((c) => c.id)).toEqual([
      'accountable',
      'affected',
      'functional_modes',
      'purpose',
    ]);
  });

  it('is byte-stable across runs', async () => {
    const again = await rcall('resolve_datachain', { version: VERSION, datachain: fullThin() });
    expect(JSON.stringify(again.env.data)).toBe(fullText);
    const third = await rcall('resolve_datachain', { version: VERSION, datachain: reverseKeys(fullThin()) });
    // Key order of the input does not matter; records (element_provenance) keep the caller's key order.
    expect(canonicalJson(third.env.data)).toBe(canonicalJson(full.data));
    expect(Object.keys(third.env.data)).toEqual(Object.keys(full.data));
  });

  it('orders every localized text by the manifest locales', async () => {
    const dc = fullThin();
    dc.title.reverse();
    const { env } = await rcall('resolve_datachain', { version: VERSION, datachain: dc });
    expect(env.data.title.map((t: any) => t.locale)).toEqual(['en', 'fr']);
    for (const e of env.data.schema_snapshot.elements) expect(e.title.map((t: any) => t.locale)).toEqual(['en', 'fr']);
  });

  it('answers an invalid datachain softly with the validate errors, and warnings as strings', async () => {
    const dc = fullThin();
    dc.elements.push({ element_id: 'mobilty' });
    delete dc.elements[1].context_type_id;
    const { env } = await rcall('resolve_datachain', { version: VERSION, datachain: dc });
    expect(env.errors.map((e) => e.code)).toEqual(['unknown_element']);
    expect(env.meta.warnings).toEqual([expect.stringMatching(/^context_type_missing: /)]);
  });

  it('round trip: the stripped resolve output validates, and the resolved form validates', async () => {
    const thin = await rcall('validate_datachain', { version: VERSION, datachain: strip(full.data) });
    expect(thin.env).toMatchObject({ ok: true, data: { ok: true, warnings: [] } });
    const resolved = await rcall('validate_resolved', { version: VERSION, datachain: full.data });
    expect(resolved.env).toMatchObject({ ok: true, data: { ok: true, warnings: [] } });
  });
});

describe('validate_resolved', () => {
  it('a thin datachain is told which tool checks it and which makes the resolved form', async () => {
    const { env } = await rcall('validate_resolved', { version: VERSION, datachain: { elements: [] } });
    const missing = env.errors.find((e) => e.path === 'schema_snapshot');
    expect(missing).toMatchObject({ code: 'parse_error' });
    expect(missing!.fix_hint).toMatch(/validate_datachain.*resolve_datachain/);
  });

  it('an unknown placement is reported once (no duplicate finding)', async () => {
    const dc = JSON.parse(fullText);
    dc.elements.push({ element_id: 'healthcare' });
    const { env } = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(env.errors).toHaveLength(1);
    expect(env.errors[0]!).toMatchObject({
      code: 'unknown_element',
      path: `elements[${dc.elements.length - 1}].element_id`,
    });
  });

  it('a datachain pinned to a version not served here is checked from its own snapshot, with a warning', async () => {
    const dc = JSON.parse(fullText);
    dc.schema_version = 'ai@2020-01-01';
    dc.schema_snapshot.elements[0]!.title[0].value = 'Edited';
    const { env } = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
    expect(env.data.warnings.map((w) => w.code)).toEqual(['snapshot_version_unserved']);
    expect(env.data.warnings[0]!.message).toContain('ai@2020-01-01');
  });
  it('its required categories come from the snapshot, not from the version the tool was called with', async () => {
    const dc = JSON.parse(fullText);
    dc.schema_version = 'ai@2020-01-01';
    // The snapshot's own datachain type no longer requires (or lists) the affected category.
    dc.schema_snapshot.categories = dc.schema_snapshot.categories.filter((c: any) => c.id !== 'affected');
    dc.schema_snapshot.datachain_type.categories = dc.schema_snapshot.datachain_type.categories.filter(
      (id: string) => id !== 'affected',
    );
    dc.schema_snapshot.elements = dc.schema_snapshot.elements.filter((e: any) => e.category_id !== 'affected');
    dc.elements = dc.elements.filter((p: any) => p.element_id !== 'people');
    const valid = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(valid.env.ok).toBe(true);
    dc.schema_snapshot.categories.find((c: any) => c.id === 'purpose').required = true;
    dc.elements = dc.elements.filter((p: any) => p.element_id !== 'mobility');
    if (dc.authoring_provenance?.element_provenance) delete dc.authoring_provenance.element_provenance.mobility;
    const missing = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(missing.env.errors.map((e) => e.code)).toEqual(['element_required']);
    const rendered = await rcall('render_datachain', {
      version: VERSION,
      datachain: JSON.parse(JSON.stringify({ ...dc, elements: [...dc.elements, { element_id: 'mobility' }] })),
    });
    expect(rendered.env.ok).toBe(true);
    expect(rendered.env.data.warnings.map((w) => w.code)).toContain('snapshot_version_unserved');
  });
  it('a thin datachain pinned to a version not served here: the hint names only served versions', async () => {
    const dc = JSON.parse(fullText);
    delete dc.schema_snapshot;
    delete dc.suggested_elements;
    dc.schema_version = 'ai@2020-01-01';
    const { env } = await rcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.errors[0]!).toMatchObject({ code: 'schema_version_mismatch' });
    expect(env.errors[0]!.fix_hint).toBe(
      `Set schema_version to "${VERSION}" (or omit it); 'ai@2020-01-01' is not served here.`,
    );
  });

  it('upstream resolve output with build-only element fields is accepted with unknown_key warnings', async () => {
    const dc = JSON.parse(fullText);
    dc.schema_snapshot.elements[0]!.shape = 'hexagon';
    const { env } = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
    expect(env.data.warnings).toEqual([
      expect.objectContaining({ code: 'unknown_key', path: 'schema_snapshot.elements[0].shape' }),
    ]);
  });

  it('reordered locales or keys in the snapshot are not drift', async () => {
    const dc = JSON.parse(fullText);
    for (const e of dc.schema_snapshot.elements) e.title.reverse();
    dc.schema_snapshot.datachain_type = Object.fromEntries(Object.entries(dc.schema_snapshot.datachain_type).reverse());
    const { env } = await rcall('validate_resolved', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
  });
});

describe('the resolved size cap', () => {
  it('counts the bytes of the canonical JSON, and refuses one byte over the cap with the size it found', () => {
    const release = catalogueStore().release(VERSION)!;
    const datachain = fullThin() as never;
    const fitted = resolveDatachain(datachain, release, startDeadline(60_000));
    if (!fitted.ok) throw new Error('the full datachain resolves');
    const size = new TextEncoder().encode(canonicalJson(fitted.resolved)).length;
    expect(fitted.bytes).toBe(size);
    expect(resolveDatachain(datachain, release, startDeadline(60_000), size).ok).toBe(true);
    const over = resolveDatachain(datachain, release, startDeadline(60_000), size - 1);
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.error.code).toBe('payload_too_large');
      expect(over.error.message).toContain(`${size} bytes of canonical JSON`);
    }
  });
});
