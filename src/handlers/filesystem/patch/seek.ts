// Where a patch chunk's lines sit in a file: a file's lines (each with its own line ending) and the
// search for a run of lines, exact first, then as OpenAI's reference implementation falls back:
// trailing whitespace ignored, then leading and trailing whitespace, then typographic punctuation
// (dashes, quotes, odd spaces) read as ASCII.

/** How loosely a run of lines matched, strictest first. */
export type MatchLevel = 'exact' | 'trailing_whitespace' | 'whitespace' | 'punctuation';
export const MATCH_LEVELS: readonly MatchLevel[] = ['exact', 'trailing_whitespace', 'whitespace', 'punctuation'];

const DASHES = /[\u2010-\u2015\u2212]/g;
const SINGLE_QUOTES = /[\u2018-\u201B]/g;
const DOUBLE_QUOTES = /[\u201C-\u201F]/g;
const ODD_SPACES = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g;
const PUNCTUATION = /[\u2010-\u2015\u2212\u2018-\u201F\u00A0\u2002-\u200A\u202F\u205F\u3000]/;

/** A line as compared at `level`. */
export function lineAt(level: MatchLevel, line: string): string {
  switch (level) {
    case 'exact':
      return line;
    case 'trailing_whitespace':
      return line.trimEnd();
    case 'whitespace':
      return line.trim();
    case 'punctuation': {
      const trimmed = line.trim();
      if (!PUNCTUATION.test(trimmed)) return trimmed;
      return trimmed
        .replace(DASHES, '-')
        .replace(SINGLE_QUOTES, "'")
        .replace(DOUBLE_QUOTES, '"')
        .replace(ODD_SPACES, ' ');
    }
  }
}

/**
 * A file's text as lines: each line's text without its ending, where it starts, and the ending it
 * has ('' for a last line without one). An empty text has no lines; a final line break makes no
 * empty last line.
 */
export class FileLines {
  readonly lines: string[] = [];
  /** Where each line starts in the text; one more entry, the text's length, closes the last. */
  readonly starts: number[] = [];
  /** The ending new lines take: the file's first line ending (LF for a file with none). */
  readonly preferred: '\n' | '\r\n';
  readonly #views = new Map<MatchLevel, string[]>();

  constructor(readonly text: string) {
    let from = 0;
    let preferred: '\n' | '\r\n' | undefined;
    while (from < text.length) {
      const nl = text.indexOf('\n', from);
      const end = nl === -1 ? text.length : nl;
      const cr = nl !== -1 && end > from && text.charCodeAt(end - 1) === 13;
      this.starts.push(from);
      this.lines.push(text.slice(from, cr ? end - 1 : end));
      preferred ??= nl === -1 ? undefined : cr ? '\r\n' : '\n';
      if (nl === -1) break;
      from = nl + 1;
    }
    this.starts.push(text.length);
    this.preferred = preferred ?? '\n';
  }

  get length(): number {
    return this.lines.length;
  }

  /** The ending of line `i` as the file has it. */
  ending(i: number): string {
    return this.text.slice(this.starts[i]! + this.lines[i]!.length, this.starts[i + 1]);
  }

  /** The file's lines as compared at `level` (made once per level). */
  view(level: MatchLevel): readonly string[] {
    if (level === 'exact') return this.lines;
    let view = this.#views.get(level);
    if (!view) {
      view = this.lines.map((line) => lineAt(level, line));
      this.#views.set(level, view);
    }
    return view;
  }
}

/** Whether `pattern` (already at `level`) occurs at line `at` of `view`. */
function occursAt(view: readonly string[], pattern: readonly string[], at: number): boolean {
  for (let k = 0; k < pattern.length; k++) if (view[at + k] !== pattern[k]) return false;
  return true;
}

/**
 * Indexes (at most `max`) from `start` on where `pattern` occurs at `level`: Knuth-Morris-Pratt over
 * the lines, so a search costs the lines of the file plus those of the pattern, never their product
 * (a patch of many repeated context lines against a file of the same lines would otherwise take
 * minutes). `work.steps` grows by what the search cost.
 */
export function occurrencesAt(
  file: FileLines,
  pattern: readonly string[],
  start: number,
  level: MatchLevel,
  max: number,
  work: SearchWork = { steps: 0 },
): number[] {
  const found: number[] = [];
  const m = pattern.length;
  if (m === 0 || m > file.length) return found;
  const view = file.view(level);
  const wanted = pattern.map((line) => lineAt(level, line));
  // fail[k]: the length of the longest proper prefix of wanted[0..k] that is also its suffix.
  const fail = new Int32Array(m);
  for (let k = 1, j = 0; k < m; k++) {
    while (j > 0 && wanted[k] !== wanted[j]) j = fail[j - 1]!;
    if (wanted[k] === wanted[j]) j++;
    fail[k] = j;
  }
  let j = 0;
  let at = start;
  for (; at < view.length; at++) {
    while (j > 0 && view[at] !== wanted[j]) j = fail[j - 1]!;
    if (view[at] === wanted[j]) j++;
    if (j === m) {
      found.push(at - m + 1);
      if (found.length >= max) break;
      j = fail[j - 1]!;
    }
  }
  work.steps += 2 * m + (at - start);
  return found;
}

/** The lines compared so far by the searches of one patch (bounded by the caller). */
export interface SearchWork {
  steps: number;
}

export interface Sought {
  index: number;
  level: MatchLevel;
}

/**
 * The first line at or after `start` where `pattern` occurs, at the strictest level that finds one;
 * with `eof`, only at the end of the file. An empty pattern is found at `start`.
 */
export function seekSequence(
  file: FileLines,
  pattern: readonly string[],
  start: number,
  eof: boolean,
  work: SearchWork = { steps: 0 },
): Sought | undefined {
  if (pattern.length === 0) return { index: start, level: 'exact' };
  if (pattern.length > file.length) return undefined;
  const at = eof ? file.length - pattern.length : undefined;
  for (const level of MATCH_LEVELS) {
    if (at !== undefined) {
      if (at >= start || eof) {
        const view = file.view(level);
        work.steps += pattern.length;
        if (
          occursAt(
            view,
            pattern.map((line) => lineAt(level, line)),
            at,
          )
        )
          return { index: at, level };
      }
      continue;
    }
    const found = occurrencesAt(file, pattern, start, level, 1, work);
    if (found.length > 0) return { index: found[0]!, level };
  }
  return undefined;
}
