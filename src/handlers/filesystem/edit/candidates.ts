// Regions of a file close to an old_str that is not in it, each with what differs and an old_str
// that matches it exactly once. Every search here is linear in the file (one normalised copy, one
// pass of line votes) and capped, whatever the old_str.
import {
  findAll,
  matchesIn,
  normalizeLine,
  normalizeNeedle,
  normalizeText,
  originalRange,
  startsIndented,
  type Normalization,
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
  /** The escape variant of the needle it matched, when not the needle itself. */
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

/** Variants of the needle a model's escaping may have produced: `\n` written for a line break, `\"` for `"`. */
export function escapeVariants(needle: string): string[] {
  const variants: string[] = [];
  const unescaped = needle.replace(/\\(\\|n|t|r|"|'|`)/g, (_, ch: string) =>
    ch === 'n' ? '\n' : ch === 't' ? '\t' : ch === 'r' ? '\r' : ch,
  );
  if (unescaped !== needle) variants.push(unescaped);
  if (needle.includes('\n')) variants.push(needle.replace(/\r?\n/g, '\\n'));
  if (/["']/.test(needle)) variants.push(needle.replace(/(["'])/g, '\\$1'));
  return variants;
}

/**
 * Regions equal to the needle (or an escape variant) up to whitespace, indentation, line endings and
 * quotes, overlapping ones too, in the order found, at most MAX_RANKED; their kinds of difference
 * are found only for those shown (kindsOf).
 */
export function normalizedRegions(text: string, needle: string): Found[] {
  const normalized = normalizeText(text, { kinds: new Set(ALL), collapse: true });
  const found: Found[] = [];
  const seen = new Set<number>();
  for (const [variant, escaped] of [
    [needle, false] as const,
    ...escapeVariants(needle).map((v) => [v, true] as const),
  ]) {
    const { at, length } = matchesIn(normalized, variant, MAX_RANKED - found.length, true);
    for (const position of at) {
      const { start, end } = originalRange(normalized, position, position + length, startsIndented(variant));
      if (seen.has(start)) continue;
      seen.add(start);
      found.push({ start, end, ...(escaped ? { against: variant } : {}) });
    }
    if (found.length >= MAX_RANKED) break;
  }
  return found.slice(0, MAX_RANKED);
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
 * each file line equal to needle line j votes for a region starting j lines above it.
 */
export function closestLines(text: string, needle: string): Found[] {
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
  if (wanted.size === 0) return [];
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
  let starts = topStarts(votes, threshold, needleLines.length).map((s) => Math.max(0, s - shift));
  if (starts.length === 0) starts = similarLine(text, lineStarts, needleLines);
  return starts.map((first) => {
    const last = Math.min(lines - 1, first + needleLines.length - 1);
    const start = lineStarts[first]!;
    const end = last + 1 < lines ? lineStarts[last + 1]! - 1 : text.length;
    return { start, end: text[end - 1] === '\r' ? end - 1 : end, kinds: ['other'] };
  });
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

/**
 * When no line is equal: the line most like the needle's longest one (character pairs in common,
 * at least 60%), and the region placed around it as the needle's lines are.
 */
function similarLine(text: string, lineStarts: number[], needleLines: string[]): number[] {
  let j = 0;
  needleLines.forEach((line, k) => {
    if (keyOf(line).length > keyOf(needleLines[j]!).length) j = k;
  });
  const key = keyOf(needleLines[j]!);
  if (key.length < 4) return [];
  const grams = bigrams(key);
  let best = -1;
  let bestScore = 0.6;
  let budget = SIMILAR_BUDGET;
  for (let i = 0; i < lineStarts.length && budget > 0; i++) {
    const end = i + 1 < lineStarts.length ? lineStarts[i + 1]! - 1 : text.length;
    const length = end - lineStarts[i]!;
    budget -= length + 1;
    if (length < key.length / 2 || length > key.length * 2 + 16) continue;
    const score = dice(grams, key.length - 1, keyOf(text.slice(lineStarts[i], end)));
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best === -1 ? [] : [Math.max(0, best - j)];
}
