import { describe, expect, it } from 'vitest';
import { VIEW_SCRIPT } from '../../src/mcp/view-app.js';
import { postMcp } from '../helpers/http.js';
import { hostileDatachain } from '../helpers/hostile.js';
import { callTool } from '../helpers/http.js';

const VIEW = 'ui://dtpr/datachain/view.html';
const read = (uri: string, headers: Record<string, string> = {}) =>
  postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } }, headers);

describe('the MCP App view', () => {
  it('allows exactly its own script by hash, and no inline handler or other script', async () => {
    const text = (await read(VIEW)).json.result.contents[0].text as string;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(VIEW_SCRIPT));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(text)![1]!;
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(text.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(text.match(/<script/g)).toHaveLength(1);
  });

  it('wraps a hostile render without adding any script; the page read by its handle has none', async () => {
    const session = { 'mcp-session-id': `hostile-view-${crypto.randomUUID()}` };
    const result = await callTool(
      'render_datachain',
      { version: 'ai@2026-08-12', datachain: hostileDatachain() },
      session,
    );
    expect(result.structuredContent.ok).toBe(true);
    const link = result.content.find((c) => c.type === 'resource_link')!;
    const page = (await read((link as unknown as { uri: string }).uri)).json.result.contents[0].text as string;
    const view = (await read(VIEW, session)).json.result.contents[0].text as string;
    const strip = (s: string) =>
      s.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>(<script>[\s\S]*?<\/script>)?/, '');
    expect(page).not.toMatch(/<script/i);
    expect(strip(view)).toBe(strip(page));
    expect(strip(view)).not.toMatch(/<script/i);
  });
});
