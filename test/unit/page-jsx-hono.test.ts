import fc from 'fast-check';
import { raw as honoRaw } from 'hono/html';
import { Fragment as HonoFragment, jsx as honoJsx } from 'hono/jsx/jsx-runtime';
import { describe, expect, it } from 'vitest';
import { Fragment, jsx, raw } from '../../src/services/render/page/jsx/jsx-runtime.js';
import { HOSTILE } from '../helpers/hostile.js';

/**
 * The page's JSX runtime against Hono's JSX, which wrote the page before it (decision 047): the
 * same trees, built through each runtime's own `jsx`, must write the same HTML.
 */

type Value = string | number | boolean | null | undefined;
type Node =
  | { kind: 'element'; tag: string; attributes: Array<[string, Value]>; children: Node[] | undefined }
  | { kind: 'fragment'; children: Node[] }
  | { kind: 'raw'; html: string }
  | { kind: 'value'; value: Value };

interface Runtime {
  jsx: (tag: unknown, props: Record<string, unknown>) => unknown;
  Fragment: unknown;
  raw: (html: string) => unknown;
}
const PAGE: Runtime = { jsx: jsx as Runtime['jsx'], Fragment, raw };
const HONO: Runtime = { jsx: honoJsx as Runtime['jsx'], Fragment: HonoFragment, raw: honoRaw };

function build(node: Node, rt: Runtime): unknown {
  switch (node.kind) {
    case 'value':
      return node.value;
    case 'raw':
      return rt.raw(node.html);
    case 'fragment':
      return rt.jsx(rt.Fragment, { children: node.children.map((c) => build(c, rt)) });
    case 'element': {
      const props: Record<string, unknown> = Object.fromEntries(node.attributes);
      if (node.children) {
        const kids = node.children.map((c) => build(c, rt));
        props.children = kids.length === 1 ? kids[0] : kids;
      }
      return rt.jsx(node.tag, props);
    }
  }
}
const written = (node: Node, rt: Runtime) => String(build(node, rt));

/** The page's elements (its <head> elements apart: Hono treats them as components outside a head). */
const TAGS = [
  'p',
  'span',
  'div',
  'a',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'section',
  'dl',
  'dt',
  'dd',
  'time',
  'strong',
];
const MORE_TAGS = [
  'details',
  'summary',
  'header',
  'nav',
  'main',
  'footer',
  'article',
  'blockquote',
  'cite',
  'data',
  'br',
  'hr',
  'img',
];
const NAMES = ['class', 'id', 'lang', 'href', 'title', 'rel', 'role', 'style', 'datetime', 'value', 'open', 'hidden'];
const ARIA = ['aria-label', 'aria-hidden', 'aria-labelledby', 'data-variable'];

const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom(...HOSTILE));
const value: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const { tree } = fc.letrec<{ tree: Node; leaf: Node }>((tie) => ({
  leaf: fc.oneof(
    value.map((v): Node => ({ kind: 'value', value: v })),
    fc.string({ maxLength: 8 }).map((html): Node => ({ kind: 'raw', html })),
  ),
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.record({
      kind: fc.constant('element' as const),
      tag: fc.constantFrom(...TAGS, ...MORE_TAGS),
      attributes: fc.array(fc.tuple(fc.constantFrom(...NAMES, ...ARIA), value), { maxLength: 4 }),
      children: fc.option(fc.array(tie('tree'), { maxLength: 4 }), { nil: undefined }),
    }) as fc.Arbitrary<Node>,
    fc.record({
      kind: fc.constant('fragment' as const),
      children: fc.array(tie('tree'), { maxLength: 3 }),
    }) as fc.Arbitrary<Node>,
  ),
}));

describe("the page's JSX runtime writes what Hono's JSX wrote", () => {
  it("for trees of the page's elements, with hostile text in children and attributes (fixed seed)", () => {
    fc.assert(
      fc.property(tree, (node) => {
        expect(written(node, PAGE)).toBe(written(node, HONO));
      }),
      { seed: 20261126, numRuns: 2000 },
    );
  });

  it("for the page's <head>: meta, title and style inside it", () => {
    const head: Node = {
      kind: 'element',
      tag: 'head',
      attributes: [],
      children: [
        { kind: 'element', tag: 'meta', attributes: [['charset', 'utf-8']], children: undefined },
        {
          kind: 'element',
          tag: 'meta',
          attributes: [
            ['http-equiv', 'Content-Security-Policy'],
            ['content', "default-src 'none'"],
          ],
          children: undefined,
        },
        { kind: 'element', tag: 'title', attributes: [], children: [{ kind: 'value', value: HOSTILE[5]! }] },
        { kind: 'element', tag: 'style', attributes: [], children: [{ kind: 'raw', html: 'a>b{color:red}' }] },
      ],
    };
    const html: Node = { kind: 'element', tag: 'html', attributes: [['lang', 'fr']], children: [head] };
    expect(written(html, PAGE)).toBe(written(html, HONO));
  });
});
