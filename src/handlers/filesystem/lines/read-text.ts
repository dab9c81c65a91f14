// read_file for text: a window of lines (from the start, or from the end with a negative offset),
// in whatever encoding the file uses, costing the window rather than the file.
import type { ReadFileParams, ReadFileResult } from '../../../generated/types.js';
import { ToolError } from '../../../runtime/errors.js';
import { continuationLine, nextArguments } from '../../../runtime/continuation.js';
import { withText } from '../../../runtime/handler.js';
import { plural } from '../plural.js';
import { readDecodedWindow } from './decoded-reader.js';
import { sharedLineIndex, type LineIndex } from './line-index.js';
import { OverlayReader, type KnownBytes, type PositionalReader } from './positional-reader.js';
import { readByteLineWindow, type ByteLineRequest } from './byte-lines.js';
import { utf8Lines, type LineWindow, type WindowRequest } from './window.js';
import { budgetNote, DEFAULT_SCAN_BUDGET, unreachableWindow, type BudgetStop } from './scan-budget.js';
import { findTailStart } from './tail-scan.js';
import type { TextKind } from '../encodings/text-codec.js';
import type { SeenSegment } from '../../../runtime/seen-lines.js';

const NEWLINE = 10;
const MAX_LINE_CHARS = 2000;
/** Cap on a window's text (≈100 KiB), far below any transport's message limit. */
const MAX_WINDOW_CHARS = 100 * 1024;
/**
 * After a window, the rest of the file is counted (for an exact total_lines) when at most this
 * much remains: ~3 ms of scanning. Beyond it the total is reported as not known.
 */
export const COUNT_AHEAD_BYTES = 8 * 1024 * 1024;

export interface TextFile {
  reader: PositionalReader;
  size: number;
  /** Identity of this file version (device, inode, size, mtime) for the line index. */
  key: string;
  kind: TextKind;
  display: string;
  /** The file's last bytes, when already read (a window from the end starts with them). */
  tail?: KnownBytes;
  /** Set to the lines the answer shows (a line shown cut is null), for the edits' stale guard. */
  seen?: SeenSegment;
}

function formatWindow(lines: readonly string[], startLine: number, lineNumbers: boolean): string {
  if (!lineNumbers) return lines.join('\n');
  return lines.map((line, i) => `${String(startLine + i).padStart(6)}\t${line}`).join('\n');
}

function sizeText(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
}

/** A window numbered from the end of the file (the total is not known). */
export interface TailWindow extends LineWindow {
  fromEnd: number;
}

/** A window, and the budget stop of a count that ran before it (count_lines). */
type ShownWindow = (LineWindow | TailWindow) & { countStop?: BudgetStop };

/** `signal`: undefined for a call that cannot be cancelled (none is made for it). */
export async function readTextFile(file: TextFile, params: ReadFileParams, signal: AbortSignal | undefined) {
  const rawOffset = params.offset;
  if (rawOffset === 0) {
    throw new ToolError(
      'INVALID_INPUT',
      'offset 0 is not a line: lines are numbered from 1, and a negative offset counts from the end (-1 is the last line)',
    );
  }
  const limit = params.limit;
  const countAll = params.count_lines;
  const { kind } = file;
  let window: ShownWindow;
  if (kind.encoding === 'utf-16le' || kind.encoding === 'utf-16be') {
    const request: WindowRequest = {
      offset: rawOffset,
      limit,
      maxLineChars: MAX_LINE_CHARS,
      maxChars: MAX_WINDOW_CHARS,
      signal,
    };
    // Decoded streams have no index: count first when the window is given from the end.
    let offset = rawOffset;
    if (offset < 0) {
      const counted = await readDecodedWindow(file.reader, kind.encoding, kind.bomLength, {
        ...request,
        offset: 1,
        limit: 0,
      });
      if (counted.totalLines === undefined) throw unreachableWindow(file.display, rawOffset, counted.budgetStop!);
      offset = Math.max(1, counted.totalLines + offset + 1);
    }
    window = await readDecodedWindow(file.reader, kind.encoding, kind.bomLength, { ...request, offset });
  } else {
    const decodeLine = kind.codec?.decodeRange;
    const decodeLines = kind.codec && !decodeLine ? (lines: Buffer[]) => kind.codec!.decodeLines(lines) : undefined;
    const index = sharedLineIndex.get(file.key, kind.bomLength);
    index.textKind = kind;
    // One literal, not a spread of `request`: a spread copy costs ~5 µs on a small read.
    const byteRequest: ByteLineRequest = {
      offset: rawOffset,
      limit,
      maxLineChars: MAX_LINE_CHARS,
      maxChars: MAX_WINDOW_CHARS,
      signal,
      size: file.size,
      decodeLines,
      decodeLine,
      maxBytesPerUnit: kind.codec?.maxBytesPerUnit,
      countAheadBytes: countAll ? Infinity : COUNT_AHEAD_BYTES,
    };
    window =
      rawOffset > 0
        ? await readByteLineWindow(file.reader, index, byteRequest)
        : await readFromEnd(file, index, byteRequest, -rawOffset, countAll);
  }
  // A budget stopped the scan before it reached the window's first line.
  if (window.lines.length === 0 && window.budgetStop && !('fromEnd' in window)) {
    throw unreachableWindow(file.display, rawOffset, window.budgetStop);
  }
  const total = window.totalLines;
  if (total !== undefined && window.startLine > Math.max(total, 1)) {
    throw new ToolError(
      'INVALID_INPUT',
      `offset ${window.startLine} is past the end of ${file.display}: it has ${plural(total, 'line')}`,
    );
  }
  file.seen = seenSegment(window);
  return render(file, window, params);
}

function seenSegment(window: ShownWindow): SeenSegment {
  const cut = new Set(window.cutLines);
  return {
    lines: window.lines.map((line, i) => (cut.has(window.startLine + i) ? null : line)),
    atStart: window.startLine === 1,
    atEnd: !window.more && window.budgetStop === undefined,
  };
}

/** The window that starts `fromEnd` lines before the end: by line number when the total is known, else by a backward scan. */
async function readFromEnd(
  file: TextFile,
  index: LineIndex,
  request: ByteLineRequest,
  fromEnd: number,
  countAll: boolean,
): Promise<ShownWindow> {
  const contentStart = index.checkpoints[0]!;
  let countStop: BudgetStop | undefined;
  if (index.totalLines === undefined && (countAll || file.size - contentStart <= COUNT_AHEAD_BYTES)) {
    countStop = (
      await readByteLineWindow(file.reader, index, { ...request, offset: 1, limit: 0, countAheadBytes: Infinity })
    ).budgetStop;
  }
  if (index.totalLines === undefined) {
    const last = await readLastLines(file.reader, contentStart, file.size, fromEnd, request, file.tail);
    if ('stopped' in last) throw unreachableWindow(file.display, -fromEnd, last.stopped);
    if ('window' in last) return { ...last.window, ...(countStop ? { countStop } : {}) };
    index.totalLines = last.totalLines;
  }
  const offset = Math.max(1, index.totalLines + 1 - fromEnd);
  return readByteLineWindow(file.reader, index, { ...request, offset });
}

/**
 * The window that starts `fromEnd` lines before the end of [contentStart, size), numbered from the
 * end (-fromEnd is its first line), found by a backward scan; or the file's line count when it has
 * at most `fromEnd` lines. `last` is the file's last bytes when already read.
 */
export async function readLastLines(
  reader: PositionalReader,
  contentStart: number,
  size: number,
  fromEnd: number,
  request: ByteLineRequest,
  last?: KnownBytes,
): Promise<{ window: TailWindow } | { totalLines: number } | { stopped: BudgetStop }> {
  const tail = await findTailStart(
    reader,
    contentStart,
    size,
    fromEnd,
    request.signal,
    last,
    request.budget ?? DEFAULT_SCAN_BUDGET,
  );
  if (tail.totalLines !== undefined) return { totalLines: tail.totalLines };
  // A budget stopped the backward scan: the window is the complete lines it found, if any.
  if (tail.budgetStop && !tail.found) return { stopped: tail.budgetStop };
  const count = tail.budgetStop ? tail.found! : fromEnd;
  // The common case, all lines in the last chunk read and none to cut: no line reader needed.
  const inMemory =
    tail.tail && request.limit >= count && !request.decodeLine && !request.decodeLines
      ? utf8TailLines(tail.tail, tail.start, count, request)
      : undefined;
  if (inMemory) {
    return {
      window: {
        lines: inMemory,
        fromEnd: count,
        startLine: -count,
        endLine: -1,
        cutLines: [],
        totalLines: undefined,
        more: false,
        charCapped: false,
      },
    };
  }
  // Lines from the tail start are read with a throwaway index: their numbers are relative.
  if (tail.tail) {
    const overlay = new OverlayReader(reader);
    overlay.add(tail.tail);
    reader = overlay;
  }
  // The backward scan kept within the budgets: reading those bytes again needs none.
  const relative = await readByteLineWindow(
    reader,
    { checkpoints: [tail.start] },
    {
      ...request,
      offset: 1,
      limit: Math.min(request.limit, count),
      countAheadBytes: Infinity,
      budget: { maxLineBytes: Infinity, maxScanBytes: Infinity },
    },
  );
  return {
    window: {
      ...relative,
      fromEnd: count,
      startLine: -count,
      endLine: -count + relative.lines.length - 1,
      cutLines: relative.cutLines.map((n) => n - count - 1),
      totalLines: undefined,
      ...(tail.budgetStop ? { budgetStop: tail.budgetStop } : {}),
    },
  };
}

/**
 * The last `count` lines of a UTF-8 file whose bytes from `start` to the end are all in `tail`,
 * decoded in one call and split once; undefined when a line would have to be cut or the window
 * capped (the line reader then does it, with its markers and notes).
 */
function utf8TailLines(tail: KnownBytes, start: number, count: number, request: ByteLineRequest): string[] | undefined {
  const { bytes } = tail;
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === NEWLINE) end--;
  const from = start - tail.position;
  // Bytes ≥ UTF-16 units, so a byte length within the cap is a text length within it.
  if (end - from + 1 > request.maxChars) return undefined;
  return utf8Lines(bytes, from, end, count, request.maxLineChars);
}

function render(file: TextFile, window: ShownWindow, params: ReadFileParams) {
  const lineNumbers = params.line_numbers;
  const { kind } = file;
  const total = window.totalLines;
  const stop = window.budgetStop;
  // After a line too long to search to its end, no next line can be reached by number.
  const next = window.more && !(stop?.kind === 'line' && stop.during === 'window');
  const output: ReadFileResult = {
    path: file.display,
    type: 'text',
    content: formatWindow(window.lines, window.startLine, lineNumbers),
    start_line: window.startLine,
    end_line: window.endLine,
    ...(total !== undefined ? { total_lines: total } : {}),
    total_lines_known: total !== undefined,
    truncated: window.more || window.cutLines.length > 0 || stop !== undefined,
    encoding: kind.encoding,
    ...(kind.codec ? { encoding_confidence: Math.round((kind.confidence ?? 0) * 100) / 100 } : {}),
    ...(next ? { next_offset: window.endLine + 1, next: nextArguments(params, { offset: window.endLine + 1 }) } : {}),
  };
  const notes: string[] = [];
  if (total === 0) notes.push(`${file.display} is empty`);
  const why = window.charCapped
    ? `the window reached its ${MAX_WINDOW_CHARS / 1024} KiB cap`
    : stop?.kind === 'scan' && stop.during === 'window'
      ? budgetNote(stop)
      : `showing ${plural(window.lines.length, 'line')}`;
  if ('fromEnd' in window) {
    notes.push(
      `the last ${plural(window.fromEnd, 'line')} of ${file.display} (${sizeText(file.size)}), numbered from the end (-1 is the last line) because the file's line count is not known${stop ? '' : ' yet; pass count_lines: true to count it and number lines from the start'}`,
    );
    if (next) notes.push(why);
  } else if (total === undefined) {
    const counting =
      stop || window.countStop
        ? ''
        : ' yet: counting reads the whole file, pass count_lines: true for it, or a negative offset such as -50 to read the end';
    notes.push(
      `lines ${window.startLine}-${window.endLine} of ${file.display} (${sizeText(file.size)}; its line count is not known${counting})`,
    );
    if (next) notes.push(why);
  } else if (window.more) {
    notes.push(`lines ${window.startLine}-${window.endLine} of ${total} (${why})`);
  }
  // A stop that `why` did not already explain: a long line, the scan back from the end, a count.
  if (stop && !(stop.kind === 'scan' && stop.during === 'window' && stop.line > 0)) notes.push(budgetNote(stop));
  if (window.countStop) notes.push(budgetNote(window.countStop));
  if (kind.codec) {
    notes.push(
      `decoded as ${kind.encoding}${kind.confidence ? '' : ' (a fallback: the detector was not confident)'}; edits and writes keep this encoding`,
    );
  }
  if (window.cutLines.length > 0) {
    notes.push(
      `${plural(window.cutLines.length, 'line')} longer than ${MAX_LINE_CHARS} characters cut (line ${window.cutLines.slice(0, 5).join(', ')}${window.cutLines.length > 5 ? ', …' : ''}); use grep to search inside them`,
    );
  }
  let text =
    notes.length === 0 ? output.content : `${output.content}${output.content ? '\n\n' : ''}(${notes.join('; ')})`;
  if (output.next) {
    const at = `cut at line ${window.endLine}${total !== undefined ? ` of ${total}` : ''}`;
    text += `${text ? '\n' : ''}${continuationLine(at, output.next)}`;
  }
  return withText(output, text);
}
