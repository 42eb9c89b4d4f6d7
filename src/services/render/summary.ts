import type { DocView } from './view/view.js';

/**
 * The plain-text summary a model reads after a render. Every value an author wrote (titles,
 * variable values) is quoted as a JSON string, so quotes and newlines inside it are escaped and
 * it cannot break out of its delimiters or pose as summary structure.
 */
export function renderSummary(
  view: DocView,
  version: string,
  format: 'page' | 'sign',
  uri: string | undefined,
): string {
  const q = (s: string) => JSON.stringify(s);
  const count = view.sections.reduce((n, s) => n + s.cards.length, 0);
  const what = format === 'sign' ? 'sign' : 'page';
  const lines = [
    `Rendered DTPR datachain ${q(view.title.text || 'untitled')} (${version}) as a ${what}: ${view.sections.length} sections, ${count} elements. ` +
      (uri ? `The ${what} is the resource ${uri}.` : `The ${what} was not kept.`),
  ];
  for (const s of view.sections) {
    const items = s.cards.map((c) => {
      const vars = [...c.values].map(([id, v]) => `${id}=${q(v.text)}`).join(', ');
      const title = c.elementId + (c.proposed ? ' (proposed)' : '');
      return vars ? `${title} [${vars}]` : title;
    });
    const head = `- ${s.title.text} (${s.cards.length} ${s.cards.length === 1 ? 'element' : 'elements'})`;
    lines.push(
      items.length ? `${head}: ${items.join('; ')}` : `${head}: none placed${s.required ? ' (required)' : ''}`,
    );
  }
  return lines.join('\n');
}
