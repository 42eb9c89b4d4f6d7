import { describe, expect, it } from 'vitest';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { renderOutput } from '../../src/services/render/output.js';
import { placeholderDocument } from '../../src/services/render/placeholder.js';
import { releaseName, writtenDate } from '../../src/services/render/shared/dates.js';
import { labelsFor } from '../../src/services/render/shared/labels.js';
import { excerpt } from '../../src/services/render/view/excerpt.js';
import { releaseSource } from '../../src/services/render/view/source.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import cbsa from '../fixtures/datachains/real/cbsa-tci.json';
import nyc from '../fixtures/datachains/real/nyc-myschools-match.json';
import transit from '../e2e/fixtures/transit-station-dtpr.json';

const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));
const words = (s: string) => s.split(/\s+/).filter((w) => /\w/.test(w)).length;

function page(dc: unknown, locale = 'en', link?: string) {
  const value = DatachainInstance.parse(dc);
  const src = releaseSource(catalogueStore().release(value.schema_version!)!);
  return renderOutput({ value, warnings: [] }, src, { format: 'page', locale, ...(link ? { link } : {}) }).body;
}

describe('excerpts for the glance', () => {
  it('keeps a first sentence of up to about 25 words whole, and says when the card holds more', () => {
    expect(excerpt({ text: 'Accountable agency. The indicator was built in-house.' }, 'en')).toEqual({
      text: { text: 'Accountable agency.' },
      cut: true,
    });
    expect(excerpt({ text: 'One sentence only.' }, 'en')).toEqual({ text: { text: 'One sentence only.' }, cut: false });
  });

  it('cuts a long sentence at a clause mark in its second half, with an ellipsis, keeping the lang', () => {
    const long =
      'Student biographical information (home address, poverty status, home language), academic information (course grades, state test scores), and school records (sending school) from every borough, every district and every year since the matching began.';
    const e = excerpt({ text: long, lang: 'en' }, 'fr');
    expect(e.cut).toBe(true);
    expect(e.text.lang).toBe('en');
    expect(e.text.text.endsWith('\u2026')).toBe(true);
    expect(words(e.text.text)).toBeLessThanOrEqual(25);
    expect(e.text.text).toMatch(/from every borough…$/);
  });

  it('takes a tighter limit when a row shares its room', () => {
    const e = excerpt(
      {
        text: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one.',
      },
      'en',
      10,
    );
    expect(e.cut).toBe(true);
    expect(words(e.text.text)).toBe(10);
  });
});

describe('dates and release names as people write them', () => {
  it('writes the day, the month in words and the year, in the page language', () => {
    expect(writtenDate('2026-09-01', 'en')).toBe('1 September 2026');
    expect(writtenDate('2026-09-01T10:00:00Z', 'fr')).toBe('1er septembre 2026');
    expect(writtenDate('2026-09-12', 'fr')).toBe('12 septembre 2026');
    expect(writtenDate('2026-02-30', 'en')).toBeUndefined();
    expect(writtenDate('soon', 'en')).toBeUndefined();
  });

  it('names a release by its taxonomy and date; an unknown shape stays as it is', () => {
    expect(releaseName('ai@2026-08-12', labelsFor('en'), 'en')).toBe('DTPR AI taxonomy, 12 August 2026');
    expect(releaseName('ai@2026-05-06-beta', labelsFor('fr'), 'fr')).toBe(
      'Taxonomie DTPR de l\u2019IA, 6 mai 2026 (bêta)',
    );
    expect(releaseName('dtpr@2026-09-01-beta', labelsFor('en'), 'en')).toBe('DTPR taxonomy, 1 September 2026 (beta)');
    expect(releaseName('other@2026-09-01', labelsFor('en'), 'en')).toBe('other@2026-09-01');
    // In the locale's own punctuation: no Latin comma or parentheses in Chinese or Khmer.
    expect(releaseName('dtpr@2026-09-01-beta', labelsFor('zh-Hans'), 'zh-Hans')).toBe(
      'DTPR 分类体系，2026年9月1日（测试版）',
    );
    const khmer = releaseName('dtpr@2026-09-01-beta', labelsFor('km'), 'km');
    expect(khmer).not.toContain(',');
    expect(khmer).toMatch(/ \(សាកល្បង\)$/);
  });

  it('writes the ISO day, never another language, where the runtime has no data for the locale', () => {
    // The Workers runtime has no date data for Khmer: Intl would answer in English there.
    for (const locale of ['km', 'zh-Hans', 'zh-Hant']) {
      const date = writtenDate('2026-11-20T09:00:00Z', locale);
      expect(date, locale).toMatch(/2026/);
      expect(date, locale).not.toMatch(/[A-Za-z]/);
    }
    expect(writtenDate('2026-02-30', 'km')).toBeUndefined();
    expect(releaseName('dtpr@2026-09-01-beta', labelsFor('km'), 'km')).not.toMatch(/September/);
  });
});

describe('the page in a locale its author did not write', () => {
  /** The page's HTML with every span that names its own `lang` taken out. */
  const withoutMarked = (html: string) => html.replace(/<span lang="[^"]+">[^<]*<\/span>/g, '');

  it('marks English texts with their lang in what only a screen reader reads, as on the page', () => {
    for (const locale of ['km', 'zh-Hans']) {
      const html = page(transit, locale);
      const hidden = [...html.matchAll(/<span class="vh">(.*?)<\/span>(?=<\/(?:summary|a)>)/g)].map((m) => m[1]!);
      expect(hidden.length, locale).toBeGreaterThan(0);
      expect(hidden.filter((h) => h.includes('lang="en"')).length, locale).toBeGreaterThan(0);
      for (const h of hidden) expect(withoutMarked(h), `${locale}: ${h}`).not.toMatch(/[A-Za-z]{2}/);
      const times = [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]!);
      expect(times.length, locale).toBeGreaterThan(0);
      for (const t of times) expect(t, locale).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('the real datachains on ai@2026-05-06-beta', () => {
  it('reads a risk written into the one mitigation text as the answer, never as "what is done"', () => {
    const html = page(cbsa);
    const risks = between(html, 'What are the risks', '</div>');
    expect(risks).toContain('Risk: patterns learned from five years');
    expect(risks).not.toContain('What is done');
    // Its card's only text, unlabelled.
    const card = between(html, 'id="placement-civil_liberties_harm"', '</article>');
    expect(card).toContain('<p class="card-text">Risk: patterns');
    expect(card).not.toContain('<dt>');
  });

  it('labels that text "Risk and what is done" when the card has other fields', () => {
    const dc = structuredClone(cbsa);
    const risk = dc.elements.find((p) => p.element_id === 'civil_liberties_harm')!;
    (risk.variables as unknown[]).push({ id: 'specific_harms', value: ['discrimination'] });
    const card = between(page(dc), 'id="placement-civil_liberties_harm"', '</article>');
    expect(card).toContain('<dt>Risk and what is done</dt>');
    const fr = between(page(dc, 'fr'), 'id="placement-civil_liberties_harm"', '</article>');
    expect(fr).toContain('<dt>Le risque et ce qui est fait</dt>');
  });

  it('answers in the glance with the start of each text and a link to its card; a crowded row names its cards', () => {
    const html = page(nyc);
    const glance = between(html, '<section class="glance"', '</section>');
    expect(glance).not.toContain('<strong>Student');
    expect(glance).toContain('<a class="more" href="#placement-input_sensitive_personal">Read more');
    const rights = between(glance, 'What are my rights', '</div>');
    expect(rights).toContain('<a href="#placement-right_access">Right to access your data</a>');
    expect(rights).not.toContain('FERPA');
    // No glance text is longer than about 25 words.
    for (const m of glance.matchAll(/<li>([\s\S]*?)<\/li>/g))
      expect(words(m[1]!.replace(/<[^>]+>/g, ' '))).toBeLessThan(45);
  });

  it('names citations by their source, writes dates in words, shows where the page is published', () => {
    const html = page(cbsa, 'fr', 'https://example.org/tci');
    expect(html).not.toMatch(/\[\d+\]/);
    const footer = between(html, '<footer class="about"', '</footer>');
    expect(footer).toContain('<data value="ai@2026-05-06-beta">Taxonomie DTPR de l\u2019IA, 6 mai 2026 (bêta)</data>');
    expect(footer).toMatch(/<dt>Publiée à l’adresse<\/dt><dd><a href="https:\/\/example.org\/tci"/);
    expect(footer).not.toMatch(/\d{4}-\d{2}-\d{2}</);
  });

  it('keeps the role of a responsible body beside its name, with no element-title tag', () => {
    const html = page(nyc);
    const who = between(html, 'Who is responsible', '</div>');
    expect(who).toMatch(/New York City Public Schools<\/span><\/span> <span class="tag ctx"/);
    expect(between(html, 'id="placement-institution"', '</article>')).not.toContain('tag kind');
  });

  it('names the element in each "What this means" for a screen reader', () => {
    const html = page(nyc);
    expect(html).toMatch(/<summary>What this means<span class="vh">: Right to access your data<\/span><\/summary>/);
  });
});

describe('the placeholder', () => {
  it('says only that the disclosure is being prepared, in the locale asked for', () => {
    expect(placeholderDocument()).toContain('<h1>Preparing the disclosure\u2026</h1>');
    expect(placeholderDocument('fr')).toContain('<h1>Préparation de la fiche\u2026</h1>');
    expect(placeholderDocument('fr')).toContain('<html lang="fr">');
    expect(placeholderDocument('xx')).toContain('<html lang="en">');
    expect(placeholderDocument()).not.toMatch(/tool|render_datachain|<footer/);
  });

  it('has no kicker: the type of the datachain on its way is not known (no "AI system" for a technology)', () => {
    for (const locale of ['en', 'fr', 'es'])
      expect(between(placeholderDocument(locale), '<body', '</body>'), locale).not.toMatch(/kicker/);
  });
});
