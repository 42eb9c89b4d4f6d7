// Self time of a V8 CPU profile (the DevTools `Profile` shape), by function and by source file.
// A function of the bundle is placed in its source file through the bundle's source map (the
// deployable script is bundled twice, decision 057, and only the map leads back to src/).
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** The source file a position of the bundle maps to, relative to the project. */
function mappedFile(map, line, column) {
  const { source } = originalPositionFor(map, { line: line + 1, column });
  return source ? source.replace(/^(\.\.\/)+/, '') : '(bundle)';
}

const packageOf = (file) => file.replace(/^node_modules\/(\.pnpm\/)?((?:@[^/]+\/)?[^/]+).*$/, '$2');

/**
 * Self milliseconds per function (name, file, line) and per file. `(idle)` time is left out. A
 * sample stands for the time since the one before it, but at most `maxGapUs`: by default the
 * sampler's own interval (`samplerInterval`, about 125 µs in workerd at a 50 µs setting). The
 * sampler takes a sample only while the isolate runs JavaScript; while the thread waits for I/O or
 * the next request, or runs workerd's own C++ (reading a request, writing an answer), it takes none,
 * and the first sample after such a gap would otherwise carry the gap. A stretch of script shorter
 * than the interval is sampled with a chance of its length over the interval, so counting each such
 * sample as one interval is right on average. With the fixed 1 ms cap this replaced, a warm
 * `get_element` profile read 0.59 ms per request where its samples account for 0.15 ms, and the
 * excess fell on whatever ran first after a wait (a body's read, a middleware). The time left out
 * is `gapMs`, reported beside the total, which is the time sampled in the isolate, program and
 * garbage collection included. `sourceMap` (the bundle's map, as JSON text) places functions in
 * their files.
 */
export function attribute(profile, sourceMap, maxGapUs = samplerInterval(profile)) {
  const map = new TraceMap(sourceMap);
  const fileOf = (f) => packageOf(mappedFile(map, f.lineNumber, f.columnNumber));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  let gapUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const delta = profile.timeDeltas[i] ?? 0;
    const us = Math.min(delta, maxGapUs);
    gapUs += delta - us;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  }
  const fns = new Map();
  const files = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame: f } = byId.get(id);
    const name = f.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    const file = f.url ? (f.url.endsWith('index.js') ? fileOf(f) : f.url) : name;
    const key = `${name}\t${file}:${f.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    files.set(file, (files.get(file) ?? 0) + us);
    total += us;
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000]);
  return { totalMs: total / 1000, gapMs: gapUs / 1000, functions: sorted(fns), files: sorted(files) };
}

/**
 * The sampler's actual interval in `profile`, in µs: the median of the times between samples that
 * ran back to back, read as those between the lowest percentile and twice it. A short call has most
 * of its samples after a gap (a warm read of the floor: nine in ten), so no plain percentile or
 * median of all the intervals will do. It needs a profile of many samples: a first call's few dozen
 * are read with the interval of the same scenario's warm profile.
 */
export function samplerInterval(profile) {
  // V8 may write a zero or negative delta (samples whose clock readings crossed); they say nothing of the interval.
  const deltas = profile.timeDeltas
    .slice(1)
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  if (deltas.length === 0) return 0;
  const least = deltas[Math.floor(deltas.length / 100)];
  const near = deltas.filter((d) => d <= 2 * least && d >= least);
  return near[near.length >> 1];
}

/** Attributions of several profiles summed (several isolates' first calls, to be reported per call). */
export function sumAttributions(list) {
  const add = (into, rows) => {
    for (const [k, ms] of rows) into.set(k, (into.get(k) ?? 0) + ms);
  };
  const fns = new Map();
  const files = new Map();
  for (const a of list) {
    add(fns, a.functions);
    add(files, a.files);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: list.reduce((t, a) => t + a.totalMs, 0),
    gapMs: list.reduce((t, a) => t + a.gapMs, 0),
    functions: sorted(fns),
    files: sorted(files),
  };
}

/** A report: the top `top` functions and files by self time, per `each` (an iteration, an isolate) when `per` > 1. */
export function formatProfile(title, { totalMs, gapMs, functions, files }, top, per = 1, each = 'iteration') {
  const unit = per > 1 ? `ms per ${each}` : 'ms';
  const row = (label, ms) =>
    `  ${(ms / per).toFixed(per > 1 ? 4 : 2).padStart(9)} ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${label}`;
  const fixed = (ms) => (ms / per).toFixed(per > 1 ? 3 : 2);
  const out = [
    `\n== ${title}: ${fixed(totalMs)} ${unit} sampled in the isolate (idle excluded; ${fixed(gapMs)} ${unit} unsampled: waits and workerd's own work)`,
  ];
  out.push('  self time by function:');
  for (const [k, ms] of functions.slice(0, top)) out.push(row(k.replace('\t', '  '), ms));
  out.push('  self time by source file:');
  for (const [k, ms] of files.slice(0, top)) out.push(row(k, ms));
  return out.join('\n');
}
