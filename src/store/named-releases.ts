import { splitVersion } from '../core/version.js';
import { ICON_ALIAS } from '../domain/bundle.js';

/** Every MCP answer carries icons, drawn from the release `ai@latest` names. */
const MCP_NAMES: readonly string[] = [ICON_ALIAS];
const NONE: readonly string[] = [];
const SCHEMA_PATH = /^\/api\/v2\/schemas\/([^/]+)/;

/**
 * The releases a request names before its body is read, which a first request reads beside the
 * catalogue's index (`SchemaStore.refresh`): an MCP request, the icons' release; a REST request under
 * `/api/v2/schemas/<version>`, that version as written (`%40` accepted for `@`). A CORS preflight
 * (OPTIONS) and any other request name none, and a malformed version is left to the route to refuse.
 */
export function releasesNamedBy(method: string, path: string): readonly string[] {
  if (method === 'OPTIONS') return NONE;
  if (path === '/mcp') return MCP_NAMES;
  const m = SCHEMA_PATH.exec(path);
  if (!m?.[1]) return NONE;
  const split = splitVersion(m[1]);
  return split.error === undefined ? [`${split.value.type}@${split.value.rest}`] : NONE;
}
