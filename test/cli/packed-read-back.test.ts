import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { BucketClient } from '../../cli/publish/buckets.js';
import { writePacked } from '../../cli/publish/packed-objects.js';
import type { Bundle } from '../../src/domain/bundle.js';

/** Whether the packer records wrong ends: the first element's end one byte short. */
const wrong = vi.hoisted(() => ({ ends: false }));

vi.mock('../../src/store/packed-elements.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/store/packed-elements.js')>();
  return {
    ...real,
    elementsField: (...args: Parameters<typeof real.elementsField>) => {
      const field = real.elementsField(...args);
      return wrong.ends ? { ...field, ends: field.ends.map((end, i) => (i === 0 ? end - 1 : end)) } : field;
    },
  };
});

/** A bucket that takes every write, and lists the keys written. */
const bucket = () => {
  const written: string[] = [];
  const client = {
    atomic: true,
    get: async () => undefined,
    put: async (key: string) => {
      written.push(key);
      return true;
    },
    close: async () => {},
  } satisfies BucketClient;
  return { client, written };
};

const built = () => JSON.parse(readFileSync('build/schemas/ai/2026-08-12.json', 'utf8')) as Bundle;

describe("publish's read-back of a packed copy (decision 067)", () => {
  it('writes a copy whose recorded ends cut every element', async () => {
    wrong.ends = false;
    const { client, written } = bucket();
    expect(await writePacked(client, built())).toMatch(/^sha256-[0-9a-f]{64}$/);
    expect(written).toHaveLength(1);
  });

  it('refuses a copy whose recorded ends do not cut its elements, though its list reads whole, and writes nothing', async () => {
    wrong.ends = true;
    const { client, written } = bucket();
    await expect(writePacked(client, built())).rejects.toThrow('does not have the content hash it is stamped with');
    expect(written).toEqual([]);
  });
});
