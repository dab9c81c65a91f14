// Job output kept within a cap, as the spill file keeps it: the first `head` bytes as written, and
// the last `tail` bytes; what falls between is dropped and counted. Positions are absolute byte
// offsets in everything the job printed. Pure arithmetic, shared by both engines.
import { invalidStoreInput } from './errors.js';
import { MAX_APPEND_BYTES } from './types.js';

export interface OutputLayout {
  readonly head: number;
  readonly tail: number;
}

export type Range = readonly [start: number, end: number];

/** The absolute ranges still kept once `total` bytes were written (tail start raised to `validFrom`). */
export function keptRanges(total: number, layout: OutputLayout, validFrom = 0): Range[] {
  const headEnd = Math.min(total, layout.head);
  const tailStart = Math.max(headEnd, total - layout.tail, validFrom);
  const ranges: Range[] = [];
  if (headEnd > 0) ranges.push([0, headEnd]);
  if (tailStart < total) {
    if (tailStart === headEnd && ranges.length > 0) ranges[0] = [0, total];
    else ranges.push([tailStart, total]);
  }
  return ranges;
}

export interface AppendPlan {
  /** Pieces of the chunk to keep: chunk offsets [from, to) stored at absolute position `pos`. */
  pieces: { pos: number; from: number; to: number }[];
  total: number;
  /** Tail bytes before this position are dropped now (pieces or parts of them). */
  dropBefore: number;
}

/** What an append of `length` bytes at `total` keeps. */
export function planAppend(total: number, length: number, layout: OutputLayout): AppendPlan {
  const end = total + length;
  const pieces: AppendPlan['pieces'] = [];
  if (total < layout.head && length > 0) {
    const headEnd = Math.min(layout.head, end);
    pieces.push({ pos: total, from: 0, to: headEnd - total });
  }
  const tailFrom = Math.max(layout.head, total, end - layout.tail);
  if (tailFrom < end) pieces.push({ pos: tailFrom, from: tailFrom - total, to: length });
  return { pieces, total: end, dropBefore: Math.max(layout.head, end - layout.tail) };
}

/** Splits the pieces into rows of at most `rowBytes` (the PostgreSQL engine stores one row each). */
export function splitPieces(pieces: AppendPlan['pieces'], rowBytes: number): AppendPlan['pieces'] {
  const rows: AppendPlan['pieces'] = [];
  for (const piece of pieces) {
    for (let from = piece.from; from < piece.to; from += rowBytes) {
      const to = Math.min(piece.to, from + rowBytes);
      rows.push({ pos: piece.pos + (from - piece.from), from, to });
    }
  }
  return rows;
}

export interface ReadPlan {
  /** Absolute ranges to return, in order, at most `maxBytes` together. */
  ranges: Range[];
  next: number;
  omitted: number;
}

/** What a read from `cursor` returns: kept bytes up to `maxBytes`, the dropped ones counted. */
export function planRead(
  cursor: number,
  maxBytes: number,
  total: number,
  layout: OutputLayout,
  validFrom = 0,
): ReadPlan {
  let at = Math.min(cursor, total);
  let budget = maxBytes;
  let omitted = 0;
  const ranges: Range[] = [];
  for (const [start, end] of keptRanges(total, layout, validFrom)) {
    if (end <= at) continue;
    if (budget === 0) break;
    if (start > at) {
      omitted += start - at;
      at = start;
    }
    const take = Math.min(end - at, budget);
    ranges.push([at, at + take]);
    at += take;
    budget -= take;
  }
  // Nothing kept from here to the end (a tail overwritten while it was read).
  if (budget > 0 && at < total) {
    omitted += total - at;
    at = total;
  }
  return { ranges, next: at, omitted };
}

export function checkCursor(cursor: unknown): number {
  if (typeof cursor !== 'number' || !Number.isSafeInteger(cursor) || cursor < 0) {
    throw invalidStoreInput('the output cursor must be a whole number of bytes >= 0 (0 reads from the start)');
  }
  return cursor;
}

export function checkMaxBytes(maxBytes: unknown): number {
  if (maxBytes === undefined) return 1024 * 1024;
  if (typeof maxBytes !== 'number' || !Number.isSafeInteger(maxBytes) || maxBytes < 1 || maxBytes > 64 * 1024 * 1024) {
    throw invalidStoreInput('maxBytes must be a whole number between 1 and 64 MiB');
  }
  return maxBytes;
}

export function checkChunk(chunk: unknown): Uint8Array {
  if (!(chunk instanceof Uint8Array)) throw invalidStoreInput('an output chunk must be bytes (a Uint8Array or Buffer)');
  if (chunk.length > MAX_APPEND_BYTES) {
    throw invalidStoreInput(
      `an output chunk is at most ${MAX_APPEND_BYTES} bytes (this one has ${chunk.length}); append it in pieces`,
    );
  }
  return chunk;
}

export function checkLayout(head: number, tail: number): OutputLayout {
  const bytes = (name: string, value: number, min: number) => {
    if (!Number.isSafeInteger(value) || value < min || value > 1024 ** 3)
      throw invalidStoreInput(`${name} must be a whole number of bytes between ${min} and 1 GiB`);
  };
  bytes('outputHeadBytes', head, 0);
  bytes('outputTailBytes', tail, 1);
  return { head, tail };
}
