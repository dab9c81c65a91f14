// HTML → Markdown (turndown) or plain text, bounded: this runs inside the conversion worker
// (./convert-worker.ts) under a hard deadline, and on top of that keeps every step near-linear so
// ordinary hostile pages convert quickly instead of timing out:
// - a page the parser would nest beyond MAX_PARSE_DEPTH (estimated by a linear pre-scan, and
//   watched while parsing), or larger than MAX_DOM_CHARS, is extracted as plain text in one linear
//   pass instead (./scan.ts), and says so;
// - the DOM is walked iteratively; subtrees deeper than MAX_DOM_DEPTH are flattened to their text,
//   so turndown's recursion (and its O(size × depth) textContent calls) stays bounded;
// - turndown's quadratic spots are avoided: its final `[\t\r\n\s]+$` trim is bypassed (the body's
//   Markdown is captured by a rule and trimmed here with loops), its `code` rule and our list rule
//   are linear rewrites, and non-ASCII spaces inside <pre> become ASCII spaces (its edge-whitespace
//   regex backtracks quadratically on "x" + spaces + U+00A0).
// A stack overflow anywhere falls back to the linear extraction; it is never a network error.
// @ts-expect-error -- the package's index.d.ts declares an ambient module 'domino', not a module file
import domino from '@mixmark-io/domino';
import TurndownService from 'turndown';
import type { DomDocument, DomElement, DomNode } from './dom.js';
import { extractText, scanHtml, tidyLines } from './scan.js';
import { domToText } from './text.js';

export const MAX_PARSE_DEPTH = 512;
export const MAX_DOM_DEPTH = 128;
export const MAX_DOM_CHARS = 8 * 1024 * 1024;
/** Attributes on one element: domino's attribute handling is quadratic (40,000 took 6.4 s). */
export const MAX_ATTRIBUTES = 1000;
/**
 * Blockquotes and list items prefix every line of their content, once per level: nested deeper
 * than these, they become plain blocks (120 nested quotes around 30,000 lines took 12 s).
 */
export const MAX_QUOTE_DEPTH = 8;
export const MAX_LIST_DEPTH = 10;
const FLAT = 'data-toolwright-flat';

export type ConvertFormat = 'markdown' | 'text';

export interface ConvertedPage {
  title: string | undefined;
  content: string;
  /** What the conversion changed or gave up on, for the text a model reads. */
  notes: string[];
}

function hasElementChild(node: DomNode): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) if (child.nodeType === 1) return true;
  return false;
}

// domino is turndown's own DOM. Both are bundled into the built worker (scripts/bundle.mjs): a
// library user's install carries neither package (domino ships 7 MB of its own tests).
interface IncrementalParser {
  end(html: string): void;
  process(shouldPause: () => boolean): boolean;
  document(): DomDocument;
}
type Domino = { createIncrementalHTMLParser(): IncrementalParser };
const dominoModule = domino as unknown as Domino;
/** Characters the parser consumes between two looks at the depth of the tree it is building. */
const PROBE_EVERY = 4096;

/**
 * Parses incrementally, looking every PROBE_EVERY steps at how deep the tree under construction is
 * (the open elements are, but for foster-parenting, the rightmost path, which the pre-scan covers):
 * past MAX_PARSE_DEPTH it stops, since the parser's cost grows with depth. Returns the document,
 * or the depth it stopped at.
 */
function parse(html: string): DomDocument | number {
  const parser = dominoModule.createIncrementalHTMLParser();
  parser.end(html);
  let steps = 0;
  const pause = () => ++steps % PROBE_EVERY === 0;
  while (parser.process(pause)) {
    const depth = rightmostDepth(parser.document());
    if (depth > MAX_PARSE_DEPTH) return depth;
  }
  return parser.document();
}

function rightmostDepth(doc: DomDocument): number {
  let depth = 0;
  for (let node = doc.documentElement; node; depth++) {
    // Past trailing text and comments, but not through thousands of them on every probe.
    let child = node.lastChild;
    for (let skipped = 0; child && child.nodeType !== 1 && skipped < 64; skipped++) child = child.previousSibling;
    if (child && child.nodeType !== 1) child = null;
    node = child;
  }
  return depth;
}

/** Loads domino and turndown now (a fresh worker does this while the body is still downloading). */
export function warmUp(): void {
  parse('<p>warm</p>');
  turndown();
}

/** Elements that are never content: code, styling, navigation chrome, embedded objects. */
const NOISE_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'NAV',
  'IFRAME',
  'SVG',
  'CANVAS',
  'OBJECT',
  'EMBED',
  'LINK',
  'META',
  'BUTTON',
]);
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
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
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'THEAD',
  'TR',
  'UL',
  'TD',
  'TH',
]);
/** Unicode whitespace other than the ASCII four (what `\s` adds). */
const NON_ASCII_SPACE = /[\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/** Converts a decoded page. Never throws for content: limits become a plain-text fallback with a note. */
export function convertHtml(html: string, format: ConvertFormat, baseUrl: string): ConvertedPage {
  const notes: string[] = [];
  if (html.length > MAX_DOM_CHARS) {
    return fallback(
      html,
      `the page is ${html.length} characters, more than the ${MAX_DOM_CHARS} web_fetch converts to ${format}; returned as plain text extracted without an HTML parser`,
    );
  }
  const tooDeep = (depth: number) =>
    fallback(
      html,
      `the page nests elements about ${depth} levels deep, beyond the ${MAX_PARSE_DEPTH} web_fetch parses; returned as plain text extracted without an HTML parser`,
    );
  const scan = scanHtml(html);
  if (scan.depth > MAX_PARSE_DEPTH) return tooDeep(scan.depth);
  if (scan.attributes > MAX_ATTRIBUTES) {
    return fallback(
      html,
      `an element of the page has ${scan.attributes} attributes, more than the ${MAX_ATTRIBUTES} web_fetch parses (the parser's cost grows with their square); returned as plain text extracted without an HTML parser`,
    );
  }
  try {
    const doc = parse(html);
    if (typeof doc === 'number') return tooDeep(doc);
    const body = doc.body;
    if (!body) return fallback(html, 'the page has no <body> (a frameset?); returned as plain text');
    const title = doc.title?.trim() || undefined;
    // A <base href> is nearly always in the head, which is dropped before the walk.
    const headBase = doc.head?.querySelector('base[href]')?.getAttribute('href') ?? undefined;
    if (doc.head) doc.head.remove();
    const flattened = normalize(body, baseUrl, headBase);
    if (flattened > 0)
      notes.push(`${flattened} element(s) nested deeper than ${MAX_DOM_DEPTH} levels were flattened to their text`);
    const content = format === 'text' ? domToText(body) : domToMarkdown(doc);
    return { title, content, notes };
  } catch (error) {
    if (error instanceof RangeError) {
      return fallback(
        html,
        `the page could not be converted to ${format} (${error.message}); returned as plain text extracted without an HTML parser`,
      );
    }
    throw error;
  }
}

function fallback(html: string, note: string): ConvertedPage {
  const { title, content } = extractText(html);
  return { title, content, notes: [note] };
}

/**
 * One iterative walk: drops noise (and hidden elements and comments), makes links absolute,
 * flattens subtrees deeper than MAX_DOM_DEPTH, and turns non-ASCII spaces inside <pre> into
 * ASCII spaces. Links resolve against the document's first <base href> (`headBase`, or one the
 * walk meets in the body), as a browser resolves them. Returns how many subtrees were flattened.
 */
function normalize(root: DomElement, baseUrl: string, headBase: string | undefined): number {
  const links: DomElement[] = [];
  let bodyBase = false;
  let flattened = 0;
  // Children are visited through firstChild/nextSibling: reading `childNodes` switches a domino
  // node to an array whose every removal is O(siblings) (30,000 comments took 37 s).
  type Frame = { node: DomElement; depth: number; pre: boolean; quotes: number; items: number };
  const stack: Frame[] = [{ node: root, depth: 0, pre: false, quotes: 0, items: 0 }];
  while (stack.length > 0) {
    const { node, depth, pre, quotes, items } = stack.pop()!;
    if (depth >= MAX_DOM_DEPTH && hasElementChild(node)) {
      node.textContent = textOf(node);
      flattened++;
      continue;
    }
    for (let child = node.firstChild; child;) {
      const next = child.nextSibling;
      if (child.nodeType === 8) {
        child.remove();
      } else if (child.nodeType === 3) {
        if (pre && child.nodeValue) {
          NON_ASCII_SPACE.lastIndex = 0;
          if (NON_ASCII_SPACE.test(child.nodeValue)) child.nodeValue = child.nodeValue.replace(NON_ASCII_SPACE, ' ');
        }
      } else if (child.nodeType === 1) {
        const name = child.nodeName.toUpperCase();
        const attributes = child.hasAttributes();
        if (
          NOISE_TAGS.has(name) ||
          (attributes && (child.getAttribute('hidden') !== null || child.getAttribute('aria-hidden') === 'true'))
        ) {
          child.remove();
        } else {
          if (attributes && (name === 'A' || name === 'IMG')) links.push(child);
          else if (attributes && name === 'BASE') bodyBase = true;
          const quote = name === 'BLOCKQUOTE';
          const item = name === 'LI';
          if ((quote && quotes >= MAX_QUOTE_DEPTH) || (item && items >= MAX_LIST_DEPTH)) child.setAttribute(FLAT, '');
          stack.push({
            node: child,
            depth: depth + 1,
            pre: pre || name === 'PRE',
            quotes: quotes + (quote ? 1 : 0),
            items: items + (item ? 1 : 0),
          });
        }
      }
      child = next;
    }
  }
  const baseHref = headBase ?? (bodyBase ? root.querySelector('base[href]')?.getAttribute('href') : undefined);
  let base = baseUrl;
  if (baseHref) {
    try {
      base = new URL(baseHref, baseUrl).href;
    } catch {
      // keep the page URL
    }
  }
  for (const link of links) absolutize(link, link.nodeName.toUpperCase() === 'A' ? 'href' : 'src', base);
  return flattened;
}

function absolutize(el: DomElement, attribute: string, base: string): void {
  const value = el.getAttribute(attribute);
  if (!value || value.startsWith('#') || /^\s*(javascript|data):/i.test(value)) return;
  try {
    el.setAttribute(attribute, new URL(value, base).href);
  } catch {
    // leave an unparsable link as written
  }
}

/** The text of a subtree, iteratively, with a space at block boundaries. */
function textOf(root: DomNode): string {
  const parts: string[] = [];
  const stack: DomNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? '');
      continue;
    }
    if (node.nodeType !== 1) continue;
    if (node !== root && BLOCKS.has(node.nodeName.toUpperCase())) parts.push(' ');
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

// ---- Markdown ----------------------------------------------------------------------------

let turndownService: TurndownService | undefined;
/** The body's Markdown, captured before turndown's own (quadratic) final trim sees it. */
let capturedBody: string | undefined;

/** A turndown filter over the DOM slice domino gives (turndown's own types name the browser DOM, absent here). */
function domFilter(test: (node: DomElement) => boolean): TurndownService.Filter {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded
  return (node) => test(node as unknown as DomElement);
}

// Whole on purpose: a table of turndown rules, read top to bottom in the order they apply.
function turndown(): TurndownService {
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

function domToMarkdown(doc: DomDocument): string {
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
