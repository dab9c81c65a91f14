// match: "loose": an old_str that differs from one region of the file only in trailing whitespace,
// the indentation offset of the whole region, line endings or typographic quotes replaces that
// region, with new_str re-indented by the same offset. A region whose lines nest otherwise than
// old_str's is no match (./nesting.ts); two or more regions that match refuse the edit.
import { ToolError } from '../../../runtime/contract/errors.js';
import { differencesOf, uniqueOldStr, type Candidate } from './candidates.js';
import { fileUnit, indentOf, regionNesting, reindent, unitOf, type Nested } from './nesting.js';
import { matchesIn, normalizeText, originalRange, startsIndented, type Normalization } from './normalize.js';

export const LOOSE_KINDS: readonly Normalization[] = ['line_endings', 'whitespace', 'indentation', 'quotes'];
const MAX_LISTED = 20;
/** Regions equal to old_str up to the loose normalisations looked at for one that nests as it does. */
const MAX_SCANNED = 1000;

export interface LooseMatch {
  start: number;
  end: number;
  replacement: string;
  normalized: Normalization[];
}

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
  const { at, length, complete } = matchesIn(normalized, needle, MAX_SCANNED, true);
  const counted = complete && at.length <= MAX_SCANNED;
  const regions = at
    .map((p) => originalRange(normalized, p, p + length, startsIndented(needle)))
    .map(({ start, end }) => regionNesting(text, needle, start, end))
    .filter((region): region is Nested => region.kept);
  if (regions.length === 0 && counted) return undefined;
  if (regions.length !== 1 || !counted) throw ambiguous(text, needle, regions, displayPath, counted);
  const match = regions[0]!;
  const { start, end } = match;
  const region = text.slice(start, end);
  const kinds = differencesOf(match.region, match.needle, LOOSE_KINDS, false);
  // New lines end as the region's do (a one-line region: as the file's, when it has CRLF only).
  const crlf =
    region.includes('\r\n') || (!region.includes('\n') && text.includes('\r\n') && !/(^|[^\r])\n/.test(text));
  const eol = crlf ? '\r\n' : '\n';
  let out = replacement.replace(/\r\n/g, '\n');
  if (kinds.includes('indentation')) out = reindented(text, match, out, displayPath);
  return { start, end, replacement: eol === '\n' ? out : out.replace(/\n/g, eol), normalized: kinds };
}

/**
 * new_str re-indented as the region is: the same offset, in the file's indent unit. Its first line
 * goes after what the file holds before the region on that line.
 */
function reindented(text: string, match: Nested, replacement: string, displayPath: string): string {
  const needleIndents = [...match.pairs.keys()];
  const full = match.after ? match.firstIndent + replacement : replacement;
  const unitFrom = unitOf(needleIndents) ?? unitOf([...needleIndents, ...full.split('\n').map(indentOf)]);
  const unitTo = unitOf(match.pairs.values()) ?? fileUnit(text);
  const done = reindent(full, { pairs: match.pairs, ...(unitFrom ? { unitFrom } : {}), ...(unitTo ? { unitTo } : {}) });
  if ('line' in done) {
    const oldStr = uniqueOldStr(text, match.start, match.end);
    const region = text.slice(match.start, match.end);
    const candidates: Candidate[] =
      oldStr === undefined
        ? []
        : [{ line: lineOf(text, match.start), text: region, difference: 'indentation', old_str: oldStr }];
    throw new ToolError(
      'INVALID_INPUT',
      `match: "loose" found old_str at line ${lineOf(text, match.start)} of ${displayPath} indented otherwise, but line ${done.line + 1} of new_str is indented less than the file's indentation there can take away; nothing was changed. Send new_str indented as the file is, with details.candidates[0].old_str`,
      { candidates },
    );
  }
  const [first, ...rest] = done.text.split('\n');
  const indent = match.firstIndent ?? '';
  return [first!.startsWith(indent) ? first!.slice(indent.length) : first!, ...rest].join('\n');
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
    : `more regions than could be checked (${regions.length > 0 ? `at least ${regions.length}` : 'too many to check how each nests'})`;
  const where = lines.length > 0 ? ` (at lines ${lines.slice(0, MAX_LISTED).join(', ')})` : '';
  return new ToolError(
    'AMBIGUOUS_MATCH',
    `old_str matches ${count} of ${displayPath} loosely${where}; match: "loose" applies only to one region, so nothing was changed. Use one of details.candidates[].old_str, or add surrounding lines to make it unique`,
    { count: regions.length, lines, candidates },
  );
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
