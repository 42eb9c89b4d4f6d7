import { expect, it } from 'vitest';
import { TOOL_NAMES } from '../../src/tools/kernel/registry.js';
import { postMcp } from '../helpers/http.js';
import golden from '../golden/tools-list.json';

// The full tools/list answer is checked in as test/golden/tools-list.json: any descriptor change
// shows up as a diff of that file (`npm run gen` rewrites it; review the diff).
it('tools/list matches the golden file and lists every registered tool in order', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  expect(r.json.result.tools.map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
  expect(r.json.result).toEqual(golden);
});
