// Exact-match replacement with line-ending-agnostic matching; misses diagnosed (./diagnose.ts),
// loose matching on request (./loose.ts).
import { ToolError } from '../../../runtime/errors.js';
import type { SeenSegment } from '../../../runtime/seen-lines.js';
import { diagnosedMiss } from './diagnose.js';
import { linesAt } from './line-numbers.js';
import { looseMatch } from './loose.js';
import type { Normalization } from './normalize.js';

type LineEnding = 'lf' | 'crlf' | 'mixed';

function countOf(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

function lineEndingOf(text: string): LineEnding {
  const crlf = countOf(text, '\r\n');
  if (crlf === 0) return 'lf';
  return crlf === countOf(text, '\n') ? 'crlf' : 'mixed';
}

/** Start indices of non-overlapping occurrences, left to right (the same ones split() uses). */
export function occurrences(haystack: string, needle: string): number[] {
  if (haystack.length >= LARGE_TEXT && needle.length >= 4) return occurrencesByAnchor(haystack, needle);
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) return found;
    found.push(at);
    from = at + needle.length;
  }
}

const LARGE_TEXT = 256 * 1024;
const SAMPLE_CHARS = 16 * 1024;

/**
 * The same as the indexOf loop, faster on large texts: V8 scans a long, common-letter needle at
 * ~2 ns/char (10 ms per 5 MB), but a single character at memchr speed. So the needle's rarest
 * character (estimated on a sample of the text) is found with indexOf and each hit is checked.
 */
function occurrencesByAnchor(haystack: string, needle: string): number[] {
  const counts = new Map<string, number>();
  for (const ch of new Set(needle.slice(0, 256))) counts.set(ch, 0);
  const step = Math.floor(haystack.length / 16);
  for (let chunk = 0; chunk < 16; chunk++) {
    const from = chunk * step;
    const to = Math.min(haystack.length, from + SAMPLE_CHARS / 16);
    for (let i = from; i < to; i++) {
      const ch = haystack[i]!;
      const n = counts.get(ch);
      if (n !== undefined) counts.set(ch, n + 1);
    }
  }
  let anchor = needle[0]!;
  let best = Infinity;
  for (const [ch, n] of counts) if (n < best) [anchor, best] = [ch, n];
  // A needle made only of common characters gains nothing: plain search.
  if (best > SAMPLE_CHARS / 32) return occurrencesByIndexOf(haystack, needle, 0);
  const offset = needle.indexOf(anchor);
  const found: number[] = [];
  let from = 0;
  for (let at = haystack.indexOf(anchor, offset); at !== -1; at = haystack.indexOf(anchor, at + 1)) {
    const start = at - offset;
    if (start >= from && haystack.startsWith(needle, start)) {
      found.push(start);
      from = start + needle.length;
      if (from + offset > at + 1) at = from + offset - 1;
    }
  }
  return found;
}

function occurrencesByIndexOf(haystack: string, needle: string, start: number): number[] {
  const found: number[] = [];
  let from = start;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) return found;
    found.push(at);
    from = at + needle.length;
  }
}

function listLines(lines: number[], max = 20): string {
  const shown = lines.slice(0, max).join(', ');
  return lines.length > max ? `${shown}, … (${lines.length - max} more)` : shown;
}

/**
 * A region that differs between the original text and the edited one: `[start, end)` of the new
 * text replaced `[oldStart, oldEnd)` of the original. Text between two ranges is identical in both.
 */
export interface ChangedRange {
  start: number;
  end: number;
  oldStart: number;
  oldEnd: number;
}

export interface EditOutcome {
  /** The new full text (same line-ending convention as the input). */
  text: string;
  replacements: number;
  /** Where the new text differs from the original, ascending (for a diff of only those regions). */
  changes: ChangedRange[];
  /** What match: "loose" had to normalise, in the order first met. */
  normalized: Normalization[];
}

export type MatchMode = 'exact' | 'loose';

export interface MatchOptions {
  match?: MatchMode;
  /** Diagnose a miss (candidates); without it a miss throws NeedsDiagnosis, to diagnose elsewhere. */
  diagnose?: boolean;
  /** What the session read of the file, for misses copied from an older version. */
  seen?: readonly SeenSegment[];
}

/** A miss not diagnosed here (the text is large for the caller's thread): diagnose it off the thread. */
export class NeedsDiagnosis extends Error {}

export interface EditRequest {
  old_str: string;
  new_str: string;
  replace_all?: boolean;
}

/** How an edit's strings are spelled in a file with these line endings. */
function adapt(
  ending: LineEnding,
  text: string,
  oldStr: string,
  newStr: string,
): { needle: string; replacement: string } {
  const oldLf = oldStr.replace(/\r\n/g, '\n');
  const newLf = newStr.replace(/\r\n/g, '\n');
  if (ending === 'crlf') return { needle: oldLf.replace(/\n/g, '\r\n'), replacement: newLf.replace(/\n/g, '\r\n') };
  if (ending === 'mixed') {
    if (text.includes(oldStr)) return { needle: oldStr, replacement: newStr };
    const crlf = oldLf.replace(/\n/g, '\r\n');
    if (oldLf.includes('\n') && text.includes(crlf)) return { needle: crlf, replacement: newLf.replace(/\n/g, '\r\n') };
  }
  return { needle: oldLf, replacement: newLf };
}

/** Where an edit applies: occurrences of `length` characters replaced by `replacement`. */
interface Located {
  at: number[];
  length: number;
  replacement: string;
  normalized: Normalization[];
}

function locate(
  text: string,
  ending: LineEnding,
  edit: EditRequest,
  displayPath: string,
  options: MatchOptions,
): Located {
  const { needle, replacement } = adapt(ending, text, edit.old_str, edit.new_str);
  const found = occurrences(text, needle);
  if (found.length === 0 && options.match === 'loose') {
    const loose = looseMatch(text, needle, edit.new_str, displayPath);
    if (loose)
      return {
        at: [loose.start],
        length: loose.end - loose.start,
        replacement: loose.replacement,
        normalized: loose.normalized,
      };
  }
  if (found.length === 0) {
    if (options.diagnose === false) throw new NeedsDiagnosis();
    throw diagnosedMiss(text, needle, displayPath, options.seen);
  }
  if (found.length > 1 && !edit.replace_all) {
    const lines = linesAt(text, found);
    throw new ToolError(
      'AMBIGUOUS_MATCH',
      `old_str occurs ${found.length} times in ${displayPath} (at lines ${listLines(lines)}); ` +
        'add surrounding lines to make it unique, or set replace_all: true to replace every occurrence',
      { count: found.length, lines: lines.slice(0, 1000) },
    );
  }
  return { at: found, length: needle.length, replacement, normalized: [] };
}

/**
 * Applies `edits` in order, each to the result of the one before, all or nothing: the first that
 * fails throws (NO_MATCH with candidates, AMBIGUOUS_MATCH; `label(i)` names it). `new_str` is
 * inserted literally (no `$&` patterns); the file's line endings and final newline are kept. With
 * match "loose" an edit that matches nowhere exactly may match one region loosely (./loose.ts).
 */
export function applyEdits(
  original: string,
  edits: readonly EditRequest[],
  displayPath: string,
  label?: (index: number) => string,
  options: MatchOptions = {},
): EditOutcome {
  const ending = lineEndingOf(original);
  let text = original;
  let changes: ChangedRange[] = [];
  let replacements = 0;
  const normalized: Normalization[] = [];
  edits.forEach((edit, index) => {
    let located: Located;
    try {
      located = locate(text, ending, edit, displayPath, options);
    } catch (error) {
      if (!label || !(error instanceof ToolError)) throw error;
      const after = index > 0 ? ' (line numbers are those of the text after the edits before it)' : '';
      throw new ToolError(error.code, `${label(index)}: ${error.message}${after}; nothing was changed`, {
        ...error.details,
        edit_index: index,
      });
    }
    ({ text, changes } = replaceAt(text, changes, located.at, located.length, located.replacement));
    replacements += located.at.length;
    for (const kind of located.normalized) if (!normalized.includes(kind)) normalized.push(kind);
  });
  // Keep the file's final newline even if a replacement swallowed it.
  if (original.endsWith('\n') && text.length > 0 && !text.endsWith('\n')) {
    const eol = ending === 'crlf' && !text.endsWith('\r') ? '\r\n' : '\n';
    ({ text, changes } = replaceAt(text, changes, [text.length], 0, eol));
  }
  return { text, replacements, changes, normalized };
}

/** How multi_edit names edit `index` of `total` in its errors. */
export function editLabel(index: number, total: number): string {
  return `edits[${index}] (edit ${index + 1} of ${total})`;
}

/**
 * Replaces `length` characters at each of the ascending, non-overlapping `at` positions of `text`
 * by `replacement`, and maps the changed ranges (new-text coordinates) through the replacement.
 */
function replaceAt(
  text: string,
  changes: readonly ChangedRange[],
  at: readonly number[],
  length: number,
  replacement: string,
): { text: string; changes: ChangedRange[] } {
  const pieces: string[] = [];
  let last = 0;
  for (const index of at) {
    pieces.push(text.slice(last, index), replacement);
    last = index + length;
  }
  pieces.push(text.slice(last));
  const grow = replacement.length - length;
  // Union of the old changed ranges and the new replacements (current coordinates), group by group:
  // `delta` = current − original offset after the old ranges passed, `shift` = new − current
  // offset after the replacements passed; text between groups is untouched in all three versions.
  const out: ChangedRange[] = [];
  let ci = 0;
  let oi = 0;
  let delta = 0;
  let shift = 0;
  while (ci < changes.length || oi < at.length) {
    const takeChange = oi >= at.length || (ci < changes.length && changes[ci]!.start <= at[oi]!);
    const gs = takeChange ? changes[ci]!.start : at[oi]!;
    const oldStart = takeChange ? changes[ci]!.oldStart : gs - delta;
    let ge = gs;
    let endOld: number | undefined; // the original end, when the group ends with an old range
    let groupShift = 0;
    for (;;) {
      const change = changes[ci];
      const occurrence = at[oi];
      if (change && change.start <= ge && (occurrence === undefined || change.start <= occurrence || occurrence > ge)) {
        delta += change.end - change.start - (change.oldEnd - change.oldStart);
        if (change.end >= ge) {
          ge = change.end;
          endOld = change.oldEnd;
        }
        ci++;
      } else if (occurrence !== undefined && occurrence <= ge) {
        groupShift += grow;
        if (occurrence + length > ge || (occurrence + length === ge && endOld === undefined)) {
          ge = occurrence + length;
          endOld = undefined;
        }
        oi++;
      } else {
        break;
      }
    }
    out.push({ start: gs + shift, end: ge + shift + groupShift, oldStart, oldEnd: endOld ?? ge - delta });
    shift += groupShift;
  }
  return { text: pieces.length === 1 ? pieces[0]! : pieces.join(''), changes: out };
}
