import { createApp } from '../../src/app.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { inProcessEnv } from '../../test/helpers/in-process.js';
import { JSON_GOLDENS, normalise, PAGE_GOLDENS, POST_GOLDENS, SVG_GOLDENS } from '../../test/golden/cases.js';

const pretty = (body: unknown) => `${JSON.stringify(body, null, 2)}\n`;

/**
 * The golden files under test/golden/, answered by the app itself: REST bodies (normalised), SVG
 * and page bytes, and the `prompts/list` result (tools/list is the generated descriptor file). Keys are paths relative to the repository root.
 */
export async function goldenFiles(): Promise<Record<string, string>> {
  const app = createApp({ store: catalogueStore });
  const ENV = inProcessEnv();
  const out: Record<string, string> = {};
  for (const [file, path] of Object.entries(JSON_GOLDENS)) {
    out[`test/golden/${file}`] = pretty(normalise(await (await app.request(path, {}, ENV)).json()));
  }
  for (const [file, { path, body }] of Object.entries(POST_GOLDENS)) {
    const res = await app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      ENV,
    );
    out[`test/golden/${file}`] = pretty(normalise(await res.json()));
  }
  for (const [file, { path, body }] of Object.entries(PAGE_GOLDENS)) {
    const res = await app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      ENV,
    );
    out[`test/golden/${file}`] = await res.text();
  }
  for (const [file, path] of Object.entries(SVG_GOLDENS)) {
    out[`test/golden/${file}`] = await (await app.request(path, {}, ENV)).text();
  }
  const prompts = await app.request(
    'http://127.0.0.1:8787/mcp',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'prompts/list' }),
    },
    ENV,
  );
  out['test/golden/prompts-list.json'] = pretty(((await prompts.json()) as { result: unknown }).result);
  return out;
}
