import type { Extras, Outcome } from '../core/envelope.js';
import { VIEW_URI } from '../store/render-uris.js';
import type { ToolName } from '../tools/kernel/registry.js';

/** MCP Apps: the page needs no network; the page's own CSP says the same. */
const UI_META = { resourceUri: VIEW_URI, csp: { connectDomains: [], resourceDomains: [] } };

/**
 * How a tool's extras appear in its MCP result: fields that replace or join `content` and add
 * `_meta`. A tool without a presenter answers its envelope as the text block alone.
 */
type Presenter = (extras: Extras) => Record<string, unknown>;

/** render_datachain: the summary as the text block and the render's handle; a sign also embedded, a page shown by the MCP App view. */
const presentRender: Presenter = ({ summary = '', artifact }) => {
  const text = { type: 'text', text: summary };
  const link = artifact?.handle ? [handleLink(artifact.handle, artifact.mimeType)] : [];
  if (artifact?.mimeType.startsWith('image/svg')) {
    const uri = artifact.uri ?? artifact.handle;
    const embedded = uri
      ? [{ type: 'resource', resource: { uri, mimeType: artifact.mimeType, text: artifact.text } }]
      : [];
    return { content: [text, ...embedded, ...link] };
  }
  return { content: [text, ...link], _meta: { ui: UI_META } };
};

/** The handle of a kept render, as a `resource_link` any later request (no session needed) can read. */
function handleLink(uri: string, mimeType: string) {
  const sign = uri.endsWith('.svg');
  return {
    type: 'resource_link',
    uri,
    name: sign ? 'datachain-sign' : 'datachain-page',
    title: sign ? 'The rendered sign (kept for two hours)' : 'The rendered page (kept for two hours)',
    mimeType: sign ? mimeType : 'text/html',
  };
}

const PRESENTERS: Partial<Record<ToolName, Presenter>> = { render_datachain: presentRender };

/** The MCP-only fields of a tool's result. */
export function presentation(tool: ToolName, outcome: Outcome): Record<string, unknown> {
  const present = PRESENTERS[tool];
  return present && outcome.extras ? present(outcome.extras) : {};
}
