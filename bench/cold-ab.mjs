// npm run bench:cold-ab: a change to first calls measured against the code it changes. Builds the
// deployable bundle of this working tree (B) and of a base revision (A, checked out into a temporary
// git worktree), then times each chosen call of bench/cold-start.mjs first in fresh workerd
// processes, A and B alternating (A B, then B A, ...), over one release bucket (this tree's
// schemas/, published as bench:cold publishes them). Each sample is bench:cold's third column: the
// runtime's services and the process's shared state warm, the script's start settled, so the
// first call shows what the isolate itself adds (decisions 043, 044). Then WARM calls warm in the
// same isolate. Reports each side's medians and the first calls' B/A, with every sample, so a
// change is told apart from the isolates' spread (one side's samples overlapping the other's is
// no change).
// Env: AB_BASE (the revision to compare with, default HEAD), COLD_AB_ONLY (rows of bench:cold whose
// name holds one of its comma-separated parts, default the first `get_element`s), COLD_AB_SAMPLES
// (fresh isolates per side and call, default 11), WARM (warm calls per isolate, default 10).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutBase, git, removeCheckout } from './base-checkout.mjs';
import {
  buildWorker,
  median,
  realistic,
  scenarios,
  SETTLE_MS,
  seededBucket,
  send,
  start,
  tool,
  V,
  warmProcess,
  warmServices,
} from './cold-start.mjs';

const BASE = process.env.AB_BASE ?? 'HEAD';
const SAMPLES = Number(process.env.COLD_AB_SAMPLES ?? 11);
const WARM = Number(process.env.WARM ?? 10);
const ONLY = (process.env.COLD_AB_ONLY ?? 'get_element')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);

const scratch = mkdtempSync(join(tmpdir(), 'dtpr-cold-ab-'));
const baseDir = join(scratch, 'base');

/** One sample: a fresh workerd over `script`, warmed as bench:cold's third column, its first call and warm calls timed. */
async function sample(script, bucket, req, prior) {
  const mf = start(script, bucket, {}, true);
  try {
    await mf.ready;
    await warmServices(mf);
    await warmProcess(mf);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (prior) await send(mf, prior);
    const first = (await send(mf, req)).ms;
    const warms = [];
    for (let i = 0; i < WARM; i++) warms.push((await send(mf, req)).ms);
    return { first, warm: median(warms) };
  } finally {
    await mf.dispose();
  }
}

/** The resolved form of the bench's datachain (for `validate_resolved`), as the server at `script` answers it. */
async function resolvedWith(script, bucket) {
  const mf = start(script, bucket);
  try {
    const answer = JSON.parse((await send(mf, tool('resolve_datachain', { version: V, datachain: realistic }))).text);
    return JSON.parse(answer.result.content[0].text).data;
  } finally {
    await mf.dispose();
  }
}

const ms = (x) => x.toFixed(2);

try {
  checkOutBase(BASE, baseDir);
  // Built under this tree (Miniflare resolves a script's text modules within the directory it runs in).
  const scripts = {
    a: buildWorker('dist/cold-ab/a', {}, baseDir),
    b: buildWorker('dist/cold-ab/b'),
  };
  const bucket = await seededBucket();
  const rows = scenarios(await resolvedWith(scripts.b, bucket)).filter(([name]) =>
    ONLY.some((part) => name.includes(part)),
  );
  if (rows.length === 0) throw new Error(`COLD_AB_ONLY: no row of bench:cold holds ${ONLY.join(' or ')}`);
  console.log(
    `A: ${BASE} (${git('rev-parse', '--short', BASE)}); B: this working tree. ${SAMPLES} fresh isolates a side and call, alternating; services and process warm, start settled; warm: median of ${WARM} calls`,
  );
  for (const [name, req, prior] of rows) {
    const got = { a: [], b: [] };
    for (let i = 0; i < SAMPLES; i++) {
      for (const side of i % 2 === 0 ? ['a', 'b'] : ['b', 'a'])
        got[side].push(await sample(scripts[side], bucket, req, prior));
    }
    const first = (side) => median(got[side].map((s) => s.first));
    const warm = (side) => median(got[side].map((s) => s.warm));
    const list = (side) => got[side].map((s) => s.first.toFixed(1)).join(' ');
    console.log(
      `${name}: A first ${ms(first('a'))} warm ${ms(warm('a'))} [${list('a')}] | B first ${ms(first('b'))} warm ${ms(warm('b'))} [${list('b')}] | first B/A ${((first('b') / first('a')) * 100).toFixed(1)}%`,
    );
  }
} finally {
  removeCheckout(baseDir);
  rmSync(scratch, { recursive: true, force: true });
}
