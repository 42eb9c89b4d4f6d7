import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBackHash } from '../../cli/publish/packed-objects.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { packRelease } from '../../src/store/packed-release.js';

const built = JSON.parse(readFileSync('build/schemas/ai/2026-08-12.json', 'utf8')) as Bundle;
const { version, content_hash } = built.manifest;

describe("publish's read-back of a packed copy (decision 067)", () => {
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
});
