// What a benchmark checks before it times a scenario: that each of its requests succeeds.

/** Sends a scenario's requests once; refuses to measure a scenario whose answers are not successes. Returns each answer's size and body. */
export async function checkedAnswers(base, scenario) {
  const answers = [];
  const context = {};
  for (const [i, planned] of scenario.requests.entries()) {
    // A scenario's own hook, as autocannon runs it (a new session for each iteration, say).
    const req = planned.setupRequest ? planned.setupRequest({ ...planned }, context) : planned;
    const r = await fetch(base + req.path, {
      method: req.method,
      headers: { ...req.headers, 'dtpr-client': 'bench-check' },
      body: req.body,
    });
    const text = await r.text();
    const body = JSON.parse(text);
    const okay =
      r.status === 200 &&
      (body.result ? body.result.isError !== true && body.result.structuredContent?.ok !== false : body.ok === true);
    if (!okay) throw new Error(`${scenario.name}: request ${i} did not succeed: ${r.status} ${text.slice(0, 300)}`);
    answers.push({ size: Buffer.byteLength(text), body, request: req });
  }
  return answers;
}
