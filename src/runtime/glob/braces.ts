// Bounded brace expansion for glob patterns. toolwright expands braces itself (and hands fast-glob
// brace-free patterns with braceExpansion off) so that (1) the size of the expansion is known and
// refused before anything is built, and (2) every alternative can be checked against the workspace
// before the walk: `{a,b}/{.,.}./x` is `a/../x` and `b/../x`, which a string check on the pattern misses.
import { ToolError } from '../contract/errors.js';

/** Most alternatives one pattern may expand to (`{a,b}/{c,d}` is 4). */
export const MAX_BRACE_EXPANSIONS = 1024;
/** Most characters all the alternatives of one pattern may add up to. */
export const MAX_EXPANDED_CHARS = 256 * 1024;
/** Deepest nesting of `{…}` groups. */
export const MAX_BRACE_DEPTH = 16;

type Node = { kind: 'text'; text: string } | { kind: 'alt'; options: Node[][] } | { kind: 'range'; values: RangeSpec };

interface RangeSpec {
  from: number;
  to: number;
  step: number;
  /** Letters (`{a..e}`) rather than numbers. */
  letters: boolean;
  /** Zero-padded width (`{01..10}`), 0 when not padded. */
  width: number;
}

const NUMERIC_RANGE = /^(-?\d{1,12})\.\.(-?\d{1,12})(?:\.\.(-?\d{1,12}))?$/;
const LETTER_RANGE = /^([a-zA-Z])\.\.([a-zA-Z])(?:\.\.(-?\d{1,12}))?$/;

export interface ExpandOptions {
  /** Whether `{1..5}` / `{a..e}` are ranges (glob) or literal text (rg's globs have no ranges). */
  ranges: boolean;
}

/**
 * The alternatives of `pattern`, bash-style: `{a,b}` lists, nested groups, `{1..3}` and `{a..c}`
 * ranges (optional step, zero padding); `\{` and a group without a comma (`{a}`) stay literal, as
 * does anything inside `[...]`. Backslash escapes are kept for the glob matcher. Refuses with
 * INVALID_PATTERN, before building anything, when the expansion would pass the limits above.
 */
export function expandBraces(pattern: string, options: ExpandOptions = { ranges: true }): string[] {
  const nodes = parseSequence(pattern, options, 0);
  const count = countOf(nodes);
  if (count > MAX_BRACE_EXPANSIONS) throw tooMany(pattern, count);
  const chars = charsOf(nodes);
  if (chars > MAX_EXPANDED_CHARS) {
    throw new ToolError(
      'INVALID_PATTERN',
      `the braces in this pattern expand to more than ${MAX_EXPANDED_CHARS / 1024} KiB of patterns; split it into smaller searches`,
    );
  }
  return [...new Set(expandSequence(nodes))];
}

/** Refuses (INVALID_PATTERN) a pattern whose braces would expand past the limits; builds nothing. */
export function checkBraceBound(pattern: string, options: ExpandOptions): void {
  const nodes = parseSequence(pattern, options, 0);
  const count = countOf(nodes);
  if (count > MAX_BRACE_EXPANSIONS) throw tooMany(pattern, count);
}

function tooMany(pattern: string, count: number): ToolError {
  const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
  const amount = count > MAX_BRACE_EXPANSIONS * 1000 ? `far more than ${MAX_BRACE_EXPANSIONS}` : `${count}`;
  return new ToolError(
    'INVALID_PATTERN',
    `the braces in "${shown}" expand to ${amount} alternatives (at most ${MAX_BRACE_EXPANSIONS}); use fewer {a,b} groups or a wildcard such as "*" instead`,
    { limit: MAX_BRACE_EXPANSIONS },
  );
}

/** Index of the `}` closing the group that opens at `open`, or -1 (escapes and [...] skipped). */
function closingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      const close = closingBracket(s, i);
      if (close > 0) i = close;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Index of the `]` closing a character class opened at `open`, or -1. */
function closingBracket(s: string, open: number): number {
  let i = open + 1;
  if (s[i] === '!' || s[i] === '^') i++;
  if (s[i] === ']') i++; // a leading ] is a member
  for (; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ']') return i;
    else if (s[i] === '/') return -1;
  }
  return -1;
}

/** Splits a group's body at its top-level commas. */
function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const close = closingBracket(body, i);
      if (close > 0) i = close;
    } else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function parseSequence(s: string, options: ExpandOptions, depth: number): Node[] {
  if (depth > MAX_BRACE_DEPTH) {
    throw new ToolError('INVALID_PATTERN', `braces nest deeper than ${MAX_BRACE_DEPTH} levels; flatten the pattern`);
  }
  const nodes: Node[] = [];
  let text = '';
  const flush = () => {
    if (text) nodes.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      text += s.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === '[') {
      const close = closingBracket(s, i);
      if (close > 0) {
        text += s.slice(i, close + 1);
        i = close;
        continue;
      }
    }
    if (c !== '{') {
      text += c;
      continue;
    }
    const close = closingBrace(s, i);
    if (close < 0) {
      text += c; // an unbalanced { is literal
      continue;
    }
    const body = s.slice(i + 1, close);
    const parts = splitTopLevel(body);
    const range = options.ranges && parts.length === 1 ? parseRange(body) : undefined;
    flush();
    if (parts.length > 1) {
      nodes.push({ kind: 'alt', options: parts.map((part) => parseSequence(part, options, depth + 1)) });
    } else if (range) {
      nodes.push({ kind: 'range', values: range });
    } else {
      // "{a}" is literal, but groups inside it still expand: "{x{a,b}}" → "{xa}", "{xb}".
      nodes.push({ kind: 'text', text: '{' });
      nodes.push(...parseSequence(body, options, depth + 1));
      nodes.push({ kind: 'text', text: '}' });
    }
    i = close;
  }
  flush();
  return nodes;
}

function parseRange(body: string): RangeSpec | undefined {
  const numeric = NUMERIC_RANGE.exec(body);
  const letters = numeric ? undefined : LETTER_RANGE.exec(body);
  const match = numeric ?? letters;
  if (!match) return undefined;
  const step = Math.abs(match[3] === undefined ? 1 : Number(match[3])) || 1;
  if (letters) return { from: match[1]!.charCodeAt(0), to: match[2]!.charCodeAt(0), step, letters: true, width: 0 };
  const padded = (v: string) => /^-?0\d/.test(v);
  const width = padded(match[1]!) || padded(match[2]!) ? Math.max(match[1]!.length, match[2]!.length) : 0;
  return { from: Number(match[1]), to: Number(match[2]), step, letters: false, width };
}

function rangeCount(r: RangeSpec): number {
  return Math.floor(Math.abs(r.to - r.from) / r.step) + 1;
}

function rangeValues(r: RangeSpec): string[] {
  const values: string[] = [];
  const dir = r.to >= r.from ? 1 : -1;
  for (let v = r.from; dir > 0 ? v <= r.to : v >= r.to; v += dir * r.step) {
    if (r.letters) values.push(String.fromCharCode(v));
    else if (r.width > 0)
      values.push(v < 0 ? `-${String(-v).padStart(r.width - 1, '0')}` : String(v).padStart(r.width, '0'));
    else values.push(String(v));
  }
  return values;
}

/** Saturating count of alternatives (never more than a little past the limit, never Infinity). */
const CAP = MAX_BRACE_EXPANSIONS * 1000 + 1;
const capped = (n: number) => (n > CAP ? CAP : n);

function countOf(nodes: readonly Node[]): number {
  let count = 1;
  for (const node of nodes) count = capped(count * nodeCount(node));
  return count;
}

function nodeCount(node: Node): number {
  if (node.kind === 'text') return 1;
  if (node.kind === 'range') return capped(rangeCount(node.values));
  let sum = 0;
  for (const option of node.options) sum = capped(sum + countOf(option));
  return sum;
}

/** Total characters of all alternatives (called only once the count is within bounds). */
function charsOf(nodes: readonly Node[]): number {
  // Σ over alternatives of their lengths = Σ_i chars(node_i) × Π_{j≠i} count(node_j).
  const counts = nodes.map(nodeCount);
  let total = 0;
  nodes.forEach((node, i) => {
    let others = 1;
    counts.forEach((c, j) => {
      if (j !== i) others *= c;
    });
    total += nodeChars(node) * others;
  });
  return total;
}

function nodeChars(node: Node): number {
  if (node.kind === 'text') return node.text.length;
  if (node.kind === 'range') return rangeValues(node.values).reduce((sum, v) => sum + v.length, 0);
  return node.options.reduce((sum, option) => sum + charsOf(option), 0);
}

function expandSequence(nodes: readonly Node[]): string[] {
  let results = [''];
  for (const node of nodes) {
    const values =
      node.kind === 'text'
        ? [node.text]
        : node.kind === 'range'
          ? rangeValues(node.values)
          : node.options.flatMap(expandSequence);
    const next: string[] = [];
    for (const prefix of results) for (const value of values) next.push(prefix + value);
    results = next;
  }
  return results;
}
