import { describe, expect, it } from 'vitest';
import { REALISTIC } from '../helpers/hostile.js';
import { API, postJson, V } from './helpers.js';

const RENDER = `${API}/schemas/${V}/render`;

describe('the page locale of POST /schemas/:version/render', () => {
  it('follows Accept-Language when no locale is named, falling back to the source locale', async () => {
    for (const [header, locale] of [
      ['de-DE, fr;q=0.8, en;q=0.5', 'fr'],
      ['es-MX, es;q=0.9', 'en'],
      ['', 'en'],
    ]) {
      const r = await postJson(RENDER, REALISTIC, header ? { 'accept-language': header } : {});
      expect(r.status).toBe(200);
      expect(r.headers.get('content-language')).toBe(locale);
      expect(r.headers.get('vary')).toContain('Accept-Language');
      expect(r.text).toContain(`<html lang="${locale}"`);
    }
  });
  it('an explicit locale wins over the header, and one the release lacks is an error naming its locales', async () => {
    const fr = await postJson(`${RENDER}?locale=fr`, REALISTIC, { 'accept-language': 'en' });
    expect(fr.headers.get('content-language')).toBe('fr');
    const es = await postJson(`${RENDER}?locale=es`, REALISTIC, { 'accept-language': 'en' });
    expect(es.status).toBe(400);
    expect(es.json.errors[0]).toMatchObject({
      code: 'invalid_arguments',
      path: 'locale',
      message: expect.stringContaining('which carries en, fr'),
      fix_hint: 'Use locales of the release: en, fr.',
    });
  });
});
