// One factor for every timeout and timing slack in the tests, so a loaded or slow machine stretches
// them all alike: TOOLWRIGHT_TIME_SCALE when set, else the load per core when the run starts (at
// least 1, at most 10). vitest.config.ts scales its default timeouts by the same factor.
import { availableParallelism, loadavg } from 'node:os';

function scaleFromEnvironment(): number {
  const given = Number(process.env.TOOLWRIGHT_TIME_SCALE);
  if (Number.isFinite(given) && given > 0) return given;
  const perCore = (loadavg()[0] ?? 0) / Math.max(1, availableParallelism());
  return Math.min(10, Math.max(1, Math.ceil(perCore)));
}

export const TIME_SCALE = scaleFromEnvironment();

/** `ms` stretched by the machine's factor: for timeouts and for the slack a timing assertion allows. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
