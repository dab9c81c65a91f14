// The file as it is now against the lines this session saw when it read it: whether the lines an
// edit changes (and their context) are still as read, and where an old_str copied from that read
// sits in the file now.
import type { SeenSegment } from '../../../runtime/session/seen-lines.js';
import type { Found } from './candidates.js';

/** Lines of context above and below a changed region that must be as read. */
export const CONTEXT_LINES = 3;

/** The text's lines without terminators ('\r' dropped) and where each starts; no empty last line after a final '\n'. */
export interface Lines {
  lines: string[];
  starts: number[];
}

export function linesOf(text: string): Lines {
  const lines: string[] = [];
  const starts: number[] = [];
  let from = 0;
  while (from < text.length || lines.length === 0) {
    const nl = text.indexOf('\n', from);
    const end = nl === -1 ? text.length : nl;
    starts.push(from);
    lines.push(text.slice(from, end > from && text[end - 1] === '\r' ? end - 1 : end));
    if (nl === -1) break;
    from = nl + 1;
  }
  return { lines, starts };
}

/** Index (0-based) of the line holding character `index`. */
function lineIndexOf(lines: Lines, index: number): number {
  let lo = 0;
  let hi = lines.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines.starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function blockAt(haystack: readonly (string | null)[], at: number, block: readonly string[]): boolean {
  if (at < 0 || at + block.length > haystack.length) return false;
  for (let k = 0; k < block.length; k++) if (haystack[at + k] !== block[k]) return false;
  return true;
}

/** Where a block of lines occurs in `haystack` at or after `from`, or -1. */
function findBlock(haystack: readonly (string | null)[], block: readonly string[], from = 0): number {
  if (block.length === 0) return -1;
  for (let at = haystack.indexOf(block[0]!, from); at !== -1; at = haystack.indexOf(block[0]!, at + 1))
    if (blockAt(haystack, at, block)) return at;
  return -1;
}

/**
 * Whether every changed range [oldStart, oldEnd) of `text`, grown to whole lines and CONTEXT_LINES
 * lines on each side, appears as is in one segment of what was read; a block that reaches the
 * file's first (last) line must be at the start (end) of a segment that reached it too.
 */
export function regionsAsSeen(
  text: string,
  changes: readonly { oldStart: number; oldEnd: number }[],
  segments: readonly SeenSegment[],
): boolean {
  if (segments.length === 0) return false;
  const lines = linesOf(text);
  const count = lines.lines.length;
  return changes.every((change) => {
    const first = lineIndexOf(lines, change.oldStart);
    const last = lineIndexOf(lines, Math.max(change.oldStart, change.oldEnd - 1));
    const from = Math.max(0, first - CONTEXT_LINES);
    const to = Math.min(count - 1, last + CONTEXT_LINES);
    const block = lines.lines.slice(from, to + 1);
    return segments.some((segment) => {
      if (from === 0) return segment.atStart && blockAt(segment.lines, 0, block);
      if (to === count - 1) return segment.atEnd && blockAt(segment.lines, segment.lines.length - block.length, block);
      return findBlock(segment.lines, block) !== -1;
    });
  });
}

/**
 * Where `needle`, found in what was read but not in `text`, sits now: the lines between the context
 * above and below it as read, found in the file (or the file's start or end where the read reached
 * it); with only one side found, as many lines as the needle spans from it.
 */
export function staleRegion(text: string, needle: string, segments: readonly SeenSegment[]): Found | undefined {
  const wanted = needle.replace(/\r\n/g, '\n');
  if (wanted.trim() === '') return undefined;
  for (const segment of segments) {
    const joined = segment.lines.map((line) => line ?? '\u0000').join('\n');
    const at = joined.indexOf(wanted);
    if (at === -1) continue;
    const a = countNewlines(joined, 0, at);
    const b = a + countNewlines(joined, at, at + wanted.length - 1);
    const region = placeNow(linesOf(text), segment, a, b);
    if (region) return { ...region, kinds: ['stale'] };
  }
  return undefined;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Every start of a block of lines in `haystack`, up to `max`. */
function allBlocks(haystack: readonly (string | null)[], block: readonly string[], max = 64): number[] {
  const found: number[] = [];
  for (let at = findBlock(haystack, block); at !== -1 && found.length < max; at = findBlock(haystack, block, at + 1))
    found.push(at);
  return found;
}

/**
 * Lines [a, b] of a segment located in the file now, as a character range of whole lines: between
 * an occurrence of the lines above it as read and one of the lines below, the pair whose gap is
 * closest to the region's own length (and at most twice it plus 8 lines); with one side only, from
 * an occurrence of it that is the only one in the file.
 */
function placeNow(now: Lines, segment: SeenSegment, a: number, b: number): { start: number; end: number } | undefined {
  const span = b - a + 1;
  const clean = (block: (string | null)[]) => (block.includes(null) ? [] : (block as string[]));
  const above = clean(segment.lines.slice(Math.max(0, a - CONTEXT_LINES), a));
  const below = clean(segment.lines.slice(b + 1, b + 1 + CONTEXT_LINES));
  const tops =
    a === 0 && segment.atStart ? [0] : above.length > 0 ? allBlocks(now.lines, above).map((p) => p + above.length) : [];
  const bottoms =
    b === segment.lines.length - 1 && segment.atEnd
      ? [now.lines.length]
      : below.length > 0
        ? allBlocks(now.lines, below)
        : [];
  let best: [number, number] | undefined;
  for (const top of tops) {
    for (const bottom of bottoms) {
      const gap = bottom - top;
      if (gap < 1 || gap > span * 2 + 8) continue;
      if (!best || Math.abs(gap - span) < Math.abs(best[1] - best[0] - span)) best = [top, bottom];
    }
  }
  if (!best && tops.length === 1 && bottoms.length === 0)
    best = [tops[0]!, Math.min(now.lines.length, tops[0]! + span)];
  if (!best && bottoms.length === 1 && tops.length === 0) best = [Math.max(0, bottoms[0]! - span), bottoms[0]!];
  if (!best || best[1] <= best[0]) return undefined;
  const [first, end] = best;
  const last = end - 1;
  return { start: now.starts[first]!, end: now.starts[last]! + now.lines[last]!.length };
}
