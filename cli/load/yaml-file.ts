import { LineCounter, parseDocument, type Document } from 'yaml';
import { finding, type Finding } from '../rules/finding.js';

export type YamlFile = { ok: true; data: unknown; doc: Document; lines: LineCounter } | { ok: false; finding: Finding };

/**
 * Parses one YAML document with the YAML 1.2 core schema (timestamps stay strings; duplicate
 * keys and multiple documents are errors). A failure becomes one `yaml_syntax_error` finding
 * naming the line and column.
 */
export function parseYamlFile(text: string, file: string): YamlFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const pos = first.linePos?.[0];
    const where = pos ? `line ${pos.line}, column ${pos.col}: ` : '';
    const reason = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? first.code;
    return { ok: false, finding: finding('yaml_syntax_error', file, '', `${where}${reason}`) };
  }
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }), doc, lines };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, finding: finding('yaml_syntax_error', file, '', reason) };
  }
}

/** The 1-based line of the node at `path`, or of its nearest existing ancestor. */
export function lineOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lines.linePos(range[0]).line;
  }
  return undefined;
}
