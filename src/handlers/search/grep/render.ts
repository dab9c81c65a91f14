// Model-facing text of search.grep results (rg-style lines, counts, truncation notes) and its sort/cut helpers.
import type { GrepParams, GrepResult } from '../../../generated/types.js';
import { MAX_LINE_CHARS, cutLine } from './lines.js';
import type { RgLineEvent } from './rg-json.js';
import { continuationLine } from '../../../runtime/contract/continuation.js';
import { inertLine } from '../../../runtime/text/control-text.js';

/** Longest model-facing text; the structured output still has everything. */
export const MAX_TEXT_CHARS = 40_000;
/**
 * Bound on what grep collects whatever max_results says (lines are already cut at 2000): about the
 * size of the structured output, so it fits an MCP result (1 MiB with the text) and memory stays flat.
 */
export const MAX_COLLECTED_CHARS = 960 * 1024;

export type GrepMatch = NonNullable<GrepResult['matches']>[number];

export function cutMatchText(event: RgLineEvent): string {
  // Multiline matches keep their inner line breaks; CRLF files would otherwise leave \r behind.
  const text = event.text.includes('\r\n') ? event.text.replace(/\r\n/g, '\n') : event.text;
  if (event.fullLength === undefined && event.longerThan === undefined && text.length <= MAX_LINE_CHARS) return text;
  let focus: number | undefined;
  if (event.firstMatchByte !== undefined && event.firstMatchByte > MAX_LINE_CHARS / 2) {
    const bytes = Buffer.from(text, 'utf8');
    // A match past the end of a preview is not in view: show the start of the line.
    if (event.firstMatchByte < bytes.length) focus = bytes.subarray(0, event.firstMatchByte).toString('utf8').length;
  }
  return cutLine(text, focus, event.fullLength, event.longerThan);
}

/**
 * rg's path order (`--sort path`): folder by folder, names by code point, so "a/b" comes before
 * "a.txt" (a folder's entries before the names it is a prefix of).
 */
export function compare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return pathUnit(x) - pathUnit(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit ranked as its code point ranks in UTF-8, with the separator lowest. */
function pathUnit(unit: number): number {
  if (unit === 0x2f) return -1;
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

/** Orders matches by path; rg already emits each file's matches together and in line order. */
export function sortByPath(matches: GrepMatch[]): GrepMatch[] {
  const groups: { path: string; from: number; to: number }[] = [];
  let sorted = true;
  for (let i = 0; i < matches.length; i++) {
    const p = matches[i]!.path;
    const last = groups[groups.length - 1];
    if (last && last.path === p) {
      last.to = i + 1;
      continue;
    }
    if (last && compare(last.path, p) > 0) sorted = false;
    groups.push({ path: p, from: i, to: i + 1 });
  }
  if (sorted) return matches;
  groups.sort((a, b) => compare(a.path, b.path));
  const out = new Array<GrepMatch>(matches.length);
  let k = 0;
  for (const g of groups) for (let i = g.from; i < g.to; i++) out[k++] = matches[i]!;
  return out;
}

export interface GrepRendering {
  params: GrepParams;
  mode: string;
  /** Undefined when the memory bound, not max_results, stopped the search. */
  max: number | undefined;
  problem: string | undefined;
  /** The arguments that continue after the first `shown` results of the output. */
  nextAfter: (shown: number) => GrepParams;
}

export function renderGrep(output: GrepResult, how: GrepRendering): string {
  const { params, mode, max, problem } = how;
  let lines: string[];
  let total: number;
  // The noun of what `total` counts, singular and plural.
  let unit: [string, string] = ['match', 'matches'];
  let omitted: number;
  if (output.matches) {
    total = output.matches.length;
    const rendered = renderMatches(output.matches, MAX_TEXT_CHARS);
    lines = rendered.lines;
    omitted = total - rendered.shown;
  } else {
    const entries = output.counts ? output.counts.map((c) => `${c.path}:${c.count}`) : (output.files ?? []);
    total = entries.length;
    unit = ['file', 'files'];
    lines = capLines(entries, MAX_TEXT_CHARS);
    omitted = entries.length - lines.length;
  }
  const notes: string[] = [];
  const stop = !output.truncated
    ? ''
    : max === undefined
      ? `stopped after ${counted(total, ...unit)} at the results' ${MAX_COLLECTED_CHARS >> 10} KiB bound`
      : `stopped at max_results=${max} ${max === 1 ? unit[0] : unit[1]}`;
  if (omitted > 0) {
    const at = `text cut after ${total - omitted} of ${counted(total, ...unit)}, the rest are in the structured output${stop ? `; the search ${stop}` : ''}`;
    notes.push(continuationLine(at, how.nextAfter(total - omitted)));
  }
  if (total === 0) {
    const where = params.path === '.' ? 'the workspace' : params.path;
    const filters = [
      params.glob ? `glob ${inertLine(params.glob)}` : '',
      params.include_ignored ? '' : ".gitignore'd files and .git/ skipped",
    ]
      .filter(Boolean)
      .join('; ');
    notes.push(
      `No matches for ${inertLine(JSON.stringify(params.pattern))} in ${where}${filters ? ` (${filters})` : ''}.`,
    );
  }
  if (output.truncated && omitted === 0) {
    notes.push(continuationLine(stop, output.next ?? how.nextAfter(total)));
  } else if (!output.truncated && total > 0 && mode === 'count') {
    const sum = output.counts!.reduce((acc, c) => acc + c.count, 0);
    notes.push(`(${counted(sum, 'matching line', 'matching lines')} in ${counted(total, 'file', 'files')})`);
  } else if (!output.truncated && total > 0 && mode === 'content') {
    const fileCount = countFiles(output.matches!);
    notes.push(`(${counted(total, 'match', 'matches')} in ${counted(fileCount, 'file', 'files')})`);
  }
  if (problem) notes.push(`[some files could not be searched: ${problem.split('\n').slice(0, 3).join('; ')}]`);
  return [...lines, ...notes].join('\n');
}

/** "1 file", "3 files": a count and its noun. */
function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Matches are grouped by file, so counting path changes counts files. */
function countFiles(matches: readonly GrepMatch[]): number {
  let files = 0;
  let last: string | undefined;
  for (const m of matches) {
    if (m.path !== last) files++;
    last = m.path;
  }
  return files;
}

/**
 * rg-style lines: `path:line: text` for matches, `path-line- text` for context, `--` between
 * groups; stops once `budget` characters are used and says how many matches it showed.
 */
function renderMatches(matches: readonly GrepMatch[], budget: number): { lines: string[]; shown: number } {
  const out: string[] = [];
  let used = 0;
  let shown = 0;
  let lastPath: string | undefined;
  let lastLine = 0;
  for (const m of matches) {
    const mark = out.length;
    const matchLines = m.text.split('\n');
    const firstBefore = m.line - (m.before?.length ?? 0);
    const hasContext = m.before !== undefined;
    if (hasContext && lastPath !== undefined && (m.path !== lastPath || firstBefore > lastLine + 1)) out.push('--');
    if (m.path !== lastPath) lastLine = 0;
    m.before?.forEach((text, i) => {
      const line = firstBefore + i;
      if (line > lastLine) out.push(`${m.path}-${line}- ${text}`);
    });
    matchLines.forEach((text, i) => {
      const line = m.line + i;
      // A line already printed as an earlier match's after-context is printed again as the match it is.
      if (line > lastLine || !hasContext) out.push(`${m.path}:${line}: ${text}`);
      else out[out.length - (lastLine - line) - 1] = `${m.path}:${line}: ${text}`;
    });
    let end = m.line + matchLines.length - 1;
    m.after?.forEach((text, i) => {
      const line = m.line + matchLines.length + i;
      out.push(`${m.path}-${line}- ${text}`);
      end = line;
    });
    for (let i = mark; i < out.length; i++) used += out[i]!.length + 1;
    if (used > budget && shown > 0) {
      out.length = mark;
      break;
    }
    shown++;
    lastPath = m.path;
    lastLine = end;
  }
  return { lines: out, shown };
}

/** The longest prefix of `lines` whose joined length stays within `budget`. */
export function capLines(lines: readonly string[], budget: number): string[] {
  let used = 0;
  let i = 0;
  for (; i < lines.length; i++) {
    used += lines[i]!.length + 1;
    if (used > budget) break;
  }
  return lines.slice(0, i);
}
