import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { FUZZ_SEED } from './test/setup/fuzz-seed.js';

/**
 * Timeouts are sized for a loaded 2-core machine: they catch a hang, never a slow run.
 * The global setup builds the content bundles first, so `npx vitest` works on a fresh clone.
 */
const LOADED_MACHINE_MS = 120_000;

// Two projects: the Worker suites run inside workerd with the bindings of wrangler.toml (request
// log lines and rate limiting off: the 429 paths are tested with an injected counting binding);
// the CLI suite runs on Node because it reads and writes the file system.
export default defineConfig({
  test: {
    globalSetup: ['./test/setup/build-bundles.ts'],
    provide: { fuzzSeed: FUZZ_SEED },
    testTimeout: LOADED_MACHINE_MS,
    hookTimeout: LOADED_MACHINE_MS,
    projects: [
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { REQUEST_LOG: 'off', RATE_LIMIT: 'off' } },
          }),
        ],
        // The Worker suites see every release under schemas/ compiled into the script (the module of
        // every release in place of the deployable one, which names only the embedded set); the
        // bucket and static-assets backends have their own tests (test/unit/release-store.test.ts).
        resolve: {
          alias: [{ find: /^(.*)\/generated\/embedded\.js$/, replacement: '$1/generated/bundles.js' }],
        },
        test: {
          name: 'worker',
          include: ['test/{unit,mcp,rest,contract}/**/*.test.{ts,tsx}'],
          testTimeout: LOADED_MACHINE_MS,
          hookTimeout: LOADED_MACHINE_MS,
        },
      },
      {
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          testTimeout: LOADED_MACHINE_MS,
          hookTimeout: LOADED_MACHINE_MS,
        },
      },
    ],
  },
});
