import type { ErrorItem } from '../../core/envelope.js';
import type { DocView } from './view/view.js';

/**
 * The plain-text summary a model reads after a render: what was rendered, each section's elements,
 * then the render's warnings, a line per code with its count and first message (many hosts show a
 * model only this text, not `data.warnings`). Every value an author wrote (titles, variable values)
 * and every message is quoted as a JSON string, so quotes and newlines inside it are escaped and it
 * cannot break out of its delimiters or pose as summary structure.
 */
export function renderSummary(
  view: DocView,
  version: string,
  format: 'page' | 'sign',
  uri: string | undefined,
  warnings: readonly ErrorItem[] = [],
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
  if (warnings.length) lines.push(...warningLines(warnings, q));
  return lines.join('\n');
}

/** One line per warning code, in order of first appearance: its count and its first message. */
function warningLines(warnings: readonly ErrorItem[], q: (s: string) => string): string[] {
  const byCode = new Map<string, { count: number; first: string }>();
  for (const w of warnings) {
    const seen = byCode.get(w.code);
    if (seen) seen.count += 1;
    else byCode.set(w.code, { count: 1, first: w.message });
  }
  const lines = [`Warnings (${warnings.length}, each with its path and fix in data.warnings):`];
  for (const [code, { count, first }] of byCode)
    lines.push(`- ${code}${count > 1 ? ` (${count}, the first)` : ''}: ${q(first)}`);
  return lines;
}
