// HTML → Markdown (turndown) or plain text, bounded: this runs inside the conversion process
// (./convert-job.ts) under a hard deadline, and on top of that keeps every step near-linear so
// ordinary hostile pages convert quickly instead of timing out:
// - a page the parser would nest beyond MAX_PARSE_DEPTH (estimated by a linear pre-scan, and
//   watched while parsing), or larger than MAX_DOM_CHARS, is extracted as plain text in one linear
//   pass instead (./extract.ts), and says so;
// - the DOM is walked iteratively; subtrees deeper than MAX_DOM_DEPTH are flattened to their text,
//   so turndown's recursion (and its O(size × depth) textContent calls) stays bounded;
// - turndown's quadratic spots are avoided (./markdown.ts): its final `[\t\r\n\s]+$` trim is
//   bypassed (the body's Markdown is captured by a rule and trimmed with loops), its `code` rule and our list rule
//   are linear rewrites, and non-ASCII spaces inside <pre> become ASCII spaces (its edge-whitespace
//   regex backtracks quadratically on "x" + spaces + U+00A0).
// - the output is bounded: links are made absolute only against a base of at most
//   MAX_BASE_URL_CHARS and until they have grown the page by its own size (a long base times many
//   links made hundreds of MB from a 115 KB page), and what is converted is cut at the caller's
//   limit (./limits.ts), with a note.
// A stack overflow anywhere falls back to the linear extraction; it is never a network error.
// @ts-expect-error -- the package's index.d.ts declares an ambient module 'domino', not a module file
import domino from '@mixmark-io/domino';
import type { DomDocument, DomElement, DomNode } from './dom.js';
import { extractText } from './extract.js';
import { inertLine, inertText } from '../../../runtime/text/control-text.js';
import { MAX_OUTPUT_CHARS, outputLimit } from './limits.js';
import { scanHtml } from './scan.js';
import { domToText, isBlock } from './text.js';
import { FLAT, domToMarkdown, turndown } from './markdown.js';

export { escapeMarkdown } from './markdown.js';

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
/** A longer base URL (page URL or <base href>) is not resolved against: links stay as written. */
export const MAX_BASE_URL_CHARS = 4096;
/** Characters making links absolute may add: the page's own size, and at least this. */
export const MIN_LINK_GROWTH_CHARS = 1024 * 1024;
export const MAX_TITLE_CHARS = 1000;

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

// domino is turndown's own DOM. Both are bundled into the built job script (scripts/bundle.mjs): a
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

/** Loads domino and turndown now (a fresh process does this while the body is still downloading). */
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
/** Unicode whitespace other than the ASCII four (what `\s` adds). */
const NON_ASCII_SPACE = /[\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * Converts a decoded page, returning at most `maxChars` characters of it. Never throws for
 * content: limits become a plain-text fallback, or a cut, with a note.
 */
export function convertHtml(
  html: string,
  format: ConvertFormat,
  baseUrl: string,
  maxChars = outputLimit(html.length, html.length),
): ConvertedPage {
  const page = convertPage(html, format, baseUrl);
  // A conversion is for reading, not quoting: a control sequence or a format character the page
  // holds (or spells, as `&#x1B;` or `&#x202E;`) shows as an escape, in the text and the title.
  let content = inertText(page.content);
  if (content.length > maxChars) {
    page.notes.push(
      `the ${format} was cut at ${maxChars} of its ${content.length} characters (web_fetch returns at most 4 × max_bytes characters of a conversion, and no more than ${MAX_OUTPUT_CHARS}); format "raw" returns the HTML as received`,
    );
    content = cutAt(content, maxChars);
  }
  let title = page.title === undefined ? undefined : inertLine(page.title);
  if (title !== undefined && title.length > MAX_TITLE_CHARS) title = `${cutAt(title, MAX_TITLE_CHARS)}…`;
  return { ...page, content, title };
}

/** The first `limit` characters or fewer: up to a line break in the second half, never half a surrogate pair. */
function cutAt(text: string, limit: number): string {
  let end = text.lastIndexOf('\n', limit);
  if (end < limit / 2) {
    end = limit;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
  }
  while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end--;
  return text.slice(0, end);
}

function convertPage(html: string, format: ConvertFormat, baseUrl: string): ConvertedPage {
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
    const { flattened, links, bodyBase } = normalize(body);
    if (flattened > 0)
      notes.push(`${flattened} element(s) nested deeper than ${MAX_DOM_DEPTH} levels were flattened to their text`);
    // Plain text shows no link targets: they are resolved for Markdown only.
    if (format === 'markdown') {
      const baseHref = headBase ?? (bodyBase ? body.querySelector('base[href]')?.getAttribute('href') : undefined);
      const note = absolutizeLinks(links, baseUrl, baseHref ?? undefined, Math.max(html.length, MIN_LINK_GROWTH_CHARS));
      if (note) notes.push(note);
    }
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
 * One iterative walk: drops noise (and hidden elements and comments), flattens subtrees deeper
 * than MAX_DOM_DEPTH, and turns non-ASCII spaces inside <pre> into ASCII spaces. Returns how many
 * subtrees were flattened, the links and images (for absolutizeLinks) and whether a <base> was met.
 */
function normalize(root: DomElement): { flattened: number; links: DomElement[]; bodyBase: boolean } {
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
  return { flattened, links, bodyBase };
}

/**
 * Makes links and images absolute against the document's first <base href> (`baseHref`), else the
 * page URL, as a browser resolves them; but not against a base longer than MAX_BASE_URL_CHARS, and
 * not past `budget` added characters (the rest stay as written). Returns a note when it held back.
 */
function absolutizeLinks(
  links: readonly DomElement[],
  pageUrl: string,
  baseHref: string | undefined,
  budget: number,
): string | undefined {
  let base = pageUrl;
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      // keep the page URL
    }
  }
  if (base.length > MAX_BASE_URL_CHARS) {
    const relative = links.filter(isRelative).length;
    return relative === 0
      ? undefined
      : `${relative} relative link(s) are as the page wrote them, not made absolute: their base URL is ${base.length} characters long (more than ${MAX_BASE_URL_CHARS})`;
  }
  let grown = 0;
  for (const [index, link] of links.entries()) {
    if (grown > budget) {
      const relative = links.slice(index).filter(isRelative).length;
      return relative === 0
        ? undefined
        : `${relative} relative link(s) are as the page wrote them, not made absolute: the others already added ${grown} characters to the page`;
    }
    grown += absolutize(link, linkAttribute(link), base);
  }
  return undefined;
}

function linkAttribute(el: DomElement): string {
  return el.nodeName.toUpperCase() === 'A' ? 'href' : 'src';
}

/** A link whose target depends on the base: no scheme, not a fragment. */
function isRelative(el: DomElement): boolean {
  const value = el.getAttribute(linkAttribute(el));
  return !!value && !value.startsWith('#') && !/^\s*[a-z][a-z0-9+.-]*:/i.test(value);
}

/** Resolves one link in place; returns how many characters that added. */
function absolutize(el: DomElement, attribute: string, base: string): number {
  const value = el.getAttribute(attribute);
  if (!value || value.startsWith('#') || /^\s*(javascript|data):/i.test(value)) return 0;
  try {
    const href = new URL(value, base).href;
    el.setAttribute(attribute, href);
    return Math.max(0, href.length - value.length);
  } catch {
    return 0; // leave an unparsable link as written
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
    if (node !== root && isBlock(node.nodeName.toLowerCase())) parts.push(' ');
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
