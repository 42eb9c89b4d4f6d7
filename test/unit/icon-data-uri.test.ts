import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataUri } from '../../src/services/render/icons/resolver.js';

const PREFIX = 'data:image/svg+xml;charset=utf-8,';
/** What may stand in a stylesheet's url("...") inside a <style> element. */
const CSS_SAFE = /^(?:[ !$&'()*+,\-./0-9:;=?@A-Z[\]^_a-z{|}~]|%[0-9A-F]{2})*$/;

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
        const body = uri.slice(PREFIX.length);
        expect(body).toMatch(CSS_SAFE);
        expect(decodeURIComponent(body)).toBe(svg);
      }),
      { seed: 20261126, numRuns: 1000 },
    );
  });
});
