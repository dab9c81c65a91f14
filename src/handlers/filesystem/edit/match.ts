// Exact-match replacement with line-ending-agnostic matching and hints a model can act on.
import { ToolError } from '../../../runtime/errors.js';

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

/** 1-based line number of a character index. */
export function lineAt(text: string, index: number): number {
  return linesAt(text, [index])[0]!;
}

/** 1-based line numbers of ascending character indices, in one pass over the text. */
export function linesAt(text: string, indices: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let nl = text.indexOf('\n');
  for (const index of indices) {
    while (nl !== -1 && nl < index) {
      line++;
      nl = text.indexOf('\n', nl + 1);
    }
    lines.push(line);
  }
  return lines;
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
}

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

/**
 * Applies `edits` in order, each to the result of the one before, all or nothing: the first that
 * fails throws (NO_MATCH / AMBIGUOUS_MATCH with the usual hints; `label(i)` names it). `new_str`
 * is inserted literally (no `$&` patterns); the file's line endings and final newline are kept.
 */
export function applyEdits(
  original: string,
  edits: readonly EditRequest[],
  displayPath: string,
  label?: (index: number) => string,
): EditOutcome {
  const ending = lineEndingOf(original);
  let text = original;
  let changes: ChangedRange[] = [];
  let replacements = 0;
  edits.forEach((edit, index) => {
    const { needle, replacement } = adapt(ending, text, edit.old_str, edit.new_str);
    const found = occurrences(text, needle);
    try {
      if (found.length === 0) throw noMatchError(text, needle, displayPath);
      if (found.length > 1 && !edit.replace_all) {
        const lines = linesAt(text, found);
        throw new ToolError(
          'AMBIGUOUS_MATCH',
          `old_str occurs ${found.length} times in ${displayPath} (at lines ${listLines(lines)}); ` +
            'add surrounding lines to make it unique, or set replace_all: true to replace every occurrence',
          { count: found.length, lines: lines.slice(0, 1000) },
        );
      }
    } catch (error) {
      if (!label || !(error instanceof ToolError)) throw error;
      const after = index > 0 ? ' (line numbers are those of the text after the edits before it)' : '';
      throw new ToolError(error.code, `${label(index)}: ${error.message}${after}; nothing was changed`, {
        ...error.details,
        edit_index: index,
      });
    }
    ({ text, changes } = replaceAt(text, changes, found, needle.length, replacement));
    replacements += found.length;
  });
  // Keep the file's final newline even if a replacement swallowed it.
  if (original.endsWith('\n') && text.length > 0 && !text.endsWith('\n')) {
    const eol = ending === 'crlf' && !text.endsWith('\r') ? '\r\n' : '\n';
    ({ text, changes } = replaceAt(text, changes, [text.length], 0, eol));
  }
  return { text, replacements, changes };
}

/** How multi_edit names edit `index` of `total` in its errors. */
export function editLabel(index: number, total: number): string {
  return `edits[${index}] (edit ${index + 1} of ${total})`;
}

/** Single-edit form of {@link applyEdits}. */
export function applyExactEdit(
  text: string,
  oldStr: string,
  newStr: string,
  replaceAll: boolean,
  displayPath: string,
): EditOutcome {
  return applyEdits(text, [{ old_str: oldStr, new_str: newStr, replace_all: replaceAll }], displayPath);
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

const LINE_NUMBER_PREFIX = /^\s*\d+\t/;

function collapse(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** NO_MATCH with the most useful hint we can find. */
function noMatchError(haystack: string, needle: string, displayPath: string): ToolError {
  const base = `old_str was not found in ${displayPath}`;
  const needleLines = needle.split('\n');
  if (needleLines.filter((l) => l.length > 0).every((l) => LINE_NUMBER_PREFIX.test(l))) {
    return new ToolError(
      'NO_MATCH',
      `${base}. It looks like it includes line-number prefixes from read_file (e.g. "${needleLines[0]!.slice(0, 12)}"); remove them and keep only the file's text`,
    );
  }
  const fileLines = haystack.split('\n');
  const wanted = needleLines.map(collapse);
  while (wanted.length > 1 && wanted[0] === '') wanted.shift();
  while (wanted.length > 1 && wanted[wanted.length - 1] === '') wanted.pop();
  const nearMisses: number[] = [];
  if (wanted.length === 1) {
    const target = wanted[0]!;
    if (target !== '') {
      fileLines.forEach((line, i) => {
        if (collapse(line).includes(target)) nearMisses.push(i + 1);
      });
    }
  } else {
    const collapsed = fileLines.map(collapse);
    // Bounded: a hint must not cost seconds on a huge file with a long, repetitive old_str.
    let budget = 20_000_000;
    for (let i = 0; i + wanted.length <= collapsed.length && budget > 0; i++) {
      let ok = true;
      for (let j = 0; j < wanted.length && ok; j++, budget--) {
        ok =
          j === 0 || j === wanted.length - 1
            ? collapsed[i + j]!.endsWith(wanted[j]!) ||
              collapsed[i + j]!.startsWith(wanted[j]!) ||
              collapsed[i + j] === wanted[j]
            : collapsed[i + j] === wanted[j];
      }
      if (ok) nearMisses.push(i + 1);
    }
  }
  if (nearMisses.length > 0) {
    const span = wanted.length > 1 ? ` (spanning ${wanted.length} lines)` : '';
    return new ToolError(
      'NO_MATCH',
      `${base}, but it matches when whitespace and indentation are ignored at line ${listLines(nearMisses, 5)}${span}. ` +
        'Re-read those lines and copy them exactly, including indentation (tabs vs spaces) and trailing spaces',
      { near_miss_lines: nearMisses.slice(0, 20) },
    );
  }
  const firstLine = collapse(needleLines.find((l) => l.trim() !== '') ?? '');
  if (firstLine && needleLines.length > 1) {
    const at = fileLines.findIndex((line) => collapse(line) === firstLine || collapse(line).includes(firstLine));
    if (at !== -1) {
      return new ToolError(
        'NO_MATCH',
        `${base}. Its first line matches line ${at + 1}, but the lines after it differ from the file; re-read the file around line ${at + 1} and copy the text exactly`,
        { partial_match_line: at + 1 },
      );
    }
  }
  return new ToolError(
    'NO_MATCH',
    `${base}. Read the file again and copy the exact text to replace (the file may have changed)`,
  );
}
