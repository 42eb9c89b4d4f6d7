/** @jsxImportSource ../../src/services/render/page/jsx */
import { describe, expect, it } from 'vitest';
import { escapeHtml, type Html, raw } from '../../src/services/render/page/jsx/jsx-runtime.js';

const html = (node: Html) => node.html;

describe("the page's JSX runtime", () => {
  it('escapes the five HTML-special characters in text and in attribute values', () => {
    const text = `<script>a & "b" 'c'</script>`;
    expect(html(<p title={text}>{text}</p>)).toBe(
      '<p title="&lt;script&gt;a &amp; &quot;b&quot; &#39;c&#39;&lt;/script&gt;">&lt;script&gt;a &amp; &quot;b&quot; &#39;c&#39;&lt;/script&gt;</p>',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('writes raw markup as it is, and only raw markup', () => {
    expect(html(<style>{raw('a>b{color:red}')}</style>)).toBe('<style>a>b{color:red}</style>');
    expect(html(<style>{'a>b'}</style>)).toBe('<style>a&gt;b</style>');
  });

  it('writes nothing for null, undefined and booleans among children, and flattens arrays', () => {
    expect(
      html(
        <ul>
          {null}
          {undefined}
          {false}
          {true}
          {[1, [2, 'x'], []].map((v) => (
            <li>{v}</li>
          ))}
        </ul>,
      ),
    ).toBe('<ul><li>1</li><li>2x</li><li></li></ul>');
  });

  it('skips null and undefined attributes, writes boolean attributes as HTML reads them, and others as text', () => {
    expect(html(<details open={true} hidden={false} title={undefined} lang={null as unknown as string} />)).toBe(
      '<details open=""></details>',
    );
    expect(html(<span aria-hidden={true} data-n={3} />)).toBe('<span aria-hidden="true" data-n="3"></span>');
  });

  it('closes void elements without children as <tag/>, and other empty elements with an end tag', () => {
    expect(html(<meta charset="utf-8" />)).toBe('<meta charset="utf-8"/>');
    expect(html(<span class="icon" />)).toBe('<span class="icon"></span>');
  });

  it('calls components with their props and children, and writes fragments as their children', () => {
    const Item = ({ n, children }: { n: number; children?: unknown }) => (
      <li data-n={n}>
        <>{children as string}</>
      </li>
    );
    expect(
      html(
        <ol>
          <Item n={1}>a &amp; b</Item>
          <>
            <Item n={2} />
          </>
        </ol>,
      ),
    ).toBe('<ol><li data-n="1">a &amp; b</li><li data-n="2"></li></ol>');
  });

  it('refuses an object as an attribute rather than writing it some other way', () => {
    expect(() => <span style={{ color: 'red' } as unknown as string} />).toThrow(/'style' is object/);
  });
});
