import { describe, expect, it } from 'vitest';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { LOCALE_CODES } from '../../src/domain/locale.js';
import { renderOutput } from '../../src/services/render/output.js';
import { breakPieces, NO_LINE_START } from '../../src/services/render/sign/breaks.js';
import { stackParas } from '../../src/services/render/sign/layout.js';
import { clampWidth, textWidth, wrapWidth } from '../../src/services/render/sign/text.js';
import { releaseSource } from '../../src/services/render/view/source.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import transit from '../e2e/fixtures/transit-station-dtpr.json';
import transitScripts from '../e2e/fixtures/transit-station-dtpr-scripts.json';

const LINK = 'https://transit.example.org/station';

describe('line breaks in every script', () => {
  const zh = '本系统使用摄像头统计站台上的人数，并在屏幕上显示拥挤程度。数据保存三十天（之后删除）。';
  const km = 'ប្រព័ន្ធនេះប្រើកាមេរ៉ាដើម្បីរាប់មនុស្សនៅលើវេទិកា។ ទិន្នន័យត្រូវបានរក្សាទុកសាមសិបថ្ងៃ។';

  it('breaks Chinese between words, never before a closing mark or after an opening one', () => {
    const pieces = breakPieces(zh, 'zh-Hans');
    expect(pieces.join('')).toBe(zh);
    expect(pieces.length).toBeGreaterThan(8);
    for (const p of pieces.slice(1)) expect(p).not.toMatch(NO_LINE_START);
    expect(pieces.some((p) => p.endsWith('（'))).toBe(false);
  });

  it('breaks Khmer between words, never before the khan', () => {
    const pieces = breakPieces(km, 'km');
    expect(pieces.join('')).toBe(km);
    expect(pieces.length).toBeGreaterThan(6);
    for (const p of pieces.slice(1)) expect(p).not.toMatch(/^[។៕]/);
  });

  it('breaks Latin text at spaces only, punctuation staying on its word', () => {
    expect(breakPieces('Kept 2 years, then deleted (by law).', 'en')).toEqual([
      'Kept ',
      '2 ',
      'years, ',
      'then ',
      'deleted ',
      '(by ',
      'law).',
    ]);
  });

  for (const [locale, text] of [
    ['zh-Hans', zh],
    ['km', km],
  ] as const) {
    it(`${locale}: wraps to the width, keeps every character and starts no line with a closing mark`, () => {
      for (const width of [120, 200, 330]) {
        const lines = wrapWidth(text, width, 20, 'regular', locale);
        expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
        for (const line of lines) {
          expect(textWidth(line, 20)).toBeLessThanOrEqual(width);
          expect(line).not.toMatch(NO_LINE_START);
        }
      }
    });
  }

  it('keeps a number with its unit: after a no-break space, or written right after it', () => {
    expect(breakPieces('រក្សាទុក៖ ៩០\u00a0ថ្ងៃ', 'km')).toContain('៩០\u00a0ថ្ងៃ');
    expect(breakPieces('保存90天', 'zh-Hant')).toContain('90天');
  });

  it('sets Khmer lines far enough apart that a stacked subscript clears the line below', () => {
    // Ink of Noto Sans Khmer, measured in Chromium: the bold "អ្នកបញ្ចូល" reaches 0.58 em below its
    // baseline; Khmer vowels above a letter ("ព័ត៌", "អ្វី") up to 0.94 em over theirs.
    const [answer, category] = stackParas(
      [
        { text: 'ព័ត៌មានដែលអ្នកបញ្ចូល', size: 20, weight: 'bold', lang: 'km', gap: 2 },
        { text: 'អ្វីដែលប្រមូលទិន្នន័យ', size: 16, lang: 'km', gap: 0 },
      ],
      0,
      0,
      164,
    ).placed;
    expect(answer!.spans.length).toBe(2);
    expect(answer!.lh).toBeGreaterThanOrEqual((0.58 + 0.94) * 20);
    const lastBaseline = answer!.y + answer!.lh;
    expect(category!.y - lastBaseline).toBeGreaterThanOrEqual(0.58 * 20 + 0.94 * 16);
  });

  it('counts a Chinese character as one em, and Khmer subscripts as (almost) nothing', () => {
    expect(textWidth('数据保存', 10)).toBe(40);
    expect(textWidth('ក', 100)).toBeGreaterThan(textWidth('ក្ក', 100) - 20);
  });

  it('cuts with an ellipsis between graphemes, never inside a Khmer cluster', () => {
    const { lines, cut } = clampWidth(km, 100, 20, 'regular', 2, 'km');
    expect(cut).toBe(true);
    expect(lines[1]!.endsWith('\u2026')).toBe(true);
    expect(lines[1]!.at(-2)).not.toBe('\u17d2');
  });
});

describe('the sign in every locale', () => {
  const render = (options: Record<string, unknown>, dc: unknown = transit) => {
    const value = DatachainInstance.parse(dc);
    const release = catalogueStore().release(value.schema_version!)!;
    return renderOutput({ value, warnings: [] }, releaseSource(release), {
      format: 'sign',
      link: LINK,
      ...options,
    } as never);
  };
  const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>/g)].map((m) => m[0]);

  for (const locale of LOCALE_CODES) {
    it(`${locale}: one sheet, lang on every text, the locale's script fonts named`, () => {
      const out = render({ locale });
      expect(out.body).toContain(`lang="${locale}"`);
      for (const t of texts(out.body)) expect(t).toMatch(/ lang="[^"]+"/);
      if (locale.startsWith('zh')) expect(out.body).toContain(`Noto Sans CJK ${locale === 'zh-Hans' ? 'SC' : 'TC'}`);
      if (locale === 'km') expect(out.body).toContain('Noto Sans Khmer');
    });
  }

  it("writes each locale's own punctuation: the title's colon, a role's brackets, a bilingual label's colon", () => {
    const title = (svg: string) => /<title id="sign-title">([^<]*)</.exec(svg)![1];
    // The sign's text without the runs that mark another language.
    const plain = (svg: string) => svg.replace(/<tspan lang=[^>]*>|<\/tspan>/g, '').replace(/\u00a0/g, ' ');
    const zh = render({ locale: 'zh-Hans' }).body;
    expect(title(zh)).toMatch(/^此处正在使用的技术：Kingsway/);
    expect(plain(zh)).toContain('Gatewise Systems Ltd.（供应商）');
    expect(title(render({ locale: 'km' }).body)).toMatch(/^\S+៖ Kingsway/);
    const zhVi = render({ locale: 'zh-Hant', locales: ['zh-Hant', 'vi'] }).body;
    expect(zhVi).toMatch(/>電子郵件\u00a0· <tspan lang="vi"[^>]*>Email:[ <]/);
    expect(plain(zhVi)).toContain('Gatewise Systems Ltd.（廠商 · Nhà cung cấp）');
    expect(render({ locale: 'km', locales: ['km', 'en'] }).body).toMatch(
      />អ៊ីមែល\u00a0· <tspan lang="en"[^>]*>Email:[ <]/,
    );
  });

  it('km: keeps a number with its unit where a tile wraps', () => {
    const lines = [...render({ locale: 'km' }, transitScripts).body.matchAll(/<tspan x=[^>]*>([^<]*)/g)].map(
      (m) => m[1]!,
    );
    const kept = lines.filter((l) => l.includes('\u17e7'));
    expect(kept.length).toBeGreaterThan(0);
    for (const line of kept) expect(line).toContain('\u17e7\u00a0ថ្ងៃ');
  });

  for (const locales of [
    ['zh-Hans', 'km'],
    ['en', 'zh-Hant'],
    ['km', 'fr'],
    ['vi', 'zh-Hans'],
  ]) {
    it(`${locales.join(' + ')}: both languages, each marked with its own lang`, () => {
      const out = render({ locale: locales[0], locales });
      expect(out.body).toContain('height="297mm"');
      for (const l of locales) expect(out.body).toMatch(new RegExp(`<(text|tspan) [^>]*lang="${l}"`));
      // The second locale's words sit in a run marked with that locale.
      expect(out.body).toMatch(new RegExp(`<tspan lang="${locales[1]}"[^>]*>[^<]+</tspan>`));
    });
  }
});
