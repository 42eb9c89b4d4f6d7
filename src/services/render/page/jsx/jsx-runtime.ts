/**
 * The page's JSX runtime: each element is written to HTML the moment it is made, so a page is one
 * pass of string building (no element tree, no second walk). The page files name it with
 * `@jsxImportSource`; the sign keeps Hono's JSX (its SVG attribute names need Hono's mapping).
 *
 * What it writes, and the rules it holds to (the same bytes as Hono's JSX for the page's markup):
 * - text and attribute values are escaped (`& < > " '`); only `Html` values go in as they are:
 *   the runtime's own elements, and `raw` (the page's two stylesheets, nothing from a caller);
 * - `null`, `undefined` and booleans write nothing as children; as attributes, `null` and
 *   `undefined` write nothing, and the HTML boolean attributes write `name=""` when true and
 *   nothing when false;
 * - void elements (`meta`, `br`, ...) given no children (not even `undefined`) close as `<meta .../>`;
 * - a component is called at once with its props and answers `Html`.
 */

/** Markup already written: its text goes into a page as it is. */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** Inserts `html` without escaping it: only for markup the page itself makes (its stylesheets). */
export const raw = (html: string): Html => new Html(html);

export type Child = Html | string | number | boolean | null | undefined | readonly Child[];

const ESCAPE = /[&<>'"]/;
const ESCAPE_ALL = /[&<>'"]/g;
const ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};
const entity = (c: string) => ENTITY[c]!;

/** `text` with the five HTML-special characters written as entities. */
export const escapeHtml = (text: string): string => (ESCAPE.test(text) ? text.replace(ESCAPE_ALL, entity) : text);

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Attributes HTML reads as on when present, whatever their value. */
const BOOLEAN = new Set([
  'allowfullscreen',
  'async',
  'autofocus',
  'autoplay',
  'checked',
  'controls',
  'default',
  'defer',
  'disabled',
  'download',
  'formnovalidate',
  'hidden',
  'inert',
  'ismap',
  'itemscope',
  'loop',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'reversed',
  'selected',
]);

function children(child: Child): string {
  if (typeof child === 'string') return escapeHtml(child);
  if (child instanceof Html) return child.html;
  if (typeof child === 'number') return String(child);
  if (child === null || child === undefined || typeof child === 'boolean') return '';
  let out = '';
  for (const c of child) out += children(c);
  return out;
}

function attribute(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' && BOOLEAN.has(name)) return value ? ` ${name}=""` : '';
  if (typeof value === 'string') return ` ${name}="${escapeHtml(value)}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return ` ${name}="${value}"`;
  throw new TypeError(`The page's JSX takes text, numbers and booleans as attributes; '${name}' is ${typeof value}.`);
}

type Props = Record<string, unknown> & { children?: Child };
type Component = (props: never) => Html;

/** One element or component, written at once. */
export function jsx(tag: string | Component, props: Props): Html {
  if (typeof tag === 'function') return (tag as (p: Props) => Html)(props);
  let out = `<${tag}`;
  for (const name in props) if (name !== 'children') out += attribute(name, props[name]);
  const inner = props.children;
  if (VOID.has(tag) && (!('children' in props) || (Array.isArray(inner) && inner.length === 0))) {
    return new Html(`${out}/>`);
  }
  return new Html(`${out}>${children(inner)}</${tag}>`);
}
/** An element with several children: the same as `jsx`. */
export function jsxs(tag: string | Component, props: Props): Html {
  return jsx(tag, props);
}

export function Fragment(props: { children?: Child }): Html {
  return new Html(children(props.children));
}

/** What an attribute may be given. */
type AttributeValue = string | number | boolean | null | undefined;

/**
 * An element's attributes: text, numbers and booleans, written under the name given. Names Hono's
 * JSX wrote under another name (`className` as `class`, ...) and props it read specially are
 * refused by type, so a page never relies on a mapping this runtime does not make.
 */
interface Attributes {
  [name: string]: AttributeValue | Child;
  children?: Child;
  className?: never;
  htmlFor?: never;
  httpEquiv?: never;
  crossOrigin?: never;
  itemProp?: never;
  fetchPriority?: never;
  noModule?: never;
  formAction?: never;
  dangerouslySetInnerHTML?: never;
  ref?: never;
  key?: never;
}

// biome-ignore lint/style/noNamespace: TypeScript finds a JSX runtime's element and attribute types in its JSX namespace
export declare namespace JSX {
  type Element = Html;
  interface ElementChildrenAttribute {
    children: unknown;
  }
  interface IntrinsicElements {
    [tag: string]: Attributes;
  }
}
