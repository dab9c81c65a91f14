/** Longest line (in characters) a search result carries; longer ones are cut with a marker. */
export const MAX_LINE_CHARS = 2000;

/** Characters kept before the first match when a long line is cut around it. */
const LEAD_BEFORE_MATCH = 200;

/**
 * Cuts `text` to MAX_LINE_CHARS. When the first match (`focus`, a character index) lies beyond
 * the cut, the kept window starts a little before it so the match stays visible.
 * `totalChars` overrides the reported length (for lines whose tail was never read); `longerThan`
 * says the line goes on past `text` by an unknown amount (a preview of more than that many bytes).
 */
export function cutLine(text: string, focus?: number, totalChars?: number, longerThan?: number): string {
  const total = totalChars ?? text.length;
  if (longerThan === undefined && total <= MAX_LINE_CHARS && text.length <= MAX_LINE_CHARS) return text;
  let start = focus !== undefined && focus > MAX_LINE_CHARS - LEAD_BEFORE_MATCH ? focus - LEAD_BEFORE_MATCH : 0;
  let end = Math.min(text.length, start + MAX_LINE_CHARS);
  // Never between the halves of a surrogate pair (an emoji): half of one is no character at all.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start++;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end--;
  const kept = text.slice(start, end);
  const head = start > 0 ? `[… ${start} chars] ` : '';
  const tail =
    longerThan !== undefined
      ? ` [… line cut: longer than ${longerThan} bytes]`
      : end < total
        ? ` [… line cut: ${total} chars]`
        : '';
  return `${head}${kept}${tail}`;
}

/** Drops one trailing line terminator (`\n` or `\r\n`). */
export function stripEol(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n')) return text.slice(0, -1);
  return text;
}

/** Normalizes a path printed by rg (relative to the workspace root) to `a/b` form; undefined if it escapes. */
export function cleanRgPath(printed: string): string | undefined {
  let p = printed;
  while (p.startsWith('./')) p = p.slice(2);
  if (p === '' || p === '.' || p.startsWith('/') || p === '..' || p.startsWith('../') || p.includes('/../')) {
    return undefined;
  }
  return p;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
