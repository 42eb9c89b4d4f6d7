import { expect, it } from 'vitest';
import { toolDescriptors } from '../../src/tools/kernel/descriptors.js';
import { TOOL_NAMES } from '../../src/tools/kernel/registry.js';
import { postMcp } from '../helpers/http.js';

// The shipped descriptor file (src/tools/kernel/tool-descriptors.json) is the one golden of
// tools/list: `npm run gen` writes it from the tools' schemas, `gen:check` fails when it is stale,
// and any descriptor change shows up as a diff of that file.
it('tools/list answers the shipped descriptors and lists every registered tool in order', async () => {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  expect(r.json.result.tools.map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
  const tools = r.json.result.tools as Array<Record<string, unknown>>;
  expect(tools.map(({ icons: _, ...t }) => t)).toEqual(toolDescriptors());
  // Each tool carries one of our composed DTPR icons, served by the REST icon route.
  for (const t of tools)
    expect(t.icons).toEqual([
      {
        src: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:8787\/api\/v2\/schemas\/ai@2026-08-12\/elements\/[a-z_]+\/icon\.svg$/,
        ),
        mimeType: 'image/svg+xml',
        sizes: ['any'],
      },
    ]);
});
