import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isSafe } from 'redos-detector';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';

/**
 * Regular expressions of the Worker that only ever see the project's own content, never caller
 * text, each with the reason. Everything else must pass the backtracking check.
 */
const TRUSTED_INPUT: Record<string, string> = {
  '/([A-Za-z_:][-\\w:.]*)\\s*=\\s*(?:"([^"]*)"|\'([^\']*)\')/g':
    'src/services/render/icons/compose.ts reads the root tag of symbols shipped in the bundle, which the authoring rules check',
};

/** Every regular-expression literal in src/, with where it is. */
function regexLiterals(): Array<{ where: string; text: string; regex: RegExp }> {
  const files = execFileSync('git', ['ls-files', 'src/*.ts', 'src/*.tsx'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const out: Array<{ where: string; text: string; regex: RegExp }> = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(`${PROJECT_ROOT}/${file}`, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        out.push({ where: `${file}:${line}`, text, regex: new RegExp(text.slice(1, end), text.slice(end + 1)) });
      }
      if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') {
        out.push({
          where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
          text: node.getText(source),
          regex: /dynamic/,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('regular expressions over caller text run in linear time', () => {
  const literals = regexLiterals();
  it('finds the expressions it checks', () => {
    expect(literals.length).toBeGreaterThan(10);
  });
  it('no expression in src/ can backtrack super-linearly (redos-detector), unless it only reads own content', () => {
    const verdict = (regex: RegExp): string | undefined => {
      try {
        return isSafe(regex).safe ? undefined : 'can backtrack super-linearly';
      } catch (error) {
        return `could not be checked (${String(error).slice(0, 80)}); write it without that construct`;
      }
    };
    const unsafe = literals
      .filter(({ text }) => !Object.hasOwn(TRUSTED_INPUT, text))
      .map(({ where, text, regex }) => ({ where, text, why: verdict(regex) }))
      .filter((r) => r.why !== undefined)
      .map(({ where, text, why }) => `${where} ${text}: ${why}`);
    expect(unsafe).toEqual([]);
  });
  it('no RegExp is built at run time (it could not be checked here)', () => {
    expect(literals.filter((l) => l.text.startsWith('new RegExp')).map((l) => l.where)).toEqual([]);
  });
  it('the check does flag the patterns that used to validate action targets', () => {
    expect(isSafe(/^https?:\/\/[^\s/?#]+[^\s]*$/i).safe).toBe(false);
    expect(isSafe(/\{\{\s*([a-zA-Z0-9_-]+)\s*\}\}/g).safe).toBe(false);
  });
});
