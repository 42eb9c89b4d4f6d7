import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';

const DIR = join(PROJECT_ROOT, 'docs', 'decisions');
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;

/** The first sentence of a record's `Status:` line, e.g. "accepted" or "superseded in part". */
function statusOf(text: string): string {
  const line = /^Status: (.*)$/m.exec(text)?.[1] ?? 'unknown';
  return (line.split(/[.;]/)[0] ?? line).trim();
}

/**
 * docs/decisions/README.md: one row per record (number, title, status), written from the records
 * themselves, so the index cannot fall behind them.
 */
export function renderDecisionsIndex(dir: string = DIR): string {
  const rows = readdirSync(dir)
    .filter((f) => RECORD.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const title = (/^# \d{3}: (.*)$/m.exec(text)?.[1] ?? file).trim();
      return `| [${file.slice(0, 3)}](${file}) | ${title} | ${statusOf(text)} |`;
    });
  return [
    '# Decision records',
    '',
    'Why the project is built the way it is, one decision per record. A record is not edited to',
    'change its decision: a later record replaces it, and the older one says so in its status line',
    '("superseded" or "superseded in part", naming what replaced it). This index is generated from the',
    'records by `npm run gen`.',
    '',
    '| record | decision | status |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
