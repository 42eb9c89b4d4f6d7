import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY, readBucketIndex } from '../../src/store/bucket.js';
import { indexOf, mergeIndexes } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { indexText, splitIndexText } from '../../src/store/index-text.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { servedCatalogue } from '../../src/store/served-catalogue.js';
import { bucketArea, countedColdStore } from '../helpers/bucket.js';
import { surfacesOver } from '../helpers/dtpr-fixture.js';
import { fuzzRuns } from '../helpers/fuzz.js';

/**
 * The bucket's index keeps its review metadata on a last line of its own, parsed when first read
 * (decision 069): every JSON reader reads the text as before, and a first call that reads no
 * translation status parses none of it.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const BUCKET_IDS = ALL.versions.slice(1).map((v) => v.id);
const area = bucketArea('index-text');
const readerOf = (text: string) => ({ get: async () => ({ text: async () => text }) });
const isAccessor = (o: object, key: string) => Object.getOwnPropertyDescriptor(o, key)?.get !== undefined;

describe('the index text publish writes', () => {
  it('is the index as JSON, and cuts into the rest and its metadata, for any index (fixed seed)', () => {
    const entry = fc.record({
      id: fc.string(),
      status: fc.constantFrom('beta' as const, 'stable' as const),
      created_at: fc.string(),
      content_hash: fc.string(),
      aliases: fc.array(fc.string(), { maxLength: 2 }),
    });
    // Texts with line feeds, quotes, the layout's own mark and other scripts: none may end a line of the JSON.
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\n"translations":', '}\n', 'é字😀', ''));
    const index = fc.record(
      {
        versions: fc.array(entry, { maxLength: 3 }),
        aliases: fc.dictionary(text, text, { maxKeys: 3 }),
        translations: fc.dictionary(text, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        objects: fc.dictionary(text, text, { maxKeys: 3 }),
      },
      { requiredKeys: ['versions', 'aliases'] },
    );
    fc.assert(
      fc.property(index, (x) => {
        const written = indexText(x as VersionIndex);
        const { translations_length: length, ...json } = JSON.parse(written);
        expect(json).toEqual(JSON.parse(JSON.stringify(x)));
        expect(length).toBe(x.translations === undefined ? undefined : JSON.stringify(x.translations).length);
        const { translations, ...rest } = x;
        const split = splitIndexText(written);
        expect(split.head).toEqual(JSON.parse(JSON.stringify(rest)));
        if (translations === undefined) expect(split.translations).toBeUndefined();
        else expect(JSON.parse(split.translations!)).toEqual(JSON.parse(JSON.stringify(translations)));
      }),
      fuzzRuns(300),
    );
  });

  it('holds the metadata on its last line, and nothing else there', () => {
    const lines = indexText(ALL).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`"translations":${JSON.stringify(ALL.translations)}}`);
    expect(JSON.parse(lines.slice(0, -1).join('\n').replace(/,$/, '}'))).not.toHaveProperty('translations');
  });
});

describe('an index text of another layout', () => {
  it('is parsed whole: indented, compact, or with the mark inside a member', () => {
    const nested = '{"versions":[],"aliases":{},"objects":{"a":"b",\n"translations":"x"}}';
    const after = '{"versions":[],"aliases":{}\n,"translations":{}}';
    for (const text of [JSON.stringify(ALL, null, 2), JSON.stringify(ALL), nested, after]) {
      const split = splitIndexText(text);
      expect(split.translations, text.slice(0, 60)).toBeUndefined();
      expect(split.head).toEqual(JSON.parse(text));
    }
  });

  it('whose last line holds members after the metadata, or other whitespace, is read as JSON.parse reads it', async () => {
    const base = indexText({ versions: [], aliases: { 'a@latest': 'OLD' }, translations: { x: 1 } });
    const cases: [string, (index: VersionIndex) => unknown, unknown][] = [
      [',"aliases":{"a@latest":"NEW"}', (i) => i.aliases, { 'a@latest': 'NEW' }],
      [',"objects":{"k":"h"}', (i) => i.objects, { k: 'h' }],
      [',"translations":{"B":2}', (i) => i.translations, { B: 2 }],
    ];
    for (const [after, read, expected] of cases) {
      const text = base.replace(/}}\n$/, `}${after}}\n`);
      expect(splitIndexText(text).translations, after).toBeUndefined();
      expect(read((await readBucketIndex(readerOf(text))).index), after).toEqual(expected);
    }
    // Whitespace JSON does not allow ends no JSON text, cut or not.
    await expect(readBucketIndex(readerOf(`${base}\u00a0`))).rejects.toThrow(`${INDEX_KEY} is not JSON`);
  });

  it('is read as JSON.parse and the index schema read it, whatever follows the metadata (fixed seed)', async () => {
    const index = fc.record({
      versions: fc.constant([]),
      aliases: fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
      translations: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    });
    const member = fc.tuple(
      fc.constantFrom('aliases', 'objects', 'translations', 'translations_length', 'other'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const outcome = (read: () => VersionIndex) => {
      try {
        const { translations, ...rest } = read();
        return { ok: true, rest, translations };
      } catch {
        return { ok: false };
      }
    };
    await fc.assert(
      fc.asyncProperty(index, fc.array(member, { maxLength: 2 }), async (x, after) => {
        const extra = after.map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join('');
        const text = indexText(x as unknown as VersionIndex).replace(/}}\n$/, `}${extra}}\n`);
        const expected = outcome(() => VersionIndex.parse(JSON.parse(text)));
        let read: VersionIndex | undefined;
        try {
          read = (await readBucketIndex(readerOf(text))).index;
        } catch {
          read = undefined;
        }
        expect(read === undefined ? { ok: false } : outcome(() => read!)).toEqual(expected);
      }),
      fuzzRuns(200),
    );
  });

  it('that is not JSON before its last line is refused as before', async () => {
    await expect(readBucketIndex(readerOf('{"versions":[,\n"translations":{}}'))).rejects.toThrow(
      `${INDEX_KEY} is not JSON`,
    );
  });
});

describe("the bucket's index as read", () => {
  it('parses its metadata on the first read of it, and keeps it', async () => {
    const text = indexText(ALL);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const { index } = await readBucketIndex(readerOf(text));
      const metadata = JSON.stringify(ALL.translations);
      const parsedMetadata = () => parse.mock.calls.filter(([t]) => t === metadata).length;
      expect(index.versions).toEqual(ALL.versions);
      expect(isAccessor(index, 'translations')).toBe(true);
      expect(parsedMetadata()).toBe(0);
      expect(index.translations).toEqual(ALL.translations);
      expect(index.translations).toBe(index.translations);
      expect(parsedMetadata()).toBe(1);
      expect(isAccessor(index, 'translations')).toBe(false);
    } finally {
      parse.mockRestore();
    }
  });

  it('with metadata damaged in place (its length kept) serves the rest, and reads the metadata of every release as malformed', async () => {
    const metadata = JSON.stringify(ALL.translations);
    const damaged = indexText(ALL).replace(`${metadata}}`, `${metadata.slice(0, -1)}]}`);
    const { index } = await readBucketIndex(readerOf(damaged));
    expect(index.aliases).toEqual(ALL.aliases);
    expect(index.translations).toEqual(Object.fromEntries(ALL.versions.map((v) => [v.id, null])));
  });

  it('with a metadata line of another length is read whole: refused, as before, when that is not JSON', async () => {
    const metadata = JSON.stringify(ALL.translations);
    const damaged = indexText(ALL).replace(`${metadata}}`, '{"not json}');
    await expect(readBucketIndex(readerOf(damaged))).rejects.toThrow(`${INDEX_KEY} is not JSON`);
  });
});

describe('a catalogue over indexes whose metadata is read on first use', () => {
  /** An index whose `translations` counts its reads. */
  const counted = (index: VersionIndex) => {
    const { translations, ...rest } = index;
    const reads = { n: 0 };
    Object.defineProperty(rest, 'translations', {
      enumerable: true,
      get: () => {
        reads.n++;
        return translations;
      },
    });
    return { index: rest as VersionIndex, reads };
  };

  it('merges and serves without reading the metadata, and reads it once when asked for it', () => {
    const { index, reads } = counted(ALL);
    const merged = mergeIndexes(index);
    const served = servedCatalogue(merged, new Set([ALL.versions[0]!.id]), new Map());
    expect(served.index.versions.length).toBe(ALL.versions.length);
    expect(reads.n).toBe(0);
    expect(served.index.translations).toEqual(ALL.translations);
    expect(merged.translations).toEqual(ALL.translations);
    expect(reads.n).toBe(1);
  });
});

describe('a layered store over a bucket published with review metadata', () => {
  const DTPR = BUCKET_IDS.find((id) => id.startsWith('dtpr@'))!;
  let parse: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await area.clear();
    await area.publish(
      BUCKET_IDS.map((id) => BUNDLES[id]!),
      true,
    );
    parse = vi.spyOn(JSON, 'parse');
  });
  afterEach(() => parse.mockRestore());

  /** Whether JSON.parse was given the index's metadata line (its text alone, not the whole index). */
  const parsedMetadata = () =>
    parse.mock.calls.some(
      ([t]: unknown[]) => typeof t === 'string' && t.startsWith('{"ai@') && t.includes('"source_locale"'),
    );

  it('answers a first call that reads no metadata without parsing it, then the translation status from it', async () => {
    const { store } = countedColdStore(area.reader);
    const { tool } = surfacesOver(store);
    const element = (await tool('get_element', { version: 'dtpr@latest-beta', element_id: 'camera' }))
      .structuredContent;
    expect(element.ok).toBe(true);
    expect((await tool('list_schema_versions', {})).structuredContent.ok).toBe(true);
    expect(parsedMetadata()).toBe(false);
    const status = (await tool('get_translation_status', { version: DTPR })).structuredContent;
    expect(status.ok).toBe(true);
    expect(parsedMetadata()).toBe(true);
    expect(status.data.flags.length).toBeGreaterThan(0);
    expect(status.meta.warnings ?? []).toEqual([]);
  });

  it('whose metadata line is damaged still serves every release, and answers the status without metadata, with a warning', async () => {
    // Damaged in place: the line keeps its length, and its value is no longer JSON.
    const text = await (await area.reader.get(INDEX_KEY))!.text();
    await area.put(INDEX_KEY, text.replace(/}}\n$/, ']}\n'));
    const { store } = countedColdStore(area.reader);
    const { tool } = surfacesOver(store);
    expect(
      (await tool('get_element', { version: 'dtpr@latest-beta', element_id: 'camera' })).structuredContent.ok,
    ).toBe(true);
    const status = (await tool('get_translation_status', { version: DTPR })).structuredContent;
    expect(status.ok).toBe(true);
    expect(status.data.flags).toEqual([]);
    expect(status.meta.warnings[0]).toContain('could not be read');
  });

  it('sees a change of the metadata alone as a new index, and answers the status from the new metadata', async () => {
    let clock = 0;
    const versions = (JSON.parse(VERSION_INDEX) as VersionIndex).versions;
    const { aliases: _, ...entry } = versions[0]!;
    const embedded = createEmbeddedStore({ [entry.id]: BUNDLES[entry.id]! }, JSON.stringify(indexOf([entry])));
    const store = createLayeredStore({ embedded, bucket: area.reader, now: () => clock, indexTtlMs: 1000 });
    const { tool } = surfacesOver(store);
    const flagsOf = async () =>
      (await tool('get_translation_status', { version: DTPR })).structuredContent.data.flags.length as number;
    const before = await flagsOf();
    expect(before).toBeGreaterThan(0);
    // The same index with the DTPR release's flags dropped: only the metadata line (and its length) differ.
    const text = await (await area.reader.get(INDEX_KEY))!.text();
    const { translations, ...rest } = JSON.parse(text) as VersionIndex & { translations_length: number };
    const review = translations![DTPR] as { flags: unknown[] };
    const edited = indexText({ ...rest, translations: { ...translations, [DTPR]: { ...review, flags: [] } } });
    expect(edited.split('\n').slice(0, -3)).toEqual(text.split('\n').slice(0, -3));
    await area.put(INDEX_KEY, edited);
    expect(await flagsOf()).toBe(before);
    clock = 1000;
    await store.refresh!();
    expect(await flagsOf()).toBe(0);
  });
});
