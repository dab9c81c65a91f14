// Here-documents as bash reads them. The parser's idea of where a body ends is checked against
// bash's rule (the first line equal to the delimiter, tabs stripped for `<<-`), and the body of an
// unquoted delimiter is code wherever it expands: `` `…` ``, `$(…)`, `$((…))`, `$[…]`, `${…}`.
import { codeInText } from './expansions.js';
import type { ShellNode } from './tree.js';
import { clip } from './words.js';

/** Why this here-document cannot be decided, or undefined. */
export function heredocProblem(node: ShellNode, line: string): string | undefined {
  let dash = false;
  let start: ShellNode | undefined;
  let body: ShellNode | undefined;
  let end: ShellNode | undefined;
  for (const child of node.children) {
    if (child.type === '<<-') dash = true;
    else if (child.type === 'heredoc_start') start = child;
    else if (child.type === 'heredoc_body') body = child;
    else if (child.type === 'heredoc_end') end = child;
  }
  if (!start || !end) return 'a here-document without its end line';
  const delimiter = unquoteDelimiter(start.text);
  if (!delimiter) return `here-document delimiter ${clip(start.text, 30)} is not understood`;
  const strip = (text: string) => (dash ? text.replace(/^\t+/, '') : text);
  // The body begins on the line after the redirection; `<<-` strips the tabs the parser left out.
  const bodyStart = body?.startIndex ?? end.startIndex;
  const lineStart = line.lastIndexOf('\n', bodyStart - 1) + 1;
  if (lineStart === 0 || strip(line.slice(lineStart, bodyStart)) !== '')
    return 'the parser and bash disagree on where the here-document starts';
  const region = line.slice(lineStart, end.startIndex);
  // bash joins `\`+newline in an unquoted body before it looks for the delimiter (`EO\` + `F` ends it).
  if (!delimiter.quoted && /(^|[^\\])(\\\\)*\\\n/.test(region))
    return 'a line continuation inside a here-document body (bash joins the lines before it looks for the end)';
  const lines = region.split('\n');
  const last = lines.pop()!;
  for (const text of lines) {
    if (strip(text) === delimiter.text)
      return `the parser reads past the line where bash ends the here-document (${clip(delimiter.text, 20)})`;
  }
  const after = line[end.endIndex];
  if (strip(last) !== '' || end.text !== delimiter.text || (after !== undefined && after !== '\n')) {
    return `the parser ends the here-document where bash does not (${clip(delimiter.text, 20)})`;
  }
  if (delimiter.quoted || !body) return undefined;
  const code = codeInText(body.text);
  return code && `here-document body: ${code}`;
}

/** The delimiter after quote removal; undefined for forms not modelled (`$'…'`, expansions). */
function unquoteDelimiter(word: string): { text: string; quoted: boolean } | undefined {
  if (/[$`]/.test(word)) return undefined;
  let text = '';
  let quoted = false;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === '\\') {
      quoted = true;
      text += word[++i] ?? '';
      continue;
    }
    if (c === "'" || c === '"') {
      quoted = true;
      const close = word.indexOf(c, i + 1);
      if (close < 0) return undefined;
      const inner = word.slice(i + 1, close);
      if (c === '"' && inner.includes('\\')) return undefined;
      text += inner;
      i = close;
      continue;
    }
    text += c;
  }
  return text === '' || text.includes('\n') ? undefined : { text, quoted };
}
