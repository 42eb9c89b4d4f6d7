import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/domain/content.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { renderOutput } from '../../src/services/render/output.js';
import { releaseSource, type RenderSource } from '../../src/services/render/view/source.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { REALISTIC } from '../helpers/hostile.js';

const release = catalogueStore().release('ai@2026-08-12')!;
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));

/** The release with element descriptions as the content pass leaves them: generic meaning, no placeholders. */
function withoutDescriptionPlaceholders(): RenderSource {
  const src = releaseSource(release);
  const strip = (e: Element): Element => ({
    ...e,
    description: e.description.map((d) => ({ ...d, value: d.value.replace(/\s*[^.:]*:\s*\{\{[^}]+\}\}\.?/g, '') })),
  });
  return { ...src, elementById: new Map([...src.elementById].map(([id, e]) => [id, strip(e)])) };
}

const page = (src: RenderSource, dc = DatachainInstance.parse(REALISTIC)) =>
  renderOutput({ value: dc, warnings: [] }, src, { format: 'page', locale: 'en' }).body;

describe('each value once', () => {
  it('with generic descriptions, a title placeholder carries the value and every other value is one labelled field', () => {
    const html = page(withoutDescriptionPlaceholders());
    expect(html).not.toContain('{{');
    const retained = between(html, 'id="placement-data_retained"', '</article>');
    expect(retained.split('>for 2 years<')).toHaveLength(2);
    expect(retained).toMatch(/<h3>Retained <span class="var" data-variable="duration">for 2 years<\/span>/);
    expect(retained).not.toContain('<dt>Duration</dt>');
    const stored = between(html, 'id="placement-stored_locally"', '</article>');
    // The storage duration says what the retention card says ("for 2 years"), so it is not repeated.
    expect(stored).not.toContain('<dt>Duration</dt>');
    const other = DatachainInstance.parse(REALISTIC);
    const storedAt = other.elements.findIndex((p) => p.element_id === 'stored_locally');
    other.elements[storedAt]!.variables[0]!.value = [{ locale: 'en', value: '6 months' }];
    const differs = between(
      page(withoutDescriptionPlaceholders(), other),
      'id="placement-stored_locally"',
      '</article>',
    );
    expect(differs).toContain('<dt>Duration</dt><dd><span class="value">6 months</span></dd>');
    const risk = between(html, 'id="placement-civil_liberties_harm"', '</article>');
    expect(risk).toContain(
      '<dt>Risk</dt><dd><span class="value">Video could be reused to follow individuals.</span></dd>',
    );
    const sections = html.slice(html.indexOf('<section class="cat"'));
    for (const value of [
      'for 2 years',
      'Video could be reused to follow individuals.',
      'Live video of the intersection, processed on the camera.',
      'City of Riverton, Transport Department',
    ]) {
      expect(sections.split(`>${value}<`), value).toHaveLength(2);
    }
  });

  it("shows an element's own definition of a variable its category also declares", () => {
    const src = releaseSource(release);
    const harm = src.elementById.get('civil_liberties_harm')!;
    expect(src.categoryById.get(harm.category_id)!.element_variables.map((v) => v.id)).toContain('risk');
    const own = {
      ...harm,
      variables: harm.variables.map((v) =>
        v.id === 'risk' ? { ...v, label: [{ locale: 'en' as const, value: 'Harm to liberties' }] } : v,
      ),
    };
    const html = page({ ...src, elementById: new Map([...src.elementById, [own.id, own]]) });
    const risk = between(html, 'id="placement-civil_liberties_harm"', '</article>');
    expect(risk).toContain('<dt>Harm to liberties</dt>');
    expect(risk).not.toContain('<dt>Risk</dt>');
  });

  it('tags proposed elements and flags missing required values without showing raw placeholders', () => {
    const src = releaseSource(release);
    const proposed = { ...release.elementById.get('data_retained')!, id: 'retained_on_request' };
    const dc = DatachainInstance.parse({ elements: [{ element_id: 'retained_on_request' }] });
    const html = page(
      {
        ...src,
        elementById: new Map([...src.elementById, [proposed.id, proposed]]),
        suggested: new Set([proposed.id]),
      },
      dc,
    );
    const card = between(html, 'id="placement-retained_on_request"', '</article>');
    expect(html).toContain('<article class="card proposed" id="placement-retained_on_request"');
    expect(card).toContain('>Proposed</span>');
    expect(card).toContain('<span class="missing" data-variable="duration">{{duration}}</span>');
    expect(card).toContain('Missing required value: Duration');
  });
});
