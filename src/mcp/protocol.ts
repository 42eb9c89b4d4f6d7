import * as z from 'zod';
import { SERVER_VERSION } from '../core/server-version.js';
import { parseParams } from './jsonrpc.js';
import { type McpContext, type MethodHandler, REPLY } from './context.js';
import { perOrigin, serverIcons } from './icons.js';
import { issueSessionId, recordIssued } from './session.js';

/** Newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** Assumed when a request carries no MCP-Protocol-Version header (Streamable HTTP rule). */
export const HEADERLESS_PROTOCOL_VERSION = '2025-03-26';

export const SERVER_INFO = { name: 'dtpr-server', title: 'DTPR server', version: SERVER_VERSION };

/** What this server offers, in either era (the 2025 era adds `logging`, which 2026-07-28 removed). */
export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
};

const identityIcons = perOrigin(serverIcons);

/** The server identity a client sees: name, version, our icon, and `websiteUrl` where a public origin is set. */
export function serverIdentity(ctx: McpContext) {
  const icons = identityIcons(ctx.caller.store, ctx.caller.origin);
  return { ...SERVER_INFO, ...(icons.length ? { icons } : {}), ...(ctx.website ? { websiteUrl: ctx.website } : {}) };
}

export const INSTRUCTIONS =
  'DTPR describes AI systems as datachains: elements placed in categories (purpose, accountable, data in and out, rights...). ' +
  'Start with list_schema_versions (releases of each datachain type: "ai", "dtpr"; or use "ai@latest"), read the categories with get_schema, find elements with list_elements ' +
  '(query searches titles and descriptions), then check a draft datachain with validate_datachain and fix what its errors name.';

const InitializeParams = z.looseObject({
  protocolVersion: z.string().optional(),
  capabilities: z.looseObject({}).optional(),
  clientInfo: z.looseObject({ name: z.string() }).optional(),
});

export const initialize: MethodHandler = async (params, ctx) => {
  const p = parseParams(InitializeParams, params);
  const asked = p.protocolVersion;
  // A version this server does not speak is answered with the newest one it does (the spec's rule).
  const protocolVersion =
    asked && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(asked)
      ? asked
      : SUPPORTED_PROTOCOL_VERSIONS[0];
  const result = {
    protocolVersion,
    capabilities: { ...CAPABILITIES, logging: {} },
    serverInfo: serverIdentity(ctx),
    instructions: INSTRUCTIONS,
  };
  let session = ctx.clientSessionId;
  if (!session) {
    session = issueSessionId();
    await recordIssued(ctx.sessionRecords, session);
    // The rest of a batch that opens with initialize (as seed 001 connects) is in the session it issues.
    ctx.clientSessionId = session;
  }
  return { [REPLY]: true, result, effects: { session } };
};

/** MCP's log levels (`logging/setLevel`, and 2026-07-28's `io.modelcontextprotocol/logLevel`). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** The params of logging/setLevel, made on first use and kept. */
let levelParams: z.ZodType | undefined;

/** Accepted and validated; this server sends no log notifications. */
export const setLevel: MethodHandler = (params) => {
  levelParams ??= z.looseObject({ level: z.enum(LOG_LEVELS) });
  parseParams(levelParams, params);
  return {};
};

export const empty: MethodHandler = () => ({});
