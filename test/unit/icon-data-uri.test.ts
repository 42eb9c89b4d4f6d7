import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardView } from '../../src/services/render/view/card.js';
import { CSS_SAFE_URI, dataUri, iconSheet } from '../../src/services/render/icons/resolver.js';

const PREFIX = 'data:image/svg+xml;charset=utf-8,';

describe('icon data: URIs', () => {
  it('keep an SVG readable: spaces, = / : stay, the rest is escaped', () => {
    expect(dataUri('<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 2" fill="#000"/></svg>')).toBe(
      `${PREFIX}%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E%3Cpath d=%22M1 2%22 fill=%22%23000%22/%3E%3C/svg%3E`,
    );
  });

  it('are safe in a stylesheet and decode to the SVG, whatever it holds (fixed seed)', () => {
    const tricky = fc.constantFrom('"', "'", '\\', '<', '>', '%', '#', '\n', '`', ')', '</style>', 'é', '😀', '%41');
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), tricky), { maxLength: 12 }), (parts) => {
        const svg = parts.join('');
        const uri = dataUri(svg);
        expect(uri.startsWith(PREFIX)).toBe(true);
        expect(uri).toMatch(CSS_SAFE_URI);
        expect(decodeURIComponent(uri.slice(PREFIX.length))).toBe(svg);
      }),
      { seed: 20261126, numRuns: 1000 },
    );
  });

  it('keep raw exactly the characters the stylesheet guard lets through', () => {
    for (let code = 0; code < 0x80; code++) {
      const c = String.fromCharCode(code);
      expect(dataUri(c) === `${PREFIX}${c}`, `U+${code.toString(16)}`).toBe(CSS_SAFE_URI.test(`${PREFIX}${c}`));
    }
  });

  it('reach a page only when nothing in them can end url("...") or the <style> element', () => {
    const icon = { elementId: 'e' } as CardView['icon'];
    const sheet = (uri: string) => iconSheet([icon], () => ({ light: uri, dark: uri })).css;
    expect(sheet(dataUri('<svg a="#1"/>'))).toContain(
      'url("data:image/svg+xml;charset=utf-8,%3Csvg a=%22%231%22/%3E")',
    );
    for (const bad of ['a"b', 'a\\b', '</style><script>', 'a\nb', '%zz', '%', 'é', '`', 'a#b']) {
      expect(() => sheet(`${PREFIX}${bad}`), bad).toThrow(/not safe in a stylesheet/);
    }
    expect(() => sheet(`data:text/html,${'x'}`)).toThrow(/not safe in a stylesheet/);
  });
});
