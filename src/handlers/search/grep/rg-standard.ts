// Bounded-memory parser for rg's standard output in the form grep asks for:
//   rg --null --line-number --column --no-heading --no-context-separator --max-columns N --max-columns-preview
// which prints `path NUL line ':' column ':' text LF` for matches and `path NUL line '-' text LF` for
// context lines. Unlike --json (which ignores --max-columns and, searching in parallel, buffers a whole
// file's output), rg never prints more than N columns of a line here, so a 1 GiB single-line file
// costs rg and this parser a few KiB of output.
import type { RgLineEvent } from './rg-json.js';

/** Columns (bytes) of a line rg prints; longer lines come as a preview of their first N characters. */
export const RG_MAX_COLUMNS = 8192;

/** A record longer than this cannot be one rg printed with the flags above: it is skipped. */
const MAX_RECORD_BYTES = 4 * RG_MAX_COLUMNS + 64 * 1024;

const NUL = 0x00;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const DASH = 0x2d;

/** The rg flags this parser expects (content mode, not multiline). */
export function standardPrinterArgs(): string[] {
  return [
    '--null',
    '--line-number',
    '--column',
    '--no-heading',
    '--no-context-separator',
    '--color',
    'never',
    '--max-columns',
    String(RG_MAX_COLUMNS),
    '--max-columns-preview',
  ];
}

/** rg's marker after a preview: " [... 3 more matches]" or " [... omitted end of long line]". */
const PREVIEW_MARKER = / \[\.\.\. (?:\d+ more matche?s?|omitted end of long line)\]$/;

/** Feed it rg's stdout with `push`; it calls `onEvent` per match/context line (false stops it). */
export class RgStandardStream {
  private pending: Buffer | undefined;
  private skipping = false;
  private stopped = false;
  private lastPathBytes: Buffer | undefined;
  private lastPath = '';
  /** The files named on rg's command line: only a line starting with one of them can be a message. */
  private named: readonly string[] = [];

  constructor(private readonly onEvent: (event: RgLineEvent) => boolean) {}

  /**
   * The paths the next run of rg is given. rg writes a message ("PATH: binary file matches …",
   * "WARNING: …") only about a file named on its command line, never one found by walking a folder;
   * a file's name may hold a newline and such words, so no other line is taken for a message.
   */
  expect(paths: readonly string[]): void {
    this.named = paths;
  }

  /** Returns false once `onEvent` asked to stop. */
  push(chunk: Buffer): boolean {
    let buf = chunk;
    if (this.pending) {
      buf = Buffer.concat([this.pending, chunk]);
      this.pending = undefined;
    }
    let start = 0;
    while (!this.stopped && start < buf.length) {
      if (this.skipping) {
        const newline = buf.indexOf(NEWLINE, start);
        if (newline < 0) return true;
        this.skipping = false;
        start = newline + 1;
        continue;
      }
      const next = this.record(buf, start);
      if (next === -1) {
        // Incomplete: keep the tail for the next chunk, unless it is already too long to be a record.
        if (buf.length - start > MAX_RECORD_BYTES) this.skipping = true;
        else this.pending = Buffer.from(buf.subarray(start));
        return true;
      }
      start = next;
    }
    return !this.stopped;
  }

  /** Parses the record at `start`; returns the offset after it, or -1 when it is not complete yet. */
  private record(buf: Buffer, start: number): number {
    const nul = buf.indexOf(NUL, start);
    const newline = buf.indexOf(NEWLINE, start);
    // A line break before the NUL: a message, unless all of it up to the NUL is a path rg was given
    // (a file named "A: WARNING: …\nB" given beside A is that file, not a message about A).
    if (
      newline >= 0 &&
      (nul < 0 || newline < nul) &&
      !(nul >= 0 && this.named.includes(buf.toString('utf8', start, nul))) &&
      isMessage(buf, start, newline, this.named)
    )
      return newline + 1;
    if (nul < 0) return -1;
    let pos = nul + 1;
    let line = 0;
    let digits = 0;
    for (; pos < buf.length && buf[pos]! >= 0x30 && buf[pos]! <= 0x39; pos++, digits++)
      line = line * 10 + (buf[pos]! - 0x30);
    if (pos >= buf.length) return -1;
    const separator = buf[pos];
    if (digits === 0 || (separator !== COLON && separator !== DASH)) {
      // Not a record of ours (e.g. a message after a path): skip the line.
      const end = buf.indexOf(NEWLINE, pos);
      return end < 0 ? -1 : end + 1;
    }
    pos++;
    let column: number | undefined;
    if (separator === COLON) {
      let col = 0;
      let colDigits = 0;
      for (; pos < buf.length && buf[pos]! >= 0x30 && buf[pos]! <= 0x39; pos++, colDigits++)
        col = col * 10 + (buf[pos]! - 0x30);
      if (pos >= buf.length) return -1;
      if (colDigits > 0 && buf[pos] === COLON) {
        column = col;
        pos++;
      }
    }
    const end = buf.indexOf(NEWLINE, pos);
    if (end < 0) return -1;
    let textEnd = end;
    if (textEnd > pos && buf[textEnd - 1] === 0x0d) textEnd--; // CRLF files
    const event: RgLineEvent = {
      type: separator === COLON ? 'match' : 'context',
      path: this.pathOf(buf, start, nul),
      line,
      text: buf.toString('utf8', pos, textEnd),
    };
    if (column !== undefined && column > 1) event.firstMatchByte = column - 1;
    if (textEnd - pos > RG_MAX_COLUMNS) {
      // Only a preview is longer than the column limit: drop rg's marker, note that the line goes on.
      event.text = event.text.replace(PREVIEW_MARKER, '');
      event.longerThan = RG_MAX_COLUMNS;
    }
    if (!this.onEvent(event)) this.stopped = true;
    return end + 1;
  }

  /** Paths repeat line after line: decode each once. */
  private pathOf(buf: Buffer, start: number, end: number): string {
    const bytes = buf.subarray(start, end);
    if (this.lastPathBytes && this.lastPathBytes.equals(bytes)) return this.lastPath;
    this.lastPathBytes = Buffer.from(bytes);
    this.lastPath = bytes.toString('utf8');
    return this.lastPath;
  }
}

/**
 * rg's notes about binary files ("PATH: binary file matches (found "\0" byte …)", or without the
 * path when one file was given) and warnings: only about a file of `named`.
 */
function isMessage(buf: Buffer, start: number, end: number, named: readonly string[]): boolean {
  const text = buf.toString('utf8', start, Math.min(end, start + 8192));
  if (text === '') return true;
  const about = named.find((path) => text.startsWith(`${path}: `));
  const note = about === undefined ? text : text.slice(about.length + 2);
  if (!/^(?:binary file matches \(|WARNING: )/.test(note)) return false;
  // Without a path, rg was given one file: a path found by walking starts with the folder given.
  return about !== undefined || named.length === 1;
}
