// How the lines of an old_str nest against the region of the file it matched loosely, and new_str
// re-indented by the same offset. The region may sit deeper or shallower and use another indent
// unit (a tab for 4 spaces), but lines old_str indents alike must be indented alike in the file,
// and a line deeper than another in old_str must be deeper there too: otherwise the edit would
// move lines into or out of a block.

import { startsIndented } from './normalize.js';

const INDENT = /^[ \t\f\v\u00a0]*/;
const BLANK_LINE = /^[ \t\f\v\u00a0\r]*$/;

/** The leading blanks of a line (those indentation normalisation strips). */
export const indentOf = (line: string): string => INDENT.exec(line)![0];

/** Columns an indent takes with tabs advancing to the next multiple of `tab`. */
function columns(indent: string, tab: number): number {
  let column = 0;
  for (const ch of indent) column = ch === '\t' ? (Math.floor(column / tab) + 1) * tab : column + 1;
  return column;
}

/**
 * -1, 0 or 1 as indent `a` is shallower than, the same as or deeper than `b`; NaN when that
 * depends on a tab's width (the order differs with a tab as one column and as up to eight).
 */
export function compareIndents(a: string, b: string): number {
  if (a === b) return 0;
  const narrow = Math.sign(columns(a, 1) - columns(b, 1));
  const wide = Math.sign(columns(a, 8) - columns(b, 8));
  return narrow !== 0 && narrow === wide ? narrow : NaN;
}

/** Distinct indents compared pairwise at most this many (a needle with more nests too oddly to check). */
const MAX_INDENTS = 256;

export type Nesting =
  | { kept: true; pairs: Map<string, string> }
  /** 0-based needle lines whose order of depth the region does not keep. */
  | { kept: false; lines: [number, number] };

/**
 * Whether `region` nests its lines as `needle` does (line for line; blank lines aside), with the
 * mapping of the needle's indents to the region's when it does. The region's first line carries
 * the indentation of its file line.
 */
export function nestingOf(needle: string, region: string): Nesting {
  const from = needle.split('\n');
  const to = region.split('\n');
  const pairs = new Map<string, string>();
  const firstLine = new Map<string, number>();
  for (let i = 0; i < from.length && i < to.length; i++) {
    if (BLANK_LINE.test(from[i]!) || BLANK_LINE.test(to[i]!)) continue;
    const a = indentOf(from[i]!);
    const b = indentOf(to[i]!);
    const mapped = pairs.get(a);
    if (mapped === undefined) {
      pairs.set(a, b);
      firstLine.set(a, i);
    } else if (mapped !== b) {
      return { kept: false, lines: [firstLine.get(a)!, i] };
    }
  }
  const indents = [...pairs.keys()];
  if (indents.length > MAX_INDENTS) return { kept: false, lines: [0, 0] };
  for (let x = 0; x < indents.length; x++) {
    for (let y = x + 1; y < indents.length; y++) {
      const a = indents[x]!;
      const b = indents[y]!;
      const [ta, tb] = [pairs.get(a)!, pairs.get(b)!];
      // A line indented as in the file keeps its place whatever a tab's width.
      if (ta === a && tb === b) continue;
      const order = compareIndents(a, b);
      if (Number.isNaN(order) || order !== compareIndents(ta, tb))
        return { kept: false, lines: [firstLine.get(a)!, firstLine.get(b)!].sort((p, q) => p - q) as [number, number] };
    }
  }
  return { kept: true, pairs };
}

/** One nesting difference in words: how old_str and the file indent line j against line i (0-based). */
export function describeNesting(needle: string, region: string, lines: [number, number]): string {
  const [i, j] = lines;
  const from = needle.split('\n');
  const to = region.split('\n');
  if (i === j || from[j] === undefined || to[j] === undefined) return '';
  const words = (order: number) =>
    order === 0
      ? 'as deep as'
      : order > 0
        ? 'deeper than'
        : order < 0
          ? 'less deep than'
          : 'in blanks that do not compare with';
  const wrote = compareIndents(indentOf(from[j]), indentOf(from[i]!));
  const has = compareIndents(indentOf(to[j]), indentOf(to[i]!));
  return `old_str indents its line ${j + 1} ${words(wrote)} its line ${i + 1}, the file indents it ${words(has)} that line`;
}

/** What new_str's indentation is mapped by: the needle's indents to the region's, and their units. */
export interface Reindent {
  pairs: Map<string, string>;
  /** One level of the needle's (and new_str's) indentation, and of the file's, when known. */
  unitFrom?: string;
  unitTo?: string;
}

/** The indent step of a set of indents: the shortest extra of one over another it extends. */
export function unitOf(indents: Iterable<string>): string | undefined {
  const list = [...new Set(indents)].slice(0, MAX_INDENTS);
  let unit: string | undefined;
  for (const a of list)
    for (const b of list)
      if (b.length > a.length && b.startsWith(a) && (unit === undefined || b.length - a.length < unit.length))
        unit = b.slice(a.length);
  return unit;
}

/** Lines of a file looked at to find its indent step. */
const UNIT_SCAN_LINES = 20_000;

/** The file's indent step: the commonest extra of a line's indent over the line before it (which it extends). */
export function fileUnit(text: string): string | undefined {
  const counts = new Map<string, number>();
  let previous: string | undefined;
  let from = 0;
  for (let n = 0; n < UNIT_SCAN_LINES && from <= text.length; n++) {
    const nl = text.indexOf('\n', from);
    const line = text.slice(from, nl === -1 ? text.length : nl);
    from = nl === -1 ? text.length + 1 : nl + 1;
    if (BLANK_LINE.test(line)) continue;
    const indent = indentOf(line);
    if (previous !== undefined && indent.length > previous.length && indent.startsWith(previous)) {
      const extra = indent.slice(previous.length);
      counts.set(extra, (counts.get(extra) ?? 0) + 1);
    }
    previous = indent;
  }
  let best: string | undefined;
  for (const [extra, count] of counts) if (best === undefined || count > counts.get(best)!) best = extra;
  return best;
}

/**
 * new_str's lines re-indented as the needle's map to the region's: an indent of the needle takes
 * its region's; a deeper one the region's of the nearest needle indent it extends, plus its extra
 * in the file's unit; a shallower one the region's of the needle indent it is a prefix of, less
 * that difference. Returns the 0-based line that cannot be mapped (dedented past what the file's
 * indentation there holds) instead of a text.
 */
export function reindent(replacement: string, how: Reindent): { text: string } | { line: number } {
  const needle = [...how.pairs.keys()].sort((a, b) => a.length - b.length);
  const convert = (extra: string) => {
    const { unitFrom, unitTo } = how;
    if (!unitFrom || !unitTo || extra.length % unitFrom.length !== 0) return extra;
    const levels = extra.length / unitFrom.length;
    return extra === unitFrom.repeat(levels) ? unitTo.repeat(levels) : extra;
  };
  const lines = replacement.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (BLANK_LINE.test(line)) {
      out.push(line);
      continue;
    }
    const indent = indentOf(line);
    const body = line.slice(indent.length);
    const mapped = how.pairs.get(indent);
    if (mapped !== undefined) {
      out.push(mapped + body);
      continue;
    }
    const below = needle.filter((n) => indent.startsWith(n)).at(-1);
    if (below !== undefined) {
      out.push(how.pairs.get(below)! + convert(indent.slice(below.length)) + body);
      continue;
    }
    const above = needle.find((n) => n.startsWith(indent));
    if (above === undefined) {
      // Spelled in other blanks than old_str (tabs for its spaces): as new_str has it.
      out.push(line);
      continue;
    }
    const target = how.pairs.get(above)!;
    const removed = convert(above.slice(indent.length));
    if (!target.endsWith(removed)) return { line: i };
    out.push(target.slice(0, target.length - removed.length) + body);
  }
  return { text: out.join('\n') };
}

/** A region old_str matches loosely, as its lines nest: the needle and region compared line for line. */
export interface Nested {
  kept: true;
  start: number;
  end: number;
  /** The needle and the region, each first line with its indentation in the file. */
  needle: string;
  region: string;
  /** The indentation of the file line the region starts on, when the region starts after its line's start. */
  firstIndent: string | undefined;
  pairs: Map<string, string>;
  /** old_str read as starting after the blanks of its first line (they are its first line's indent). */
  after: boolean;
}

/**
 * The region `[start, end)` of `text` as old_str's lines nest in it, its first line counted with
 * the indentation of its file line. An old_str whose first line has no indentation, for a region
 * after blanks, is read two ways: indented relative to that line (a block moved whole), else
 * starting after those blanks (as an exact match reads it). When neither keeps the nesting, what
 * differs in words.
 */
export function regionNesting(
  text: string,
  needle: string,
  start: number,
  end: number,
): Nested | { kept: false; description: string } {
  const lineStart = start <= 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const firstIndent =
    start > lineStart ? indentOf(text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd)) : undefined;
  const region = (firstIndent ?? '') + text.slice(start, end);
  const relative = nestingOf(needle, region);
  if (relative.kept)
    return { kept: true, start, end, needle, region, firstIndent, pairs: relative.pairs, after: false };
  const lead = text.slice(lineStart, start);
  if (firstIndent !== undefined && lead === firstIndent && !startsIndented(needle)) {
    const after = nestingOf(lead + needle, region);
    if (after.kept)
      return { kept: true, start, end, needle: lead + needle, region, firstIndent, pairs: after.pairs, after: true };
  }
  return { kept: false, description: describeNesting(needle, region, relative.lines) };
}
