import { expect, it } from 'vitest';
import { TOOL_DESCRIPTORS } from '../../src/tools/kernel/descriptors.js';
import { TOOL_NAMES } from '../../src/tools/kernel/registry.js';
import { postMcp } from '../helpers/http.js';

// The shipped descriptor file (src/tools/kernel/tool-descriptors.json) is the one golden of
// tools/list: `npm run gen` writes it from the tools' schemas, `gen:check` fails when it is stale,
// and any descriptor change shows up as a diff of that file.
it('tools/list answers the shipped descriptors and lists every registered tool in order', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  expect(r.json.result.tools.map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
  expect(r.json.result).toEqual({ tools: TOOL_DESCRIPTORS });
});
