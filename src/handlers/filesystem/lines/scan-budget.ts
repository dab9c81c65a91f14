// Byte budgets for every search for lines in a file: a line longer than a limit is not searched
// to its end, and no call scans more than a limit in all, so a sparse 20 GiB "line" or a huge file
// costs a bounded read, not minutes. Where a scan stopped is remembered, so the next call goes on.
import { ToolError } from '../../../runtime/contract/errors.js';

/** A line longer than this is not searched to its end (forward or backward). */
export const MAX_LINE_SCAN_BYTES = 64 * 1024 * 1024;
/** Most bytes one call scans for lines (skipping to a window, the window, counting on). */
export const MAX_CALL_SCAN_BYTES = 2 * 1024 ** 3;

export interface ScanBudget {
  maxLineBytes: number;
  maxScanBytes: number;
}

export const DEFAULT_SCAN_BUDGET: ScanBudget = { maxLineBytes: MAX_LINE_SCAN_BYTES, maxScanBytes: MAX_CALL_SCAN_BYTES };

/**
 * Why a scan stopped before it was done: `line` (a line longer than the line budget; `line` is its
 * number, negative from the end in a backward scan) or `scan` (the call's budget; `line` is the
 * line the scan was in).
 */
export interface BudgetStop {
  kind: 'line' | 'scan';
  line: number;
  /** The budget that was reached, in bytes. */
  bytes: number;
  /** What the scan was doing: reading the window (or skipping to it), or counting on after it. */
  during: 'window' | 'count';
}

/** A line start found by an earlier call (a place a budget stopped it), where a later call may resume. */
export interface ResumeMark {
  line: number;
  byte: number;
}

const MAX_MARKS = 16;

/** Remembers where `line` starts, for a later call; the oldest marks make room. */
export function addMark(marks: ResumeMark[], line: number, byte: number): void {
  if (marks.some((mark) => mark.line === line)) return;
  marks.push({ line, byte });
  if (marks.length > MAX_MARKS) marks.shift();
}

/** The mark nearest before `offset` (at most `offset`), if any. */
export function bestMark(marks: readonly ResumeMark[] | undefined, offset: number): ResumeMark | undefined {
  let best: ResumeMark | undefined;
  for (const mark of marks ?? []) if (mark.line <= offset && (!best || mark.line > best.line)) best = mark;
  return best;
}

/** The mark furthest into the file, if any. */
export function furthestMark(marks: readonly ResumeMark[] | undefined): ResumeMark | undefined {
  return bestMark(marks, Infinity);
}

export function byteSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GiB`;
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`;
  return `${bytes} bytes`;
}

const BYTE_TOOLS = 'read it by byte range outside read_file (e.g. `tail -c`, `head -c` or `dd` in bash)';

/** The note on a window or count that a budget ended. */
export function budgetNote(stop: BudgetStop): string {
  const back = stop.line < 0;
  if (stop.during === 'count') {
    return stop.kind === 'line'
      ? `counting stopped at line ${stop.line}, which is longer than ${byteSize(stop.bytes)}: the total is not known; ${BYTE_TOOLS}`
      : `counting stopped after scanning ${byteSize(stop.bytes)} (at line ${stop.line}): the total is not known; call again with count_lines: true to count on from there`;
  }
  if (stop.kind === 'line') {
    return back
      ? `line ${stop.line} (from the end) is longer than ${byteSize(stop.bytes)}: read_file does not search further for its start, so it and the lines before it cannot be read; ${BYTE_TOOLS}`
      : `line ${stop.line} is longer than ${byteSize(stop.bytes)}: read_file does not search further for its end, so the lines after it cannot be read; ${BYTE_TOOLS}`;
  }
  return back
    ? `the scan back from the end stopped after ${byteSize(stop.bytes)}, so lines before line ${stop.line + 1} are not shown; ${BYTE_TOOLS}`
    : `the window stopped after scanning ${byteSize(stop.bytes)}`;
}

/** The error for a window that a budget kept the scan from reaching. */
export function unreachableWindow(display: string, offset: number, stop: BudgetStop): ToolError {
  if (stop.kind === 'line') {
    const where =
      stop.line < 0
        ? `the line ${-stop.line === 1 ? 'at the end' : `${-stop.line} from the end`}`
        : `line ${stop.line}`;
    return new ToolError(
      'TOO_LARGE',
      `${where} of ${display} is longer than ${byteSize(stop.bytes)}: read_file does not search further for ${stop.line < 0 ? 'its start' : 'its end'}, so ${offset < 0 ? `the last ${-offset} lines` : `line ${offset}`} cannot be read; ${BYTE_TOOLS}`,
    );
  }
  return new ToolError(
    'TOO_LARGE',
    `reaching line ${offset} of ${display} takes more than the ${byteSize(stop.bytes)} one call scans (it got to line ${stop.line}); call again to go on from there, use a negative offset for the end of the file, or grep to find the lines`,
  );
}
