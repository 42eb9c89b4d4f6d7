import { describe, expect, it } from 'vitest';
import { holdsTag } from '../../src/rest/conditional.js';
import { API, BETA, postJson, rest, V } from './helpers.js';
import { REALISTIC } from '../helpers/hostile.js';

describe('conditional GETs of answers a release fixes', () => {
  it('an answer carries W/"<content hash>"; sent back as If-None-Match, it is 304 with the headers and no body', async () => {
    for (const path of [
      `${API}/schemas/${V}/manifest`,
      `${API}/schemas/ai@latest/elements/input_biometric`,
      `${API}/schemas/${V}/elements?limit=5`,
      `${API}/schemas/${V}/elements/input_biometric/icon.svg`,
    ]) {
      const first = await rest(path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('etag');
      // The release's content hash and the script's build (its zeros, run from the sources).
      expect(tag, path).toBe(`W/"${first.headers.get('dtpr-content-hash')}.0000000000000000"`);
      const again = await rest(path, { headers: { 'if-none-match': tag! } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('x-request-id')).toBeTruthy();
      expect(again.headers.get('content-type')).toBeNull();
      // Another tag, or none, gets the answer.
      const other = await rest(path, { headers: { 'if-none-match': 'W/"sha256-0", "x"' } });
      expect(other.status).toBe(200);
      expect(other.text).toBe(
        first.text.replace(/"request_id":"[^"]*"/, `"request_id":"${other.json?.meta?.request_id}"`),
      );
    }
  });

  it("no tag where the answer is not the release's to fix, or is not kept: translation status, beta JSON, POSTs, errors", async () => {
    const answers = await Promise.all([
      rest(`${API}/schemas/${V}/translations`),
      rest(`${API}/schemas/${BETA}/manifest`),
      postJson(`${API}/schemas/${V}/validate`, REALISTIC),
      rest(`${API}/schemas/${V}/elements/no_such_element`),
    ]);
    for (const r of answers) expect(r.headers.get('etag')).toBeNull();
  });

  it('a browser may send If-None-Match and read ETag', async () => {
    const preflight = await rest(`${API}/schemas/${V}/manifest`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
    const answer = await rest(`${API}/schemas/${V}/manifest`, { headers: { origin: 'https://app.example' } });
    expect(answer.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('If-None-Match compares weakly, in a list, and * names any answer', () => {
    const tag = 'W/"sha256-ab.0f"';
    expect(holdsTag('"sha256-ab.0f"', tag)).toBe(true);
    expect(holdsTag('W/"x", W/"sha256-ab.0f"', tag)).toBe(true);
    expect(holdsTag('*', tag)).toBe(true);
    expect(holdsTag('W/"sha256-ab.0e"', tag)).toBe(false);
    expect(holdsTag('W/"sha256-ab"', tag)).toBe(false);
    expect(holdsTag(undefined, tag)).toBe(false);
  });
});
