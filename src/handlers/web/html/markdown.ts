// HTML → Markdown over the (already normalized) DOM with turndown, whose quadratic spots are
// avoided: the body's Markdown is captured by a rule before turndown's own final trim, and its
// `code` rule and the list rule are linear rewrites.
import TurndownService from 'turndown';
import type { DomDocument, DomElement, DomNode } from './dom.js';
import { tidyLines } from './extract.js';

/** Marks a quote or list item nested too deep: turndown renders it as a plain block. */
export const FLAT = 'data-toolwright-flat';

let turndownService: TurndownService | undefined;
/** The body's Markdown, captured before turndown's own (quadratic) final trim sees it. */
let capturedBody: string | undefined;

/** A turndown filter over the DOM slice domino gives (turndown's own types name the browser DOM, absent here). */
function domFilter(test: (node: DomElement) => boolean): TurndownService.Filter {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded
  return (node) => test(node as unknown as DomElement);
}

// Whole on purpose: a table of turndown rules, read top to bottom in the order they apply.
export function turndown(): TurndownService {
  if (turndownService) return turndownService;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.escape = escapeMarkdown;
  service.addRule('captureBody', {
    filter: domFilter((node) => node.nodeName === 'BODY'),
    replacement: (content) => {
      capturedBody = content;
      return '';
    },
  });
  // Images whose link is a data: URL would flood the text; keep their alt text only.
  service.addRule('dataImages', {
    filter: domFilter((node) => node.nodeName === 'IMG' && /^data:/i.test(node.getAttribute('src') ?? '')),
    replacement: (_content, node) => {
      const alt = (node as unknown as DomElement).getAttribute('alt');
      return alt ? `[image: ${alt}]` : '';
    },
  });
  // turndown's inline-code rule, with its `^ .*?[^ ].* $` test and delimiter search made linear.
  service.addRule('linearCode', {
    filter: domFilter((node) => {
      const hasSiblings = node.previousSibling || node.nextSibling;
      return node.nodeName === 'CODE' && !(node.parentNode?.nodeName === 'PRE' && !hasSiblings);
    }),
    replacement: (content) => {
      if (!content) return '';
      content = content.replace(/\r?\n|\r/g, ' ');
      const padded =
        content.startsWith('`') ||
        content.endsWith('`') ||
        (content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '');
      const extraSpace = padded ? ' ' : '';
      const runs = new Set<number>();
      for (const run of content.match(/`+/g) ?? []) runs.add(run.length);
      let size = 1;
      while (runs.has(size)) size++;
      const delimiter = '`'.repeat(size);
      return delimiter + extraSpace + content + extraSpace + delimiter;
    },
  });
  // turndown's fenced block takes the text of the <pre>'s first <code> only; a <pre> holding more
  // after it (`<pre><code>a</code> b</pre>`, or what the parser makes of stray tags) would lose the
  // rest, so such a <pre> is fenced with all of its text.
  service.addRule('fencedWholePre', {
    filter: domFilter(
      (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE' && node.firstChild.nextSibling !== null,
    ),
    replacement: (_content, node) => {
      const pre = node as unknown as DomElement;
      const language = /language-(\S+)/.exec(pre.firstChild!.getAttribute('class') ?? '')?.[1] ?? '';
      const code = pre.textContent ?? '';
      let size = 3;
      for (const run of code.match(/^`{3,}/gm) ?? []) if (run.length >= size) size = run.length + 1;
      const fence = '`'.repeat(size);
      return `\n\n${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
    },
  });
  // Compact list markers ("- item", "1. item") instead of turndown's padded "-   item". The item's
  // number comes from one pass over its list (turndown's indexOf per item is quadratic).
  service.addRule('compactListItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node as unknown as DomElement;
      const parent = item.parentNode as DomElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + elementIndex(parent, item)}. `;
      }
      const body = trimNewlinesEnd(trimNewlinesStart(content), true).replaceAll('\n', `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });
  // Added last, so matched first: quotes and list items nested too deep are plain blocks.
  service.addRule('flatDeepNesting', {
    filter: domFilter((node) => node.nodeType === 1 && node.getAttribute(FLAT) !== null),
    replacement: (content) => `\n\n${content}\n\n`,
  });
  turndownService = service;
  return service;
}

const ESCAPED_ANYWHERE = /[\\*`[\]_]/g;
/** Line starts turndown escapes: `-`, `+ `, `=`, `# `…`###### `, `~~~`, `>`; `1. ` is handled apart. */
const ESCAPED_AT_START = /^(?:[-=>]|\+ |#{1,6} |~~~)/;
const NUMBERED_AT_START = /^(\d+)\. /;
/**
 * turndown's escape of a text node in one pass instead of thirteen regex replacements (a sixth of
 * the conversion of a text-heavy page). Same output: the characters escaped anywhere are never the
 * first character of a line-start pattern, so escaping them first changes no line-start match.
 */
export function escapeMarkdown(text: string): string {
  const escaped = text.replace(ESCAPED_ANYWHERE, '\\$&');
  if (ESCAPED_AT_START.test(escaped)) return `\\${escaped}`;
  return escaped.replace(NUMBERED_AT_START, '$1\\. ');
}

/** Position of `child` among its parent's element children, from a per-parent index built once. */
let elementIndexes = new WeakMap<DomNode, Map<DomNode, number>>();
function elementIndex(parent: DomNode, child: DomNode): number {
  let index = elementIndexes.get(parent);
  if (!index) {
    index = new Map();
    let i = 0;
    for (let node = parent.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) index.set(node, i++);
    elementIndexes.set(parent, index);
  }
  return index.get(child) ?? 0;
}

function trimNewlinesStart(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 0x0a) start++;
  return start === 0 ? text : text.slice(start);
}
/** Trailing newlines removed (`keepOne`: a run of them becomes one), by a loop, not `\n+$`. */
function trimNewlinesEnd(text: string, keepOne: boolean): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end--;
  if (end === text.length) return text;
  return text.slice(0, end) + (keepOne ? '\n' : '');
}

export function domToMarkdown(doc: DomDocument): string {
  capturedBody = undefined;
  const root = doc.documentElement!;
  // turndown deep-clones a node it is given; this DOM is ours and dropped afterwards, so it gets
  // the original (a clone of a 1 MB page costs ~15% of the conversion).
  Object.defineProperty(root, 'cloneNode', { value: () => root, configurable: true });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded
  turndown().turndown(root as unknown as TurndownService.Node);
  const markdown = capturedBody ?? '';
  capturedBody = undefined;
  elementIndexes = new WeakMap();
  return tidyLines(markdown, false);
}
