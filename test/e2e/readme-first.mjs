// End-to-end: every curl example of the README works as the first request a server gets. Each
// example is read from the README itself (a `curl` line of a shell block, with its continuation
// lines), run unchanged but for the port by bash on a fresh dev server (as `wrangler dev` starts
// it, decision 060) over the shipped releases, and must answer without a 5xx and leave no fault in
// the server's log. An example that only makes sense after another (a session id from step 1) may
// answer 4xx; it may not fail. The variables the README's blocks set (`SID=...`) are set first.
// Usage: node test/e2e/readme-first.mjs   (README_FIRST_PORT picks the port; default 8796)
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstRequest, runProcess, shippedState } from './fresh-server.mjs';
import { finish, step } from './steps.mjs';

const port = Number(process.env.README_FIRST_PORT ?? 8796);

/** A line that only sets a variable: to a command's output, a quoted text or a plain word (no command after it). */
const ASSIGNMENT = /^[A-Z_][A-Z0-9_]*=(\$\([^;&|]*\)|'[^']*'|"[^"]*"|[^\s;&|]*)$/;

/** The variables the README's shell blocks set (`SID=$(...)`), as lines to run before each example. */
function readmeVariables(text) {
  const lines = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g))
    for (const line of block[1].split('\n')) if (ASSIGNMENT.test(line)) lines.push(line);
  return lines.join('\n');
}

/** The curl commands of the README's shell blocks, continuation lines joined. */
function readmeCurls(text) {
  const commands = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1].split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('curl ')) continue;
      let command = lines[i];
      while (command.endsWith('\\') && i + 1 < lines.length) command = `${command.slice(0, -1)} ${lines[++i].trim()}`;
      commands.push(command);
    }
  }
  return commands;
}

const readme = readFileSync('README.md', 'utf8');
const curls = readmeCurls(readme);
const variables = readmeVariables(readme);
assert.ok(variables.includes('SID='), "the README's session examples set no SID");
assert.ok(curls.length >= 10, `the README's curl examples were not found (${curls.length})`);

const work = mkdtempSync(join(tmpdir(), 'dtpr-readme-'));
try {
  const state = join(work, 'state');
  await shippedState(state);
  for (const command of curls) {
    const local = command.replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`);
    const set = variables.replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`);
    // Every curl of the example (a pipeline has several) writes its status to stderr, on a line of
    // its own; the bodies go on as the example sends them, and a failing stage fails the example.
    // A variable that is not set, or a setting that fails, fails the example (not a 4xx for an empty value).
    const script = `set -eu -o pipefail\n${set}\ncurl() { command curl -w '%{stderr}status %{http_code}\\n' "$@"; }\n${local} > /dev/null`;
    const name = command.length > 110 ? `${command.slice(0, 107)}...` : command;
    await step(`first request on a fresh server: ${name}`, () =>
      firstRequest(port, state, async () => {
        const run = await runProcess(['bash', ['-c', script]]);
        assert.equal(run.status, 0, `the example failed: ${run.stderr.slice(-300)}`);
        const statuses = [...run.stderr.matchAll(/^status (\d{3})$/gm)].map((m) => Number(m[1]));
        assert.ok(statuses.length > 0, 'no answer');
        for (const status of statuses) assert.ok(status >= 200 && status < 500, `HTTP ${statuses.join(', ')}`);
      }),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
