// How close a region of a file is to the old_str a model sent, on the raw characters: an edit
// distance taken line by line, bounded per line and by a work budget shared by every region ranked.
// A line's indentation counts as one unit when it differs, whatever its depth: models drop or
// change whole levels, so the depth is no evidence of which region was meant. A block moved as a
// whole (the same relative indentation under another common indent) counts one unit in all. Past
// the budget a distance is only bounded (`low` to `high`), and bounds that overlap rank as equal.

/** Cells of edit-distance tables one ranking may fill, shared among the regions it ranks. */
export const CLOSENESS_BUDGET = 2_000_000;
/** A line's distance is counted up to this; a whole text compared at once (line counts differ), up to WHOLE_CAP. */
const LINE_CAP = 64;
const WHOLE_CAP = 512;

export interface Budget {
  cells: number;
}

/** A distance known to lie in [low, high] (equal when it was computed). */
export interface Bounds {
  low: number;
  high: number;
}

/** The budget of one comparison when `regions` are ranked: each its share, so none is favoured. */
export function shareOf(regions: number): Budget {
  return { cells: Math.floor(CLOSENESS_BUDGET / Math.max(1, regions)) };
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/**
 * Edit distance of `a` and `b` (insertions, deletions, substitutions), counted up to `cap`; past
 * the budget, bounds of it (the lengths' difference, the longer length).
 */
export function boundedDistance(a: string, b: string, cap: number, budget: Budget): Bounds {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const exact = (n: number): Bounds => ({ low: n, high: n });
  if (x.length === 0 || y.length === 0) return exact(Math.min(cap, x.length + y.length));
  if (Math.abs(x.length - y.length) >= cap) return exact(cap);
  const cells = Math.min(x.length, y.length) * (2 * cap + 1);
  if (cells > budget.cells)
    return { low: Math.abs(x.length - y.length), high: Math.min(cap, Math.max(x.length, y.length)) };
  budget.cells -= cells;
  return exact(banded(x, y, cap));
}

/** Levenshtein distance within a band of `k` around the diagonal (Ukkonen); `k` when it is k or more. */
function banded(a: string, b: string, k: number): number {
  const m = a.length;
  const n = b.length;
  const far = k + 1;
  let prev = new Int32Array(n + 2).fill(far);
  let cur = new Int32Array(n + 2).fill(far);
  for (let j = 0; j <= Math.min(n, k); j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - k);
    const hi = Math.min(n, i + k);
    cur[lo - 1] = lo === 1 && i <= k ? i : far;
    let best = cur[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const substitute = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min(substitute, prev[j]! + 1, cur[j - 1]! + 1);
      cur[j] = value;
      if (value < best) best = value;
    }
    cur[hi + 1] = far;
    if (best >= k) return k;
    [prev, cur] = [cur, prev];
  }
  return Math.min(k, prev[n]!);
}

/** The longest indentation every non-blank line starts with. */
function commonIndent(indents: readonly string[], blank: readonly boolean[]): string {
  let common: string | undefined;
  indents.forEach((indent, i) => {
    if (blank[i]) return;
    if (common === undefined) return void (common = indent);
    let n = 0;
    while (n < common.length && n < indent.length && common[n] === indent[n]) n++;
    common = common.slice(0, n);
  });
  return common ?? '';
}

/**
 * Distance from `needle` to `region` (the region's text from the start of its first line when only
 * blanks precede it there): 0 for equal texts, more the further apart they are.
 */
export function closeness(needle: string, region: string, budget: Budget): Bounds {
  const a = needle.split('\n');
  const b = region.split('\n');
  if (a.length !== b.length) return boundedDistance(needle, region, WHOLE_CAP, budget);
  const ia = a.map(indentOf);
  const ib = b.map(indentOf);
  const blank = a.map((line, i) => line.trim() === '' && b[i]!.trim() === '');
  const body: Bounds = { low: 0, high: 0 };
  // Each line as plain characters too: a typo inside the indentation (a blank turned into another
  // character) splits a line elsewhere than its twin, and counting by levels would then make the
  // right region look further than a wrong one. The indentation's discount never costs more.
  const raw: Bounds = { low: 0, high: 0 };
  let absolute = 0;
  a.forEach((line, i) => {
    // A blank line's blanks are its whole text: compared as characters, not as indentation.
    const whole = boundedDistance(line, b[i]!, LINE_CAP, budget);
    const { low, high } = blank[i]
      ? whole
      : boundedDistance(line.slice(ia[i]!.length), b[i]!.slice(ib[i]!.length), LINE_CAP, budget);
    body.low += low;
    body.high += high;
    raw.low += whole.low;
    raw.high += whole.high;
    if (!blank[i] && ia[i] !== ib[i]) absolute++;
  });
  const ca = commonIndent(ia, blank);
  const cb = commonIndent(ib, blank);
  let shifted = ca === cb ? 0 : 1;
  a.forEach((_, i) => {
    if (!blank[i] && ia[i]!.slice(ca.length) !== ib[i]!.slice(cb.length)) shifted++;
  });
  const indentation = Math.min(absolute, shifted);
  return {
    low: Math.min(raw.low, body.low + indentation),
    high: Math.min(raw.high, body.high + indentation),
  };
}
