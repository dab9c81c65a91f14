// NO_MATCH that says why: the closest regions of the file as details.candidates, each with what
// differs and an old_str that matches it exactly once, and one line naming the difference.
import { ToolError } from '../../../runtime/contract/errors.js';
import type { SeenSegment } from '../../../runtime/session/seen-lines.js';
import {
  closestLines,
  kindsOf,
  MAX_CANDIDATES,
  normalizedRegions,
  uniqueOldStr,
  type Candidate,
  type Difference,
} from './candidates.js';
import { regionNesting } from './nesting.js';
import { staleRegion } from './seen-compare.js';
import { describeTie, rankRegions, type Tie } from './ties.js';

const LINE_NUMBER_PREFIX = /^\s*\d+\t/;

export interface Diagnosis {
  /** Best first; when the closest regions tie (`tie`), those first, in file order. */
  candidates: Candidate[];
  tie?: Tie;
  /** When the first candidate's lines nest otherwise than old_str's: how, in words. */
  nesting?: string;
}

/** The candidates for `needle` in `text`, best first (what the session read of the file in `seen`). */
export function findCandidates(text: string, needle: string, seen: readonly SeenSegment[] = []): Diagnosis {
  // Copied from the read: first the region where the lines around it as read are now.
  const stale = staleRegion(text, needle, seen);
  let found = normalizedRegions(text, needle);
  if (found.length === 0 && !stale) found = closestLines(text, needle);
  const { ranked, tie } = rankRegions(text, needle, found);
  const candidates: Candidate[] = [];
  const starts = new Set<number>();
  let nesting: string | undefined;
  for (const region of stale ? [stale, ...ranked] : ranked) {
    if (candidates.length >= MAX_CANDIDATES || starts.has(region.start)) continue;
    const oldStr = uniqueOldStr(text, region.start, region.end);
    if (oldStr === undefined) continue;
    starts.add(region.start);
    const difference = primary(kindsOf(text, needle, region));
    if (candidates.length === 0 && difference === 'indentation') {
      const nested = regionNesting(text, region.against ?? needle, region.start, region.end);
      if (!nested.kept) nesting = nested.description;
    }
    candidates.push({
      line: lineNumber(text, region.start),
      text: text.slice(region.start, region.end),
      difference,
      old_str: oldStr,
    });
  }
  // The region found where the session read it decides; otherwise equals are no choice.
  const diagnosis: Diagnosis = stale || !tie ? { candidates } : { candidates, tie };
  if (nesting !== undefined) diagnosis.nesting = nesting;
  return diagnosis;
}

/** The difference a candidate is reported under when several apply. */
function primary(kinds: readonly Difference[]): Difference {
  const order: Difference[] = ['stale', 'escapes', 'quotes', 'line_endings', 'indentation', 'whitespace', 'other'];
  return order.find((kind) => kinds.includes(kind)) ?? 'other';
}

function lineNumber(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function describeIndent(indent: string): string {
  if (indent === '') return 'no indentation';
  const tabs = [...indent].filter((c) => c === '\t').length;
  const spaces = indent.length - tabs;
  const part = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  return [spaces ? part(spaces, '1 space', 'spaces') : '', tabs ? part(tabs, 'a tab', 'tabs') : '']
    .filter(Boolean)
    .join(' and ');
}

/** The first indentation that differs between the needle's lines and the region's, described. */
function indentContrast(needle: string, region: string): string {
  const a = needle.replace(/\r/g, '').split('\n');
  const b = region.replace(/\r/g, '').split('\n');
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const ia = /^[ \t]*/.exec(a[i]!)![0];
    const ib = /^[ \t]*/.exec(b[i]!)![0];
    if (ia !== ib && a[i]!.trim() !== '') return ` (${describeIndent(ia)} vs ${describeIndent(ib)})`;
  }
  return '';
}

/** What a difference means, in words a model can act on. */
function explain(candidate: Candidate, needle: string, path: string, nesting?: string): string {
  const at = `line ${candidate.line}`;
  const fix = 'details.candidates[0].old_str matches it';
  switch (candidate.difference) {
    case 'indentation':
      if (nesting !== undefined)
        return `old_str differs from ${at} in indentation and nests its lines otherwise than the file does there${nesting ? ` (${nesting})` : ''}; match: "loose" never changes how lines nest. ${fix}: make new_str nest its lines as the file does`;
      return `old_str differs from ${at} only in indentation${indentContrast(needle, candidate.text)}; ${fix}`;
    case 'whitespace':
      return `old_str differs from ${at} only in whitespace (trailing blanks, runs of spaces, or a line break at its start or end that the file has not there); ${fix}`;
    case 'line_endings':
      return `old_str differs from ${at} only in line endings (CRLF vs LF); ${fix}`;
    case 'quotes':
      return `old_str differs from ${at} only in quotes (typographic “ ” ‘ ’ vs straight " '); ${fix}`;
    case 'escapes':
      return `old_str differs from ${at} only in escapes (\\n, \\t, \\\\ or \\" written where the file has a line break, a tab, a backslash or a plain quote, or the other way round); ${fix}`;
    case 'stale':
      return `old_str matches what ${path} held when this session last read it, but the file has changed there since; ${at} now reads as details.candidates[0].text, and ${fix}`;
    default:
      return `the closest text is at ${at} (it differs in more than whitespace, indentation, line endings, quotes or escapes); check it against details.candidates[0].text, and if it is what you meant, ${fix}`;
  }
}

/** NO_MATCH for `needle`, diagnosed; `seen` is what the session read of the file. */
export function diagnosedMiss(
  text: string,
  needle: string,
  displayPath: string,
  seen: readonly SeenSegment[] = [],
): ToolError {
  const base = `old_str was not found in ${displayPath}`;
  const needleLines = needle.split('\n');
  const prefixed =
    needleLines.some((l) => l.length > 0) &&
    needleLines.filter((l) => l.length > 0).every((l) => LINE_NUMBER_PREFIX.test(l));
  const searched = prefixed ? needleLines.map((l) => l.replace(LINE_NUMBER_PREFIX, '')).join('\n') : needle;
  const { candidates, tie, nesting } = findCandidates(text, searched, seen);
  const parts = [base];
  if (prefixed) {
    parts.push(
      `It looks like it includes line-number prefixes from read_file (e.g. "${needleLines[0]!.slice(0, 12)}"); remove them and keep only the file's text`,
    );
  }
  if (tie) {
    parts.push(...describeTie(tie, candidates));
    const tied = new Set(tie.lines);
    const more = candidates.filter((c) => !tied.has(c.line)).map((c) => `line ${c.line} (${c.difference})`);
    const tail = more.length > 0 ? ` (less close: ${more.join(', ')})` : '';
    return new ToolError('NO_MATCH', `${parts.join('. ')}${tail}`, { candidates, ambiguous: true });
  }
  if (candidates.length === 0) {
    if (!prefixed) parts.push('Read the file again and copy the exact text to replace (the file may have changed)');
    return new ToolError('NO_MATCH', parts.join('. '), { candidates });
  }
  const best = candidates[0]!;
  // Without its line numbers old_str may be the file's text exactly: nothing else differs.
  if (prefixed && best.text === searched)
    parts.push(`Without them it is line ${best.line} as the file has it; details.candidates[0].old_str matches it`);
  else parts.push(explain(best, searched, displayPath, nesting));
  if (best.old_str !== best.text)
    parts.push('That old_str takes in the lines around the region to be unique: keep them unchanged in new_str');
  const more = candidates.slice(1).map((c) => `line ${c.line} (${c.difference})`);
  const tail = more.length > 0 ? ` (also close: ${more.join(', ')})` : '';
  return new ToolError('NO_MATCH', `${parts.join('. ')}${tail}`, { candidates });
}
