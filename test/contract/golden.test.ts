/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { JSON_GOLDENS, POST_GOLDENS, normalise } from '../golden/cases.js';
import { postJson, rest } from '../rest/helpers.js';

const GOLDEN = import.meta.glob('../golden/*.json', { import: 'default', eager: true }) as Record<string, unknown>;

/** Wire shapes pinned byte for byte (as parsed JSON), minus the per-request id. */
describe('golden REST bodies', () => {
  it.each(Object.entries(JSON_GOLDENS))('%s', async (file, path) => {
    const r = await rest(path);
    expect(GOLDEN[`../golden/${file}`], `missing golden ${file}`).toBeDefined();
    expect(normalise(r.json)).toEqual(GOLDEN[`../golden/${file}`]);
    expect(JSON.stringify(normalise(r.json))).toBe(JSON.stringify(GOLDEN[`../golden/${file}`]));
  });
  it.each(Object.entries(POST_GOLDENS))('%s', async (file, { path, body }) => {
    const r = await postJson(path, body);
    expect(JSON.stringify(normalise(r.json))).toBe(JSON.stringify(GOLDEN[`../golden/${file}`]));
  });
});
