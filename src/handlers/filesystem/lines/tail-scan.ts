// Finding where the last N lines of a file start by scanning backwards from its end: a tail window
// of a multi-GB file costs the bytes of those lines, not a count of the whole file.
import { throwIfAborted, ToolError } from '../../../runtime/contract/errors.js';
import type { KnownBytes, PositionalReader } from './positional-reader.js';
import { DEFAULT_SCAN_BUDGET, type BudgetStop, type ScanBudget } from './scan-budget.js';

/** Backward reads start small (a tail window is usually a few KiB) and grow to this size. */
export const TAIL_CHUNK_BYTES = 8 * 1024;
const MAX_CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 10;

export interface TailStart {
  /** Byte offset where the n-th line from the end starts (the content start when the file has fewer lines). */
  start: number;
  /** Lines in the file, known when the scan reached the content start (the file has at most n lines). */
  totalLines?: number;
  /** The last chunk read when it holds the whole tail (start to end): the window needs no new read. */
  tail?: KnownBytes;
  /**
   * Set when a budget stopped the scan before the n-th line from the end: then `start` is where
   * the `found` complete lines before the end begin (none: the last line alone is too long).
   */
  budgetStop?: BudgetStop;
  found?: number;
}

/**
 * Where the n-th line from the end (n ≥ 1) of the bytes [contentStart, size) starts. A final
 * newline ends the last line; it does not start another one (the forward reader's rule too).
 * `last`, the file's last bytes when the caller already read them, is scanned first in place.
 */
export async function findTailStart(
  file: PositionalReader,
  contentStart: number,
  size: number,
  n: number,
  signal: AbortSignal | undefined,
  last?: KnownBytes,
  budget: ScanBudget = DEFAULT_SCAN_BUDGET,
): Promise<TailStart> {
  if (size <= contentStart) return { start: contentStart, totalLines: 0 };
  const lastUsable = last && last.position + last.bytes.length === size && last.bytes.length > 0;
  let buffer = lastUsable ? last.bytes : Buffer.allocUnsafe(Math.min(TAIL_CHUNK_BYTES, size - contentStart));
  let end = size;
  let found = 0;
  let first = true;
  // Where the line whose start is sought ends (its newline, or the end of the file).
  let lineEnd = size;
  while (end > contentStart) {
    throwIfAborted(signal);
    if (end < size) {
      const over =
        lineEnd - end > budget.maxLineBytes ? 'line' : size - end >= budget.maxScanBytes ? 'scan' : undefined;
      if (over) {
        const stop: BudgetStop = {
          kind: over,
          line: -(found + 1),
          bytes: over === 'line' ? budget.maxLineBytes : budget.maxScanBytes,
          during: 'window',
        };
        return { start: lineEnd === size ? size : lineEnd + 1, budgetStop: stop, found };
      }
    }
    if (!first && buffer.length < MAX_CHUNK_BYTES)
      buffer = Buffer.allocUnsafe(Math.min(MAX_CHUNK_BYTES, buffer.length * 4));
    const from = Math.max(contentStart, end - buffer.length);
    let bytesRead: number;
    if (first && lastUsable) {
      // Already in memory: only its part after the content start (a BOM) counts.
      buffer = buffer.subarray(from - last.position);
      bytesRead = buffer.length;
    } else {
      ({ bytesRead } = await file.read(buffer, 0, end - from, from));
    }
    if (bytesRead < end - from)
      throw new ToolError('STALE_FILE', 'the file shrank while it was being read; read it again');
    let j = bytesRead - 1;
    if (first) {
      first = false;
      if (buffer[j] === NEWLINE) j--;
    }
    // Newlines are searched in a Latin-1 view of the chunk (one character per byte, so positions
    // are byte offsets): String#lastIndexOf is a builtin, Buffer#lastIndexOf a JS wrapper around a
    // binding call, which costs more than the search itself for a line of a few dozen bytes.
    const bytes = j >= 0 ? buffer.toString('latin1', 0, j + 1) : '';
    while (j >= 0) {
      const at = bytes.lastIndexOf('\n', j);
      if (at === -1) break;
      if (++found === n)
        return {
          start: from + at + 1,
          ...(end === size ? { tail: { position: from, bytes: buffer.subarray(0, bytesRead), atEnd: true } } : {}),
        };
      lineEnd = from + at;
      j = at - 1;
    }
    end = from;
  }
  return { start: contentStart, totalLines: found + 1 };
}
