// HTML → plain text over the (already normalized) DOM: the visible words, blocks on their own
// lines, paragraphs apart, table cells tab-separated. An iterative walk: no recursion to overflow.
import type { DomElement, DomNode } from './dom.js';
import { LINE_BREAKING_COMMON, PARAGRAPH_BREAKING, PlainTextLayout } from './extract.js';

// The DOM walk also breaks at the document's own frame.
const LINE_BLOCKS = new Set([...LINE_BREAKING_COMMON, 'body', 'html']);

const TABLE_CELLS = new Set(['td', 'th']);

/** Whether an element (its lower-case name) sets its text apart from its neighbours': a line, a paragraph or a cell. */
export function isBlock(name: string): boolean {
  return LINE_BLOCKS.has(name) || PARAGRAPH_BREAKING.has(name) || TABLE_CELLS.has(name);
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
    const name = node.nodeName.toLowerCase();
    if (name === 'head' || name === 'title') continue;
    const level = PARAGRAPH_BREAKING.has(name) ? 2 : LINE_BLOCKS.has(name) ? 1 : 0;
    if (level) layout.breakBefore(level);
    if (TABLE_CELLS.has(name)) layout.cell();
    const pre = frame.pre || name === 'pre';
    stack.push({ node, pre, leave: level });
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, pre, leave: -1 });
  }
  return layout.toString();
}
