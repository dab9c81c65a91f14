import { performance } from 'node:perf_hooks';

/** One row of the bench table: toolwright beside its baseline, measured in the same run. */
export interface BenchRow {
  /** What is measured, e.g. "grep capped (200 matches)". */
  case: string;
  /** Median of toolwright's runs, ms (or the unit named in `unit`). */
  toolwright: number;
  /** Median of the baseline's runs, same unit. */
  baseline?: number;
  /** Name of the baseline, e.g. "rg --json (node spawn)". */
  baselineName?: string;
  unit?: 'ms' | 'µs' | 's' | 'MiB';
  /** Target ratio (toolwright / baseline), shown with pass/miss. */
  target?: string;
  /** Free text: peak RSS, counts, notes. */
  note?: string;
}

export interface BenchContext {
  /** Scratch folder for this case (removed after the run). */
  tmp: string;
  row(row: BenchRow): void;
  log(message: string): void;
}

export interface BenchCase {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}

/** Runs `fn` `runs` times after `warmup` runs; returns the median wall time in ms. */
export async function medianMs(fn: () => unknown | Promise<unknown>, runs = 7, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * Alternates toolwright and baseline runs (A B A B …) so drift in machine load hits both equally;
 * returns both medians in ms.
 */
export async function sideBySide(
  toolwright: () => unknown | Promise<unknown>,
  baseline: () => unknown | Promise<unknown>,
  runs = 7,
  warmup = 1,
): Promise<{ toolwright: number; baseline: number }> {
  for (let i = 0; i < warmup; i++) {
    await toolwright();
    await baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await toolwright();
    a.push(performance.now() - start);
    start = performance.now();
    await baseline();
    b.push(performance.now() - start);
  }
  return { toolwright: median(a), baseline: median(b) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
