import { describe, expect, it } from 'vitest';
import { misleadingUrl } from '../../src/core/addresses.js';
import { startDeadline } from '../../src/core/deadline.js';
import { isBlank } from '../../src/core/strings.js';
import { wellFormed } from '../../src/core/utf8.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { renderOptions, renderOutput } from '../../src/services/render/output.js';
import { releaseSource } from '../../src/services/render/view/source.js';
import { checkThin } from '../../src/services/validator/engine.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { fullThin, VERSION } from '../fixtures/datachains/base.js';

const release = () => catalogueStore().release(VERSION)!;
// biome-ignore lint/suspicious/noExplicitAny: a datachain as a test edits it
const findings = (dc: any) =>
  checkThin(DatachainInstance.parse(dc), release(), {
    deadline: startDeadline(60_000),
    isServed: (id) => catalogueStore().release(id) !== undefined,
  }).map((f) => `${f.code} ${f.path}`);

/**
 * Text that reads as something other than it is: a value of invisible characters only, which
 * shows nothing; a link whose text is not where it opens; half of a UTF-16 pair, which has no
 * UTF-8 form. Each is caught where a reader would meet it.
 */
describe('text that shows nothing counts as empty', () => {
  it('isBlank: whitespace and default-ignorable characters only', () => {
    for (const blank of [
      '',
      '   ',
      '\t\n',
      '\u00a0',
      '\u3000',
      '\ufeff',
      '\u200b',
      '\u200b\u200b',
      '\u202e',
      '\u2066\u2069',
      '\u00ad',
      '\u00a0\u200b',
    ])
      expect(isBlank(blank), JSON.stringify(blank)).toBe(true);
    expect(isBlank('\u2800\u2800')).toBe(true);
    for (const shown of ['a', ' x ', '\u200bx', '日', 'ខ្មែរ', '…', '\u2800x'])
      expect(isBlank(shown), JSON.stringify(shown)).toBe(false);
  });

  it("isBlank's table is the runtime's Default_Ignorable_Code_Point and white space, code point by code point", () => {
    const reference = /^[\s\p{Default_Ignorable_Code_Point}]$/u;
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (isBlank(ch) !== reference.test(ch)) differ.push(cp.toString(16));
    }
    // The one addition: the blank braille cell, drawn as nothing and used as an invisible filler.
    expect(differ).toEqual(['2800']);
  });

  it('a title, a text variable and a postal target of invisible characters get the findings a blank one gets', () => {
    const dc = fullThin();
    dc.title = [{ locale: 'en', value: '\u200b' }];
    dc.elements.find((p: { element_id: string }) => p.element_id === 'data_retained').variables[0].value = [
      { locale: 'en', value: '\u200b\u200b' },
    ];
    dc.elements.find((p: { element_id: string }) => p.element_id === 'organization').actions[3].target = '\u202e';
    const found = findings(dc);
    expect(found).toContain('localized_text_issue title[0].value');
    expect(found.some((f) => f.startsWith('variable_value_empty ') && f.includes('.variables[0].value[0].value'))).toBe(
      true,
    );
    expect(found).toContain('action_target_invalid elements[1].actions[3].target');
  });
});

describe('links that read as another address than they open', () => {
  it('misleadingUrl: a user name or password, or an invisible character', () => {
    expect(misleadingUrl('https://user:pass@x.example/a')?.fix).toBe(
      'Give the address without them: "https://x.example/a".',
    );
    expect(misleadingUrl('https://trusted.example@other.example/')?.why).toMatch(/user name or password/);
    expect(misleadingUrl('https://x.example/a\u202eevil')?.why).toMatch(/does not see/);
    expect(misleadingUrl('https://x.example/a\u200bb')?.why).toMatch(/does not see/);
    for (const hidden of [
      'https://x.example/a\u0001b',
      'https://x.example/a\u001b[8mb',
      'https://x.example/a\u0085b',
      'https://x.example/a\u007fb',
    ])
      expect(misleadingUrl(hidden)?.why, JSON.stringify(hidden)).toMatch(/does not see/);
    expect(misleadingUrl('https://evil.example\\@trusted.example')?.why).toMatch(/backslash/);
    // What draws as nothing in a text is hidden in an address too; what is no URL is not this check's.
    expect(misleadingUrl('https://x.example/a\u2800b')?.why).toMatch(/does not see/);
    expect(misleadingUrl('https://[x')).toBeUndefined();
    for (const notHttp of ['ftp://user@x.example/', 'mailto:a\u200b@b.example', 'https://x.example/a b'])
      expect(misleadingUrl(notHttp), notHttp).toBeUndefined();
    // The address suggested without credentials is cut from the text, so its own script stays readable.
    expect(misleadingUrl('https://user@例え.jp/パス')?.fix).toBe(
      'Give the address without them: "https://例え.jp/パス".',
    );
    for (const fine of [
      'https://x.example/a%E2%80%AEevil',
      'https://例え.jp/パス?q=日本',
      'http://x.example:8080/#top',
      'https://mastodon.social/@user',
      'https://x.example/?email=a@b.c',
    ])
      expect(misleadingUrl(fine), fine).toBeUndefined();
  });

  it("a render's link is refused with its path and fix", () => {
    for (const link of ['https://user:pass@x.example/a', 'https://x.example/a\u202eevil']) {
      for (const format of ['page', 'sign'] as const) {
        const checked = renderOptions({ format, locale: 'en', link });
        expect(checked.ok, `${format} ${link}`).toBe(false);
        if (!checked.ok) {
          expect(checked.error).toMatchObject({ code: 'invalid_arguments', path: 'link' });
          expect(checked.error.fix_hint).toBeTruthy();
        }
      }
    }
    expect(renderOptions({ format: 'sign', locale: 'en', link: 'https://x.example/a%E2%80%AEevil' }).ok).toBe(true);
  });

  it('an action URL and a source URL are refused by validation', () => {
    const dc = fullThin();
    dc.elements.find((p: { element_id: string }) => p.element_id === 'organization').actions[0].target =
      'https://transit.example.org@evil.example/privacy';
    expect(findings(dc)).toContain('action_target_invalid elements[1].actions[0].target');
    const parsed = DatachainInstance.safeParse({
      elements: [],
      sources: [{ type: 'other', title: 'S', url: 'https://x.example/a\u202eevil' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['sources.0.url']);
  });
});

describe('a lone surrogate in the text', () => {
  it('wellFormed: replaced by U+FFFD, well-formed text kept as it is', () => {
    expect(wellFormed('a\ud800b\udfffc')).toBe('a\ufffdb\ufffdc');
    const pair = 'emoji \ud83d\ude00 kept';
    expect(wellFormed(pair)).toBe(pair);
  });

  it('the page and the sign come out as text with a UTF-8 form', () => {
    const dc = DatachainInstance.parse({ ...fullThin(), title: [{ locale: 'en', value: '\ud800 lone \udfff' }] });
    for (const options of [
      { format: 'page', locale: 'en' },
      { format: 'sign', locale: 'en', link: 'https://x.example/a' },
    ] as const) {
      const { body } = renderOutput({ value: dc, warnings: [] }, releaseSource(release()), options);
      expect(/[\ud800-\udfff]/.test(body.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')), options.format).toBe(false);
    }
  });
});

describe('an address with a space is told so', () => {
  it('an action URL: the space named, and %20 as the fix; a render link: the same', () => {
    const dc = fullThin();
    dc.elements.find((p: { element_id: string }) => p.element_id === 'organization').actions[0].target =
      'https://transit.example.org/privacy policy';
    const found = checkThin(DatachainInstance.parse(dc), release(), {
      deadline: startDeadline(60_000),
      isServed: () => true,
    }).find((f) => f.code === 'action_target_invalid');
    expect(found?.message).toMatch(/it holds a space\.$/);
    expect(found?.fix_hint).toMatch(/%20/);
    const link = renderOptions({ format: 'sign', locale: 'en', link: 'https://x.example/privacy policy' });
    expect(link.ok).toBe(false);
    if (!link.ok) expect(link.error.message).toMatch(/holds a space.*%20/);
  });
});
