import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packedObjectText, readBackHash } from '../../cli/publish/packed-objects.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { packRelease } from '../../src/store/packed-release.js';

const built = JSON.parse(readFileSync('build/schemas/ai/2026-08-12.json', 'utf8')) as Bundle;
const { version, content_hash } = built.manifest;

describe("publish's read-back of a packed copy (decisions 067, 073)", () => {
  it('reads back a copy as its release, each element cut by its recorded end', async () => {
    expect(await readBackHash(packRelease(built, { elementsLine: true }), version)).toBe(content_hash);
  });

  it('does not read back a copy whose recorded ends do not cut its elements, though its list reads whole', async () => {
    const [head, ...rest] = packRelease(built, { elementsLine: true }).split('\n');
    const release = JSON.parse(head!) as { elements: { ends: number[] } };
    // The first element's end one byte short: the list still parses whole, that element does not.
    release.elements.ends[0]! -= 1;
    const wrong = [JSON.stringify(release), ...rest].join('\n');
    expect(JSON.parse(rest[0]!)).toEqual(built.elements);
    expect(await readBackHash(wrong, version)).toBeUndefined();
  });

  it("reads back a copy with its elements' listed forms only when they are the elements' own", async () => {
    const text = packedObjectText(built);
    expect(await readBackHash(text, version)).toBe(content_hash);
    const lines = text.split('\n');
    const listed = JSON.parse(lines[2]!) as Record<string, unknown>[];
    expect(listed.map((form) => form.id)).toEqual(built.elements.map((e) => e.id));
    const withLines = (forms: unknown) => [lines[0], lines[1], JSON.stringify(forms), ...lines.slice(3)].join('\n');
    // A title that is not the element's, a field left out, a key that is not a listed field, a
    // line that is not the forms at all: none reads back.
    const [first, ...others] = listed;
    for (const forms of [
      [{ ...first, title: [{ locale: 'en', value: 'Another title' }] }, ...others],
      [{ id: first!.id, title: first!.title }, ...others],
      [{ ...first, description: [] }, ...others],
      'not the forms',
    ])
      expect(await readBackHash(withLines(forms), version), JSON.stringify(forms).slice(0, 60)).toBeUndefined();
  });
});
