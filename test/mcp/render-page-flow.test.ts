import { signLabelsFor } from '../../src/services/render/sign/labels.js';
import { describe, expect, it } from 'vitest';
import { postMcp } from '../helpers/http.js';
import { call } from '../helpers/tools.js';
import transitAi from '../e2e/fixtures/transit-station.json';
import transitDtpr from '../e2e/fixtures/transit-station-dtpr.json';
import { labelsFor } from '../../src/services/render/shared/labels.js';

/** The same transit station (cameras, presence sensors, gates, screens) on the last ai@ release and on the first dtpr@ one. */
const STATIONS = [
  { type: 'ai', dc: transitAi as Record<string, any> },
  { type: 'dtpr', dc: transitDtpr as Record<string, any> },
] as const;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));
const glanceOf = (html: string) => between(html, '<section class="glance"', '</section>');
/** The author's text of a placement's variable, in one locale. */
/** An author's text as the page shows it: French with a narrow no-break space before ; : ! ? */
const said = (dc: Record<string, any>, element: string, variable: string, locale: string) => {
  const text = dc.elements
    .find((p: any) => p.element_id === element)
    .variables.find((v: any) => v.id === variable)
    .value.find((x: any) => x.locale === locale).value as string;
  return locale === 'fr' ? text.replace(/ (?=[;:!?])/g, '\u202f') : text;
};

async function render(dc: Record<string, any>, locale: string) {
  const h = { 'mcp-session-id': `flow-${crypto.randomUUID()}` };
  const { env } = await call('render_datachain', { version: dc.schema_version, datachain: dc, locale }, false, h);
  expect(env.ok, JSON.stringify(env.errors)).toBe(true);
  const r = await postMcp(
    { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'ui://dtpr/datachain/view.html' } },
    h,
  );
  return r.json.result.contents[0].text as string;
}

describe('the transit station fixtures', () => {
  it.each(STATIONS)('validate on their own release without an error or a warning ($type)', async ({ dc }) => {
    const { env } = await call('validate_datachain', { version: dc.schema_version, datachain: dc });
    expect(env.ok, JSON.stringify(env.errors)).toBe(true);
    expect(env.data).toEqual({ ok: true, warnings: [] });
  });
});

describe('the glance of a page with a data flow', () => {
  const QUESTIONS = {
    en: {
      who: 'Who is responsible, and how do I reach them?',
      captures: 'What captures data here?',
      does: 'What is it for?',
      reaches: 'How do its results reach people?',
    },
    fr: {
      who: 'Qui est responsable et comment le joindre\u202f?',
      captures: 'Qu\u2019est-ce qui capte des données ici\u202f?',
      does: 'À quoi sert\u2011il\u202f?',
      reaches: 'Comment ses résultats parviennent\u2011ils aux personnes\u202f?',
    },
  };
  const cases = STATIONS.flatMap((s) => (['en', 'fr'] as const).map((locale) => ({ ...s, locale })));

  it.each(cases)(
    'asks what captures data and how results reach people right after who is responsible ($type, $locale)',
    async ({ dc, locale }) => {
      const glance = glanceOf(await render(dc, locale));
      const q = QUESTIONS[locale];
      const at = (text: string) => glance.indexOf(`>${esc(text)}</a>`);
      expect(glance).toContain(`<a href="#section-collection">${esc(q.captures)}</a>`);
      expect(glance).toContain(`<a href="#section-manifestation">${esc(q.reaches)}</a>`);
      expect(at(q.who)).toBeGreaterThan(-1);
      expect(at(q.who)).toBeLessThan(at(q.captures));
      expect(at(q.captures)).toBeLessThan(at(q.does));
      expect(at(q.does)).toBeLessThan(at(q.reaches));
      // Each answer leads with the author's words about the devices, the element title after them.
      const captures = between(glance, esc(q.captures), '</dd>');
      for (const device of ['camera', 'presence_motion_sensor'])
        expect(captures).toContain(esc(said(dc, device, 'additional_description', locale)));
      const reaches = between(glance, esc(q.reaches), '</dd>');
      for (const effect of ['gate_barrier_machine', 'screen_or_sign'])
        expect(reaches).toContain(esc(said(dc, effect, 'additional_description', locale)));
      expect(captures.indexOf(esc(said(dc, 'camera', 'additional_description', locale)))).toBeLessThan(
        captures.indexOf(`<span class="kind">${locale === 'en' ? 'Camera' : 'Caméra'}`),
      );
    },
  );

  it.each(cases)(
    'grades who decides from the action verbs and identifiability from the data ($type, $locale)',
    async ({ dc, locale }) => {
      const glance = glanceOf(await render(dc, locale));
      const decides = locale === 'en' ? 'Does a person make the final decision?' : 'Une personne prend\u2011elle';
      const identify = locale === 'en' ? 'Can it identify people?' : 'Peut-il identifier des personnes';
      // Counting runs on its own, but sensing decides nothing: the gate decision, which a person
      // oversees, answers (decision verdicts read only the parts that decide or act).
      expect(between(glance, decides, '</dd>')).toContain(
        `<strong>${locale === 'en' ? 'Partly.' : 'En partie.'}</strong>`,
      );
      expect(between(glance, identify, '</dd>')).toContain(`<strong>${locale === 'en' ? 'Yes.' : 'Oui.'}</strong>`);
    },
  );
});

describe('the fixed wording per datachain type', () => {
  const HEADINGS = {
    ai: { en: 'How this AI system works', fr: 'Comment fonctionne ce système d\u2019IA' },
    dtpr: { en: 'How this technology works', fr: 'Comment fonctionne cette technologie' },
  };

  it.each(STATIONS)(
    'heads the page for its type, and a dtpr page never calls the system an AI ($type)',
    async ({ type, dc }) => {
      for (const locale of ['en', 'fr'] as const) {
        const html = await render(dc, locale);
        const header = between(html, '<header class="doc">', '</header>');
        expect(header).toContain(`<p class="kicker">${esc(HEADINGS[type][locale])}</p>`);
        if (type === 'dtpr') {
          // The author's own texts aside, no fixed text of the page names an AI system.
          const fixed = html.replace(/<style>[\s\S]*?<\/style>/g, '');
          expect(fixed).not.toMatch(/\bAI\b|\bIA\b/);
        }
      }
    },
  );

  it('keeps the AI wording for the ai type and for a caller that names no type, and uses the neutral one for any other', () => {
    expect(labelsFor('en').kicker).toBe('How this AI system works');
    expect(labelsFor('en', 'ai').untitled).toBe('AI system');
    expect(labelsFor('en', 'dtpr')).toMatchObject({
      untitled: 'Technology in this place',
      kicker: 'How this technology works',
    });
    expect(signLabelsFor('en', 'dtpr').kicker).toBe('Technology in use here');
    expect(signLabelsFor('en').kicker).toBe('AI in use here');
    expect(labelsFor('fr', 'dtpr')).toMatchObject({
      untitled: 'Technologie dans ce lieu',
      kicker: 'Comment fonctionne cette technologie',
    });
    expect(signLabelsFor('fr', 'dtpr').kicker).toBe('Technologie utilisée ici');
    // An unknown locale falls back to English, with the wording of its type.
    expect(labelsFor('xx', 'dtpr').kicker).toBe('How this technology works');
    expect(labelsFor('toString', 'ai').kicker).toBe('How this AI system works');
  });

  it('writes French questions with a narrow no-break space before the question mark', () => {
    const fr = labelsFor('fr', 'dtpr');
    for (const q of [fr.q_captures, fr.q_reaches]) expect(q).toMatch(/[^\s\u202f]\u202f\?$/);
  });
});
