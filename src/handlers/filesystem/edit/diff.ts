// Unified diff of an edit that looks only at the regions the edit changed: the text between two
// changed ranges is identical in both versions, so only small windows around each change are
// handed to the `diff` library (a whole-file diff of a 5 MB file cost ~66 ms and ~100 MiB).
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatchHunk } from 'diff';
import type { ChangedRange } from './match.js';

const CONTEXT = 3;
export const MAX_DIFF_CHARS = 20_000;

interface Window {
  /** [b0, b1) in the old text and [a0, a1) in the new one, both on line boundaries. */
  b0: number;
  b1: number;
  a0: number;
  a1: number;
}

/** Start of the line holding `index`. */
function lineStart(text: string, index: number): number {
  return index <= 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** End (after its '\n') of the line holding `index`, or the text's end. */
function lineEnd(text: string, index: number): number {
  const nl = text.indexOf('\n', index);
  return nl === -1 ? text.length : nl + 1;
}

/** Moves `from` back by up to `lines` whole lines. */
function back(text: string, from: number, lines: number): number {
  let at = from;
  for (let i = 0; i < lines && at > 0; i++) at = lineStart(text, at - 1);
  return at;
}

/** Moves `from` (a line start) forward by up to `lines` whole lines. */
function forward(text: string, from: number, lines: number): number {
  let at = from;
  for (let i = 0; i < lines && at < text.length; i++) at = lineEnd(text, at);
  return at;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Above this size a window is not grown further: the diff shown is capped anyway, and the line
 * diff's cost grows with size × number of changes (50,000 one-line changes would take minutes).
 */
const MAX_WINDOW_CHARS = 64 * 1024;

/** Changed ranges grown to whole lines plus context, merged where they meet; `cut` when some were left out. */
function windowsOf(
  before: string,
  after: string,
  changes: readonly ChangedRange[],
): { windows: Window[]; cut: boolean } {
  const windows: Window[] = [];
  for (const c of changes) {
    const last = windows[windows.length - 1];
    if (last && last.b1 - last.b0 + (last.a1 - last.a0) > MAX_WINDOW_CHARS) return { windows, cut: true };
    const b0 = back(before, lineStart(before, c.oldStart), CONTEXT);
    const a0 = c.start - (c.oldStart - b0);
    const b1 = forward(before, lineEnd(before, c.oldEnd), CONTEXT);
    const a1 = c.end + (b1 - c.oldEnd);
    const prev = windows[windows.length - 1];
    if (prev && b0 <= prev.b1) {
      // Both ends grow monotonically, and only the later change maps its end correctly.
      prev.b1 = b1;
      prev.a1 = a1;
    } else {
      windows.push({ b0, b1, a0, a1 });
    }
  }
  return { windows, cut: false };
}

const normalize = (s: string) => s.replace(/\r\n/g, '\n');

const MAX_EDIT_LENGTH = 400;

/** Lines with their terminators ("a\n", …, maybe a last one without). */
function linesOf(text: string): string[] {
  const lines = text.split('\n').map((line) => `${line}\n`);
  const last = lines.pop()!;
  if (last !== '\n') lines.push(last.slice(0, -1));
  return lines;
}

/** A hunk showing `oldText` replaced by `newText` (common first and last lines kept as context). */
function blockHunk(oldText: string, newText: string): StructuredPatchHunk {
  const a = linesOf(oldText);
  const b = linesOf(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const lines: string[] = [];
  const emit = (mark: string, line: string) => {
    lines.push(mark + (line.endsWith('\n') ? line.slice(0, -1) : line));
    if (!line.endsWith('\n')) lines.push('\\ No newline at end of file');
  };
  for (let i = 0; i < head; i++) emit(' ', a[i]!);
  for (let i = head; i < a.length - tail; i++) emit('-', a[i]!);
  for (let i = head; i < b.length - tail; i++) emit('+', b[i]!);
  for (let i = a.length - tail; i < a.length; i++) emit(' ', a[i]!);
  return { oldStart: 1, oldLines: a.length, newStart: 1, newLines: b.length, lines };
}

/**
 * The unified diff (`--- a/… +++ b/…`, 3 lines of context) between `before` and `after`, given where
 * they differ; cut at MAX_DIFF_CHARS, and no more windows are diffed once the cap is reached.
 */
export function unifiedDiff(relative: string, before: string, after: string, changes: readonly ChangedRange[]): string {
  const hunks: StructuredPatchHunk[] = [];
  let oldLine = 1;
  let newLine = 1;
  let oldPos = 0;
  let newPos = 0;
  let chars = 0;
  const { windows, cut: windowsCut } = windowsOf(before, after, changes);
  let cut = windowsCut;
  for (const w of windows) {
    if (chars > MAX_DIFF_CHARS) {
      cut = true;
      break;
    }
    oldLine += countNewlines(before, oldPos, w.b0);
    newLine += countNewlines(after, newPos, w.a0);
    oldPos = w.b0;
    newPos = w.a0;
    const oldText = normalize(before.slice(w.b0, w.b1));
    const newText = normalize(after.slice(w.a0, w.a1));
    // Bounded: Myers' diff costs size × edit distance; past the bound the window is shown as one
    // block removed and one added (still a correct patch).
    const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, {
      context: CONTEXT,
      maxEditLength: MAX_EDIT_LENGTH,
    });
    for (const hunk of patch?.hunks ?? [blockHunk(oldText, newText)]) {
      hunks.push({ ...hunk, oldStart: hunk.oldStart + oldLine - 1, newStart: hunk.newStart + newLine - 1 });
      for (const line of hunk.lines) chars += line.length + 1;
    }
  }
  const text = formatPatch(
    { oldFileName: `a/${relative}`, newFileName: `b/${relative}`, oldHeader: undefined, newHeader: undefined, hunks },
    FILE_HEADERS_ONLY,
  );
  if (text.length > MAX_DIFF_CHARS)
    return `${text.slice(0, MAX_DIFF_CHARS)}\n[… diff cut: ${text.length - MAX_DIFF_CHARS} more characters …]`;
  return cut ? `${text}[… diff cut: more changes not shown …]\n` : text;
}
