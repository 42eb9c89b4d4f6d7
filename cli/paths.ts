import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the parent of `cli/`); defaults are resolved against it, flags against the cwd. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULTS = {
  root: join(PROJECT_ROOT, 'schemas'),
  out: join(PROJECT_ROOT, 'build', 'schemas'),
  module: join(PROJECT_ROOT, 'src', 'store', 'generated', 'bundles.ts'),
  embedded: join(PROJECT_ROOT, 'build', 'embedded'),
} as const;

export function flagPath(value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : resolve(process.cwd(), value);
}
