// match: "loose": an old_str that differs from one region of the file only in trailing whitespace,
// indentation depth, line endings or typographic quotes replaces that region, with new_str
// re-indented by the same change of indentation. Two or more such regions refuse the edit.
import { ToolError } from '../../../runtime/errors.js';
import { differencesOf, uniqueOldStr, type Candidate } from './candidates.js';
import { matchesIn, normalizeText, originalRange, startsIndented, type Normalization } from './normalize.js';

export const LOOSE_KINDS: readonly Normalization[] = ['line_endings', 'whitespace', 'indentation', 'quotes'];
const MAX_LISTED = 20;

export interface LooseMatch {
  start: number;
  end: number;
  replacement: string;
  normalized: Normalization[];
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/**
 * The one region `needle` matches loosely, with `replacement` re-indented and in the region's line
 * endings; undefined when none does; AMBIGUOUS_MATCH (listing them as candidates) when several do.
 */
export function looseMatch(
  text: string,
  needle: string,
  replacement: string,
  displayPath: string,
): LooseMatch | undefined {
  const normalized = normalizeText(text, { kinds: new Set(LOOSE_KINDS) });
  const { at, length, complete } = matchesIn(normalized, needle, MAX_LISTED, true);
  if (at.length === 0 && complete) return undefined;
  const regions = at.map((p) => originalRange(normalized, p, p + length, startsIndented(needle)));
  if (regions.length > 1 || !complete) throw ambiguous(text, needle, regions, displayPath, complete);
  const { start, end } = regions[0]!;
  const region = text.slice(start, end);
  const kinds = differencesOf(region, needle, LOOSE_KINDS, false);
  // New lines end as the region's do (a one-line region: as the file's, when it has CRLF only).
  const crlf =
    region.includes('\r\n') || (!region.includes('\n') && text.includes('\r\n') && !/(^|[^\r])\n/.test(text));
  const eol = crlf ? '\r\n' : '\n';
  let out = replacement.replace(/\r\n/g, '\n');
  if (kinds.includes('indentation')) {
    // A region that starts after the blanks of its line: those blanks are its first line's indent.
    const lead = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
    out = reindent(needle, region, out, /^[ \t]*$/.test(lead) ? lead : '');
  }
  return { start, end, replacement: eol === '\n' ? out : out.replace(/\n/g, eol), normalized: kinds };
}

function ambiguous(
  text: string,
  needle: string,
  regions: { start: number; end: number }[],
  displayPath: string,
  complete: boolean,
): ToolError {
  const candidates: Candidate[] = [];
  for (const { start, end } of regions.slice(0, 3)) {
    const oldStr = uniqueOldStr(text, start, end);
    if (oldStr === undefined) continue;
    const region = text.slice(start, end);
    const kind = differencesOf(region, needle, LOOSE_KINDS, false)[0] ?? 'whitespace';
    candidates.push({ line: lineOf(text, start), text: region, difference: kind, old_str: oldStr });
  }
  const lines = regions.map((r) => lineOf(text, r.start));
  const count = complete
    ? `${regions.length} regions`
    : `more regions than could be counted (at least ${regions.length})`;
  return new ToolError(
    'AMBIGUOUS_MATCH',
    `old_str matches ${count} of ${displayPath} loosely (at lines ${lines.slice(0, MAX_LISTED).join(', ')}); match: "loose" applies only to one region, so nothing was changed. Use one of details.candidates[].old_str, or add surrounding lines to make it unique`,
    { count: regions.length, lines, candidates },
  );
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * new_str re-indented as the region is: the needle's lines and the region's pair up one to one (the
 * loose normalisations keep lines), so the first indented pair gives the change (a prefix replaced,
 * e.g. 4 spaces → a tab); a pair that does not follow it maps by itself where new_str has its indent.
 */
export function reindent(needle: string, region: string, replacement: string, lead = ''): string {
  const from = needle.replace(/\r/g, '').split('\n');
  const to = (lead + region).replace(/\r/g, '').split('\n');
  const pairs = new Map<string, string>();
  from.forEach((line, i) => {
    if (line.trim() !== '' && to[i] !== undefined && !pairs.has(indentOf(line)))
      pairs.set(indentOf(line), indentOf(to[i]));
  });
  if (pairs.size === 0) return replacement;
  // The base pair: the least indented line of the needle.
  const [baseFrom, baseTo] = [...pairs].sort((x, y) => x[0].length - y[0].length)[0]!;
  const unitFrom = unitOf([...pairs.keys()], baseFrom);
  const unitTo = unitOf([...pairs.values()], baseTo);
  return replacement
    .split('\n')
    .map((line, i) => {
      const out = reindentLine(line, pairs, { from: baseFrom, to: baseTo, unitFrom, unitTo });
      // The first line goes after the blanks already in the file before the region.
      return i === 0 && out.startsWith(lead) ? out.slice(lead.length) : out;
    })
    .join('\n');
}

/** One line of new_str re-indented: its indent as the needle's maps, else by levels over the base. */
function reindentLine(line: string, pairs: Map<string, string>, base: IndentBase): string {
  if (line.trim() === '') return line;
  const indent = indentOf(line);
  const body = line.slice(indent.length);
  const mapped = pairs.get(indent);
  if (mapped !== undefined) return mapped + body;
  if (!indent.startsWith(base.from)) return line;
  const extra = indent.slice(base.from.length);
  // Deeper than any needle line: levels of the needle's unit become levels of the file's.
  const { unitFrom, unitTo } = base;
  if (unitFrom && unitTo && extra === unitFrom.repeat(extra.length / unitFrom.length))
    return base.to + unitTo.repeat(extra.length / unitFrom.length) + body;
  return base.to + extra + body;
}

interface IndentBase {
  from: string;
  to: string;
  unitFrom: string;
  unitTo: string;
}

/** The indentation step of a set of indents over `base` (the shortest extra), or '' when none. */
function unitOf(indents: string[], base: string): string {
  let unit = '';
  for (const indent of indents) {
    if (!indent.startsWith(base) || indent === base) continue;
    const extra = indent.slice(base.length);
    if (unit === '' || extra.length < unit.length) unit = extra;
  }
  return unit;
}
