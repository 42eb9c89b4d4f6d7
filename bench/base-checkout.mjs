// A base revision checked out beside this tree, for the benchmarks that measure a change against
// the code it changes (bench/ab.mjs, bench/cold-ab.mjs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const here = resolve('.');
export const git = (...args) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();

/**
 * Checks `base` out into `dir` (a git worktree, detached), sharing this tree's node_modules and local
 * vars (`.dev.vars`, which git does not carry), with its bundles built.
 */
export function checkOutBase(base, dir) {
  git('worktree', 'add', '--detach', dir, base);
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'));
  if (existsSync(join(here, '.dev.vars'))) copyFileSync(join(here, '.dev.vars'), join(dir, '.dev.vars'));
  execFileSync('npx', ['tsx', 'cli/gen/main.ts', 'bundles'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Removes the checkout at `dir` if it was made, and prunes git's list of worktrees. */
export function removeCheckout(dir) {
  try {
    git('worktree', 'remove', '--force', dir);
  } catch {
    /* never added, or already gone */
  }
  git('worktree', 'prune');
}
