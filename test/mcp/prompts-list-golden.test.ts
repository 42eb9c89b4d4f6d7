import { expect, it } from 'vitest';
import { PROMPTS } from '../../src/prompts/registry.js';
import golden from '../golden/prompts-list.json';
import { postMcp } from '../helpers/http.js';

// The full prompts/list answer is checked in: any descriptor change shows up as a diff of
// test/golden/prompts-list.json (`npm run gen` rewrites it; review the diff).
it('prompts/list matches the golden file', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'prompts/list' });
  const prompts = r.json.result.prompts as Array<{
    name: string;
    title: string;
    description: string;
    arguments: Array<Record<string, unknown>>;
  }>;
  expect(prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
  expect(prompts.map((p) => p.name)).toEqual(
    expect.arrayContaining([
      'draft_datachain',
      'choose_elements',
      'audit_datachain',
      'explain_datachain',
      'translate_datachain',
    ]),
  );
  for (const p of prompts) {
    expect(p.title && p.description).toBeTruthy();
    for (const a of p.arguments) expect(Object.keys(a).sort()).toEqual(['description', 'name', 'required']);
    expect(p.arguments.some((a) => a.name === 'locale' && a.required === false)).toBe(true);
  }
  expect(r.json.result).toEqual(golden);
});
