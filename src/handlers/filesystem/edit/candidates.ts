// Regions of a file close to an old_str that is not in it, each with what differs and an old_str
// that matches it exactly once. Every search here is linear in the file (one normalised copy, one
// pass of line votes) and capped, whatever the old_str.
import { escapeView, sourceRange, unescapeText } from './escapes.js';
import {
  findAll,
  matchesIn,
  normalizeLine,
  normalizeNeedle,
  normalizeText,
  originalRange,
  startsIndented,
  type Normalization,
  type NormalizedText,
} from './normalize.js';

export type Difference = Normalization | 'escapes' | 'stale' | 'other';

export interface Candidate {
  /** 1-based line where the region starts. */
  line: number;
  /** The region's text as the file has it. */
  text: string;
  difference: Difference;
  /** Sent back as old_str, matches the region exactly once (the region widened by lines if needed). */
  old_str: string;
}

/** A candidate before it is written out: where it is, and every kind of difference found. */
export interface Found {
  start: number;
  end: number;
  /** Every kind of difference; left out until asked for (kindsOf) where finding them costs. */
  kinds?: Difference[];
  /** The needle with its escapes decoded, when that is what it matched. */
  against?: string;
}

/** The kinds of difference between the region and the needle (or the escape variant it matched). */
export function kindsOf(text: string, needle: string, region: Found): Difference[] {
  if (region.kinds) return region.kinds;
  const kinds: Difference[] = differencesOf(text.slice(region.start, region.end), region.against ?? needle);
  if (region.against !== undefined) kinds.unshift('escapes');
  region.kinds = kinds.length > 0 ? kinds : ['other'];
  return region.kinds;
}

export const MAX_CANDIDATES = 3;
/** Regions equal to the needle once normalised that are ranked by closeness (overlapping ones too). */
export const MAX_RANKED = 16;
const MAX_CANDIDATE_CHARS = 100 * 1024;
const ALL: readonly Normalization[] = ['line_endings', 'whitespace', 'indentation', 'quotes'];

/** The kinds of difference between `region` and `needle`: each one whose normalisation alone is needed. */
export function differencesOf(
  region: string,
  needle: string,
  kinds: readonly Normalization[] = ALL,
  collapse = true,
): Normalization[] {
  return kinds.filter((kind) => {
    const others = new Set(kinds.filter((k) => k !== kind));
    const options = { kinds: others, collapse: collapse && others.has('whitespace') };
    return normalizeNeedle(region, options) !== normalizeNeedle(needle, options);
  });
}

/**
 * Regions equal to the needle up to whitespace, indentation, line endings and quotes, overlapping
 * ones too, in the order found, at most MAX_RANKED; their kinds of difference are found only for
 * those shown (kindsOf). Only when there is none: escapes (the needle's decoded, or the file's, in
 * a view of it with its escapes decoded), then a line break at the needle's start or end that the
 * file's first or last line has not.
 */
export function normalizedRegions(text: string, needle: string): Found[] {
  const options = { kinds: new Set(ALL), collapse: true };
  const normalized = normalizeText(text, options);
  const found: Found[] = [];
  const seen = new Set<number>();
  const add = (view: NormalizedText, variant: string, make: (start: number, end: number) => Found) => {
    if (found.length >= MAX_RANKED) return;
    const { at, length } = matchesIn(view, variant, MAX_RANKED - found.length, true);
    for (const position of at) {
      if (found.length >= MAX_RANKED) return;
      const range = originalRange(view, position, position + length, startsIndented(variant));
      const region = make(range.start, range.end);
      if (seen.has(region.start)) continue;
      seen.add(region.start);
      found.push(region);
    }
  };
  add(normalized, needle, (start, end) => ({ start, end }));
  if (found.length > 0) return found;
  const unescaped = unescapeText(needle);
  if (unescaped !== needle) add(normalized, unescaped, (start, end) => ({ start, end, against: unescaped }));
  const view = escapeView(text);
  if (view) {
    const decoded = normalizeText(view.text, options);
    add(decoded, needle, (start, end) => ({
      ...sourceRange(view, start, end),
      kinds: ['escapes', ...differencesOf(view.text.slice(start, end), needle)],
    }));
  }
  if (found.length > 0) return found;
  const trimmed = needle.replace(/^(?:\r?\n)+|(?:\r?\n)+$/g, '');
  if (trimmed !== needle && trimmed.trim() !== '')
    add(normalized, trimmed, (start, end) => ({
      start,
      end,
      kinds: ['whitespace', ...differencesOf(text.slice(start, end), trimmed).filter((k) => k !== 'whitespace')],
    }));
  return found;
}

/** Start of the line holding `index`, and end of the line holding `index` (before its '\n'). */
export function lineStartAt(text: string, index: number): number {
  return index <= 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}
function lineEndAt(text: string, index: number): number {
  const nl = text.indexOf('\n', index);
  return nl === -1 ? text.length : nl;
}

/**
 * The region [start, end) as an old_str found exactly once in `text`: grown by whole lines on both
 * sides until it is unique (up to 8 times), or undefined.
 */
export function uniqueOldStr(text: string, start: number, end: number): string | undefined {
  let from = start;
  let to = end;
  for (let round = 0; round <= 8; round++) {
    const slice = text.slice(from, to);
    if (slice.length > MAX_CANDIDATE_CHARS) return undefined;
    if (slice.trim() !== '' && findAll(text, slice, 1).length === 1) return slice;
    if (from === 0 && to === text.length) return undefined;
    from = lineStartAt(text, from === lineStartAt(text, from) ? from - 1 : from);
    to = lineEndAt(text, to === lineEndAt(text, to) ? to + 1 : to);
  }
  return undefined;
}

/** Collapsed form of a line for the line votes: blanks squeezed, typographic quotes plain. */
const KEY_OPTIONS = { kinds: new Set(ALL), collapse: true };
function keyOf(line: string): string {
  return normalizeLine(line, KEY_OPTIONS).text;
}

const VOTE_BUDGET = 20_000_000;
const MAX_POSITIONS_PER_KEY = 8;

/**
 * Regions of whole lines that share the most lines with the needle (ignoring blanks and quotes):
 * each file line equal to needle line j votes for a region starting j lines above it. A file with
 * escapes is also voted on as read with them decoded (a needle written with the line breaks a
 * string literal escapes), and the one that finds more of the needle's lines gives the regions.
 */
export function closestLines(text: string, needle: string): Found[] {
  const direct = votedLines(text, needle);
  if (direct.share >= 1) return direct.found;
  const view = escapeView(text);
  if (!view) return direct.found;
  const decoded = votedLines(view.text, needle);
  if (decoded.share <= direct.share) return direct.found;
  return decoded.found.map(({ start, end }) => ({ ...sourceRange(view, start, end), kinds: ['other'] }));
}

/**
 * The regions voted for, and how much of the needle the best one holds (its share of the needle's
 * distinct lines; below 0 for a region placed around one similar line). A region has the needle's
 * line count, less the needle lines that would lie before the text's first line or after its last,
 * and less blank needle lines at its edges where the text's lines are not blank: it never takes in
 * a line the needle does not stand for.
 */
function votedLines(text: string, needle: string): { found: Found[]; share: number } {
  const needleLines = needle.replace(/\r/g, '').split('\n');
  if (needleLines.length > 1 && needleLines[needleLines.length - 1] === '') needleLines.pop();
  const wanted = new Map<string, number[]>();
  needleLines.forEach((line, j) => {
    const key = keyOf(line);
    if (key.length < 2) return;
    const list = wanted.get(key) ?? [];
    if (list.length < MAX_POSITIONS_PER_KEY) list.push(j);
    wanted.set(key, list);
  });
  if (wanted.size === 0) return { found: [], share: -Infinity };
  const lineStarts: number[] = [0];
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) lineStarts.push(nl + 1);
  const lines = lineStarts.length;
  const shift = needleLines.length;
  const votes = new Int32Array(lines + shift);
  let budget = VOTE_BUDGET;
  for (let i = 0; i < lines && budget > 0; i++) {
    const end = i + 1 < lines ? lineStarts[i + 1]! - 1 : text.length;
    const list = wanted.get(keyOf(text.slice(lineStarts[i], end)));
    budget -= end - lineStarts[i]! + 1;
    if (list) for (const j of list) votes[i - j + shift]!++;
  }
  const threshold = Math.max(1, Math.ceil(wanted.size * 0.3));
  const voted = topStarts(votes, threshold, needleLines.length);
  let share = voted.length > 0 ? votes[voted[0]!]! / wanted.size : -Infinity;
  let starts = voted.map((s) => s - shift);
  if (starts.length === 0) {
    const similar = similarLines(text, lineStarts, needleLines);
    if (similar.length > 0) [starts, share] = [similar.map((line) => line.start), similar[0]!.score - 1];
  }
  const lineEnd = (i: number) => (i + 1 < lines ? lineStarts[i + 1]! - 1 : text.length);
  const blankInText = (i: number) => text.slice(lineStarts[i], lineEnd(i)).trim() === '';
  const found = starts.map((s): Found => {
    let first = Math.max(0, s);
    let last = Math.min(lines - 1, s + needleLines.length - 1);
    while (first < last && needleLines[first - s]!.trim() === '' && !blankInText(first)) first++;
    while (last > first && needleLines[last - s]!.trim() === '' && !blankInText(last)) last--;
    const end = lineEnd(last);
    return { start: lineStarts[first]!, end: text[end - 1] === '\r' ? end - 1 : end, kinds: ['other'] };
  });
  return { found, share };
}

/** The best-voted starts at least `threshold`, best first, no two within `span` lines of each other. */
function topStarts(votes: Int32Array, threshold: number, span: number): number[] {
  const picked: number[] = [];
  for (let round = 0; round < MAX_CANDIDATES; round++) {
    let best = -1;
    for (let s = 0; s < votes.length; s++) {
      if (votes[s]! < threshold || (best !== -1 && votes[s]! <= votes[best]!)) continue;
      if (picked.some((p) => Math.abs(p - s) < span)) continue;
      best = s;
    }
    if (best === -1) break;
    picked.push(best);
  }
  return picked;
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const gram = text.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of two bigram multisets. */
function dice(a: Map<string, number>, aSize: number, b: string): number {
  const seen = new Map<string, number>();
  let common = 0;
  for (let i = 0; i + 1 < b.length; i++) {
    const gram = b.slice(i, i + 2);
    const used = seen.get(gram) ?? 0;
    if (used < (a.get(gram) ?? 0)) common++;
    seen.set(gram, used + 1);
  }
  return (2 * common) / (aSize + Math.max(0, b.length - 1));
}

const SIMILAR_BUDGET = 8_000_000;
/** How many similar lines are ranked by edit distance. */
const MAX_SIMILAR = MAX_CANDIDATES * 2;

/**
 * When no line is equal: the lines most like the needle's longest one (character pairs in common,
 * at least 60%; the best few, best first), and where the region starts when placed around each as
 * the needle's lines are. Several, not the one best: pairs in common are blind to indentation and
 * to where a typo fell, so the edit distance the regions are ranked by afterwards decides.
 */
function similarLines(text: string, lineStarts: number[], needleLines: string[]): { start: number; score: number }[] {
  let j = 0;
  needleLines.forEach((line, k) => {
    if (keyOf(line).length > keyOf(needleLines[j]!).length) j = k;
  });
  const key = keyOf(needleLines[j]!);
  if (key.length < 4) return [];
  const grams = bigrams(key);
  const best: { line: number; score: number }[] = [];
  let budget = SIMILAR_BUDGET;
  for (let i = 0; i < lineStarts.length && budget > 0; i++) {
    const end = i + 1 < lineStarts.length ? lineStarts[i + 1]! - 1 : text.length;
    const length = end - lineStarts[i]!;
    budget -= length + 1;
    if (length < key.length / 2 || length > key.length * 2 + 16) continue;
    const score = dice(grams, key.length - 1, keyOf(text.slice(lineStarts[i], end)));
    if (score <= 0.6 || (best.length === MAX_SIMILAR && score <= best[MAX_SIMILAR - 1]!.score)) continue;
    // Kept sorted, best first (earlier lines first among equals); a handful, so insertion is cheap.
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { line: i, score });
    if (best.length > MAX_SIMILAR) best.pop();
  }
  return best.map(({ line, score }) => ({ start: line - j, score }));
}
