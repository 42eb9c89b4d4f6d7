import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FUZZ_SEED } from './test/setup/fuzz-seed.js';
import { workerdPool } from './test/setup/workerd-pool.js';
import { TEXT_FORM, TEXT_FORM_REPLACEMENT } from './cli/build/script-record.mjs';

/**
 * Timeouts are sized for a loaded 2-core machine: they catch a hang, never a slow run.
 * The global setup builds the content bundles first, once per run, so `npx vitest` works on a
 * fresh clone.
 */
const LOADED_MACHINE_MS = 120_000;

/**
 * The Worker suites run inside workerd with the bindings of wrangler.toml (request log lines and
 * rate limiting off: the 429 paths are tested with an injected counting binding). Test files of a
 * project share one workerd runtime and its module graph (`isolate: false`): starting a runtime
 * and importing the app per file was most of the run. A suite that needs state of its own makes
 * it (a fresh app, a cleared bucket) rather than relying on a fresh runtime.
 */
const inWorkerd = (bucket: string) =>
  workerdPool({
    wrangler: { configPath: './wrangler.toml' },
    // The Worker's source, not wrangler.toml's `main` (the built script, decision 057): the suites
    // test the code as written, and a fresh clone has no build yet.
    main: './src/index.ts',
    // The keep quota is raised so whole suites render from one address: its limits are tested with
    // small values passed to the app. Each project has a release bucket of its own, so what the cold
    // project publishes is not the catalogue of the worker project's deployment store.
    miniflare: {
      r2Buckets: { RELEASES: bucket },
      bindings: {
        REQUEST_LOG: 'off',
        RATE_LIMIT: 'off',
        KEEP_RENDERS_PER_HOUR: '1000000',
        KEEP_BYTES_PER_HOUR: '1000000000000',
      },
    },
  });

export default defineConfig({
  test: {
    // Two test files at a time even on two cores (vitest's default there is one): a Worker suite
    // waits on its runtime as much as it computes, so the projects overlap well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['./test/setup/build-bundles.ts'],
    provide: { fuzzSeed: FUZZ_SEED },
    testTimeout: LOADED_MACHINE_MS,
    hookTimeout: LOADED_MACHINE_MS,
    projects: [
      {
        // worker: every Worker suite (unit, MCP, REST, the contract table), over a store with every
        // release under schemas/ compiled into the script (the module of every release in place of
        // the deployable one, which names only the embedded set). The store's backends have their
        // own tests (test/unit/release-store.test.ts); the cold project serves the real layering.
        plugins: [inWorkerd('dtpr-releases-worker-tests')],
        resolve: {
          alias: [{ find: /^(.*)\/generated\/embedded\.js$/, replacement: '$1/generated/bundles.js' }],
        },
        test: {
          name: 'worker',
          include: ['test/{unit,mcp,rest,contract}/**/*.test.{ts,tsx}'],
          isolate: false,
          testTimeout: LOADED_MACHINE_MS,
          hookTimeout: LOADED_MACHINE_MS,
        },
      },
      {
        // cold: the suites that must hold on a fresh deployment, run over the store a deployment
        // serves: the deployable embedded set (its Data modules) layered over a local
        // RELEASES bucket holding every published release, one newer stable release only the bucket
        // has (`ai@latest`), and the index. Each test starts from a fresh app that has read nothing
        // (test/setup/cold-app.ts; `coldApp()` in test/helpers/cold.ts for more).
        plugins: [inWorkerd('dtpr-releases-cold-tests')],
        // The locales' fixed wording and the tool descriptors read as the Worker's script reads them:
        // from the text modules beside it (decision 062), not from the tables and the JSON file.
        resolve: {
          alias: [{ find: TEXT_FORM, replacement: TEXT_FORM_REPLACEMENT }],
        },
        test: {
          name: 'cold',
          include: [
            'test/contract/surfaces.test.ts',
            'test/mcp/modern-era.test.ts',
            'test/unit/fuzz-mcp.test.ts',
            'test/cold/**/*.test.ts',
          ],
          setupFiles: ['./test/setup/cold-app.ts'],
          isolate: false,
          testTimeout: LOADED_MACHINE_MS,
          hookTimeout: LOADED_MACHINE_MS,
        },
      },
      {
        // cli: the CLI and generators on Node (they read and write the file system).
        test: {
          name: 'cli',
          environment: 'node',
          // The word rules' Unicode table is held to Node's classes too: the build indexes with them.
          include: ['test/cli/**/*.test.ts', 'test/unit/unicode-runs.test.ts'],
          isolate: false,
          testTimeout: LOADED_MACHINE_MS,
          hookTimeout: LOADED_MACHINE_MS,
        },
      },
    ],
  },
});
