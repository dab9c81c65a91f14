// HTML → plain text over the (already normalized) DOM: the visible words, blocks on their own
// lines, paragraphs apart, table cells tab-separated. An iterative walk: no recursion to overflow.
import type { DomElement, DomNode } from './dom.js';
import { PlainTextLayout } from './extract.js';

const LINE_BLOCKS = new Set([
  'ADDRESS',
  'BR',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'SUMMARY',
  'TR',
  'TBODY',
  'THEAD',
  'BODY',
  'HTML',
  'ASIDE',
]);
const PARAGRAPH_BLOCKS = new Set([
  'ARTICLE',
  'BLOCKQUOTE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'UL',
]);

const TABLE_CELLS = new Set(['TD', 'TH']);

/** Whether an element (its upper-case name) sets its text apart from its neighbours': a line, a paragraph or a cell. */
export function isBlock(name: string): boolean {
  return LINE_BLOCKS.has(name) || PARAGRAPH_BLOCKS.has(name) || TABLE_CELLS.has(name);
}

/** The visible words, blocks on their own lines, paragraphs apart; an iterative walk. */
export function domToText(root: DomElement): string {
  const layout = new PlainTextLayout();
  // Frames: an element is entered (its break and children pushed), then left (its closing break).
  type Frame = { node: DomNode; pre: boolean; leave: -1 | 0 | 1 | 2 };
  const stack: Frame[] = [{ node: root, pre: false, leave: -1 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.leave >= 0) {
      if (frame.leave === 1 || frame.leave === 2) layout.breakBefore(frame.leave);
      continue;
    }
    const node = frame.node;
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      layout.emit(frame.pre ? value : value.replace(/\s+/g, ' '), frame.pre);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const name = node.nodeName.toUpperCase();
    if (name === 'HEAD' || name === 'TITLE') continue;
    const level = PARAGRAPH_BLOCKS.has(name) ? 2 : LINE_BLOCKS.has(name) ? 1 : 0;
    if (level) layout.breakBefore(level);
    if (TABLE_CELLS.has(name)) layout.cell();
    const pre = frame.pre || name === 'PRE';
    stack.push({ node, pre, leave: level });
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, pre, leave: -1 });
  }
  return layout.toString();
}
