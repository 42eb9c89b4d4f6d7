import { describe, expect, it } from 'vitest';
import { fullThin } from '../fixtures/datachains/base.js';
import { en, junction } from '../fixtures/datachains/junction.js';
import { postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { call } from '../helpers/tools.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { labelsFor } from '../../src/services/render/shared/labels.js';

const V = 'ai@2026-08-12';
const session = (name: string) => ({ 'mcp-session-id': `${name}-${crypto.randomUUID()}` });
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** How often `value` is the whole text of an element (every shown value sits in its own element). */
const countValue = (html: string, value: string) => html.split(`>${esc(value)}<`).length - 1;
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));

async function render(datachain: unknown, locale = 'en') {
  const h = session('page');
  const { env: e, result } = await call('render_datachain', { version: V, datachain, locale }, false, h);
  const r = await postMcp(
    { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'ui://dtpr/datachain/view.html' } },
    h,
  );
  return { env: e, html: r.json.result.contents[0].text as string, summary: result.content[0]!.text as string };
}

const enValue = (p: any, id: string) =>
  p.variables?.find((v: any) => v.id === id)?.value.find((x: any) => x.locale === 'en').value as string;
const glanceOf = (html: string) => between(html, '<section class="glance"', '</section>');

describe('the page for a member of the public', () => {
  it('opens with an at-a-glance block that answers the first questions and links each to its section', async () => {
    const { html } = await render(REALISTIC);
    const glance = glanceOf(html);
    expect(html.indexOf('<section class="glance"')).toBeLessThan(html.indexOf('<section class="cat"'));
    for (const [question, section] of [
      ['Who is responsible, and how do I reach them?', 'accountable'],
      ['What is it for?', 'purpose'],
      ['What data does it take in?', 'input_dataset'],
      ['Can it identify people?', 'input_dataset'],
      ['How long is data kept, and where?', 'retention'],
      ['Does a person make the final decision?', 'functional_modes'],
      ['What are the risks, and what is done about them?', 'risks_mitigation'],
      ['What are my rights, and how do I use them?', 'rights'],
    ]) {
      expect(glance).toContain(`<a href="#section-${section}">${esc(question!)}</a>`);
    }
    // A fixed row stays when the datachain says nothing for it, without a link to a missing section.
    expect(between(glance, '<dt>Who else gets the data?</dt>', '</div>')).toContain('Not stated in this disclosure.');
    // The author's words lead each answer; the element title follows them.
    const takesIn = between(glance, 'What data does it take in?', '</div>');
    const own = takesIn.indexOf(esc('Live video of the intersection, processed on the camera.'));
    expect(own).toBeGreaterThan(-1);
    expect(own).toBeLessThan(takesIn.indexOf('Data about a place'));
    const risks = between(glance, 'What are the risks', '</div>');
    expect(risks).toContain('Video could be reused to follow individuals.');
    expect(risks).toContain(esc('Frames are discarded on the camera; only counts leave it.'));
    // Sensing runs on its own, but a person decides on the timing advice: the verdict reads the deciding part (D1).
    const decides = between(glance, 'Does a person make the final decision?', '</div>');
    expect(decides).toMatch(/<strong>Yes\.<\/strong>/);
    // Only the parts that grade the verdict carry a tag there, and none differs from it: the sensing
    // part's "Autonomous" stays on its card, where it does not read as an answer to the question.
    expect(decides).not.toContain('Autonomous');
    expect(decides).not.toContain('Human decides');
    expect(decides).toContain('Sensing (perceptive AI)');
    expect(between(html, 'id="section-functional_modes"', '</section>')).toContain('Autonomous');
    expect(glance).toContain('>City of Riverton, Transport Department<');
    expect(glance).toContain('>Northlight Vision Ltd.<');
    expect(glance).toContain('<a href="tel:+15550100" class="act-link">+1 555 0100</a>');
    expect(glance).toContain(
      '<a href="mailto:privacy@riverton.example.org" class="act-link">privacy@riverton.example.org</a>',
    );
    expect(glance).toContain('href="https://riverton.example.org/traffic-cameras"');
    expect(glance).toContain('Mobility');
    expect(glance).toContain('Safety &amp; security');
    expect(glance).toContain('Data about a place');
    expect(glance).toMatch(/<strong>Indirectly\.<\/strong>/);
    expect(glance).toContain('De-identified');
    expect(glance).toContain('Pseudonymous');
    expect(glance).toContain('>for 2 years<');
    expect(glance).toContain('Right to access your data');
    expect(glance).toContain(esc('Ask the Transport Department for the counts recorded at any intersection.'));
  });

  it('answers "not stated" when a category is empty, and reads identifiability and contacts from other datachains', async () => {
    const dc = fullThin();
    const release = catalogueStore().release(V)!;
    const kept = new Set(['retention', 'storage']);
    dc.elements = dc.elements.filter((p: any) => !kept.has(release.elementById.get(p.element_id)!.category_id));
    const glance = glanceOf((await render(dc)).html);
    expect(between(glance, 'How long is data kept, and where?', '</div>')).toContain('Not stated in this disclosure.');
    expect(glance).toMatch(/<strong>Indirectly\.<\/strong>/);
    expect(glance).toContain(
      '<span class="act-label">Post:</span> <span class="act-text">1 Main Street, Springfield</span>',
    );
    expect(between(glance, 'What are my rights, and how do I use them?', '</div>')).toContain(
      'href="https://transit.example.org/request"',
    );
    const silent = fullThin();
    for (const p of silent.elements) p.actions = [];
    const noContact = glanceOf((await render(silent)).html);
    expect(between(noContact, 'Who is responsible', '</div>')).toContain(
      'No contact details are given in this disclosure.',
    );
    const identifiable = fullThin();
    identifiable.elements.find((p: any) => p.element_id === 'input_biometric').context_type_id = 'identifiable';
    expect(glanceOf((await render(identifiable)).html)).toMatch(/<strong>Yes\.<\/strong>/);
  });

  it('heads a card with the name it carries, the element title as a tag except beside a responsible body', async () => {
    const { html } = await render(REALISTIC);
    const card = between(html, 'id="placement-institution"', '</article>');
    expect(card).toMatch(/<h3><span class="var" data-variable="title">City of Riverton, Transport Department<\/span>/);
    // "Institution" beside a named body says nothing a reader needs (review D12).
    expect(card).not.toContain('Institution');
    const people = between(html, 'id="placement-people"', '</article>');
    expect(people).toContain('People using the intersections</span></h3>');
    expect(people).toContain('<span class="tag kind">People</span>');
  });

  it('shows each value once: a value filled into the title or description is not repeated as a field', async () => {
    const { html } = await render(REALISTIC);
    const release = catalogueStore().release(V)!;
    const sections = html.slice(html.indexOf('<section class="cat"'));
    // The at-a-glance block restates names, durations and the author's own answers.
    const glanced = new Set([
      'title',
      'duration',
      'rights',
      'additional_description',
      'description',
      'risk',
      'mitigation',
    ]);
    for (const p of REALISTIC.elements) {
      const el = release.elementById.get(p.element_id)!;
      const texts = [el.title, el.description].map((t) => t.find((x) => x.locale === 'en')!.value).join(' ');
      for (const v of p.variables ?? []) {
        const value = enValue(p, v.id);
        const placeholders = texts.split(`{{${v.id}}}`).length - 1;
        // A storage duration equal to the retention period is shown once, on the retention card.
        const merged = p.element_id === 'stored_locally' && v.id === 'duration';
        expect(countValue(sections, value), `${p.element_id}.${v.id} in the sections`).toBe(
          merged ? 0 : Math.max(1, placeholders),
        );
        if (!glanced.has(v.id) && placeholders <= 1)
          expect(countValue(html, value), `${p.element_id}.${v.id} in the page`).toBe(1);
      }
    }
    const retained = between(html, 'id="placement-data_retained"', '</article>');
    expect(retained).not.toContain('<dl class="fields">');
    // The shipped descriptions carry no placeholder: the risk is a field of its own, shown once.
    const risk = between(html, 'id="placement-civil_liberties_harm"', '</article>');
    expect(risk).toContain('<dt>Mitigation</dt>');
    expect(risk.split('<dt>Risk</dt>')).toHaveLength(2);
  });

  it("puts author metadata in the footer and schema text below the author's words", async () => {
    const { html } = await render(REALISTIC);
    const header = between(html, '<header class="doc">', '</header>');
    for (const meta of ['ai@2026-08-12', 'drafting-assistant-1', 'ai_register', 'AI register'])
      expect(header).not.toContain(meta);
    const footer = between(html, '<footer class="about"', '</footer>');
    expect(footer).toContain('<data value="ai@2026-08-12">DTPR AI taxonomy, 12 August 2026</data>');
    expect(footer).toContain('drafting-assistant-1');
    expect(footer).toContain('(AI register)');
    expect(footer).toContain('id="source-1"');
    const card = between(html, 'id="placement-organization"', '</article>');
    expect(card.indexOf('Supplies the cameras')).toBeLessThan(card.indexOf('<details class="generic">'));
  });

  it('gives every icon its dark variant for dark screens, each icon written once', async () => {
    const { html } = await render(REALISTIC);
    const sheet = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)[1]!;
    const [light, dark] = sheet.split('@media screen and (prefers-color-scheme:dark)');
    const rules = (css: string) =>
      new Map(
        [...css.matchAll(/\.(ic\d+)\{background-image:url\("(data:image\/svg\+xml[^"]+)"\)\}/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      );
    const lightRules = rules(light!);
    const darkRules = rules(dark!);
    expect(lightRules.size).toBe(
      new Set(REALISTIC.elements.map((p: any) => `${p.element_id}|${p.context_type_id ?? ''}`)).size,
    );
    expect([...darkRules.keys()]).toEqual([...lightRules.keys()]);
    const mobility = between(html, 'id="placement-mobility"', '</article>');
    const cls = /class="dtpr-icon (ic\d+)"/.exec(mobility)![1]!;
    expect(darkRules.get(cls)).not.toBe(lightRules.get(cls));
    // On a dark card an uncoloured shape is a light outline, not DTPR's black dark variant.
    expect(decodeURIComponent(darkRules.get(cls)!)).toContain('stroke="#E8ECF1"');
    expect(decodeURIComponent(darkRules.get(cls)!)).not.toContain('fill="#000"');
  });
});

describe('locale fallback', () => {
  const englishOnly = () =>
    JSON.parse(JSON.stringify(REALISTIC), (_k, v) =>
      Array.isArray(v) ? v.filter((x) => !(x && x.locale === 'fr')) : v,
    );

  it('marks texts from another locale with their own lang and lists them as locale_fallback warnings', async () => {
    const { env: e, html, summary } = await render(englishOnly(), 'fr');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1><span lang="en">Riverton smart traffic cameras</span></h1>');
    expect(html).toMatch(
      /<span class="var" data-variable="title" lang="en">City of Riverton, Transport Department<\/span>/,
    );
    expect(html).toContain('<p class="note" role="note">');
    const warnings = e.data.warnings.filter((w) => w.code === 'locale_fallback');
    expect(warnings[0]).toMatchObject({
      code: 'locale_fallback',
      severity: 'warning',
      path: 'title',
      fix_hint: expect.stringContaining('"locale":"fr"'),
    });
    expect(warnings.map((w) => w.path)).toEqual(
      expect.arrayContaining(['description', 'elements[2].variables[0].value', 'elements[2].actions[0].label']),
    );
    expect(e.meta.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^locale_fallback: /)]));
    // The text a model reads says so too: a line per code, its count and its first message.
    const told = summary.slice(summary.indexOf('\nWarnings ('));
    expect(told).toMatch(
      new RegExp(`^\\nWarnings \\(${e.data.warnings.length}, each with its path and fix in data.warnings\\):\\n`),
    );
    expect(told).toContain(
      `\n- locale_fallback (${warnings.length}, the first): ${JSON.stringify(warnings[0]!.message)}`,
    );
  });

  it('a datachain written in the page locale needs no marking and raises no warning', async () => {
    const { env: e, html, summary } = await render(REALISTIC, 'fr');
    expect(e.data.warnings).toEqual([]);
    expect(summary).not.toContain('Warnings');
    // Only the author's single-language texts (source titles, in the footer and where cards cite
    // them, written in the title's first locale) are marked.
    const footer = between(html, '<footer class="about"', '</footer>');
    const outside = html
      .replace(/<details class="prov">[\s\S]*?<\/details>/g, '')
      .replace(/<p class="cites">[\s\S]*?<\/p>/g, '')
      .replace(footer, '');
    expect(outside).not.toContain('lang="en"');
    expect(footer).toContain('lang="en">Riverton algorithm register<');
    // No text in another language: no fallback note (the review note is another: decision 080).
    expect(html).not.toContain(labelsFor('fr', 'ai').fallbackNote);
    expect(html).toContain(`<p class="note" role="note">${labelsFor('fr', 'ai').reviewNote}</p>`);
    expect(html).toContain('Qui est responsable et comment le joindre');
  });
});

describe('a page for ai@2026-08-24-beta', () => {
  const datachain = junction(
    'ai@2026-08-24-beta',
    [
      { element_id: 'senses' },
      { element_id: 'decides', context_type_id: 'human_oversees' },
      { element_id: 'vehicle_detection', subchain_instance_id: 'flow1' },
      { element_id: 'signal_light_change', subchain_instance_id: 'flow1' },
      { element_id: 'data_retained', variables: [{ id: 'duration', value: en('24 hours') }] },
    ],
    { subchain_instances: [{ id: 'flow1', subchain_id: 'data_flow', order: 0 }] },
  );

  it('answers who decides from the actions, and fills the duration in the retention text', async () => {
    const h = session('page-0824');
    const { env } = await call('render_datachain', { version: 'ai@2026-08-24-beta', datachain }, false, h);
    expect(env.ok).toBe(true);
    const r = await postMcp(
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'ui://dtpr/datachain/view.html' } },
      h,
    );
    const html = r.json.result.contents[0].text as string;
    expect(between(glanceOf(html), 'Does a person make the final decision?', '</div>')).toMatch(
      /<strong>Partly\.<\/strong>/,
    );
    expect(html).toContain('Data collection');
    expect(html).toContain('How results reach people');
    expect(html).toContain('24 hours');
    expect(html).not.toContain('{{duration}}');
  });
});
