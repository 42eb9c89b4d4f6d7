import { relative } from 'node:path';
import { countBySeverity, type Finding } from './rules/finding.js';

/** Where the CLI writes: progress and findings to `out`, usage and fatal errors to `err`. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export const consoleIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Two lines per finding: `error  code  file  path: message` and the indented fix hint. */
export function formatFinding(f: Finding): string {
  const where = [f.file, f.path].filter((s) => s !== '').join('  ');
  const head = `${f.severity.padEnd(7)}  ${f.code}  ${where}${where === '' ? '' : ': '}${f.message}`;
  return `${head}\n${' '.repeat(9)}fix: ${f.fix_hint}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(findings: readonly Finding[]): string {
  const { errors, warnings } = countBySeverity(findings);
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

export function printFindings(io: Io, findings: readonly Finding[]): void {
  for (const f of findings) io.out(formatFinding(f));
}

/** A path as shown to the user: relative to the working directory when inside it. */
export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
