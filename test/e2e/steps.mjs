// The step runner the end-to-end scripts share: each step prints PASS or FAIL with its reason, and
// `finish()` prints the totals line CI counts and sets the exit code.
let passed = 0;
let failed = 0;

/** The message of a failure and of its cause (a failed `fetch` names the socket error only there). */
function reason(e) {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? ` (${e.cause.message})` : '';
  return `${e.message}${cause}`;
}

export async function step(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`PASS ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${reason(e)}`);
  }
}

/** Prints `N passed, M failed` and sets the exit code; `exit` ends the process (a browser may hold it open). */
export function finish({ exit = false } = {}) {
  console.log(`\n${passed} passed, ${failed} failed`);
  if (exit) process.exit(failed ? 1 : 0);
  process.exitCode = failed ? 1 : 0;
}
