// End-to-end: the rate limits on wrangler's own simulated bindings (the unit suites use counting
// stubs). The simulated window follows the wall-clock minute, so the check does not count on one
// window: 2 * 15 + 1 resolve calls from one address fall in at most two windows (the calls take
// far less than a minute), so at least one of them must be refused, whatever the clock says.
// Run it last: it empties this address's resolve bucket for up to a minute.
// Usage: node test/e2e/rate-limit.mjs http://127.0.0.1:PORT
import assert from 'node:assert/strict';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const LIMIT = 15;
let refused;
let served = 0;
for (let i = 0; i < 2 * LIMIT + 1; i++) {
  // A new DTPR-Client name per call: the address bucket must hold even so.
  const r = await fetch(`${base}/api/v2/schemas/ai@latest/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dtpr-client': `e2e-rotating-${i}` },
    body: '{"elements":[]}',
  });
  const body = await r.json();
  if (r.status === 429) refused ??= { r, body };
  else served++;
}
try {
  assert.ok(refused, `all ${2 * LIMIT + 1} calls were served: the address bucket did not hold`);
  assert.equal(refused.r.headers.get('retry-after'), '60');
  assert.equal(refused.body.errors[0].code, 'rate_limited');
  console.log(
    `PASS rate limit on the simulated binding: ${served} served, then 429 with Retry-After (rotating DTPR-Client)`,
  );
  console.log('1 passed, 0 failed');
} catch (e) {
  console.log(`FAIL rate limit on the simulated binding: ${e.message}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
