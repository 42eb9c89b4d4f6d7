import { expect, it } from 'vitest';
import { postMcp } from '../helpers/http.js';

// The full tools/list answer is checked in: any descriptor change shows up as a diff of
// test/golden/tools-list.json (update it with `npx vitest run -u` after reviewing the change).
it('tools/list matches the golden file', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  expect(r.json.result.tools.map((t: { name: string }) => t.name)).toEqual([
    'list_schema_versions', 'get_schema', 'list_categories', 'list_elements', 'get_element', 'get_elements',
    'validate_datachain', 'resolve_datachain', 'validate_resolved', 'render_datachain', 'get_icon_url',
  ]);
  await expect(`${JSON.stringify(r.json.result, null, 2)}\n`).toMatchFileSnapshot('../golden/tools-list.json');
});
