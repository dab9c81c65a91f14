import { performance } from 'node:perf_hooks';
import type { OperationDescriptor } from '../src/index.js';

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
  unit?: 'ms' | 'µs' | 's' | 'MiB' | '%' | 'count';
  /** Target ratio (toolwright / baseline), shown with pass/miss. */
  target?: string;
  /** Free text: peak RSS, counts, notes. */
  note?: string;
  /** A row of the performance contract: repeated, with pass/miss, in the summary after the table. */
  contract?: boolean;
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
export async function medianMs(fn: () => unknown, runs = 7, warmup = 1): Promise<number> {
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
 * Alternates toolwright and baseline runs so drift in machine load hits both equally, and swaps
 * which goes first in every other pair (A B, B A, …): on this VM the first command of a pair ran
 * up to 1.3× slower even when both were the same command. Returns both medians in ms.
 */
export async function sideBySide(
  toolwright: () => unknown,
  baseline: () => unknown,
  runs = 7,
  warmup = 1,
): Promise<{ toolwright: number; baseline: number; pairs: Spread }> {
  for (let i = 0; i < warmup; i++) {
    await toolwright();
    await baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  const time = async (fn: () => unknown, into: number[]) => {
    const start = performance.now();
    await fn();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await time(toolwright, a);
      await time(baseline, b);
    } else {
      await time(baseline, b);
      await time(toolwright, a);
    }
  }
  return { toolwright: median(a), baseline: median(b), pairs: spreadOf(a.map((t, i) => t / b[i]!)) };
}

/** Median and quartiles of some measurements (of the per-pair ratios, in `sideBySide`). */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
  count: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]!;
  return { median: median(sorted), q1: at(0.25), q3: at(0.75), count: sorted.length };
}

/** How a `sideBySide` result's pairs spread, for a row's note. */
export function pairsNote(pairs: Spread): string {
  return `per-pair ratio median ${pairs.median.toFixed(2)}× (quartiles ${pairs.q1.toFixed(2)}–${pairs.q3.toFixed(2)}), ${pairs.count} alternated pairs`;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Writes a 1 GiB text file of short numbered lines (the window benches); returns its line count. */
export async function makeBigFile(file: string): Promise<number> {
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'w');
  let line = 0;
  let bytes = 0;
  while (bytes < 1024 ** 3) {
    let chunk = '';
    for (let i = 0; i < 10_000; i++)
      chunk += `line ${++line} the quick brown fox jumps over the lazy dog; lorem ipsum dolor sit amet ${line % 97}\n`;
    const buffer = Buffer.from(chunk);
    await handle.write(buffer);
    bytes += buffer.length;
  }
  await handle.close();
  return line;
}

/**
 * Extracts `paths` of the repository at `commit` (git archive) into `dir`, with the checkout's
 * node_modules linked in, so an earlier version runs beside the current one; undefined when the
 * history is not there (a shallow clone).
 */
export async function checkoutFromHistory(
  root: string,
  commit: string,
  paths: readonly string[],
  dir: string,
): Promise<string | undefined> {
  const { execFile } = await import('node:child_process');
  const { mkdir, symlink } = await import('node:fs/promises');
  const path = await import('node:path');
  try {
    await mkdir(dir, { recursive: true });
    const archive = await new Promise<Buffer>((resolve, reject) => {
      execFile(
        'git',
        ['archive', '--format=tar', commit, ...paths],
        { cwd: root, encoding: 'buffer', maxBuffer: 1 << 28 },
        (error: Error | null, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      const tar = execFile('tar', ['-x', '-C', dir], (error: Error | null) => (error ? reject(error) : resolve()));
      tar.stdin!.end(archive);
    });
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * What a handler receives for `input` when called through the toolkit: a copy with the catalog's
 * defaults filled in by the operation's own validator (a handler called directly gets no defaults).
 */
export async function handlerParams<T>(op: OperationDescriptor, input: object): Promise<T> {
  await op.loadValidators?.();
  const params = structuredClone(input);
  if (!op.validateParams(params)) throw new Error(`${op.id}: invalid input ${JSON.stringify(input)}`);
  return params as T;
}
