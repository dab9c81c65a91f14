// Work over many items done a slice at a time, the event loop served between slices: sorting or
// filtering a folder of 200,000 entries in one go holds every other call (and the MCP transport)
// for a third of a second.
import { throwIfAborted } from '../contract/errors.js';

/** Items handled between two turns of the event loop: a few milliseconds of work at most. */
export const SLICE = 4096;

/** Resolves on the event loop's next turn, after the I/O waiting now. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Calls `visit` on each item, a slice at a time; stops with CANCELLED once `signal` aborts. */
export async function eachInTurns<T>(
  items: Iterable<T>,
  visit: (item: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  let left = SLICE;
  for (const item of items) {
    visit(item);
    if (--left === 0) {
      left = SLICE;
      await nextTurn();
      throwIfAborted(signal);
    }
  }
}

/** The items `keep` accepts, in order, a slice at a time. */
export async function filterInTurns<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  signal?: AbortSignal,
): Promise<T[]> {
  const kept: T[] = [];
  await eachInTurns(items, (item) => keep(item) && kept.push(item), signal);
  return kept;
}

/**
 * `items` sorted by `compare` (stable, as Array.prototype.sort): up to SLICE at once, more as runs
 * of SLICE sorted one per turn, then merged pairwise, a turn every SLICE items moved. The array
 * returned may be a new one.
 */
export async function sortInTurns<T>(items: T[], compare: (a: T, b: T) => number, signal?: AbortSignal): Promise<T[]> {
  if (items.length <= SLICE) return items.sort(compare);
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    runs.push(items.slice(i, i + SLICE).sort(compare));
    await nextTurn();
    throwIfAborted(signal);
  }
  let left = SLICE;
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r]!;
      const b = runs[r + 1];
      if (!b) {
        merged.push(a);
        continue;
      }
      const out: T[] = new Array<T>(a.length + b.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < a.length && j < b.length) {
        // The earlier run's item first among equals: stable.
        out[k++] = compare(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!;
        if (--left === 0) {
          left = SLICE;
          await nextTurn();
          throwIfAborted(signal);
        }
      }
      while (i < a.length) out[k++] = a[i++]!;
      while (j < b.length) out[k++] = b[j++]!;
      merged.push(out);
    }
    runs = merged;
  }
  return runs[0]!;
}
