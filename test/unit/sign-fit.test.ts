import { describe, expect, it } from 'vitest';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { renderOptions, renderOutput } from '../../src/services/render/output.js';
import { firstSentence } from '../../src/services/render/sign/blocks.js';
import { fitBlocks } from '../../src/services/render/sign/fit.js';
import { signText, wrapWidth } from '../../src/services/render/sign/text.js';
import { SIGN_TILES } from '../../src/services/render/sign/tiles.js';
import { releaseSource } from '../../src/services/render/view/source.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import realShaped from '../e2e/fixtures/real-shaped-no-contact.json';
import realistic from '../e2e/fixtures/realistic-15.json';
import transit from '../e2e/fixtures/transit-station-dtpr.json';

const LINK = 'https://riverton.example.org/ai/traffic-cameras';
const blocks = [
  { id: 'a', heights: [100, 60, 20] },
  { id: 'b', heights: [50, 30] },
  { id: 'c', heights: [40] },
];

describe('fitting a sign to its sheet', () => {
  it('takes no step when everything fits', () => {
    expect(fitBlocks(blocks, ['a', 'b', 'a'], 190)).toEqual({ chosen: { a: 0, b: 0, c: 0 }, height: 190, fits: true });
  });
  it('walks the steps in order until the blocks fit', () => {
    expect(fitBlocks(blocks, ['a', 'b', 'a'], 150)).toEqual({ chosen: { a: 1, b: 0, c: 0 }, height: 150, fits: true });
    expect(fitBlocks(blocks, ['a', 'b', 'a'], 130)).toEqual({ chosen: { a: 1, b: 1, c: 0 }, height: 130, fits: true });
  });
  it('passes over a block at its last variant or not present', () => {
    expect(fitBlocks(blocks, ['c', 'x', 'b'], 170).chosen).toEqual({ a: 0, b: 1, c: 0 });
  });
  it('gives back, latest step first, what fits again after a later step made room', () => {
    // a→60 and b→30 are not enough for 100; a→20 is, and then b's 20 units fit again.
    expect(fitBlocks(blocks, ['b', 'a', 'a'], 110)).toEqual({ chosen: { a: 2, b: 0, c: 0 }, height: 110, fits: true });
  });
  it('says when even the last step leaves the blocks too tall', () => {
    expect(fitBlocks(blocks, ['a', 'a', 'b'], 50)).toEqual({ chosen: { a: 2, b: 1, c: 0 }, height: 90, fits: false });
  });
});

describe('sign texts', () => {
  it('keeps the no-break spaces French puts before : ; ? !', () => {
    expect(signText('Peut-il vous identifier\u202f?  Oui\u00a0!\n')).toBe('Peut-il vous identifier\u202f? Oui\u00a0!');
    for (const line of wrapWidth('Peut-il vous identifier\u202f? '.repeat(6), 300, 26))
      expect(line).not.toMatch(/^[?:!;]/);
  });
  it('takes the first sentence of an author text', () => {
    expect(firstSentence('One thing. Then another.')).toBe('One thing.');
    expect(firstSentence('Only one, 2.5 times.')).toBe('Only one, 2.5 times.');
  });
  it('keys the icons on category ids, with the categories of newer releases high in the order', () => {
    const order = SIGN_TILES.map((t) => t.category);
    expect(order.slice(0, 6)).toEqual([
      'collection',
      'purpose',
      'retention',
      'functional_modes',
      'action',
      'manifestation',
    ]);
    expect(order).not.toContain('accountable');
    expect(new Set(order).size).toBe(order.length);
  });
});

describe('the sign at a paper size', () => {
  const render = (dc: unknown, options: Record<string, unknown>) => {
    const value = DatachainInstance.parse(dc);
    const release = catalogueStore().release(value.schema_version!)!;
    return renderOutput({ value, warnings: [] }, releaseSource(release), {
      format: 'sign',
      locale: 'en',
      link: LINK,
      ...options,
    } as never);
  };
  // The sign's lines (each a <tspan x=…>, which may hold a <tspan lang=…> run), one space between lines.
  const printed = (svg: string) =>
    [...svg.matchAll(/<text [^>]*>([\s\S]*?)<\/text>/g)]
      .map((m) =>
        m[1]!
          .replace(/<tspan x=[^>]*>/g, ' ')
          .replace(/<[^>]+>/g, '')
          .trim(),
      )
      .join(' ')
      .replace(/\u00a0/g, ' ');

  it('is exactly the sheet asked for, A4 by default', () => {
    for (const [size, w, h] of [
      [undefined, 210, 297],
      ['a4', 210, 297],
      ['a3', 297, 420],
      ['a5', 148, 210],
    ] as const) {
      const svg = render(realistic, size ? { size } : {}).body;
      expect(svg).toContain(`viewBox="0 0 840 1188" width="${w}mm" height="${h}mm"`);
    }
  });
  it('puts the answers on the icons and names their colours', () => {
    const text = printed(render(realistic, {}).body);
    for (const answer of ['Mobility', 'Kept for 2 years', 'Human decides', 'Colours:']) expect(text).toContain(answer);
    const fr = printed(render(realistic, { locale: 'fr' }).body);
    for (const answer of ['Conservées pendant 2 ans', 'Une personne décide', 'Couleurs\u202f:'])
      expect(fr).toContain(answer);
  });
  it('says no contact is given, and warns the author, when the responsible party has none', () => {
    const out = render(realShaped, {});
    expect(printed(out.body)).toContain('No contact is given for this system.');
    expect(out.warnings).toContainEqual(expect.objectContaining({ code: 'sign_incomplete', path: 'elements' }));
    expect(out.warnings).toContainEqual(expect.objectContaining({ code: 'sign_incomplete', path: 'description' }));
    expect(printed(out.body)).toContain(
      'The agency uses a statistical model to decide which benefit files a caseworker reviews first.',
    );
  });
  it('puts two locales on one sheet', () => {
    const out = render(realistic, { locales: ['en', 'fr'] });
    const text = printed(out.body);
    expect(text).toContain('Riverton smart traffic cameras');
    expect(text).toContain('Caméras de circulation intelligentes de Riverton');
    // Each bilingual label in both languages: the colon is that of the words it follows.
    expect(text).toContain('Email · Courriel\u202f: privacy@riverton.example.org');
    expect(text).toContain('Northlight Vision Ltd. (Vendor · Fournisseur)');
    // Both dates written out do not fit the foot's line: the ISO day reads the same in both.
    expect(text).toContain('Ref. · Réf. riverton-traffic-cameras · 2026-09-01');
    expect(printed(render(realistic, {}).body)).toContain('Ref. riverton-traffic-cameras · 1 September 2026');
    expect(out.body).toContain('width="210mm" height="297mm"');
  });
  it('names in a warning every part of the datachain it leaves out, where it is placed', () => {
    // The transit fixture with twelve printed contacts and a description too long for two languages.
    const crowded = structuredClone(transit) as typeof transit;
    const owner = crowded.elements[2]!.actions!;
    for (let k = 0; k < 11; k++)
      owner.push({
        type: 'phone',
        label: [{ locale: 'en', value: `Line ${k}` }],
        target: `+1 415 555 01${k + 10}`,
      });
    for (const d of crowded.description) d.value += ` ${d.value}`;
    const kinds = new Set(['email', 'phone', 'postal']);
    for (const [dc, options] of [
      [transit, {}],
      [transit, { locales: ['en', 'fr'] }],
      [realistic, { locales: ['en', 'fr'] }],
      [crowded, { locales: ['en', 'fr'] }],
    ] as const) {
      const out = render(dc, options);
      const text = printed(out.body);
      const told = out.warnings.filter((w) => w.code === 'sign_incomplete');
      const said = told.map((w) => w.message).join('\n');
      // Each printed contact, and the vendor, is on the sign or named in a warning.
      const contacts = dc.elements.flatMap((e) => e.actions ?? []).filter((a) => kinds.has(a.type));
      for (const a of contacts) expect(text.includes(a.target) || said.includes(a.target)).toBe(true);
      const vendor = dc.elements[3]!.variables!.find((v) => v.id === 'title')!.value[0]!.value;
      if (!text.includes(vendor))
        expect(told).toContainEqual(
          expect.objectContaining({ path: 'elements[3]', message: expect.stringContaining(vendor) }),
        );
      if (!text.includes('Your rights')) expect(said).toContain('the rights line ("Right to access your data"');
      // Twelve categories have an icon; a sign shows eight at most, and names those it does not show.
      const icons = out.body.split('<image ').length - 1;
      expect(said).toContain(icons ? `leaves out ${12 - icons} of its 12 answer icons` : 'leaves out its answer icons');
    }
    // The crowded sheet has no room for the vendor: its warning names it, where it is placed.
    const crowdedOut = render(crowded, { locales: ['en', 'fr'] });
    const vendor = crowded.elements[3]!.variables!.find((v) => v.id === 'title')!.value[0]!.value;
    expect(printed(crowdedOut.body)).not.toContain(vendor);
    expect(crowdedOut.warnings).toContainEqual(
      expect.objectContaining({ path: 'elements[3]', message: expect.stringContaining(vendor) }),
    );
    // Every size holds the same content: no hint advises a larger sheet.
    for (const w of crowdedOut.warnings.filter((x) => x.code === 'sign_incomplete'))
      expect(w.fix_hint).not.toMatch(/larger/);
    expect(crowdedOut.warnings.map((w) => w.fix_hint).join('\n')).toContain('holds the same content');
    expect(render(crowded, { locales: ['en', 'fr'] }).warnings).toContainEqual(
      expect.objectContaining({
        path: 'elements[2]',
        message: expect.stringMatching(/leaves out \d+ of its 12 contacts/),
      }),
    );
  });
  it('a reason it leaves out is quoted alone, never the verdict the sign prints', () => {
    let seen = 0;
    for (const locale of ['en', 'km', 'zh-Hans', 'fr']) {
      const out = render(realistic, { locale, locales: [locale] });
      const warning = out.warnings.find((w) => w.message.includes('whether it can identify you'));
      if (!warning) continue;
      seen++;
      const quoted = /\("(.+?)"\)/.exec(warning.message)?.[1];
      expect(quoted, locale).toBeTruthy();
      // What it quotes is what the sign left out: none of it is printed. It points at the placement
      // that sets the verdict (the realistic fixture's one identifying dataset).
      expect(printed(out.body), locale).not.toContain(quoted!.slice(0, 12));
      expect(warning.path, locale).toBe('elements[12]');
    }
    expect(seen).toBeGreaterThan(0);
  });
  it('a two-language foot writes both dates out when they fit its line, else the ISO day once', () => {
    const noRef = structuredClone(realistic) as Partial<typeof realistic>;
    delete noRef.id;
    const both = printed(render(noRef, { locales: ['en', 'fr'] }).body);
    expect(both).toContain('1 September 2026');
    expect(both).toContain('1er septembre 2026');
    expect(both).not.toContain('2026-09-01');
    const withRef = printed(render(realistic, { locales: ['en', 'fr'] }).body);
    expect(withRef).toContain('2026-09-01');
    expect(withRef).not.toContain('1 September 2026');
  });
  it('never grows: a title and description far too long for the sheet are cut and reported', () => {
    const dc = structuredClone(realistic) as typeof realistic;
    dc.title = [{ locale: 'en', value: 'Very long title words '.repeat(40) }];
    dc.description = [{ locale: 'en', value: 'An endless description without a full stop '.repeat(40) }];
    const out = render(dc, {});
    expect(out.body).toContain('height="297mm"');
    expect(printed(out.body)).toContain('\u2026');
    expect(out.warnings).toContainEqual(expect.objectContaining({ code: 'sign_incomplete', path: 'title' }));
  });
});

describe('sign arguments', () => {
  it('refuses size or locales on a page, more than two or repeated locales, with the path and a fix', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ format: 'page', size: 'a3' }, 'size'],
      [{ format: 'page', locales: ['en', 'fr'] }, 'locales'],
      [{ format: 'sign', link: LINK, locales: ['en', 'en'] }, 'locales'],
      [{ format: 'sign', link: LINK, locales: ['en', 'fr', 'en'] }, 'locales'],
      [{ format: 'sign', link: LINK, size: 'letter' }, 'size'],
    ];
    for (const [args, path] of cases) {
      const r = renderOptions({ locale: 'en', ...args } as never);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid_arguments', path, fix_hint: expect.any(String) });
    }
    expect(renderOptions({ format: 'sign', locale: 'en', link: LINK, locales: ['fr', 'en'] })).toEqual({
      ok: true,
      options: { format: 'sign', locale: 'fr', link: LINK, size: 'a4', locales: ['fr', 'en'] },
    });
  });
});
