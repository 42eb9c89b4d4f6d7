import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { StorageFailure } from '../../src/core/storage.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, filesReader, releaseKey } from '../../src/store/bucket.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { VERSION_INDEX } from '../../src/store/generated/embedded.js';
import { createLayeredStore } from '../../src/store/layered.js';
import type { MaterializedElement } from '../../src/domain/content.js';
import { project } from '../../src/core/projection.js';
import {
  elementsField,
  LISTED_FIELDS,
  listedForm,
  PackedElements,
  packedElementsOf,
} from '../../src/store/packed-elements.js';
import { packRelease, unpackRelease } from '../../src/store/packed-release.js';
import { createRelease, type Release } from '../../src/store/release.js';
import { rpcToApp } from '../helpers/http.js';
import { packedFiles } from '../helpers/packed-files.js';
import realistic from '../e2e/fixtures/realistic-15.json';

// Decision 067: the embedded set's files hold the elements on a line of their own, each one parsed on its first read.

const EMBEDDED = JSON.parse(VERSION_INDEX) as VersionIndex;
const LATEST = EMBEDDED.aliases['ai@latest']!;
const entry = EMBEDDED.versions.find((v) => v.id === LATEST)!;
const KEY = releaseKey(entry.id, entry.content_hash);
const FILES = packedFiles();

/**
 * A release as read from its embedded file (ASCII text), from a bucket's packed object (UTF-8
 * bytes), or from the same packed text beyond ASCII (whose recorded ends count its UTF-8 bytes).
 */
type Form = 'ascii' | 'bytes' | 'text';
const lined = (text: string, id: string, form: Form = 'ascii'): Release => {
  const packed = packRelease(JSON.parse(text) as Bundle, { elementsLine: true, ascii: form === 'ascii' });
  return createRelease(unpackRelease(form === 'bytes' ? new TextEncoder().encode(packed) : packed, id));
};

/** A map's reads, as plain data: its size, its keys in order, and each key's value. */
const readsOf = (map: ReadonlyMap<string, unknown>) => ({
  size: map.size,
  keys: [...map.keys()],
  entries: [...map.entries()],
  values: [...map.values()],
  iterated: [...map],
  each: (() => {
    const seen: [string, unknown][] = [];
    map.forEach((value, key, self) => {
      expect(self).toBe(map);
      seen.push([key, value]);
    });
    return seen;
  })(),
});

/** What reading `read` gives: its value, or the message of the StorageFailure it threw. */
const outcome = (read: () => unknown) => {
  try {
    return { value: read() };
  } catch (e) {
    expect(e).toBeInstanceOf(StorageFailure);
    return { failed: String(e) };
  }
};

describe('a release read from its embedded file', () => {
  it('looks its elements up as a Map of its elements does, in every release, from ASCII text, UTF-8 bytes or other text: the same keys in order, the same elements, by category too', () => {
    for (const [id, text] of Object.entries(BUNDLES))
      for (const form of ['ascii', 'bytes', 'text'] as const) {
        const plain = createRelease(JSON.parse(text) as Bundle);
        const release = lined(text, id, form);
        expect(packedElementsOf(release.bundle), id).toBeInstanceOf(PackedElements);
        expect(packedElementsOf(plain.bundle), id).toBeUndefined();
        expect(release.elementById.has('no_such_element')).toBe(false);
        expect(release.elementById.get('no_such_element')).toBeUndefined();
        for (const key of plain.elementById.keys()) expect(release.elementById.has(key)).toBe(true);
        expect(readsOf(release.elementById), id).toEqual(readsOf(plain.elementById));
        expect([...release.elementsByCategory], id).toEqual([...plain.elementsByCategory]);
        expect(release.bundle.elements, id).toEqual(plain.bundle.elements);
      }
  });

  it('reads from bytes ends that count UTF-16 units, as the form first did, as well as ends that count bytes', () => {
    const published = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    const lines = packRelease(published, { elementsLine: true }).split('\n');
    const head = JSON.parse(lines[0]!) as { elements: { ends: number[] } };
    let end = 0;
    const units = published.elements.map((e) => (end += 1 + JSON.stringify(e).length));
    // The release has text beyond ASCII, so the two counts differ.
    expect(units).not.toEqual(head.elements.ends);
    head.elements.ends = units;
    const bytes = new TextEncoder().encode([JSON.stringify(head), ...lines.slice(1)].join('\n'));
    const release = createRelease(unpackRelease(bytes, LATEST));
    expect(readsOf(release.elementById)).toEqual(readsOf(createRelease(published).elementById));
  });

  it('answers one object per element, whichever is read first: by id, or the whole list', () => {
    const text = BUNDLES[LATEST]!;
    const ids = (JSON.parse(text) as Bundle).elements.map((e) => e.id);
    const byIdFirst = lined(text, LATEST);
    const some = ids.filter((_, i) => i % 3 === 0).map((id) => byIdFirst.elementById.get(id));
    const all = byIdFirst.bundle.elements;
    expect(all).toBe(byIdFirst.bundle.elements);
    ids.forEach((id, i) => expect(byIdFirst.elementById.get(id), id).toBe(all[i]));
    some.forEach((element, i) => expect(element).toBe(all[i * 3]));
    const listFirst = lined(text, LATEST);
    // The list is one parse of the line, not one per element.
    const parse = vi.spyOn(JSON, 'parse');
    const list = listFirst.bundle.elements;
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    ids.forEach((id, i) => expect(listFirst.elementById.get(id), id).toBe(list[i]));
    expect(listFirst.elementsByCategory.get(list[0]!.category_id)![0]).toBe(list[0]);
  });

  it('with a repeated id, answers its last element under the key where it first came, as a Map does', () => {
    const rows = [
      { id: 'b', category_id: 'c', n: 1 },
      { id: 'a', category_id: 'c', n: 2 },
      { id: 'b', category_id: 'c', n: 3 },
    ];
    const texts = rows.map((r) => JSON.stringify(r));
    const head = {
      manifest: { version: 'ai@2026-01-01', status: 'stable', content_hash: 'sha256-0', locales: ['en'] },
      categories: [],
      elements: elementsField(1, rows as unknown as MaterializedElement[], texts),
      symbols: {},
      search_index: {},
    };
    const release = createRelease(unpackRelease(`${JSON.stringify(head)}\n[${texts.join(',')}]`, 'x'));
    // One read by id first, then the rest with the list.
    expect(release.elementById.get('a')).toEqual(rows[1]);
    const map = new Map(rows.map((r) => [r.id, r]));
    expect(readsOf(release.elementById)).toEqual(readsOf(map as ReadonlyMap<string, unknown>));
    expect(release.bundle.elements).toEqual(rows);
  });

  it('reads a line that holds more elements than its ids, or none, as its ids say', () => {
    const published = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    const lines = FILES[KEY]!.split('\n');
    // One element more at the end of the line, past every recorded end: the list is the listed ones.
    lines[1] = `${lines[1]!.slice(0, -1)},${JSON.stringify(published.elements[0])}]`;
    const release = createRelease(unpackRelease(lines.join('\n'), LATEST));
    expect(release.bundle.elements).toEqual(published.elements);
    // A release of no elements, by line.
    const head = { ...published, elements: elementsField(1, [], []), symbols: {}, search_index: {} };
    const empty = createRelease(unpackRelease(`${JSON.stringify(head)}\n[]`, LATEST));
    expect(empty.bundle.elements).toEqual([]);
    expect(empty.elementById.size).toBe(0);
    expect(readsOf(empty.elementById)).toEqual(readsOf(new Map()));
  });

  it('refuses an element list that is neither whole nor by line: a StorageFailure naming the release, when it is read', () => {
    const head = JSON.parse(FILES[KEY]!.split('\n')[0]!) as Record<string, unknown>;
    const rest = FILES[KEY]!.split('\n').slice(1);
    const { ids, ends } = head.elements as { ids: string[]; ends: number[] };
    for (const elements of [
      {},
      { line: 0, ids, ends },
      { line: 1.5, ids, ends },
      { line: 1, ids: [3, ...ids.slice(1)], ends },
      { line: 1, ids: 'a', ends },
      { line: 1, ids, ends: ends.slice(1) },
      { line: 1, ids, ends: ends.map((e) => e + 0.5) },
      { line: 1, ids },
    ]) {
      const text = [JSON.stringify({ ...head, elements }), ...rest].join('\n');
      const failure = outcome(() => unpackRelease(text, LATEST));
      expect(failure, JSON.stringify(elements)).toEqual({
        failed: `StorageFailure: release ${LATEST}: its file lists its elements neither whole nor by line`,
      });
    }
    // Neither a list nor an object, or none at all: refused the same way, never a fault later.
    const { elements: _, ...without } = head;
    for (const text of [7, null, 'x']
      .map((elements) => JSON.stringify({ ...head, elements }))
      .concat(JSON.stringify(without)))
      expect(outcome(() => unpackRelease([text, ...rest].join('\n'), LATEST))).toEqual({
        failed: `StorageFailure: release ${LATEST}: its file lists its elements neither whole nor by line`,
      });
  });

  it('parses an element only when it is read: a damaged element line fails the calls that read it as upstream_error, and only those', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lines = FILES[KEY]!.split('\n');
    const { elements } = JSON.parse(lines[0]!) as { elements: { ids: string[]; ends: number[] } };
    const span = (id: string) => {
      const i = elements.ids.indexOf(id);
      return [i === 0 ? 1 : elements.ends[i - 1]! + 1, elements.ends[i]!] as const;
    };
    const overwrite = (id: string, text: string) => {
      const [start, end] = span(id);
      expect(text.length).toBeLessThanOrEqual(end - start);
      lines[1] = lines[1]!.slice(0, start) + text.padEnd(end - start) + lines[1]!.slice(end);
    };
    // One element's text blanked, another's holding a shorter element (not the one its id names);
    // every other element's text stays where its end says.
    overwrite('input_biometric', '');
    const length = (id: string) => span(id)[1] - span(id)[0];
    const shortest = elements.ids
      .filter((id) => id !== 'health' && id !== 'input_biometric')
      .reduce((a, b) => (length(a) <= length(b) ? a : b));
    expect(length(shortest)).toBeLessThan(length('health'));
    const [from, to] = span(shortest);
    overwrite('health', lines[1]!.slice(from, to));
    const damaged: BucketReader = {
      get: async (key) => (key === KEY ? new Response(lines.join('\n')) : filesReader(FILES).get(key)),
    };
    const store = createEmbeddedStore({}, VERSION_INDEX, damaged);
    await store.load!(LATEST);
    const release = store.release(LATEST)!;
    expect(outcome(() => release.elementById.get('input_biometric'))).toEqual({
      failed: `StorageFailure: release ${LATEST}: its packed element input_biometric is missing or not JSON`,
    });
    expect(outcome(() => release.elementById.get('health'))).toEqual({
      failed: `StorageFailure: release ${LATEST}: its packed element health is missing or not JSON`,
    });
    // The other elements read, and the keys are known without any element parsed.
    expect(release.elementById.get('accessibility')!.id).toBe('accessibility');
    expect([...release.elementById.keys()]).toEqual(elements.ids);

    const app = createApp({ store: () => createLayeredStore({ embedded: store }) });
    const status = async (path: string) => {
      const res = await app.request(`/api/v2/schemas/${LATEST}${path}`, {}, env);
      const body = (await res.json()) as { ok: boolean; errors?: { code: string }[] };
      return [res.status, body.ok ? 'ok' : body.errors![0]!.code];
    };
    expect(await status('/elements/accessibility')).toEqual([200, 'ok']);
    expect(await status('/elements/input_biometric')).toEqual([502, 'upstream_error']);
    expect(await status('/elements/health')).toEqual([502, 'upstream_error']);
    // The manifest reads no element; with the elements included every one is read. A list reads
    // the elements of its page, and a search those of its page of hits (decision 068).
    expect(await status('/manifest')).toEqual([200, 'ok']);
    expect(await status('/manifest?include=full')).toEqual([502, 'upstream_error']);
    expect(elements.ids.slice(0, 5)).not.toContain('health');
    expect(elements.ids.slice(0, 5)).not.toContain('input_biometric');
    expect(await status('/elements?limit=5&fields=description')).toEqual([200, 'ok']);
    expect(await status('/elements?limit=200&fields=description')).toEqual([502, 'upstream_error']);
    expect(await status('/elements?query=accessible&fields=description')).toEqual([200, 'ok']);
    expect(await status('/elements?query=biometric&fields=description')).toEqual([502, 'upstream_error']);
    // A list of the fields a list shows by default reads their line, not the elements (decision 073).
    expect(await status('/elements?limit=200')).toEqual([200, 'ok']);
    expect(await status('/elements?query=biometric&fields=title')).toEqual([200, 'ok']);
    // A category's list takes its ids from the listed forms (decision 073), and reads the elements
    // of its page only when it answers other fields.
    const published = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    expect(published.elements.find((e) => e.id === 'health')!.category_id).toBe('purpose');
    expect(await status('/elements?category_id=purpose&limit=200')).toEqual([200, 'ok']);
    expect(await status('/elements?category_id=purpose&limit=200&fields=description')).toEqual([502, 'upstream_error']);
    // The choose_elements prompt reads the elements of its category alone (their ids from the
    // listed forms): only the category holding a damaged element fails.
    const prompt = async (category_id: string) => {
      const body = await rpcToApp(app, 'prompts/get', {
        name: 'choose_elements',
        arguments: { category_id, system_description: 'Cameras count cars.', version: LATEST },
      });
      return body.result !== undefined ? 'ok' : 'failed';
    };
    expect(await prompt('rights')).toBe('ok');
    expect(await prompt('purpose')).toBe('failed');
    // A validation reads the elements it places (decision 068).
    const validateBy = (server: typeof app) => async (datachain: unknown) => {
      const res = await server.request(
        `/api/v2/schemas/${LATEST}/validate`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(datachain) },
        env,
      );
      const body = (await res.json()) as { ok: boolean; errors?: { code: string }[] };
      return [res.status, body.ok ? 'ok' : body.errors![0]!.code];
    };
    const validate = validateBy(app);
    const placed = { ...realistic, schema_version: LATEST };
    expect(placed.elements.map((p) => p.element_id)).not.toContain('input_biometric');
    expect(await validate(placed)).toEqual([200, 'ok']);
    const biometric = { ...placed, elements: [...placed.elements, { element_id: 'input_biometric' }] };
    expect(await validate(biometric)).toEqual([502, 'upstream_error']);
    // A missing required category's hint lists its elements' ids, which the listed forms give
    // (decision 073); where the release has no listed line they are read from every element, and
    // fail each time.
    const ACCOUNTABLE = new Set(
      (JSON.parse(BUNDLES[LATEST]!) as Bundle).elements.filter((e) => e.category_id === 'accountable').map((e) => e.id),
    );
    expect(ACCOUNTABLE.size).toBeGreaterThan(0);
    const unaccountable = { ...placed, elements: placed.elements.filter((p) => !ACCOUNTABLE.has(p.element_id)) };
    expect(await validate(unaccountable)).toEqual([200, 'element_required']);
    const head = JSON.parse(lines[0]!) as { elements: Record<string, unknown> };
    delete head.elements.listed;
    const unlisted: BucketReader = {
      get: async (key) =>
        key === KEY ? new Response([JSON.stringify(head), ...lines.slice(1)].join('\n')) : filesReader(FILES).get(key),
    };
    const plainStore = createEmbeddedStore({}, VERSION_INDEX, unlisted);
    await plainStore.load!(LATEST);
    const validatePlain = validateBy(createApp({ store: () => createLayeredStore({ embedded: plainStore }) }));
    expect(await validatePlain(placed)).toEqual([200, 'ok']);
    expect(await validatePlain(unaccountable)).toEqual([502, 'upstream_error']);
    expect(await validatePlain(unaccountable)).toEqual([502, 'upstream_error']);
    logged.mockRestore();
  });
});

// Decision 073: the embedded set's files hold each element's listed form (the fields a list shows
// by default) on a line of their own, which a list of those fields reads instead of the elements.
describe("a release's listed forms", () => {
  const withListed = (text: string, id: string, bytes = false): Release => {
    const packed = packRelease(JSON.parse(text) as Bundle, { elementsLine: true, listed: true, ascii: !bytes });
    return createRelease(unpackRelease(bytes ? new TextEncoder().encode(packed) : packed, id));
  };
  const listedOf = (release: Release) =>
    new Map(release.bundle.elements.map((e) => [e.id, project(e, LISTED_FIELDS)] as const));

  it('read as a Map of each element projected to the listed fields does, in every release, from ASCII text or UTF-8 bytes, without parsing an element', () => {
    for (const [id, text] of Object.entries(BUNDLES))
      for (const bytes of [false, true]) {
        const plain = createRelease(JSON.parse(text) as Bundle);
        expect(readsOf(withListed(text, id, bytes).listedById), id).toEqual(readsOf(listedOf(plain)));
        // With the elements' line blanked, the listed forms still read: no element is parsed for them.
        const lines = packRelease(JSON.parse(text) as Bundle, { elementsLine: true, listed: true }).split('\n');
        lines[1] = '';
        const file = lines.join('\n');
        const blanked = createRelease(unpackRelease(bytes ? new TextEncoder().encode(file) : file, id));
        expect(readsOf(blanked.listedById), id).toEqual(readsOf(listedOf(plain)));
        // A category's ids come from them too, as the elements by category list them.
        const idsOf = (release: Release) =>
          [...release.elementsByCategory].map(([category, list]) => [category, list.map((e) => e.id)]);
        expect([...blanked.idsByCategory], id).toEqual(idsOf(plain));
        expect([...plain.idsByCategory], id).toEqual(idsOf(plain));
        expect(blanked.listedById.get('no_such_element')).toBeUndefined();
        expect(blanked.listedById.has('no_such_element')).toBe(false);
        const first = plain.bundle.elements[0]!;
        expect(outcome(() => blanked.elementById.get(first.id))).toEqual({
          failed: `StorageFailure: release ${id}: its packed element ${first.id} is missing or not JSON`,
        });
        expect(listedForm(first)).toEqual(project(first, LISTED_FIELDS));
      }
  });

  it('answer from the elements where the file has no listed line, or one that does not read as the forms of its ids', () => {
    const published = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    const expected = readsOf(listedOf(createRelease(published)));
    const project3 = (map: ReadonlyMap<string, object>) =>
      new Map([...map].map(([k, v]) => [k, project(v as MaterializedElement, LISTED_FIELDS)] as const));
    // The bucket's packed form has none: the elements are the listed forms.
    const bucketForm = lined(BUNDLES[LATEST]!, LATEST, 'bytes');
    expect(bucketForm.listedById).toBe(bucketForm.elementById);
    const lines = packRelease(published, { elementsLine: true, listed: true }).split('\n');
    const forms = JSON.parse(lines[2]!) as { id: string }[];
    for (const damaged of [
      'not json',
      JSON.stringify(forms.slice(1)),
      JSON.stringify([forms[1], forms[0], ...forms.slice(2)]),
      JSON.stringify({ forms }),
      '',
    ]) {
      const release = createRelease(unpackRelease([lines[0], lines[1], damaged, ...lines.slice(3)].join('\n'), LATEST));
      expect(readsOf(project3(release.listedById)), damaged.slice(0, 40)).toEqual(expected);
    }
    // A listed line past the file's end reads as none too.
    const head = JSON.parse(lines[0]!) as { elements: Record<string, unknown> };
    const past = JSON.stringify({ ...head, elements: { ...head.elements, listed: 99 } });
    const release = createRelease(unpackRelease([past, ...lines.slice(1)].join('\n'), LATEST));
    expect(readsOf(project3(release.listedById))).toEqual(expected);
  });

  it("are named by a whole line number past the release's own, else the file is damaged: a StorageFailure naming the release", () => {
    const lines = FILES[KEY]!.split('\n');
    const head = JSON.parse(lines[0]!) as { elements: Record<string, unknown> };
    for (const listed of [0, -1, 1.5, '2', null, true]) {
      const text = [JSON.stringify({ ...head, elements: { ...head.elements, listed } }), ...lines.slice(1)].join('\n');
      expect(
        outcome(() => unpackRelease(text, LATEST)),
        String(listed),
      ).toEqual({
        failed: `StorageFailure: release ${LATEST}: its file lists its elements neither whole nor by line`,
      });
    }
  });

  it('give list_elements the same answers as the elements do, for every field set, page, query, category and locale', async () => {
    // Each query on a fresh store: one whose release an earlier query read every element of would
    // answer from the elements.
    const answers = async (files: Record<string, string>) => {
      const out: unknown[] = [];
      for (const version of EMBEDDED.versions.map((v) => v.id))
        for (const query of [
          '',
          '?limit=200',
          '?limit=7&fields=title',
          '?fields=id,category_id',
          '?fields=title,description',
          '?fields=all&limit=3',
          '?query=face%20recognition',
          '?query=camera&fields=category_id',
          '?category_id=purpose',
          '?locales=fr',
          '?locales=fr&fields=title&limit=2',
          '?query=visage&locale=fr&locales=fr',
        ]) {
          const store = createEmbeddedStore({}, VERSION_INDEX, filesReader(files));
          const app = createApp({ store: () => createLayeredStore({ embedded: store }) });
          const res = await app.request(`/api/v2/schemas/${version}/elements${query}`, {}, env);
          const body = (await res.json()) as { meta?: { request_id?: string } };
          delete body.meta?.request_id;
          out.push([version, query, res.status, body]);
        }
      return out;
    };
    const without: Record<string, string> = {};
    for (const text of Object.values(BUNDLES)) {
      const bundle = JSON.parse(text) as Bundle;
      without[releaseKey(bundle.manifest.version, bundle.manifest.content_hash)] = packRelease(bundle, {
        elementsLine: true,
        ascii: true,
      });
    }
    const listed = await answers(FILES);
    expect(listed).toEqual(await answers(without));
    expect(listed.filter((a) => (a as unknown[])[2] === 200).length).toBe(listed.length);
  });
});
