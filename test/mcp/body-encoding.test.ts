import { describe, expect, it } from 'vitest';
import { fetchWorker, JSON_HEADERS } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { API, rest, V } from '../rest/helpers.js';

/** `text` as UTF-8 with one byte that UTF-8 never uses (0xFF) put where `marker` is. */
function withInvalidByte(text: string, marker: string): Uint8Array {
  const [before, after] = text.split(marker) as [string, string];
  const enc = new TextEncoder();
  return new Uint8Array([...enc.encode(before), 0xff, ...enc.encode(after)]);
}

describe('a body that is not UTF-8 is refused, not read with replacement characters', () => {
  it('POST /mcp: -32700 saying so', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_elements', arguments: { version: 'ai@latest', query: 'faMARKce' } },
    };
    const res = await fetchWorker('/mcp', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: withInvalidByte(JSON.stringify(message), 'MARK'),
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as any;
    expect(json.error).toMatchObject({ code: -32700, data: { fix_hint: expect.stringMatching(/UTF-8/) } });
    expect(json.error.message).toMatch(/not valid UTF-8/);
  });

  it('REST: 400 in the envelope', async () => {
    const body = withInvalidByte(JSON.stringify({ ...REALISTIC, title: [{ locale: 'en', value: 'xMARKy' }] }), 'MARK');
    const r = await rest(`${API}/schemas/${V}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      ok: false,
      errors: [{ code: 'bad_request', message: expect.stringMatching(/UTF-8/) }],
    });
  });

  it('UTF-8 beyond ASCII, and a leading byte-order mark, are read as ever', async () => {
    const message = { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { note: 'caméras 摄像头 ក' } } };
    const res = await fetchWorker('/mcp', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: `\uFEFF${JSON.stringify(message)}`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });
});
