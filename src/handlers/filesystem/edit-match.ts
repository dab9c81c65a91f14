// Exact-match replacement with line-ending-agnostic matching and hints a model can act on.
import { ToolError } from '../../runtime/errors.js';

type LineEnding = 'lf' | 'crlf' | 'mixed';

function lineEndingOf(text: string): LineEnding {
  const crlf = text.split('\r\n').length - 1;
  if (crlf === 0) return 'lf';
  const lf = text.split('\n').length - 1;
  return crlf === lf ? 'crlf' : 'mixed';
}

/** Start indices of non-overlapping occurrences, left to right (the same ones split() uses). */
export function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) return found;
    found.push(at);
    from = at + needle.length;
  }
}

/** 1-based line number of a character index. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function listLines(lines: number[], max = 20): string {
  const shown = lines.slice(0, max).join(', ');
  return lines.length > max ? `${shown}, … (${lines.length - max} more)` : shown;
}

export interface EditOutcome {
  /** The new full text (same line-ending convention as the input). */
  text: string;
  replacements: number;
}

/**
 * Replaces `oldStr` by `newStr` in `text` (already decoded, BOM removed). `newStr` is inserted
 * literally (no `$&` patterns). The file's line endings and final newline are preserved.
 */
export function applyExactEdit(text: string, oldStr: string, newStr: string, replaceAll: boolean, displayPath: string): EditOutcome {
  const ending = lineEndingOf(text);
  const oldLf = oldStr.replace(/\r\n/g, '\n');
  const newLf = newStr.replace(/\r\n/g, '\n');
  let haystack = text;
  let needle = oldLf;
  let replacement = newLf;
  if (ending === 'crlf') {
    haystack = text.replace(/\r\n/g, '\n');
  } else if (ending === 'mixed' && occurrences(text, oldStr).length > 0) {
    needle = oldStr;
    replacement = newStr;
  } else if (ending === 'mixed' && oldLf.includes('\n') && occurrences(text, oldLf.replace(/\n/g, '\r\n')).length > 0) {
    needle = oldLf.replace(/\n/g, '\r\n');
    replacement = newLf.replace(/\n/g, '\r\n');
  }

  const found = occurrences(haystack, needle);
  if (found.length === 0) throw noMatchError(haystack, needle, displayPath);
  if (found.length > 1 && !replaceAll) {
    const lines = found.map((index) => lineAt(haystack, index));
    throw new ToolError(
      'AMBIGUOUS_MATCH',
      `old_str occurs ${found.length} times in ${displayPath} (at lines ${listLines(lines)}); ` +
        'add surrounding lines to make it unique, or set replace_all: true to replace every occurrence',
      { count: found.length, lines },
    );
  }
  let result = haystack.split(needle).join(replacement);
  // Keep the file's final newline even if the replacement swallowed it (we work in LF space here).
  if (haystack.endsWith('\n') && result.length > 0 && !result.endsWith('\n')) result += '\n';
  if (ending === 'crlf') result = result.replace(/\n/g, '\r\n');
  return { text: result, replacements: found.length };
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
    return new ToolError('NO_MATCH', `${base}. It looks like it includes line-number prefixes from read_file (e.g. "${needleLines[0]!.slice(0, 12)}"); remove them and keep only the file's text`);
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
    for (let i = 0; i + wanted.length <= collapsed.length; i++) {
      let ok = true;
      for (let j = 0; j < wanted.length && ok; j++) {
        ok = j === 0 || j === wanted.length - 1
          ? collapsed[i + j]!.endsWith(wanted[j]!) || collapsed[i + j]!.startsWith(wanted[j]!) || collapsed[i + j] === wanted[j]
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
      return new ToolError('NO_MATCH', `${base}. Its first line matches line ${at + 1}, but the lines after it differ from the file; re-read the file around line ${at + 1} and copy the text exactly`, { partial_match_line: at + 1 });
    }
  }
  return new ToolError('NO_MATCH', `${base}. Read the file again and copy the exact text to replace (the file may have changed)`);
}
