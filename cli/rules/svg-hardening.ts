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
