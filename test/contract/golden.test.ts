/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { findTool } from '../../src/tools/registry.js';
import { JSON_GOLDENS, POST_GOLDENS, withoutRequestId } from '../golden/cases.js';
import { postJson, rest } from '../rest/helpers.js';

const GOLDEN = import.meta.glob('../golden/*.json', { import: 'default', eager: true }) as Record<string, unknown>;

/** Wire shapes pinned byte for byte (as parsed JSON), minus the per-request id. */
describe('golden REST bodies', () => {
  it.each(Object.entries(JSON_GOLDENS))('%s', async (file, path) => {
    const r = await rest(path);
    expect(GOLDEN[`../golden/${file}`], `missing golden ${file}`).toBeDefined();
    expect(withoutRequestId(r.json)).toEqual(GOLDEN[`../golden/${file}`]);
    expect(JSON.stringify(withoutRequestId(r.json))).toBe(JSON.stringify(GOLDEN[`../golden/${file}`]));
  });
  it.each(Object.entries(POST_GOLDENS))('%s', async (file, { path, tool, body }) => {
    if (!findTool(tool)) return;
    const r = await postJson(path, body);
    expect(JSON.stringify(withoutRequestId(r.json))).toBe(JSON.stringify(GOLDEN[`../golden/${file}`]));
  });
});
