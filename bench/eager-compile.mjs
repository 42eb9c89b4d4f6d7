// npm run bench:eager: what V8's lazy compilation costs a first call. The deployable bundle as
// built (its functions marked for eager compilation, cli/build/eager-marks.ts, decision 057),
// against the same bundle built unmarked (DTPR_EAGER_COMPILE=off). Per sample, each call goes to a fresh workerd of each variant in turn
// (interleaved, so the host's drift falls on both), the process warm and the isolate's start
// settled as in the third column of `npm run bench:cold`; then the same call warm. Also each
// variant's startup to ready and its size.
// Env: EAGER_SAMPLES (fresh isolates per call and variant, default 5), WARM (default 15).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { buildWorker, median, realistic, rpc, SETTLE_MS, send, start, tool, V, warmProcess } from './cold-start.mjs';

const SAMPLES = Number(process.env.EAGER_SAMPLES ?? 5);
const WARM = Number(process.env.WARM ?? 15);
const FLOOR = 'bench/floor/worker.js';

const CALLS = [
  ['/healthz', { path: '/healthz' }],
  ['tools/list', rpc('tools/list', {})],
  ['get_element', tool('get_element', { version: V, element_id: 'input_biometric' })],
  ['list_elements limit 50', tool('list_elements', { version: V, limit: 50 })],
  ['validate_datachain 15', tool('validate_datachain', { version: V, datachain: realistic })],
  ['render_datachain 15', tool('render_datachain', { version: V, datachain: realistic })],
];

/** One fresh workerd: time to ready, the first call once settled, then the call warm (median). */
async function sample(script, req) {
  const t0 = performance.now();
  const mf = start(script, undefined, {}, true);
  await mf.ready;
  const startup = performance.now() - t0;
  await warmProcess(mf);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const first = (await send(mf, req)).ms;
  const warms = [];
  for (let i = 0; i < WARM; i++) warms.push((await send(mf, req)).ms);
  await mf.dispose();
  return { startup, first, warm: median(warms) };
}

const variants = [
  ['unmarked', buildWorker('dist/worker-unmarked', { DTPR_EAGER_COMPILE: 'off' })],
  ['marked', buildWorker('dist/worker')],
];
const rows = new Map();
const add = (key, s) => {
  const r = rows.get(key) ?? { startup: [], first: [], warm: [] };
  for (const k of Object.keys(r)) r[k].push(s[k]);
  rows.set(key, r);
};
for (let i = 0; i < SAMPLES; i++) {
  add('floor (bare Worker)|-', await sample(FLOOR, { path: '/?size=3500', body: {} }));
  for (const [name, req] of CALLS)
    for (const [variant, script] of variants) add(`${name}|${variant}`, await sample(script, req));
}

const size = (path) => {
  const text = readFileSync(path);
  return `${text.length.toLocaleString('en')} bytes, ${gzipSync(text, { level: 9 }).length.toLocaleString('en')} gzip -9`;
};
console.log(
  `\neager compilation: first call in a fresh isolate (process warm, start settled) against the call warm; median of ${SAMPLES} isolates per row, variants interleaved`,
);
for (const [variant, script] of variants) console.log(`${variant.padEnd(9)} ${size(script)}`);
console.log(
  `${'call'.padEnd(24)} ${'variant'.padEnd(9)} ${'first ms'.padStart(9)} ${'warm ms'.padStart(8)} ${'ratio'.padStart(6)} ${'vs unmarked'.padStart(15)} ${'startup ms'.padStart(11)}`,
);
const firstOf = new Map();
for (const [key, r] of rows) {
  const [name, variant] = key.split('|');
  const first = median(r.first);
  const warm = median(r.warm);
  if (variant === 'unmarked') firstOf.set(name, first);
  const change = variant === 'marked' ? `${(((first - firstOf.get(name)) / firstOf.get(name)) * 100).toFixed(0)}%` : '';
  console.log(
    `${name.padEnd(24)} ${variant.padEnd(9)} ${first.toFixed(2).padStart(9)} ${warm.toFixed(2).padStart(8)} ${(first / warm).toFixed(2).padStart(6)} ${change.padStart(15)} ${median(r.startup).toFixed(0).padStart(11)}`,
  );
}
