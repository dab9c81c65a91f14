// Line-local normalisations of text for finding an old_str that differs from the file only in
// whitespace, indentation, line endings or quotes, and the way back from a normalised match to the
// exact characters of the file. Every normalisation keeps the line count, so a match maps back line
// by line: only the lines of a match are normalised a second time.

export type Normalization = 'line_endings' | 'whitespace' | 'indentation' | 'quotes';

/** `whitespace` strips trailing whitespace; with `collapse` runs inside a line count as one space too. */
export interface NormalizeOptions {
  kinds: ReadonlySet<Normalization>;
  collapse?: boolean;
}

const QUOTES: Record<string, string> = {
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
};
const TYPOGRAPHIC = /[\u201c-\u201f\u2033\u00ab\u00bb\u2018\u2019\u201a\u201b\u2032]/;
const TYPOGRAPHIC_ALL = new RegExp(TYPOGRAPHIC.source, 'g');
const BLANK_RUNS = /[ \t\f\v\u00a0]+/g;

/** Whether a line has, after its indentation, a blank other than one lone space. */
function needsCollapse(text: string): boolean {
  let i = 0;
  while (i < text.length && isBlank(text[i]!)) i++;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (i + 1 < text.length && isBlank(text[i + 1]!)) return true;
    } else if (c === 9 || c === 12 || c === 11 || c === 0xa0) return true;
  }
  return false;
}

const isBlank = (ch: string) => ch === ' ' || ch === '\t' || ch === '\f' || ch === '\v' || ch === '\u00a0';

/** One line (no '\n') normalised, with `map[i]` = index in the line of normalised character i. */
export function normalizeLine(
  line: string,
  options: NormalizeOptions,
  withMap = false,
): { text: string; map?: number[] } {
  const { kinds } = options;
  let end = line.length;
  // A CR kept (line endings not normalised) still ends the line: blanks before it are trailing ones.
  const keptCr = !kinds.has('line_endings') && kinds.has('whitespace') && line.endsWith('\r');
  if (line.endsWith('\r') && (kinds.has('line_endings') || keptCr)) end--;
  if (kinds.has('whitespace')) while (end > 0 && isBlank(line[end - 1]!)) end--;
  const cr = keptCr ? '\r' : '';
  let start = 0;
  if (kinds.has('indentation')) while (start < end && isBlank(line[start]!)) start++;
  const quotes = kinds.has('quotes');
  const collapse = options.collapse === true;
  if (!withMap) {
    let text = line.slice(start, end);
    if (collapse && needsCollapse(text)) {
      let indent = 0;
      while (indent < text.length && isBlank(text[indent]!)) indent++;
      text = text.slice(0, indent) + text.slice(indent).replace(BLANK_RUNS, ' ');
    }
    return {
      text: (quotes && TYPOGRAPHIC.test(text) ? text.replace(TYPOGRAPHIC_ALL, (ch) => QUOTES[ch]!) : text) + cr,
    };
  }
  let out = '';
  const map: number[] = [];
  let inIndent = true;
  for (let i = start; i < end; i++) {
    const ch = line[i]!;
    if (collapse && isBlank(ch) && !inIndent) {
      if (isBlank(line[i - 1] ?? '')) continue;
      out += ' ';
    } else {
      if (!isBlank(ch)) inIndent = false;
      out += quotes ? (QUOTES[ch] ?? ch) : ch;
    }
    if (withMap) map.push(i);
  }
  if (keptCr) {
    out += cr;
    map.push(line.length - 1);
  }
  return withMap ? { text: out, map } : { text: out };
}

/** A whole text normalised line by line, with where each line starts in both versions. */
export interface NormalizedText {
  text: string;
  /** Start of line i in the normalised text and in the original one. */
  normStarts: Int32Array;
  origStarts: Int32Array;
  source: string;
  options: NormalizeOptions;
}

export function normalizeText(source: string, options: NormalizeOptions): NormalizedText {
  const lines = source.split('\n');
  const normStarts = new Int32Array(lines.length + 1);
  const origStarts = new Int32Array(lines.length + 1);
  const parts: string[] = [];
  let norm = 0;
  let orig = 0;
  lines.forEach((line, i) => {
    const text = normalizeLine(line, options).text;
    normStarts[i] = norm;
    origStarts[i] = orig;
    parts.push(text);
    norm += text.length + 1;
    orig += line.length + 1;
  });
  normStarts[lines.length] = norm;
  origStarts[lines.length] = orig;
  return { text: parts.join('\n'), normStarts, origStarts, source, options };
}

/** Index of the line holding normalised index `at` (binary search). */
function lineOf(n: NormalizedText, at: number): number {
  let lo = 0;
  let hi = n.normStarts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (n.normStarts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Original index of the character at normalised index `at` (a line's '\n' maps to its '\n'). */
function originalOf(n: NormalizedText, at: number): number {
  const line = lineOf(n, at);
  const offset = at - n.normStarts[line]!;
  const origStart = n.origStarts[line]!;
  const origLine = n.source.slice(origStart, n.origStarts[line + 1]! - 1);
  const { text, map } = normalizeLine(origLine, n.options, true);
  if (offset >= text.length) return origStart + origLine.length;
  return origStart + map![offset]!;
}

/**
 * The original range of normalised range [start, end): from its first character's source to just
 * after its last one's. A needle that starts with blanks (`indented`) matching at the start of a
 * normalised line starts at its original line's start when only blanks precede it there (the
 * region's indentation stands for the needle's).
 */
export function originalRange(
  n: NormalizedText,
  start: number,
  end: number,
  indented: boolean,
): { start: number; end: number } {
  let from = originalOf(n, start);
  const to = end > start ? originalOf(n, end - 1) + 1 : from;
  const line = lineOf(n, start);
  if (indented && n.normStarts[line] === start) {
    const lineStart = n.origStarts[line]!;
    if ([...n.source.slice(lineStart, from)].every(isBlank)) from = lineStart;
  }
  return { start: from, end: to };
}

/** Whether a needle starts with blanks (its first line is indented). */
export function startsIndented(needle: string): boolean {
  return isBlank(needle[0] ?? '');
}

/**
 * Where the normalised `needle` occurs in `n` (non-overlapping, at most `max + 1` found). A needle
 * whose first line lost leading blanks must start a line there, and one whose last line lost
 * trailing blanks must end one: "x = 1 " never matches inside "x = 10".
 */
export function matchesIn(
  n: NormalizedText,
  needle: string,
  max: number,
  overlapping = false,
): { at: number[]; length: number; complete: boolean } {
  const wanted = normalizeNeedle(needle, n.options);
  if (wanted.trim() === '') return { at: [], length: 0, complete: true };
  const firstLine = needle.split('\n', 1)[0]!;
  const lastLine = needle.slice(needle.lastIndexOf('\n') + 1);
  const mustStartLine = isBlank(firstLine[0] ?? '') && n.options.kinds.has('indentation');
  const mustEndLine = /[ \t\f\v\u00a0\r]$/.test(lastLine) && lastLine.trim() !== '';
  const at: number[] = [];
  const text = n.text;
  // Bounded: a needle that keeps matching where it may not (a long run of one character) stops.
  let budget = MATCH_BUDGET;
  let i = text.indexOf(wanted);
  while (i !== -1 && at.length <= max) {
    budget -= wanted.length + 64;
    if (budget < 0) return { at, length: wanted.length, complete: false };
    const end = i + wanted.length;
    if (mustStartLine && i > 0 && text[i - 1] !== '\n') {
      const next = text.indexOf('\n', i);
      i = next === -1 ? -1 : text.indexOf(wanted, next + 1);
    } else if (mustEndLine && end < text.length && text[end] !== '\n') {
      i = text.indexOf(wanted, i + 1);
    } else {
      at.push(i);
      // Counting regions (is it one?), two that overlap are two.
      i = text.indexOf(wanted, overlapping ? i + 1 : end);
    }
  }
  return { at, length: wanted.length, complete: true };
}

const MATCH_BUDGET = 200_000_000;

/** The needle normalised the same way (lines joined with '\n'). */
export function normalizeNeedle(needle: string, options: NormalizeOptions): string {
  return needle
    .split('\n')
    .map((line) => normalizeLine(line, options).text)
    .join('\n');
}

/** Occurrences of `needle` in `haystack`, overlapping ones too, at most `max + 1` of them. */
export function findAll(haystack: string, needle: string, max: number): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = haystack.indexOf(needle); at !== -1 && found.length <= max; at = haystack.indexOf(needle, at + 1))
    found.push(at);
  return found;
}
