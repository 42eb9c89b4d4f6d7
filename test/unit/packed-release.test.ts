import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { StorageFailure } from '../../src/core/storage.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, contentHashOf, filesReader, releaseKey } from '../../src/store/bucket.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { VERSION_INDEX } from '../../src/store/generated/embedded.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { linesOf, packRelease, unpackRelease } from '../../src/store/packed-release.js';
import { packedFiles } from '../helpers/packed-files.js';

const EMBEDDED = JSON.parse(VERSION_INDEX) as VersionIndex;
const LATEST = EMBEDDED.aliases['ai@latest']!;
const entry = EMBEDDED.versions.find((v) => v.id === LATEST)!;
const KEY = releaseKey(entry.id, entry.content_hash);
const FILES = packedFiles();
/** The packed forms: decision 065's, a bucket's packed object's (decision 067), an embedded file's without and with its listed line (decision 073). */
const FORMS = [{}, { elementsLine: true }, { elementsLine: true, ascii: true }, { elementsLine: true, listed: true }];

describe('the embedded set ships packed', () => {
  it('every release reads back from its packed forms as published: the same fields, the same content hash', async () => {
    for (const [id, text] of Object.entries(BUNDLES))
      for (const form of FORMS) {
        const published = JSON.parse(text) as Bundle;
        const back = unpackRelease(packRelease(published, form), id);
        expect(canonicalJson(back), id).toBe(canonicalJson(published));
        expect(await contentHashOf(back), id).toBe(published.manifest.content_hash);
        expect(Object.keys(back.search_index), id).toEqual(Object.keys(published.search_index));
      }
  });

  it("a packed file read from its UTF-8 bytes (a bucket's packed object, decision 065) is the release its text is", async () => {
    for (const [id, text] of Object.entries(BUNDLES))
      for (const form of FORMS) {
        const published = JSON.parse(text) as Bundle;
        const bytes = new TextEncoder().encode(packRelease(published, form));
        const back = unpackRelease(bytes, id);
        expect(canonicalJson(back), id).toBe(canonicalJson(published));
        expect(await contentHashOf(back), id).toBe(published.manifest.content_hash);
      }
    // A part's line read from bytes is decoded whole, multi-byte characters and all, and a line
    // break written inside a JSON string (escaped) does not split it.
    const head = JSON.parse(packRelease(JSON.parse(BUNDLES[LATEST]!) as Bundle).split('\n')[0]!);
    const file = [JSON.stringify({ ...head, symbols: 2 }), '"unread"', JSON.stringify('é\n字 ')].join('\n');
    expect(unpackRelease(new TextEncoder().encode(file), LATEST).symbols).toBe('é\n字 ');
    // A published file's bytes, with nothing packed, are answered as they are.
    expect(canonicalJson(unpackRelease(new TextEncoder().encode(BUNDLES[LATEST]!), LATEST))).toBe(
      canonicalJson(JSON.parse(BUNDLES[LATEST]!)),
    );
  });

  it('a packed file, from its text or its bytes, has the lines of its text split at every line feed, read in any order (fixed seed)', () => {
    const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    const piece = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\n', '\n\n', '\ufeff', 'é字😀', '\r'));
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
        fc.array(fc.oneof(fc.nat(20), fc.constant(2 ** 40)), { maxLength: 30 }),
        (text, reads) => {
          const split = text.split('\n');
          for (const file of [text, new TextEncoder().encode(text)]) {
            const line = linesOf(file);
            // Lone surrogates become U+FFFD in bytes: compare with the text those bytes hold.
            const lines =
              typeof file === 'string'
                ? split
                : new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(file).split('\n');
            for (const n of reads) {
              expect(line(n), `line ${n}`).toBe(lines[n]);
              // The line as the file holds it: the same text, or its bytes undecoded.
              const raw = line.raw(n);
              expect(typeof raw === 'string' || raw === undefined ? raw : decoder.decode(raw), `raw ${n}`).toBe(
                lines[n],
              );
              expect(typeof raw === 'string' || raw === undefined).toBe(
                typeof file === 'string' || lines[n] === undefined,
              );
            }
          }
        },
      ),
      { seed: 651, numRuns: 400 },
    );
  });

  it('a packed file, from its text or its bytes, reads each part from its line of the text: empty lines, a last line feed, any character', () => {
    /** What reading part `key` gives: its value, or that it failed. */
    const outcome = (release: Bundle, key: string) => {
      try {
        return { value: (release.search_index as Record<string, unknown>)[key] };
      } catch (e) {
        return { failed: e instanceof StorageFailure };
      }
    };
    const part = fc.oneof(
      fc.string({ unit: 'binary' }).map((t) => JSON.stringify(t)),
      fc.constant(''),
      fc.constant('7'),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), fc.boolean(), (parts, lastFeed) => {
        // One part per line, and two named by lines the file may not have.
        const names = [...parts.keys(), parts.length, parts.length + 1];
        const head = {
          elements: [],
          symbols: 'none',
          search_index: Object.fromEntries(names.map((n) => [`k${n}`, n + 1])),
        };
        const text = [JSON.stringify(head), ...parts].join('\n') + (lastFeed ? '\n' : '');
        // What each part should read as: its line of the text split at every line feed.
        const split = text.split('\n');
        const expected = (n: number) => {
          try {
            return { value: JSON.parse(split[n + 1] ?? '') };
          } catch {
            return { failed: true };
          }
        };
        for (const file of [text, new TextEncoder().encode(text)]) {
          const release = unpackRelease(file, LATEST);
          for (const n of names) expect(outcome(release, `k${n}`), `k${n}`).toEqual(expected(n));
        }
      }),
      { seed: 65, numRuns: 300 },
    );
  });

  it('an embedded file holds the elements, their listed forms, the symbols and each search index on lines of their own after the release, which is about a tenth of it', async () => {
    const lines = FILES[KEY]!.split('\n');
    const raw = JSON.parse(lines[0]!) as Record<string, unknown>;
    const published = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    // The elements on line 1, with where each one's text ends (decision 067), their listed forms on
    // line 2 (decision 073), then the symbols, then each index.
    const field = raw.elements as { line: number; ids: string[]; ends: number[]; listed: number };
    expect(field.line).toBe(1);
    expect(field.listed).toBe(2);
    expect(JSON.parse(lines[2]!)).toEqual(
      published.elements.map(({ id, title, category_id }) => ({ id, title, category_id })),
    );
    expect(field.ids).toEqual(published.elements.map((e) => e.id));
    expect(JSON.parse(lines[1]!)).toEqual(published.elements);
    published.elements.forEach((element, i) => {
      const text = lines[1]!.slice(i === 0 ? 1 : field.ends[i - 1]! + 1, field.ends[i]);
      expect(JSON.parse(text), element.id).toEqual(element);
    });
    expect(field.ends.at(-1)).toBe(lines[1]!.length - 1);
    expect(raw.symbols).toBe(3);
    expect(JSON.parse(lines[3]!)).toEqual(published.symbols);
    const indexes = raw.search_index as Record<string, number>;
    expect(Object.keys(indexes)).toEqual(Object.keys(published.search_index));
    for (const [locale, line] of Object.entries(indexes))
      expect(JSON.parse(lines[line]!), locale).toEqual((published.search_index as Record<string, unknown>)[locale]);
    expect(lines).toHaveLength(4 + Object.keys(indexes).length);
    expect(lines[0]!.length / FILES[KEY]!.length).toBeLessThan(0.15);
    // Decision 065's form keeps its elements in the release's line; decision 067's form, which
    // bucket objects written before decision 073 have, has no listed line.
    expect(Array.isArray(JSON.parse(packRelease(published).split('\n')[0]!).elements)).toBe(true);
    const before073 = JSON.parse(packRelease(published, { elementsLine: true }).split('\n')[0]!);
    expect(Object.keys(before073.elements)).toEqual(['line', 'ids', 'ends']);
    // A published file, read by the same store, is answered as it is.
    expect(canonicalJson(unpackRelease(BUNDLES[LATEST]!, LATEST))).toBe(canonicalJson(published));
    // A file without search indexes is a damaged copy, not a fault.
    const { search_index: _, ...cut } = published;
    expect(() => unpackRelease(JSON.stringify(cut), LATEST)).toThrow(StorageFailure);
  });

  it('a part named by a line the file does not have, or by its own first line, is a damaged copy: a StorageFailure naming the release', () => {
    const lines = packRelease(JSON.parse(BUNDLES[LATEST]!) as Bundle).split('\n');
    const head = JSON.parse(lines[0]!) as Record<string, unknown>;
    for (const [symbols, rest, asBytes] of [
      [0, lines.slice(1), false],
      [1.5, lines.slice(1), false],
      ['1', lines.slice(1), false],
      [1, [], false],
      // The same read from bytes (a bucket's packed object), split at their line feeds.
      [0, lines.slice(1), true],
      [1, [], true],
      [lines.length, lines.slice(1), true],
    ] as const) {
      const text = [JSON.stringify({ ...head, symbols }), ...rest].join('\n');
      const release = unpackRelease(asBytes ? new TextEncoder().encode(text) : text, LATEST);
      if (typeof symbols === 'string') {
        // Not a part's number: the value as it is (the release's own checks judge it).
        expect(release.symbols, String(symbols)).toBe('1');
        continue;
      }
      const error = (() => {
        try {
          return release.symbols;
        } catch (e) {
          return e;
        }
      })();
      expect(error, String(symbols)).toBeInstanceOf(StorageFailure);
      expect((error as StorageFailure).release).toBe(LATEST);
      expect(String(error)).toContain('its packed symbols is missing or not JSON');
    }
    // A file that is not a release at all still names the release it was read for.
    const noIndexes = (() => {
      try {
        return unpackRelease('{}', LATEST);
      } catch (e) {
        return e;
      }
    })();
    expect((noIndexes as StorageFailure).release).toBe(LATEST);
  });

  it('a release read from its packed file answers searches, icons and renders, in every locale it has', async () => {
    const store = createEmbeddedStore({}, VERSION_INDEX, filesReader(FILES));
    await store.load!(LATEST);
    const app = createApp({ store: () => createLayeredStore({ embedded: store }) });
    const icon = await app.request(`/api/v2/schemas/${LATEST}/elements/input_biometric/icon.svg`, {}, env);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toContain('<svg');
    const queries: Record<string, string> = { en: 'face recognition', fr: 'reconnaissance faciale' };
    expect(Object.keys(queries)).toEqual(store.release(LATEST)!.locales);
    for (const [locale, query] of Object.entries(queries)) {
      const path = `/api/v2/schemas/${LATEST}/elements?query=${encodeURIComponent(query)}&locale=${locale}`;
      const found = await app.request(path, {}, env);
      const body = (await found.json()) as any;
      expect(found.status, locale).toBe(200);
      expect(body.data.elements.length, locale).toBeGreaterThan(0);
    }
  });

  it('a packed file held as bytes (a Data module, decision 084) reads as the same release as its text', async () => {
    const bytes: Record<string, ArrayBuffer> = Object.fromEntries(
      Object.entries(FILES).map(([key, text]) => [key, new TextEncoder().encode(text).buffer as ArrayBuffer]),
    );
    const object = await filesReader(bytes).get(KEY);
    expect(object!.arrayBuffer).toBeDefined();
    expect(await object!.text()).toBe(FILES[KEY]);
    const fromBytes = createEmbeddedStore({}, VERSION_INDEX, filesReader(bytes));
    const fromText = createEmbeddedStore({}, VERSION_INDEX, filesReader(FILES));
    await Promise.all([fromBytes.load!(LATEST), fromText.load!(LATEST)]);
    const [a, b] = [fromBytes.release(LATEST)!.bundle, fromText.release(LATEST)!.bundle];
    expect(a.manifest).toEqual(b.manifest);
    expect(a.elements).toEqual(b.elements);
    expect(a.symbols).toEqual(b.symbols);
    expect(a.search_index).toEqual(b.search_index);
  });

  it('a damaged packed part fails the calls that read it as upstream_error; the rest of the release answers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lines = packRelease(JSON.parse(BUNDLES[LATEST]!) as Bundle).split('\n');
    lines[1] = '{"cut short';
    const damaged: BucketReader = {
      get: async (key) => (key === KEY ? new Response(lines.join('\n')) : filesReader(FILES).get(key)),
    };
    const store = createEmbeddedStore({}, VERSION_INDEX, damaged);
    await store.load!(LATEST);
    expect(() => store.release(LATEST)!.bundle.symbols).toThrow(StorageFailure);
    // The failure is kept: the same error again, not a second parse.
    const thrown = () => {
      try {
        return store.release(LATEST)!.bundle.symbols;
      } catch (error) {
        return error;
      }
    };
    expect(thrown()).toBe(thrown());
    const app = createApp({ store: () => createLayeredStore({ embedded: store }) });
    const icon = await app.request(`/api/v2/schemas/${LATEST}/elements/input_biometric/icon.svg`, {}, env);
    expect(icon.status).toBe(502);
    expect(((await icon.json()) as any).errors[0].code).toBe('upstream_error');
    const element = await app.request(`/api/v2/schemas/${LATEST}/elements/input_biometric`, {}, env);
    expect(element.status).toBe(200);
    // The failure is logged, with the release and the part.
    expect(String(logged.mock.calls[0]?.[0])).toContain('its packed symbols is missing or not JSON');
    logged.mockRestore();
  });
});
