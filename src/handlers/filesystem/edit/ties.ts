// The regions found for a missed old_str ranked by how close their raw text is to it, and the
// regions tied for closest: when two or more are equally close, none of them is offered as the fix.
import {
  MAX_CANDIDATES,
  MAX_RANKED,
  kindsOf,
  lineStartAt,
  type Candidate,
  type Difference,
  type Found,
} from './candidates.js';
import { closeness, shareOf, type Bounds, type Budget } from './closeness.js';
import { linesAt } from './line-numbers.js';

export interface Tie {
  /** 1-based first lines of the tied regions, in file order. */
  lines: number[];
  /** The search stopped at its cap: there may be more. */
  atLeast: boolean;
  /** What they differ from old_str in (every kind the first ones shown need). */
  kinds: Difference[];
}

/** Distance of the needle as sent to the region's raw text (from its line's start when only blanks precede it). */
function distanceOf(text: string, needle: string, region: Found, budget: Budget): Bounds {
  const lineStart = lineStartAt(text, region.start);
  const from = /^[ \t]*$/.test(text.slice(lineStart, region.start)) ? lineStart : region.start;
  const compared = region.against ?? needle;
  // Each escape the model wrote (or left out) is one character apart from the variant matched.
  const escapes = Math.abs(needle.length - compared.length);
  const { low, high } = closeness(compared, text.slice(from, region.end), budget);
  return { low: low + escapes, high: high + escapes };
}

/**
 * `found` closest first (file order among equals), and the tie for closest if there is one: every
 * region that may be as close as the best (equal distances, or bounds that overlap).
 */
export function rankRegions(text: string, needle: string, found: readonly Found[]): { ranked: Found[]; tie?: Tie } {
  const scored = found
    .map((region) => ({ region, distance: distanceOf(text, needle, region, shareOf(found.length)) }))
    .sort(
      (x, y) => x.distance.high - y.distance.high || x.distance.low - y.distance.low || x.region.start - y.region.start,
    );
  const best = scored[0]?.distance.high ?? 0;
  const close = scored.filter((s) => s.distance.low <= best);
  const rest = scored.filter((s) => s.distance.low > best);
  // Tied ones first, in file order; then the rest, closest first.
  const ranked = [...close.sort((x, y) => x.region.start - y.region.start), ...rest].map((s) => s.region);
  const tied = close.map((s) => s.region);
  if (tied.length < 2) return { ranked };
  // What the ones shown differ in (finding it for every tied region would cost more than it says).
  const kinds = [...new Set(tied.slice(0, MAX_CANDIDATES).flatMap((region) => kindsOf(text, needle, region)))];
  return {
    ranked,
    tie: {
      lines: linesAt(
        text,
        tied.map((r) => r.start),
      ),
      atLeast: found.length >= MAX_RANKED,
      kinds,
    },
  };
}

const IGNORED: [Difference, string][] = [
  ['line_endings', 'line endings'],
  ['whitespace', 'trailing blanks and runs of spaces'],
  ['indentation', 'indentation'],
  ['quotes', 'typographic quotes'],
  ['escapes', 'escapes'],
];

function listLines(lines: readonly number[], max = 10): string {
  const shown = lines.slice(0, max).join(', ');
  return lines.length > max ? `${shown}, … (${lines.length - max} more)` : shown;
}

/** The sentences of a NO_MATCH whose closest regions tie. */
export function describeTie(tie: Tie, candidates: readonly Candidate[]): string[] {
  const count = `${tie.atLeast ? 'at least ' : ''}${tie.lines.length} regions`;
  const names = IGNORED.filter(([kind]) => tie.kinds.includes(kind)).map(([, name]) => name);
  const ignored = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are` : `${names[0]} is`;
  const head =
    names.length > 0
      ? `old_str fits ${count} equally (lines ${listLines(tie.lines)}) once ${ignored} ignored`
      : `old_str is equally close to ${count} (lines ${listLines(tie.lines)}) and matches none of them`;
  const tiedLines = new Set(tie.lines);
  const listed = candidates.filter((c) => tiedLines.has(c.line));
  const which = listed.length < tie.lines.length ? `${listed.length} of them` : 'them';
  const parts = [
    `${head}; include more surrounding lines to choose one`,
    listed.length > 0
      ? `details.candidates lists ${which}, each with an old_str that matches it alone, and none is chosen for you (details.ambiguous): send back the old_str of the one you mean`
      : 'No old_str of a few lines around them matches one of them alone (details.ambiguous)',
  ];
  if (listed.some((c) => c.old_str !== c.text))
    parts.push('Those old_strs take in the lines around their regions to be unique: keep them unchanged in new_str');
  return parts;
}
