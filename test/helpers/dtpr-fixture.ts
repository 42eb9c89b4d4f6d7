import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import type { SchemaStore } from '../../src/store/store.js';
import { computeLikeCli } from './rehash.js';

/** The test-only release of the second datachain type: an ai release's facts under the type `dtpr`. */
export const DTPR_FIXTURE_ID = 'dtpr@2026-06-01-beta';
const FROM = 'ai@2026-08-12';

/** The bundle of `DTPR_FIXTURE_ID`, made from `FROM` by renaming its type (content hash recomputed). */
async function dtprBundle(): Promise<Bundle> {
  const ai = JSON.parse(BUNDLES[FROM]!) as Bundle;
  return computeLikeCli({
    ...ai,
    manifest: { ...ai.manifest, version: DTPR_FIXTURE_ID, status: 'beta', notes: 'test fixture' },
    datachain_type: { ...ai.datachain_type, id: 'dtpr' },
    categories: ai.categories.map((c) => ({ ...c, datachain_type: 'dtpr' })),
  });
}

/**
 * A store of every ai release under schemas/ (with their review metadata) plus the dtpr fixture,
 * which ships none and stands in for the whole dtpr type (the real dtpr releases are left out, so
 * the fixture is `dtpr@latest-beta` whatever ships).
 */
export async function storeWithDtpr(): Promise<SchemaStore> {
  const all = JSON.parse(VERSION_INDEX) as VersionIndex;
  const dtpr = await dtprBundle();
  const m = dtpr.manifest;
  const entries = [
    ...all.versions.filter((v) => v.id.startsWith('ai@')).map(({ aliases: _, ...entry }) => entry),
    { id: m.version, status: m.status, created_at: m.created_at, content_hash: m.content_hash },
  ];
  const ai = Object.entries(BUNDLES).filter(([id]) => id.startsWith('ai@'));
  const texts = { ...Object.fromEntries(ai), [DTPR_FIXTURE_ID]: JSON.stringify(dtpr) };
  return createEmbeddedStore(texts, JSON.stringify(indexOf(entries, all.translations)));
}

/** MCP (both eras) and REST over an app serving `store`. */
export function surfacesOver(store: SchemaStore) {
  const app = createApp({ store: () => store });
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(
      '/mcp',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(body),
      },
      env,
    );
    return (await res.json()) as any;
  };
  const rpc = (method: string, params: unknown) => post({ jsonrpc: '2.0', id: 1, method, params });
  return {
    rpc,
    /** A tools/call in the 2025 era: its CallToolResult. */
    tool: async (name: string, args: unknown) => (await rpc('tools/call', { name, arguments: args })).result,
    /** A tools/call in the 2026-07-28 era (no handshake): its CallToolResult. */
    modernTool: async (name: string, args: unknown) => {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name };
      const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: meta, name, arguments: args } };
      return (await post(body, headers)).result;
    },
    get: (path: string) => app.request(path, {}, env),
    postJson: (path: string, body: unknown) =>
      app.request(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        env,
      ),
  };
}
