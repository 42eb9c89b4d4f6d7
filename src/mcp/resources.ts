import { perOrigin, resourceIcons } from './icons.js';
import * as z from 'zod';
import { placeholderDocument, PLACEHOLDER_SIGN } from '../services/render/placeholder.js';
import { RENDER_URI, SIGN_URI, VIEW_URI } from '../store/render-uris.js';
import { badRequest, notFound, unknownName } from '../core/error-catalogue.js';
import { type ErrorCode, policyOf } from '../core/errors.js';
import { invokeTool } from '../tools/kernel/invoke.js';
import { toolNamed, type ToolName } from '../tools/kernel/registry.js';
import type { McpContext, MethodHandler } from './context.js';
import { InvalidParams, parseParams, RPC, RpcFault } from './jsonrpc.js';
import { singlePage } from './single-page.js';
import { quotedView } from './view-app.js';

const VIEW_MIME = 'text/html;profile=mcp-app';
/** MCP Apps: the page needs no network; DOCUMENT_CSP inside the page says the same. */
const VIEW_UI_META = { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true };

const VIEW_RESOURCE = {
  uri: VIEW_URI,
  name: 'datachain-view',
  title: 'DTPR datachain view',
  description:
    'An MCP App view: the page of the datachain last rendered in this session by render_datachain (a placeholder before the first render); ' +
    'in an MCP Apps host it shows the page of each render_datachain result the host sends it.',
  mimeType: VIEW_MIME,
  _meta: { ui: VIEW_UI_META },
};

const SIGN_MIME = 'image/svg+xml';
const SIGN_RESOURCE = {
  uri: SIGN_URI,
  name: 'datachain-sign',
  title: 'DTPR datachain sign',
  description:
    'The printable SVG sign last rendered in this session by render_datachain with format "sign" (a placeholder before the first one).',
  mimeType: SIGN_MIME,
};

export const RESOURCE_TEMPLATES = [
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

const resourcesWithIcons = perOrigin((store, origin) => {
  const icons = resourceIcons(store, origin);
  const resources = [VIEW_RESOURCE, SIGN_RESOURCE];
  return icons.length ? resources.map((r) => ({ ...r, icons })) : resources;
});

export const listResources: MethodHandler = (params, ctx) => {
  singlePage(params, 'resources/list');
  return { resources: resourcesWithIcons(ctx.caller.store, ctx.caller.origin) };
};
export const listResourceTemplates: MethodHandler = (params) => {
  singlePage(params, 'resources/templates/list');
  return { resourceTemplates: RESOURCE_TEMPLATES };
};

const ELEMENT_URI = /^dtpr:\/\/schemas\/([^/]+)\/elements\/([^/]+)$/;
const CATEGORIES_URI = /^dtpr:\/\/schemas\/([^/]+)\/categories$/;

/**
 * True for a code that says the server could not answer now (a storage fault, the time budget, an
 * internal fault), not that the URI is wrong: its HTTP status is 5xx. (A rate limit never reaches
 * here: resources/read takes its token before it reads.)
 */
function serverSide(code: ErrorCode): boolean {
  return policyOf(code).status >= 500;
}

/**
 * Reads a schema resource through the tool that serves the same data. A tool error about what the
 * URI names becomes -32602 at `params.uri` (the request has no other place: the tool's own path,
 * such as `element_id`, is named in the message as the part of the URI that was wrong); a fault of
 * the server or of the moment keeps its own JSON-RPC code (`RpcFault`), as a storage fault of any
 * other method does, and is not said to be about the URI.
 */
async function readThroughTool(
  uri: string,
  tool: ToolName,
  args: Record<string, string>,
  pick: (data: Record<string, unknown>) => unknown,
  ctx: McpContext,
) {
  const outcome = await invokeTool(toolNamed(tool), args, ctx.caller);
  if (!outcome.envelope.ok) {
    const first = outcome.envelope.errors[0];
    if (serverSide(first!.code))
      throw new RpcFault(first!.code === 'internal_error' ? RPC.INTERNAL_ERROR : RPC.SERVER_ERROR, {
        ...first!,
        message: `Cannot read ${uri.slice(0, 200)}: ${first!.message}`,
      });
    const part = first!.path ? ` (its {${first!.path}} part)` : '';
    throw new InvalidParams({
      ...first!,
      message: `Cannot read ${uri.slice(0, 200)}${part}: ${first!.message}`,
      path: 'params.uri',
      errors: outcome.envelope.errors,
    });
  }
  return {
    contents: [
      {
        uri,
        mimeType: 'application/json',
        text: JSON.stringify(pick(outcome.envelope.data as Record<string, unknown>)),
      },
    ],
  };
}

/** A URI template value, percent-decoded; a malformed escape is the caller's error (-32602). */
function decodePart(uri: string, part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new InvalidParams(
      badRequest({
        message: `Cannot read '${uri.slice(0, 200)}': '${part.slice(0, 80)}' is not valid percent-encoding.`,
        path: 'params.uri',
        fix_hint:
          'Percent-encode each part of the URI once (encodeURIComponent), e.g. ai%402026-08-12 or ai@2026-08-12.',
      }),
    );
  }
}

/** The params of resources/read, made on the first read (not at start-up) and kept: building a zod schema costs more than using it. */
let readParams: z.ZodType<{ uri: string }> | undefined;

/**
 * resources/read. Every -32602 about a URI it was given carries that URI in its data (`uri`) beside
 * the error item, as the 2026-07-28 revision asks of an unknown resource (SEP-2164); a fault of the
 * server or of the moment (`RpcFault`) does not.
 */
export const readResource: MethodHandler = async (params, ctx) => {
  readParams ??= z.looseObject({ uri: z.string().min(1).max(2048) });
  const { uri } = parseParams(readParams, params);
  try {
    return await readUri(uri, ctx);
  } catch (error) {
    if (error instanceof InvalidParams) throw new InvalidParams({ ...error.data, uri });
    throw error;
  }
};

async function readUri(uri: string, ctx: McpContext) {
  if (uri === VIEW_URI) {
    const page = await ctx.caller.sessions.read('page');
    const view = await quotedView(page?.body ?? placeholderDocument(), page?.handle);
    return { contents: [{ uri, mimeType: VIEW_MIME, text: view, _meta: { ui: VIEW_UI_META } }] };
  }
  if (uri === SIGN_URI) {
    const svg = (await ctx.caller.sessions.read('sign'))?.body ?? PLACEHOLDER_SIGN;
    return { contents: [{ uri, mimeType: SIGN_MIME, text: svg }] };
  }
  const handle = RENDER_URI.exec(uri);
  if (handle) {
    const body = await ctx.caller.sessions.readKept(handle[1]!, handle[2] === 'svg' ? 'sign' : 'page');
    if (body === null) {
      throw new InvalidParams(
        notFound({
          message: `No kept render '${uri.slice(0, 200)}': it has expired, its session was deleted, or it was never made here as ${handle[2] === 'svg' ? 'a sign (.svg)' : 'a page (.html)'}.`,
          path: 'params.uri',
          fix_hint:
            'Read the handle exactly as render_datachain linked it (.html for a page, .svg for a sign), or call render_datachain again; its answer links the new render (kept for two hours).',
        }),
      );
    }
    return { contents: [{ uri, mimeType: handle[2] === 'svg' ? SIGN_MIME : 'text/html', text: body }] };
  }
  const element = ELEMENT_URI.exec(uri);
  if (element)
    return readThroughTool(
      uri,
      'get_element',
      { version: decodePart(uri, element[1]!), element_id: decodePart(uri, element[2]!) },
      (d) => d.element,
      ctx,
    );
  const categories = CATEGORIES_URI.exec(uri);
  if (categories)
    return readThroughTool(
      uri,
      'list_categories',
      { version: decodePart(uri, categories[1]!) },
      (d) => d.categories,
      ctx,
    );
  throw new InvalidParams(
    unknownName('resource', uri, 'params.uri', 'Call resources/list and resources/templates/list for readable URIs.'),
  );
}
