/**
 * Static checks on symbol SVG text. The icon compositor inlines symbols into composed icons and
 * HTML documents, so anything that can run, load, style the page or animate is refused.
 * Matching is textual and case-insensitive: it errs on the side of refusing.
 */

export interface SvgHit {
  line: number;
  what: string;
}

const ACTIVE: readonly { pattern: RegExp; what: (m: RegExpExecArray) => string }[] = [
  { pattern: /<script\b/gi, what: () => '<script> element' },
  { pattern: /<style\b/gi, what: () => '<style> element' },
  { pattern: /<foreignObject\b/gi, what: () => '<foreignObject> element' },
  { pattern: /<(animate\w*|set)\b/gi, what: (m) => `<${m[1]}> animation element` },
  { pattern: /<(iframe|embed|object)\b/gi, what: (m) => `<${m[1]}> element` },
  { pattern: /<!(ENTITY|DOCTYPE)\b/gi, what: (m) => `<!${m[1]}> declaration` },
  { pattern: /[\s"'/](on[a-z]+)\s*=/gi, what: (m) => `event-handler attribute ${m[1]}` },
  {
    pattern: /(?<![\w:-])((?:xlink:)?href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi,
    what: (m) => {
      const value = (m[2] ?? m[3] ?? m[4] ?? '').trim();
      return value.startsWith('#') && value.length > 1 ? '' : `${m[1]}="${value}" (only #fragment links are allowed)`;
    },
  },
  { pattern: /(?<![\w-])data:/gi, what: () => 'data: URL' },
  { pattern: /url\(\s*(?!['"]?\s*#)/gi, what: () => 'url() reference other than url(#id)' },
];

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Every active or external construct in the text, in order of appearance. */
export function activeContent(text: string): SvgHit[] {
  const hits: { index: number; what: string }[] = [];
  for (const { pattern, what } of ACTIVE) {
    for (const m of text.matchAll(pattern)) {
      const label = what(m as unknown as RegExpExecArray);
      if (label !== '') hits.push({ index: m.index, what: label });
    }
  }
  return hits.sort((a, b) => a.index - b.index).map((h) => ({ line: lineAt(text, h.index), what: h.what }));
}

const OPEN = /^[ \t\n\r]*<svg\b[^>]*>/;
const CLOSE = /<\/svg>[ \t\n\r]*$/;

/** Why the text is not one bare `<svg ...>...</svg>` element, or `undefined` when it is. */
export function wrapperProblem(text: string): string | undefined {
  if (text.charCodeAt(0) === 0xfeff) return 'The file starts with a byte-order mark.';
  const start = text.replace(/^[ \t\n\r]+/, '');
  if (start.startsWith('<?xml')) return 'The file starts with an XML declaration.';
  if (start.startsWith('<!--')) return 'The file starts with a comment.';
  if (!OPEN.test(text)) return 'The file does not start with an <svg> element.';
  if (!CLOSE.test(text)) return 'The file does not end with </svg>.';
  return undefined;
}

/** The drawing area every symbol is drawn in: the compositor places a symbol by this box. */
const SYMBOL_VIEWBOX = '0 0 36 36';

/** Why the root `<svg>`'s viewBox is not SYMBOL_VIEWBOX (numbers compared, spacing ignored), or undefined. */
export function viewBoxProblem(text: string): string | undefined {
  const open = OPEN.exec(text)?.[0] ?? '';
  const m = /\sviewBox\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(open);
  if (!m) return `The root <svg> has no viewBox; symbols are drawn in viewBox="${SYMBOL_VIEWBOX}".`;
  const value = (m[1] ?? m[2] ?? '').trim();
  const numbers = value.split(/[\s,]+/).map(Number);
  if (numbers.join(' ') === SYMBOL_VIEWBOX) return undefined;
  return `The root <svg> has viewBox="${value.slice(0, 40)}"; symbols are drawn in viewBox="${SYMBOL_VIEWBOX}".`;
}

/**
 * A paint the compositor can colour: the current colour, none (or transparent), inherited, or a
 * paint server (`url(#id)`, whose stops are checked as colours themselves).
 */
const RECOLOURABLE = /^(?:currentcolor|none|transparent|inherit|url\(.*\))$/i;
/**
 * What sets a colour: `fill` and `stroke`, `color` (which `currentColor` reads), and the colours of
 * gradient stops and filters; as attributes, and as properties inside a `style` attribute.
 */
const PAINT_ATTRIBUTE =
  /(?<![\w:-])(fill|stroke|color|stop-color|flood-color|lighting-color)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const STYLE_ATTRIBUTE = /(?<![\w:-])style\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const PAINT_PROPERTY = /(?:^|;)\s*(fill|stroke|color|stop-color|flood-color|lighting-color)\s*:\s*([^;]*)/gi;

/** Every paint or colour set to a fixed colour, which the compositor could not recolour, in order. */
export function fixedColours(text: string): SvgHit[] {
  const hits: { index: number; what: string }[] = [];
  const check = (index: number, name: string, raw: string) => {
    const value = raw.replace(/!\s*important\s*$/i, '').trim();
    if (!RECOLOURABLE.test(value)) hits.push({ index, what: `${name.toLowerCase()}="${value.slice(0, 40)}"` });
  };
  for (const m of text.matchAll(PAINT_ATTRIBUTE)) check(m.index, m[1]!, m[2] ?? m[3] ?? '');
  for (const m of text.matchAll(STYLE_ATTRIBUTE))
    for (const p of (m[1] ?? m[2] ?? '').matchAll(PAINT_PROPERTY)) check(m.index, p[1]!, p[2] ?? '');
  hits.push(...defaultBlack(text));
  return hits.sort((a, b) => a.index - b.index).map((h) => ({ line: lineAt(text, h.index), what: h.what }));
}

/** Elements whose fill paints an area: without a `fill` on them or above them, SVG paints it black. */
const FILLED = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'text', 'use']);
/**
 * Subtrees not painted where they stand: clip and mask geometry, and definitions drawn through a
 * `<use>` (which inherit the use's fill, so the use is checked). Patterns and markers inherit from
 * their own ancestors, so their shapes are checked like any other.
 */
const UNPAINTED = new Set(['defs', 'clippath', 'mask', 'symbol']);
const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Comments and character data, blanked out (their length kept, so positions hold) before tags are read. */
const NOT_MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;

/** An element's attributes by lower-cased name. */
function attributesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? '');
  return out;
}

/** Whether an element sets `fill`, as an attribute or as a property of its `style`. */
function setsFill(attributes: Map<string, string>): boolean {
  return attributes.has('fill') || /(?:^|;)\s*fill\s*:/i.test(attributes.get('style') ?? '');
}

/**
 * Shapes painted in SVG's default fill, black, because neither they nor an element above them sets
 * `fill`: a fixed colour like any other (every shipped symbol sets `fill="none"` on its root). A
 * `<use>` passes when the element it draws sets its own fill.
 */
function defaultBlack(svg: string): { index: number; what: string }[] {
  const text = svg.replace(NOT_MARKUP, (m) => ' '.repeat(m.length));
  const tags = [...text.matchAll(TAG)].map((m) => ({ m, attributes: attributesOf(m[3]!) }));
  const filledIds = new Set(
    tags.flatMap(({ attributes }) => (setsFill(attributes) && attributes.has('id') ? [attributes.get('id')!] : [])),
  );
  const hits: { index: number; what: string }[] = [];
  /** Per open element: whether a fill is set on it or above it, and whether it is unpainted. */
  const open: { name: string; filled: boolean; unpainted: boolean }[] = [];
  for (const { m, attributes } of tags) {
    const [, closing, rawName, , selfClosing] = m;
    const name = rawName!.toLowerCase();
    if (closing) {
      let at = open.length - 1;
      while (at >= 0 && open[at]!.name !== name) at--;
      if (at >= 0) open.length = at;
      continue;
    }
    const parent = open.at(-1);
    const target = (attributes.get('href') ?? attributes.get('xlink:href') ?? '').replace(/^#/, '');
    const filled = (parent?.filled ?? false) || setsFill(attributes) || (name === 'use' && filledIds.has(target));
    const unpainted = (parent?.unpainted ?? false) || UNPAINTED.has(name);
    if (FILLED.has(name) && !filled && !unpainted)
      hits.push({ index: m.index, what: `<${rawName}> with no fill on it or above it (painted black by default)` });
    if (!selfClosing) open.push({ name, filled, unpainted });
  }
  return hits;
}
