import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { VersionIndex } from '../../src/domain/bundle.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { bucketArea } from '../helpers/bucket.js';
import { modernMessage } from '../helpers/modern.js';
import { REALISTIC } from '../helpers/hostile.js';

/**
 * Every first request answers: a fresh app over a cold layered store, whose embedded set is the
 * oldest release alone and whose bucket holds every other one, `ai@latest` included, so the
 * server's identity and icons and most calls name releases nothing has read yet. Each test sends
 * its request first, to an app of its own.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const EMBEDDED_ID = ALL.versions[0]!.id;
const BUCKET_IDS = ALL.versions.slice(1).map((v) => v.id);
const LATEST = ALL.aliases['ai@latest']!;
const MODERN = '2026-07-28';
const area = bucketArea('first-request');

const coldApp = () => {
  const { aliases: _, ...entry } = ALL.versions[0]!;
  const embedded = createEmbeddedStore({ [EMBEDDED_ID]: BUNDLES[EMBEDDED_ID]! }, JSON.stringify(indexOf([entry])));
  const app = createApp({ store: () => createLayeredStore({ embedded, bucket: area.reader }) });
  return (path: string, init: RequestInit = {}) => app.request(path, init, env);
};

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A 2026-07-28 request (the revision and client capabilities in `_meta`, its headers) as fetch options. */
function modern(method: string, params: Record<string, unknown> = {}): RequestInit {
  const message = modernMessage(method, params);
  return { method: 'POST', headers: { ...JSON_HEADERS, ...message.headers }, body: JSON.stringify(message.body) };
}

const legacy = (method: string, params: unknown = {}): RequestInit => ({
  method: 'POST',
  headers: JSON_HEADERS,
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});

describe('the first request to a fresh server over a cold store', () => {
  beforeAll(() => {
    expect(BUCKET_IDS).toContain(LATEST);
  });
  beforeEach(async () => {
    await area.clear();
    await area.publish(BUCKET_IDS.map((id) => BUNDLES[id]!));
  });

  it('server/discover (2026-07-28) answers with the identity and its icons of ai@latest', async () => {
    const res = await coldApp()('/mcp', modern('server/discover'));
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as any;
    expect(result.supportedVersions).toContain(MODERN);
    expect(result._meta['io.modelcontextprotocol/serverInfo'].icons[0].src).toContain(`/schemas/${LATEST}/`);
  });

  for (const version of [EMBEDDED_ID, BUCKET_IDS[0]!, 'ai@latest']) {
    it(`tools/call get_element on ${version} (2026-07-28)`, async () => {
      const call = modern('tools/call', { name: 'get_element', arguments: { version, element_id: 'institution' } });
      const res = await coldApp()('/mcp', call);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).result.structuredContent.ok).toBe(true);
    });
  }

  it('resources/templates/list and resources/read of a bucket release (2026-07-28)', async () => {
    const templates = await coldApp()('/mcp', modern('resources/templates/list'));
    expect(templates.status).toBe(200);
    const uri = `dtpr://schemas/${BUCKET_IDS[0]}/categories`;
    const read = await coldApp()('/mcp', modern('resources/read', { uri }));
    expect(read.status).toBe(200);
    expect(((await read.json()) as any).result.contents[0].mimeType).toBe('application/json');
  });

  it('initialize and tools/list (2025) carry the icons of ai@latest', async () => {
    const init = await coldApp()('/mcp', legacy('initialize', { protocolVersion: '2025-11-25' }));
    expect(init.status).toBe(200);
    expect(((await init.json()) as any).result.serverInfo.icons[0].src).toContain(`/schemas/${LATEST}/`);
    const list = await coldApp()('/mcp', legacy('tools/list'));
    expect(((await list.json()) as any).result.tools[0].icons[0].src).toContain(`/schemas/${LATEST}/`);
  });

  it('a REST read of a bucket release', async () => {
    const res = await coldApp()(`/api/v2/schemas/${BUCKET_IDS[0]}/elements/institution`);
    expect(res.status).toBe(200);
  });
});

describe('what a render links to, per era', () => {
  const render = (format: 'page' | 'sign') => ({
    name: 'render_datachain',
    arguments: { version: LATEST, datachain: REALISTIC, format, link: 'https://example.org/disclosure' },
  });

  for (const format of ['page', 'sign'] as const) {
    it(`2026-07-28 ${format}: data.resource_uri and the summary name the handle a later request reads`, async () => {
      const app = createApp();
      const res = await app.request('/mcp', modern('tools/call', render(format)), env);
      const { result } = (await res.json()) as any;
      const uri: string = result.structuredContent.data.resource_uri;
      expect(uri).toMatch(new RegExp(`^ui://dtpr/render/[0-9a-f]{64}\\.${format === 'sign' ? 'svg' : 'html'}$`));
      expect(result.content[0].text).toContain(uri);
      expect(result.content.find((c: any) => c.type === 'resource_link').uri).toBe(uri);
      const read = await app.request('/mcp', modern('resources/read', { uri }), env);
      const text: string = ((await read.json()) as any).result.contents[0].text;
      expect(text).toMatch(format === 'sign' ? /^(<\?xml[^>]*>\s*)?<svg/ : /^<!DOCTYPE html>/i);
    });
  }

  it('2025 session: data.resource_uri names the session view, and the handle is linked beside it', async () => {
    const app = createApp();
    const res = await app.request(
      '/mcp',
      { ...legacy('tools/call', render('page')), headers: { ...JSON_HEADERS, 'mcp-session-id': 'links-per-era' } },
      env,
    );
    const { result } = (await res.json()) as any;
    expect(result.structuredContent.data.resource_uri).toBe('ui://dtpr/datachain/view.html');
    expect(result.content[0].text).toContain('ui://dtpr/datachain/view.html');
    expect(result.content.find((c: any) => c.type === 'resource_link').uri).toMatch(/^ui:\/\/dtpr\/render\//);
  });
});

describe('CORS preflight of /mcp', () => {
  const preflight = (origin: string) =>
    createApp().request(
      '/mcp',
      {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,mcp-protocol-version,mcp-method,mcp-name,mcp-session-id',
        },
      },
      env,
    );

  it("allows a page's own request headers too (tracing, a transport's): the server ignores what it does not read", async () => {
    const res = await createApp().request(
      '/mcp',
      {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,traceparent,sentry-trace,mcp-param-region',
        },
      },
      env,
    );
    expect(res.status).toBe(204);
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    for (const h of ['traceparent', 'sentry-trace', 'mcp-param-region', 'mcp-session-id']) expect(allowed).toContain(h);
  });

  it('allows the headers of every era to an origin /mcp accepts', async () => {
    const res = await preflight('http://localhost:5173');
    expect(res.status).toBe(204);
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    for (const h of ['mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id'])
      expect(allowed).toContain(h);
  });

  it('refuses an origin /mcp refuses, as the request itself would be', async () => {
    const res = await preflight('https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const post = await createApp().request(
      '/mcp',
      { ...legacy('tools/list'), headers: { ...JSON_HEADERS, origin: 'https://evil.example' } },
      env,
    );
    expect(post.status).toBe(403);
  });
});
