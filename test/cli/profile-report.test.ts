import { describe, expect, it } from 'vitest';
import { attribute } from '../../bench/profile-report.mjs';

/**
 * `npm run bench:profile` reads self time from V8's samples. The sampler takes none while the
 * isolate's thread is outside JavaScript (waiting for I/O or the next request, or in the runtime's
 * own C++), so the first sample after such a gap must count as one interval, not as the gap.
 */
const EMPTY_MAP = '{"version":3,"sources":[],"names":[],"mappings":""}';
const frame = (id: number, functionName: string) => ({
  id,
  callFrame: { functionName, url: functionName.startsWith('(') ? '' : 'worker.js', lineNumber: id, columnNumber: 0 },
});

/**
 * A profile of `samples` ([node id, µs since the sample before]), after a first sample in `(root)`
 * 0.5 s after the profile's start (which counts one interval, as any sample after a gap does).
 */
function profileOf(samples: [number, number][]) {
  return {
    nodes: [frame(1, '(root)'), frame(2, 'parse'), frame(3, 'answer'), frame(4, '(idle)')],
    samples: [1, ...samples.map(([id]) => id)],
    timeDeltas: [500_000, ...samples.map(([, us]) => us)],
  };
}

const selfOf = (report: ReturnType<typeof attribute>, name: string) =>
  report.functions.find(([key]) => key.startsWith(`${name}\t`))?.[1];

describe('profile attribution', () => {
  it('counts a sample after a gap as one sampler interval, and reports the gap apart', () => {
    // 200 requests: two samples 100 µs apart in `parse`, then 3 ms outside the isolate, then one sample in `answer`.
    const samples: [number, number][] = [];
    for (let i = 0; i < 200; i++) samples.push([2, 100], [2, 100], [3, 3_000]);
    const report = attribute(profileOf(samples), EMPTY_MAP);
    expect(selfOf(report, 'parse')).toBeCloseTo(40, 6);
    expect(selfOf(report, 'answer')).toBeCloseTo(20, 6);
    expect(report.totalMs).toBeCloseTo(60.1, 6);
    expect(report.gapMs).toBeCloseTo(200 * 2.9 + 499.9, 6);
  });

  it('finds the interval when nearly every sample follows a gap (a short call)', () => {
    // Nine samples in ten come after a gap of 1-5 ms; the tenth ran back to back at 120 µs.
    const samples: [number, number][] = [];
    for (let i = 0; i < 1000; i++) samples.push([3, i % 10 === 0 ? 120 : 1_000 + (i % 5) * 1_000]);
    const report = attribute(profileOf(samples), EMPTY_MAP);
    expect(report.totalMs).toBeCloseTo(120.12, 6);
  });

  it('reads the interval past zero and negative deltas, which V8 may write', () => {
    const samples: [number, number][] = [
      [2, -3],
      [2, 0],
    ];
    for (let i = 0; i < 50; i++) samples.push([2, 100]);
    const report = attribute(profileOf(samples), EMPTY_MAP);
    expect(report.totalMs).toBeCloseTo(5.1 - 0.003, 6);
  });

  it('leaves idle time out', () => {
    const report = attribute(
      profileOf([
        [2, 100],
        [4, 100],
        [2, 100],
      ]),
      EMPTY_MAP,
    );
    expect(report.totalMs).toBeCloseTo(0.3, 6);
  });
});
