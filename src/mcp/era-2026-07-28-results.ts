import { CACHE_POLICY, type CacheName, cacheHint, namedCanonically, versionPolicy } from '../core/cache-policy.js';
import { RENDER_URI_PREFIX } from '../store/render-uris.js';
import { resolveVersion } from '../store/store.js';
import type { McpContext, MethodHandler } from './context.js';
import { META, SERVED_VERSIONS } from './era-2026-07-28-rules.js';
import { CAPABILITIES, INSTRUCTIONS, serverIdentity } from './protocol.js';

/** MCP Apps, the one extension this server implements (its view resource). */
const EXTENSIONS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

/** server/discover: the revisions served without a handshake, what the server offers, how to use it. */
export const discover: MethodHandler = () => ({
  supportedVersions: [...SERVED_VERSIONS],
  capabilities: { ...CAPABILITIES, extensions: EXTENSIONS },
  instructions: INSTRUCTIONS,
});

/** Results that carry `ttlMs` and `cacheScope` (`CacheableResult`). */
const LISTS = new Set(['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);
const SCHEMA_URI = /^dtpr:\/\/schemas\/([^/]+)\//;

/** The cache policy of a resources/read answer: release data by release, a render by its caller. */
function readPolicy(params: unknown, ctx: McpContext): CacheName {
  const uri = (params as { uri?: unknown } | undefined)?.uri;
  if (typeof uri !== 'string') return 'none';
  if (uri.startsWith(RENDER_URI_PREFIX)) return 'rendered';
  const schema = SCHEMA_URI.exec(uri);
  if (!schema) return 'none';
  const raw = decodeURIComponent(schema[1]!);
  const release = resolveVersion(ctx.caller.store, raw).value;
  if (!release) return 'none';
  return versionPolicy(release.status, namedCanonically(raw, release.id), 'json');
}

/**
 * A 2026-07-28 result: the method's result with `resultType: "complete"`, the server's identity in
 * `_meta`, and for lists and reads the cache hints of the one cache policy (REST reads the same).
 */
export function modernResult(method: string, params: unknown, result: unknown, ctx: McpContext): unknown {
  const base = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const meta = {
    ...((base._meta as Record<string, unknown> | undefined) ?? {}),
    [META.serverInfo]: serverIdentity(ctx),
  };
  const policy: CacheName | undefined = LISTS.has(method)
    ? 'short'
    : method === 'resources/read'
      ? readPolicy(params, ctx)
      : undefined;
  return {
    ...base,
    resultType: 'complete',
    ...(policy ? cacheHint(CACHE_POLICY[policy]) : {}),
    _meta: meta,
  };
}
