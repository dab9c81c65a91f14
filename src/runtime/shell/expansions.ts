// Finds code in text the parser leaves as a plain leaf although bash expands it: unquoted
// here-document bodies, `=~` regexes, glob patterns, and any word leaf (where a backquote or `$(`
// means the parser and bash read the text differently).
import { clip } from './words.js';

/** `${name}` / `${#name}` are plain expansions; anything else inside `${…}` may run code or assign. */
export const PLAIN_EXPANSION = /^\$\{#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}$/;

/**
 * The first expansion in `text` that runs code (command substitution, arithmetic, a parameter
 * expansion other than a plain `${name}`), described; undefined when there is none. A backslash
 * escapes the character after it (as in unquoted words, double quotes and here-documents, where
 * it escapes at least `$`, a backquote and itself).
 */
export function codeInText(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') return `backquoted command ${shown(text, i, '`')} runs code`;
    if (c !== '$') continue;
    const next = text[i + 1];
    if (next === '(')
      return `${text[i + 2] === '(' ? 'arithmetic expansion' : 'command substitution'} ${shown(text, i, ')')} runs code`;
    if (next === '[') return `arithmetic expansion ${shown(text, i, ']')} can run code through array subscripts`;
    if (next === '{') {
      const close = text.indexOf('}', i);
      const expansion = close < 0 ? text.slice(i) : text.slice(i, close + 1);
      if (!PLAIN_EXPANSION.test(expansion))
        return `parameter expansion ${clip(expansion, 40)} may run code or assign variables`;
      i = close;
    }
  }
  return undefined;
}

/** The construct starting at `at`, up to the first `close` after it (for messages). */
function shown(text: string, at: number, close: string): string {
  const end = text.indexOf(close, at + 1);
  return clip(end < 0 ? text.slice(at) : text.slice(at, end + 1), 40).trim();
}
