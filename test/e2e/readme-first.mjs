// End-to-end: every curl example of the README works as the first request a server gets. Each
// example is read from the README itself (a `curl` line of a shell block, with its continuation
// lines), run unchanged but for the port by bash on a fresh `wrangler dev` over the shipped
// releases, and must answer without a 5xx and leave no fault in the server's log. An example that
// only makes sense after another (a session id from step 1) may answer 4xx; it may not fail.
// Usage: node test/e2e/readme-first.mjs   (README_FIRST_PORT picks the port; default 8796)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publish, withFreshServer } from './fresh-server.mjs';
import { finish, step } from './steps.mjs';

const port = Number(process.env.README_FIRST_PORT ?? 8796);

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

const curls = readmeCurls(readFileSync('README.md', 'utf8'));
assert.ok(curls.length >= 10, `the README's curl examples were not found (${curls.length})`);

const work = mkdtempSync(join(tmpdir(), 'dtpr-readme-'));
try {
  const state = join(work, 'state');
  publish('schemas', state);
  for (const command of curls) {
    const local = command.replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`);
    // curl prints the body, then (-w) the status on a line of its own.
    const script = `${local} -o /dev/null -w '\\n%{http_code}\\n'`;
    const name = command.length > 110 ? `${command.slice(0, 107)}...` : command;
    await step(`first request on a fresh server: ${name}`, () =>
      withFreshServer({ port, state }, async (server) => {
        const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
        const status = Number(out.trim().split('\n').at(-1));
        assert.ok(status >= 200 && status < 500, `HTTP ${status}`);
        assert.doesNotMatch(server.log(), /ReleasePending|Internal error|uncaught/i, 'the server log shows a fault');
      }),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
