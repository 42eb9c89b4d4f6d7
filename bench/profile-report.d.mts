// Types of profile-report.mjs, for the tests that hold it to its contract.

/** A V8 CPU profile, as DevTools' `Profiler.stop` answers it (the parts read here). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function (`name\tfile:line`) and by file, in ms, largest first. */
export interface Attribution {
  totalMs: number;
  gapMs: number;
  functions: [string, number][];
  files: [string, number][];
}

export function attribute(profile: CpuProfile, sourceMap: string, maxGapUs?: number): Attribution;
/** The sampler's interval in µs, read from a profile of many samples. */
export function samplerInterval(profile: CpuProfile): number;
export function sumAttributions(list: Attribution[]): Attribution;
export function formatProfile(
  title: string,
  attribution: Attribution,
  top: number,
  per?: number,
  each?: string,
): string;
