import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Two projects: the Worker suites run inside workerd with the real bindings of wrangler.toml;
// the CLI suite runs on Node because it reads and writes the file system.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'worker',
          include: ['test/{unit,mcp,rest,contract}/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
