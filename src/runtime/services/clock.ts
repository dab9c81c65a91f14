/** Time source; injectable so tests and replays are deterministic. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Milliseconds on a monotonic clock, for durations. `performance.now()` would do, but the global
 * `performance` loads all of perf_hooks (a dozen modules, ~3 ms) the first time a process reads it,
 * and every call measures its duration.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
