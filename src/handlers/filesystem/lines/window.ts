// A window of lines as every line reader asks for it and answers it, and the helpers they share
// for cutting long lines.
import { byteSize, type BudgetStop, type ScanBudget } from './scan-budget.js';

export interface WindowRequest {
  /** 1-based first line. */
  offset: number;
  /** Lines to show; 0 shows none (a counting pass). */
  limit: number;
  /** Lines longer than this many characters are cut with a marker. */
  maxLineChars: number;
  /** Stop adding lines once the window's text would exceed this many UTF-16 code units (≈ bytes for ASCII). */
  maxChars: number;
  /** Undefined for a call that cannot be cancelled. */
  signal: AbortSignal | undefined;
  /** Byte budgets of the scan (the defaults when absent). */
  budget?: ScanBudget;
}

export interface LineWindow {
  lines: string[];
  startLine: number;
  /** Line number of the last line in `lines` (startLine - 1 when empty). */
  endLine: number;
  /** Lines in the file, when known: this read or an earlier one counted to the end. */
  totalLines: number | undefined;
  /** True when lines after endLine exist; exact even when totalLines is not known. */
  more: boolean;
  /** Line numbers whose text was cut at maxLineChars. */
  cutLines: number[];
  /** True when the character cap, not `limit` or the end of file, ended the window. */
  charCapped: boolean;
  /** Set when a byte budget ended the scan (the window, or the count after it) early. */
  budgetStop?: BudgetStop;
}

const CR = 13;

/** The marker after a cut line: its length, or (`open`) that it goes on past that many bytes. */
export function lineCutMarker(totalChars: number | undefined, totalBytes: number, open = false): string {
  if (open) return ` … [line cut: longer than ${byteSize(totalBytes)}]`;
  return totalChars !== undefined
    ? ` … [line cut: ${totalChars} characters in all]`
    : ` … [line cut: ${totalBytes} bytes in all]`;
}

/**
 * bytes[from, end) as UTF-8 lines (split on newlines, a CR before each dropped), in one decode and
 * one split; undefined unless that gives exactly `count` lines, none longer than `maxLineChars`.
 */
export function utf8Lines(
  bytes: Buffer,
  from: number,
  end: number,
  count: number,
  maxLineChars: number,
): string[] | undefined {
  const lines = bytes.toString('utf8', from, end).split('\n');
  if (lines.length !== count) return undefined;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === CR) lines[i] = line = line.slice(0, -1);
    if (line.length > maxLineChars) return undefined;
  }
  return lines;
}

/** Cuts a decoded line at maxChars without splitting a surrogate pair. */
export function cutString(text: string, maxChars: number): string {
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}
