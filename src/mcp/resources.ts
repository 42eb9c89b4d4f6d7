import { z } from 'zod';
import { placeholderDocument, PLACEHOLDER_SIGN } from '../services/render/placeholder.js';
import { SIGN_URI, VIEW_URI } from '../services/render/summary.js';
import { findTool, invokeTool } from '../tools/registry.js';
import type { McpContext, MethodHandler } from './context.js';
import { InvalidParams } from './jsonrpc.js';
import { parseParams } from './params.js';
import { readSlot } from '../services/render/slot.js';

export const VIEW_MIME = 'text/html;profile=mcp-app';
/** MCP Apps: the page needs no network; DOCUMENT_CSP inside the page says the same. */
export const VIEW_UI_META = { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true };

const VIEW_RESOURCE = {
  uri: VIEW_URI,
  name: 'datachain-view',
  title: 'DTPR datachain view',
  description: 'The page of the datachain last rendered in this session by render_datachain (a placeholder before the first render).',
  mimeType: VIEW_MIME,
  _meta: { ui: VIEW_UI_META },
};

export const SIGN_MIME = 'image/svg+xml';
const SIGN_RESOURCE = {
  uri: SIGN_URI,
  name: 'datachain-sign',
  title: 'DTPR datachain sign',
  description: 'The printable SVG sign last rendered in this session by render_datachain with format "sign" (a placeholder before the first one).',
  mimeType: SIGN_MIME,
};

const TEMPLATES = [
  {
    uriTemplate: 'dtpr://schemas/{version}/elements/{element_id}',
    name: 'element',
    title: 'DTPR element',
    description: 'One element of a schema version as JSON (same as get_element).',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'dtpr://schemas/{version}/categories',
    name: 'categories',
    title: 'DTPR categories',
    description: 'The categories of a schema version as JSON, in display order (same as list_categories).',
    mimeType: 'application/json',
  },
];

export const listResources: MethodHandler = () => ({ resources: [VIEW_RESOURCE, SIGN_RESOURCE] });
export const listResourceTemplates: MethodHandler = () => ({ resourceTemplates: TEMPLATES });

const ELEMENT_URI = /^dtpr:\/\/schemas\/([^/]+)\/elements\/([^/]+)$/;
const CATEGORIES_URI = /^dtpr:\/\/schemas\/([^/]+)\/categories$/;

/** Reads a schema resource through the tool that serves the same data; tool errors become -32602. */
async function readThroughTool(uri: string, tool: string, args: Record<string, string>, pick: (data: any) => unknown, ctx: McpContext) {
  const outcome = await invokeTool(findTool(tool)!, args, ctx.tool);
  if (!outcome.envelope.ok) {
    const first = outcome.envelope.errors[0];
    throw new InvalidParams(`Cannot read ${uri}: ${first?.message ?? 'not found'}`, { errors: outcome.envelope.errors });
  }
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(pick(outcome.envelope.data)) }] };
}

export const readResource: MethodHandler = async (params, ctx) => {
  const { uri } = parseParams(z.looseObject({ uri: z.string().min(1) }), params);
  if (uri === VIEW_URI) {
    const html = (await readSlot(ctx.env.SESSIONS, ctx.tool.sessionId)) ?? placeholderDocument();
    return { contents: [{ uri, mimeType: VIEW_MIME, text: html, _meta: { ui: VIEW_UI_META } }] };
  }
  if (uri === SIGN_URI) {
    const svg = (await readSlot(ctx.env.SESSIONS, ctx.tool.sessionId, 'sign')) ?? PLACEHOLDER_SIGN;
    return { contents: [{ uri, mimeType: SIGN_MIME, text: svg }] };
  }
  const element = ELEMENT_URI.exec(uri);
  if (element) return readThroughTool(uri, 'get_element', { version: decodeURIComponent(element[1]!), element_id: decodeURIComponent(element[2]!) }, (d) => d.element, ctx);
  const categories = CATEGORIES_URI.exec(uri);
  if (categories) return readThroughTool(uri, 'list_categories', { version: decodeURIComponent(categories[1]!) }, (d) => d.categories, ctx);
  throw new InvalidParams(`Unknown resource '${uri.slice(0, 200)}'.`, { fix_hint: 'Call resources/list and resources/templates/list for readable URIs.' });
};
