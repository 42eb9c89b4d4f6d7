import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';

const TSX = createRequire(import.meta.url).resolve('tsx/cli');

// One warm `tools/call validate_datachain` over /mcp may run code in at most 30 project files
// (`npm run bench:trace` lists them): the call pipeline keeps per-call concerns in one place.
it('a warm validate_datachain call over /mcp runs code in at most 30 project files', () => {
  const run = spawnSync(process.execPath, [TSX, join(PROJECT_ROOT, 'bench', 'call-trace.ts')], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TRACE_LIMIT: '30' },
  });
  expect(run.status, run.stderr).toBe(0);
  const count = Number(/^(\d+) project files ran/m.exec(run.stdout)?.[1]);
  expect(count, run.stdout).toBeGreaterThan(10);
  expect(count, run.stdout).toBeLessThanOrEqual(30);
});
