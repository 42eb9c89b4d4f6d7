import { expect, it } from 'vitest';
import { postMcp } from '../helpers/http.js';

// The full prompts/list answer is checked in: any descriptor change shows up as a diff of
// test/golden/prompts-list.json (update it with `npx vitest run -u` after reviewing the change).
it('prompts/list matches the golden file', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'prompts/list' });
  const prompts = r.json.result.prompts as Array<{ name: string; title: string; description: string; arguments: Array<Record<string, unknown>> }>;
  expect(prompts.map((p) => p.name)).toEqual(['draft_datachain', 'choose_elements', 'audit_datachain', 'explain_datachain', 'translate_datachain']);
  for (const p of prompts) {
    expect(p.title && p.description).toBeTruthy();
    for (const a of p.arguments) expect(Object.keys(a).sort()).toEqual(['description', 'name', 'required']);
    expect(p.arguments.some((a) => a.name === 'locale' && a.required === false)).toBe(true);
  }
  await expect(`${JSON.stringify(r.json.result, null, 2)}\n`).toMatchFileSnapshot('../golden/prompts-list.json');
});
