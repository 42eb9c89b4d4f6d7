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
  it('says when none of the languages asked for is offered: the page is in the source locale, with a warning', async () => {
    const page = await postJson(RENDER, REALISTIC, { 'accept-language': 'ja, x-klingon;q=0.5' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('en');
    expect(page.headers.get('dtpr-warnings')).toBe('1');
    const envelope = await postJson(RENDER, REALISTIC, { 'accept-language': 'ja, *;q=0', accept: 'application/json' });
    const warning = envelope.json.meta.warnings.find((w: string) => w.startsWith('language_not_offered:'));
    // `*;q=0` refuses every other language: it does not take any.
    expect(warning).toContain('(ja)');
    expect(warning).toContain("in 'en'");
    expect(warning).toContain('en, fr');
    // Offered, or any language: no warning.
    for (const header of ['fr', 'ja, *;q=0.1']) {
      const r = await postJson(RENDER, REALISTIC, { 'accept-language': header, accept: 'application/json' });
      expect(r.json.meta.warnings ?? []).not.toContainEqual(expect.stringContaining('language_not_offered'));
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
