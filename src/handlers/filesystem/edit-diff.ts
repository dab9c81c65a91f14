// Unified diff of an edit that looks only at the regions the edit changed: the text between two
// changed ranges is identical in both versions, so only small windows around each change are
// handed to the `diff` library (a whole-file diff of a 5 MB file cost ~66 ms and ~100 MiB).
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatchHunk } from 'diff';
import type { ChangedRange } from './edit-match.js';

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

/** Changed ranges grown to whole lines plus context, merged where they meet. */
function windowsOf(before: string, after: string, changes: readonly ChangedRange[]): Window[] {
  const windows: Window[] = [];
  for (const c of changes) {
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
  return windows;
}

const normalize = (s: string) => s.replace(/\r\n/g, '\n');

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
  let cut = false;
  for (const w of windowsOf(before, after, changes)) {
    if (chars > MAX_DIFF_CHARS) {
      cut = true;
      break;
    }
    oldLine += countNewlines(before, oldPos, w.b0);
    newLine += countNewlines(after, newPos, w.a0);
    oldPos = w.b0;
    newPos = w.a0;
    const patch = structuredPatch('a', 'b', normalize(before.slice(w.b0, w.b1)), normalize(after.slice(w.a0, w.a1)), undefined, undefined, { context: CONTEXT });
    for (const hunk of patch.hunks) {
      hunks.push({ ...hunk, oldStart: hunk.oldStart + oldLine - 1, newStart: hunk.newStart + newLine - 1 });
      for (const line of hunk.lines) chars += line.length + 1;
    }
  }
  const text = formatPatch({ oldFileName: `a/${relative}`, newFileName: `b/${relative}`, oldHeader: undefined, newHeader: undefined, hunks }, FILE_HEADERS_ONLY);
  if (text.length > MAX_DIFF_CHARS) return `${text.slice(0, MAX_DIFF_CHARS)}\n[… diff cut: ${text.length - MAX_DIFF_CHARS} more characters …]`;
  return cut ? `${text}[… diff cut: more changes not shown …]\n` : text;
}
