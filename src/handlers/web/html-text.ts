// HTML → plain text over the (already normalized) DOM: the visible words, blocks on their own
// lines, paragraphs apart, table cells tab-separated. An iterative walk: no recursion to overflow.
import type { DomElement, DomNode } from './html-dom.js';
import { tidyLines } from './html-scan.js';

const LINE_BLOCKS = new Set([
  'ADDRESS', 'BR', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'HEADER', 'HR', 'LI', 'MAIN', 'SUMMARY', 'TR', 'TBODY', 'THEAD', 'BODY', 'HTML', 'ASIDE',
]);
const PARAGRAPH_BLOCKS = new Set([
  'ARTICLE', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'UL',
]);

/** The visible words, blocks on their own lines, paragraphs apart; an iterative walk. */
export function domToText(root: DomElement): string {
  const parts: string[] = [];
  let pendingBreak = 0; // newlines owed before the next text: 1 = new line, 2 = blank line
  let atLineStart = true;
  const brk = (level: number) => {
    pendingBreak = Math.max(pendingBreak, level);
  };
  const emit = (text: string, verbatim: boolean) => {
    if (pendingBreak > 0) {
      if (!text.trim()) return; // whitespace between blocks
      if (parts.length > 0) parts.push(pendingBreak === 2 ? '\n\n' : '\n');
      pendingBreak = 0;
      atLineStart = true;
    }
    if (atLineStart && !verbatim) text = text.trimStart();
    if (!text) return;
    parts.push(text);
    atLineStart = text.endsWith('\n');
  };
  // Frames: an element is entered (its break and children pushed), then left (its closing break).
  type Frame = { node: DomNode; pre: boolean; leave: number };
  const stack: Frame[] = [{ node: root, pre: false, leave: -1 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.leave >= 0) {
      if (frame.leave) brk(frame.leave);
      continue;
    }
    const node = frame.node;
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      emit(frame.pre ? value : value.replace(/\s+/g, ' '), frame.pre);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const name = node.nodeName.toUpperCase();
    if (name === 'HEAD' || name === 'TITLE') continue;
    const level = PARAGRAPH_BLOCKS.has(name) ? 2 : LINE_BLOCKS.has(name) ? 1 : 0;
    if (level) brk(level);
    if ((name === 'TD' || name === 'TH') && !atLineStart && pendingBreak === 0) {
      parts.push('\t'); // cells of a row, tab-separated
      atLineStart = true;
    }
    const pre = frame.pre || name === 'PRE';
    stack.push({ node, pre, leave: level });
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, pre, leave: -1 });
  }
  return tidyLines(parts.join(''), true);
}
