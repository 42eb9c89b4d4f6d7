// Self time of a V8 CPU profile (the DevTools `Profile` shape), by function and by source file.
// A function of the bundle is placed in its source file through the bundle's source map when there
// is one (the deployable script is bundled twice, decision 057, and only the map leads back to
// src/), else by the `// path` line esbuild writes before each module's code.
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** Line numbers (0-based) where each module of the bundle starts, with its path. */
function moduleStarts(bundle) {
  const starts = [];
  const lines = bundle.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ ((?:src|node_modules)\/\S+|\S+\.(?:m?js|ts))$/.exec(lines[i]);
    if (m) starts.push([i, m[1]]);
  }
  return starts;
}

/** The source file a position of the bundle maps to, as the `// path` markers name it. */
function mappedFile(map, line, column) {
  const { source } = originalPositionFor(map, { line: line + 1, column });
  return source ? source.replace(/^(\.\.\/)+/, '') : '(bundle)';
}

const packageOf = (file) => file.replace(/^node_modules\/(\.pnpm\/)?((?:@[^/]+\/)?[^/]+).*$/, '$2');

function fileAt(starts, line) {
  let lo = 0;
  let hi = starts.length - 1;
  let found = '(bundle)';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid][0] <= line) {
      found = starts[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return packageOf(found);
}

/**
 * Self milliseconds per function (name, file, line) and per file. `(idle)` time is left out, and a
 * gap between two samples counts at most `maxGapUs` (sampling runs every few tens of microseconds
 * while the isolate runs), so the total is CPU time the isolate spent, program and garbage
 * collection included. `sourceMap` (the bundle's map, as JSON text) places functions in their files.
 */
export function attribute(profile, bundle, maxGapUs = 1000, sourceMap = undefined) {
  const starts = moduleStarts(bundle);
  const map = sourceMap && new TraceMap(sourceMap);
  const fileOf = (f) => (map ? packageOf(mappedFile(map, f.lineNumber, f.columnNumber)) : fileAt(starts, f.lineNumber));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    // The isolate takes no samples while it waits (I/O, the next request): the sample after a wait
    // carries the whole gap, which is idle time, not the sampled function's.
    const us = Math.min(profile.timeDeltas[i] ?? 0, maxGapUs);
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
  return { totalMs: total / 1000, functions: sorted(fns), files: sorted(files) };
}

/** A report: the top `top` functions and files by self time, per iteration when `per` > 1. */
export function formatProfile(title, { totalMs, functions, files }, top, per = 1) {
  const unit = per > 1 ? 'ms per iteration' : 'ms';
  const row = (label, ms) =>
    `  ${(ms / per).toFixed(per > 1 ? 4 : 2).padStart(9)} ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${label}`;
  const out = [`\n== ${title}: ${(totalMs / per).toFixed(per > 1 ? 3 : 2)} ${unit} of CPU (idle excluded)`];
  out.push('  self time by function:');
  for (const [k, ms] of functions.slice(0, top)) out.push(row(k.replace('\t', '  '), ms));
  out.push('  self time by source file:');
  for (const [k, ms] of files.slice(0, top)) out.push(row(k, ms));
  return out.join('\n');
}
