// Runs every end-to-end check against a live `wrangler dev`: the SDK client, the raw protocol
// probe, the conformance suite with its expected-failures file, the documented curl examples,
// and (when present) the browser check of the rendered page. Exits 1 if any step fails.
// Usage: node test/e2e/run.mjs   (PORT picks the port; default 8799)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = Number(process.env.PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

const server = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn'], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let serverLog = '';
server.stdout.on('data', (d) => {
  serverLog += d;
});
server.stderr.on('data', (d) => {
  serverLog += d;
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('exit', stop);

async function waitUp() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error(serverLog.slice(-4000));
  throw new Error(`server did not come up on ${base}`);
}

const steps = [
  ['SDK client', ['node', 'test/e2e/sdk-client.mjs', `${base}/mcp`]],
  ['SDK v2 client (2026-07-28, pinned and auto)', ['node', 'test/e2e/sdk-v2-client.mjs', `${base}/mcp`]],
  ['protocol probe', ['node', 'test/e2e/protocol-probe.mjs', `${base}/mcp`]],
  // The conformance suite needs Node 22 (it runs under the Node 22 binary npm serves); every scenario, pending ones included.
  [
    'conformance',
    [
      'npx',
      '-y',
      '-p',
      'node@22',
      'node',
      'node_modules/@modelcontextprotocol/conformance/dist/index.js',
      'server',
      '--url',
      `${base}/mcp`,
      '--suite',
      'all',
      '--expected-failures',
      'test/e2e/conformance-expected-failures.yml',
    ],
  ],
  ['documented curl examples', ['node', 'test/e2e/seed-curls.mjs', base]],
  ['MCP Inspector CLI', ['node', 'test/e2e/inspector.mjs', `${base}/mcp`]],
  ['rendered page in Chromium', ['node', 'test/e2e/browser.mjs', base], 'test/e2e/browser.mjs'],
  ['MCP Apps view in Chromium behind a host bridge', ['node', 'test/e2e/mcp-app.mjs', base]],
  ['what a reader sees, in Chromium', ['node', 'test/e2e/reader.mjs', base], 'test/e2e/reader.mjs'],
  // Last: it empties this address's resolve bucket.
  ['rate limit on the simulated binding', ['node', 'test/e2e/rate-limit.mjs', base]],
];

await waitUp();
let failures = 0;
for (const [name, [cmd, ...args], requires] of steps) {
  if (requires && !existsSync(requires)) continue;
  console.log(`\n=== e2e: ${name} ===`);
  const r = spawnSync(cmd, args, { env, stdio: 'inherit', timeout: 300_000 });
  if (r.status !== 0) {
    failures++;
    console.log(`=== e2e: ${name} FAILED (exit ${r.status ?? r.signal}) ===`);
  }
}
stop();
console.log(`\ne2e: ${steps.length - failures} steps passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
