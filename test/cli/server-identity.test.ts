import { expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { inProcessEnv, NO_WAIT } from '../helpers/in-process.js';

// The server identity names its website only when the deployment sets PUBLIC_ORIGIN; its icons
// are always on the origin absolute URLs are built on.
it('initialize answers websiteUrl and icons on the public origin when PUBLIC_ORIGIN is set', async () => {
  const app = createApp({ store: catalogueStore });
  const ask = async (env: Env) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const r = await app.fetch(
      new Request('http://127.0.0.1:8787/mcp', { method: 'POST', body, headers }),
      env,
      NO_WAIT,
    );
    return ((await r.json()) as { result: { serverInfo: Record<string, unknown> } }).result.serverInfo;
  };
  const configured = await ask({ ...inProcessEnv(), PUBLIC_ORIGIN: 'https://dtpr.example.org' } as Env);
  expect(configured.websiteUrl).toBe('https://dtpr.example.org');
  expect(configured.icons).toEqual([
    {
      src: 'https://dtpr.example.org/api/v2/schemas/ai@2026-08-12/elements/institution/icon.svg',
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    },
  ]);
  const local = await ask(inProcessEnv());
  expect(local.websiteUrl).toBeUndefined();
  expect((local.icons as Array<{ src: string }>)[0]!.src).toMatch(/^http:\/\/127\.0\.0\.1:8787\//);
});
