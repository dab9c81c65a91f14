// Glob patterns whose regular expression could backtrack for seconds on one file name (several
// `*` in one segment: `*a*a*a*b` is O(n^4) as picomatch compiles it; several `**`: polynomial in
// the path depth) are not handed to fast-glob as they are. fast-glob walks a relaxed superset
// (`**/` + the last segment with at most one `*`), and the exact pattern is then checked here in
// linear time per segment: each `*`-separated chunk is placed at its leftmost occurrence with an
// atomic lookahead, and `**` is matched by dynamic programming over the path's segments.
import { ToolError } from '../contract/errors.js';

/** A segment is complex from this many `*` runs on. */
const MAX_SIMPLE_STARS = 1;
/** A pattern is complex from this many `**` segments on. */
const MAX_SIMPLE_GLOBSTARS = 1;

/** Splits a segment at its unescaped `*` runs outside brackets. */
function chunksOf(segment: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\') {
      current += segment.slice(i, i + 2);
      i++;
    } else if (c === '[') {
      const close = bracketEnd(segment, i);
      if (close < 0) {
        current += c;
      } else {
        current += segment.slice(i, close + 1);
        i = close;
      }
    } else if (c === '*') {
      chunks.push(current);
      current = '';
      while (segment[i + 1] === '*') i++;
    } else {
      current += c;
    }
  }
  chunks.push(current);
  return chunks;
}

function bracketEnd(s: string, open: number): number {
  let i = open + 1;
  if (s[i] === '^') i++;
  if (s[i] === ']') i++;
  for (; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ']') return i;
  }
  return -1;
}

const starRuns = (segment: string) => chunksOf(segment).length - 1;

/** Whether fast-glob's own regex for this brace-free pattern could take long on a hostile name or depth. */
export function isComplexPattern(pattern: string): boolean {
  const segments = pattern.split('/');
  if (segments.filter((s) => s === '**').length > MAX_SIMPLE_GLOBSTARS) return true;
  return segments.some((s) => s !== '**' && starRuns(s) > MAX_SIMPLE_STARS);
}

/** A superset of `pattern` that fast-glob matches cheaply (at most one `*` per segment, one `**`). */
export function relaxPattern(pattern: string): string {
  const segments = pattern.split('/');
  const relaxSegment = (segment: string) => {
    if (segment === '**' || starRuns(segment) <= MAX_SIMPLE_STARS) return segment;
    const chunks = chunksOf(segment);
    return `${chunks[0]}*${chunks[chunks.length - 1]}`;
  };
  const globstars = segments.filter((s) => s === '**').length;
  if (globstars === 0) return segments.map(relaxSegment).join('/');
  const last = segments[segments.length - 1]!;
  return last === '**' ? '**' : `**/${relaxSegment(last)}`;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/** A star-free chunk as regex source: literals, `?` (one character), `[...]` classes, `\x` escapes. */
function chunkSource(chunk: string): string {
  let out = '';
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i]!;
    if (c === '\\') {
      const next = chunk[i + 1] ?? '\\';
      out += next.replace(REGEX_SPECIAL, '\\$&');
      i++;
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[' && bracketEnd(chunk, i) > 0) {
      const close = bracketEnd(chunk, i);
      let body = chunk.slice(i + 1, close);
      if (body.includes('[:')) {
        throw new ToolError(
          'INVALID_PATTERN',
          'POSIX classes such as [[:alpha:]] cannot be combined with several * in one segment',
        );
      }
      // As picomatch compiles them: "^" negates, "!" is a member.
      let negate = false;
      if (body.startsWith('^')) {
        negate = true;
        body = body.slice(1);
      }
      const inner = body.replace(/\\(.)/g, '$1').replace(/[\\\]^]/g, '\\$&');
      out += negate ? `[^/${inner}]` : `[${inner}]`;
      i = close;
    } else {
      out += c.replace(REGEX_SPECIAL, '\\$&');
    }
  }
  return out;
}

/** One segment as a regex that runs in time linear in the name (times the pattern) whatever its stars. */
function segmentRegex(segment: string): RegExp {
  const chunks = chunksOf(segment);
  if (chunks.length === 1) return new RegExp(`^${chunkSource(chunks[0]!)}$`);
  let source = `^${chunkSource(chunks[0]!)}`;
  // Middle chunks at their leftmost occurrence, consumed atomically (lookahead + backreference).
  for (let i = 1; i < chunks.length - 1; i++) {
    if (chunks[i] === '') continue;
    source += `(?=(?<c${i}>[^/]*?${chunkSource(chunks[i]!)}))\\k<c${i}>`;
  }
  source += `[^/]*${chunkSource(chunks[chunks.length - 1]!)}$`;
  return new RegExp(source);
}

/** The exact test for a complex pattern, over `/` paths relative to the walk's base. */
export function exactMatcher(pattern: string): (relative: string) => boolean {
  const parts = pattern.split('/').map((s) => (s === '**' ? null : segmentRegex(s)));
  return (relative) => {
    const names = relative.split('/');
    const P = parts.length;
    const S = names.length;
    // ok[p * (S + 1) + s]: pattern parts p.. match names s..; filled from the end.
    const ok = new Uint8Array((P + 1) * (S + 1));
    ok[P * (S + 1) + S] = 1;
    for (let p = P - 1; p >= 0; p--) {
      const part = parts[p];
      for (let s = S; s >= 0; s--) {
        const here = p * (S + 1) + s;
        if (part === null) {
          ok[here] = ok[(p + 1) * (S + 1) + s]! || (s < S ? ok[here + 1]! : 0);
        } else if (s < S && ok[(p + 1) * (S + 1) + s + 1] && part!.test(names[s]!)) {
          ok[here] = 1;
        }
      }
    }
    return ok[0] === 1;
  };
}
