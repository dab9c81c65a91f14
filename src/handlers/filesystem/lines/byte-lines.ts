// Streaming line windows of files whose lines end at byte 10: memory is bounded by the window (plus
// one reused read buffer), never by the file, and a sparse line index lets later windows start near
// their first line.
import { throwIfAborted } from '../../../runtime/contract/errors.js';
import { LINE_INDEX_STRIDE, type LineIndex } from './line-index.js';
import { SCAN_BUFFER_BYTES, returnScanner, takeScanner } from './newline-scan.js';
import type { PositionalReader } from './positional-reader.js';
import { addMark, bestMark, furthestMark, DEFAULT_SCAN_BUDGET, type BudgetStop } from './scan-budget.js';
import { cutString, lineCutMarker, utf8Lines, type LineWindow, type WindowRequest } from './window.js';

/** What the byte-line reader needs beyond the window: where the file ends and how far to count on. */
export interface ByteLineRequest extends WindowRequest {
  /** Size of the file in bytes (from the stat of the open descriptor). */
  size: number;
  /**
   * Once the window is filled, count on to the end of the file (for an exact total) only when at
   * most this many bytes remain; Infinity always counts, 0 never does.
   */
  countAheadBytes: number;
  /**
   * Decodes lines' bytes (newline and CR removed) in one batch, one string per line; UTF-8 line by
   * line when absent. A batch saves the per-call cost of a legacy codec (~2 µs a line).
   */
  decodeLines?: (lines: Buffer[]) => string[];
  /**
   * Decodes one line's bytes in place, like UTF-8 is (no copy, no batch); for codecs whose
   * per-call cost is small (single-byte code pages). Not used together with decodeLines.
   */
  decodeLine?: (bytes: Buffer, start: number, end: number) => string;
  /** Most bytes one UTF-16 unit of decoded text can take (1 for single-byte encodings; 4 at most). */
  maxBytesPerUnit?: number;
}

const NEWLINE = 10;
const CR = 13;
const FIRST_READ_BYTES = 64 * 1024;

/**
 * Reads a window of lines from `file`, splitting on byte 10 (UTF-8 and every ASCII-compatible
 * legacy encoding read here: none uses byte 10 or 13 inside a character), using and extending
 * `index`. It stops once the window is filled unless the rest is short enough to count
 * (`countAheadBytes`): a window of a huge file costs the window, not the file.
 *
 * One function on purpose: it is the hot loop of read_file over multi-GB files, and its steps (the
 * bulk UTF-8 path, one line at a time, counting between checkpoints, the budgets) share a dozen
 * pieces of state that a split would turn into fields read and written per line.
 */
export async function readByteLineWindow(
  file: PositionalReader,
  index: LineIndex,
  request: ByteLineRequest,
): Promise<LineWindow> {
  const { offset, limit, maxLineChars, maxChars, signal, size, countAheadBytes } = request;
  const decodeLines = request.decodeLines;
  const decodeLine =
    request.decodeLine ?? ((bytes: Buffer, start: number, end: number) => bytes.toString('utf8', start, end));
  // Off for the rest of the call once a run does not qualify: a retry per line would be quadratic.
  let bulkUtf8 = request.decodeLine === undefined && decodeLines === undefined;
  const keepBytes = maxLineChars * 4 + 4;
  const { maxLineBytes, maxScanBytes } = request.budget ?? DEFAULT_SCAN_BUDGET;
  const checkpoints = index.checkpoints;
  const k = Math.min(Math.floor((offset - 1) / LINE_INDEX_STRIDE), checkpoints.length - 1);
  let pos = checkpoints[k]!;
  let line = k * LINE_INDEX_STRIDE + 1; // number of the line that starts at the next unread byte run
  // An earlier call that a budget stopped left a mark nearer the window than any checkpoint.
  const mark = bestMark(index.marks, offset);
  if (mark && mark.line > line) ({ line, byte: pos } = mark);
  let scanned = 0; // bytes read by this call
  let lineStart = pos; // byte where the line being read starts
  let budgetStop: BudgetStop | undefined;

  const lines: string[] = [];
  const cutLines: number[] = [];
  let windowDone = limit === 0 || (index.totalLines !== undefined && offset > Math.max(index.totalLines, 1));
  let charCapped = false;
  let outChars = 0;
  let parts: Buffer[] = [];
  let keptBytes = 0;
  let lineBytes = 0;
  let lastByte = -1;
  // Byte where the line after the window starts, once the window is done.
  let nextLineByte = pos;
  const countOn = () => index.totalLines === undefined && size - nextLineByte <= countAheadBytes;
  // Batch decoding: lines are kept as bytes, then decoded and capped exactly in `finish`.
  const batch: { raw: Buffer; wasCut: boolean; lineBytes: number; line: number; open: boolean }[] = [];
  let batchBytes = 0;
  const addLine = (text: string, wasCut: boolean, bytes: number, lineNumber: number, open = false): boolean => {
    const cut = wasCut || text.length > maxLineChars;
    if (cut) text = cutString(text, maxLineChars) + lineCutMarker(wasCut ? undefined : text.length, bytes, open);
    if (lines.length > 0 && outChars + text.length + 1 > maxChars) {
      charCapped = true;
      return false;
    }
    // Only lines shown are listed as cut (the note names them).
    if (cut) cutLines.push(lineNumber);
    outChars += text.length + 1;
    lines.push(text);
    return true;
  };
  const finish = (stopped: boolean): LineWindow => {
    if (batch.length > 0) {
      const texts = decodeLines!(batch.map((b) => b.raw));
      for (let j = 0; j < batch.length; j++) {
        const b = batch[j]!;
        if (!addLine(texts[j]!, b.wasCut, b.lineBytes, b.line, b.open)) break;
      }
      batch.length = 0;
    }
    if (stopped && index.totalLines === undefined && !charCapped && nextLineByte >= size) index.totalLines = line - 1;
    const totalLines = index.totalLines;
    const endLine = offset + lines.length - 1;
    const more = totalLines !== undefined ? endLine < totalLines : charCapped || nextLineByte < size;
    return {
      lines,
      startLine: offset,
      endLine,
      totalLines,
      more,
      cutLines,
      charCapped,
      ...(budgetStop ? { budgetStop } : {}),
    };
  };
  if (windowDone && !countOn()) return finish(true);

  /** Ends the line being read; `open`: it goes on past the line budget (the marker says so). */
  const finishLine = (open = false) => {
    let raw = parts.length === 1 ? parts[0]! : Buffer.concat(parts, keptBytes);
    const wasCut = lineBytes > keptBytes;
    if (!wasCut && raw.length > 0 && raw[raw.length - 1] === CR) raw = raw.subarray(0, raw.length - 1);
    const bytes = open ? maxLineBytes : lineBytes;
    parts = [];
    keptBytes = 0;
    lineBytes = 0;
    if (decodeLines) {
      batch.push({ raw, wasCut, lineBytes: bytes, line, open });
      batchBytes += raw.length + 1;
      // Past maxBytesPerUnit × the cap in bytes, the decoded text is certainly past the cap.
      if (batch.length >= limit || batchBytes > maxChars * (request.maxBytesPerUnit ?? 4)) windowDone = true;
      return;
    }
    if (!addLine(decodeLine(raw, 0, raw.length), wasCut, bytes, line, open) || lines.length >= limit) windowDone = true;
  };
  /**
   * A budget stops the scan: a line in the window that is too long is shown cut and ends it; the
   * line's start is remembered so that a later call resumes there instead of from the start.
   */
  const stopOnBudget = (kind: BudgetStop['kind']) => {
    budgetStop = {
      kind,
      line,
      bytes: kind === 'line' ? maxLineBytes : maxScanBytes,
      during: windowDone ? 'count' : 'window',
    };
    if (!windowDone && line >= offset) {
      if (kind === 'line') finishLine(true);
      windowDone = true;
    }
    addMark((index.marks ??= []), line, lineStart);
  };

  // Next line number that gets a checkpoint. Concurrent reads of one file share the index, so a
  // checkpoint is only appended when it is exactly the next slot (another read may have added it).
  let nextCheckpointLine = (Math.floor((line - 1) / LINE_INDEX_STRIDE) + 1) * LINE_INDEX_STRIDE + 1;
  const recordCheckpoint = (lineNumber: number, byteOffset: number) => {
    if (checkpoints.length === (lineNumber - 1) / LINE_INDEX_STRIDE) checkpoints.push(byteOffset);
  };
  // Double buffering: the next chunk is read (in libuv's pool) while this one is scanned.
  const scanner = takeScanner();
  let which: 0 | 1 = 0;
  // The first read is small: most windows are a few KiB of lines, and a 1 MiB copy costs ~0.1 ms.
  let pending: Promise<{ bytesRead: number }> | undefined = file.read(scanner.buffers[0], 0, FIRST_READ_BYTES, pos);
  let stopped = false;
  try {
    for (;;) {
      throwIfAborted(signal);
      const { bytesRead } = await pending;
      pending = undefined;
      if (bytesRead === 0) break;
      const buffer = scanner.buffers[which];
      const view = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      let i = 0;
      while (i < bytesRead) {
        if (!windowDone && line >= offset && bulkUtf8 && parts.length === 0) {
          // Plain UTF-8, no line pending: whole lines of this chunk in one decode and one split
          // (one native call each instead of two per line), where nothing can be cut or capped.
          const want = Math.min(limit - lines.length, nextCheckpointLine - line);
          let last = scanner.nth(which, i, bytesRead, want);
          const count = last === -1 ? scanner.missCount : want;
          if (last === -1 && count > 0) last = view.lastIndexOf(NEWLINE, bytesRead - 1);
          const texts =
            count > 0 && last + 1 - i <= maxChars - outChars
              ? utf8Lines(view, i, last, count, maxLineChars)
              : undefined;
          if (count > 0 && !texts) bulkUtf8 = false;
          else if (texts) {
            for (const text of texts) {
              addLine(text, false, 0, line);
              line++;
            }
            if (line === nextCheckpointLine) {
              recordCheckpoint(line, pos + last + 1);
              nextCheckpointLine += LINE_INDEX_STRIDE;
            }
            i = last + 1;
            lineStart = pos + i;
            if (lines.length >= limit) {
              windowDone = true;
              nextLineByte = pos + i;
              if (!countOn()) {
                stopped = true;
                break;
              }
            }
            continue;
          }
        }
        if (!windowDone && line >= offset) {
          const nl = view.indexOf(NEWLINE, i);
          const end = nl === -1 ? bytesRead : nl;
          const take = Math.min(end - i, keepBytes - keptBytes);
          if (nl !== -1 && parts.length === 0 && !decodeLines) {
            // The whole line is in this chunk and is decoded right away: no copy needed.
            lineBytes = nl - i;
            const wasCut = lineBytes > take;
            let stop = i + take;
            if (!wasCut && stop > i && view[stop - 1] === CR) stop--;
            if (!addLine(decodeLine(view, i, stop), wasCut, lineBytes, line) || lines.length >= limit)
              windowDone = true;
            lineBytes = 0;
          } else {
            if (take > 0) {
              parts.push(Buffer.from(view.subarray(i, i + take))); // copy: the read buffer is reused
              keptBytes += take;
            }
            lineBytes += end - i;
            if (nl === -1) break;
            finishLine();
          }
          line++;
          if (line === nextCheckpointLine) {
            recordCheckpoint(line, pos + nl + 1);
            nextCheckpointLine += LINE_INDEX_STRIDE;
          }
          i = nl + 1;
          lineStart = pos + i;
          if (windowDone) {
            nextLineByte = pos + i;
            if (!countOn()) {
              stopped = true;
              break;
            }
          }
          continue;
        }
        if (windowDone && index.totalLines !== undefined) {
          stopped = true; // a concurrent read of this file counted to the end meanwhile
          break;
        }
        // Counting: jump newline-count to newline-count, from stop to stop (the next checkpoint
        // line, or the window's first line); the hot path over a multi-GB file.
        const target = windowDone ? Infinity : offset;
        let reachedWindow = false;
        while (i < bytesRead) {
          const stopLine = Math.min(nextCheckpointLine, target);
          const nl = scanner.nth(which, i, bytesRead, stopLine - line);
          if (nl === -1) {
            line += scanner.missCount;
            if (scanner.missCount > 0) lineStart = pos + view.lastIndexOf(NEWLINE, bytesRead - 1) + 1;
            i = bytesRead;
            break;
          }
          line = stopLine;
          if (line === nextCheckpointLine) {
            recordCheckpoint(line, pos + nl + 1);
            nextCheckpointLine += LINE_INDEX_STRIDE;
          }
          i = nl + 1;
          lineStart = pos + i;
          if (line >= target) {
            reachedWindow = true;
            break;
          }
        }
        if (!reachedWindow) break;
      }
      if (stopped) break;
      // The budgets are checked once a chunk: the line being read, and the call's whole scan.
      const chunkEnd = pos + bytesRead;
      scanned += bytesRead;
      if (chunkEnd < size) {
        const over = chunkEnd - lineStart > maxLineBytes ? 'line' : scanned >= maxScanBytes ? 'scan' : undefined;
        if (over) {
          stopOnBudget(over);
          stopped = true;
          break;
        }
      }
      lastByte = view[bytesRead - 1]!;
      pos += bytesRead;
      // Counting on after the window: an earlier call that a budget stopped counted further already.
      const ahead = windowDone ? furthestMark(index.marks) : undefined;
      if (ahead && ahead.line > line) {
        ({ line, byte: pos } = ahead);
        lineStart = pos;
        lastByte = NEWLINE; // a mark starts a line: one follows a newline
        nextCheckpointLine = (Math.floor((line - 1) / LINE_INDEX_STRIDE) + 1) * LINE_INDEX_STRIDE + 1;
      }
      which = which === 0 ? 1 : 0;
      pending = file.read(scanner.buffers[which], 0, SCAN_BUFFER_BYTES, pos);
    }
    if (!stopped) {
      // A last line without a trailing newline.
      if (lineBytes > 0 && !windowDone && line >= offset) finishLine();
      // Nothing read means we started at EOF: the content start, or a checkpoint (which always
      // follows a newline); either way the current line number is one past the last line.
      index.totalLines = lastByte === -1 || lastByte === NEWLINE ? line - 1 : line;
    }
  } finally {
    if (pending) await pending.catch(() => undefined);
    returnScanner(scanner);
  }
  return finish(stopped);
}
