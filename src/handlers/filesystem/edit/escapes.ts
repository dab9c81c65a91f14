// Backslash escapes between an old_str and the file: a model writes `\n` for a line break the file
// has, or a real line break, tab or quote where the file's string literal escapes it (`print("a\nb")`,
// a JSON string). The needle is read with its escapes decoded; the file is searched in a view with
// its escapes decoded, and a region found there is mapped back to the file's own characters.

const ESCAPE = /\\([ntr\\"'`])/g;
const DECODED: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/** `text` with its backslash escapes decoded (`\n` a line break, `\\` one backslash, `\"` a quote, …). */
export function unescapeText(text: string): string {
  return text.replace(ESCAPE, (_, ch: string) => DECODED[ch] ?? ch);
}

/** A text with its escapes decoded, and where each decoded escape stands (ascending indices of `text`). */
export interface EscapeView {
  text: string;
  at: number[];
}

/** The file's text with its escapes decoded; undefined when it has none. */
export function escapeView(source: string): EscapeView | undefined {
  if (!source.includes('\\')) return undefined;
  const parts: string[] = [];
  const at: number[] = [];
  let last = 0;
  for (const match of source.matchAll(ESCAPE)) {
    parts.push(source.slice(last, match.index), DECODED[match[1]!] ?? match[1]!);
    // Each escape read before this one made the view one character shorter than the source.
    at.push(match.index - at.length);
    last = match.index + 2;
  }
  if (at.length === 0) return undefined;
  parts.push(source.slice(last));
  return { text: parts.join(''), at };
}

/** How many escapes stand before view index `index`. */
function escapesBefore(view: EscapeView, index: number): number {
  let lo = 0;
  let hi = view.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (view.at[mid]! < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range of the file's text that view range [start, end) was read from. */
export function sourceRange(view: EscapeView, start: number, end: number): { start: number; end: number } {
  const from = start + escapesBefore(view, start);
  if (end <= start) return { start: from, end: from };
  const lastBefore = escapesBefore(view, end - 1);
  const lastIsEscape = view.at[lastBefore] === end - 1;
  return { start: from, end: end - 1 + lastBefore + (lastIsEscape ? 2 : 1) };
}
