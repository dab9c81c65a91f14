// The content half of web_fetch: what a content type is, which charset decodes it, and how HTML
// becomes Markdown (turndown) or plain text. Parsing uses domino, the DOM turndown itself uses.
import { createRequire } from 'node:module';
import { isBinaryFileSync } from 'isbinaryfile';
import type TurndownService from 'turndown';

export type BodyKind = 'html' | 'text' | 'binary' | 'unknown';

export interface MediaType {
  /** `type/subtype`, lower-case; '' when the header is missing. */
  mime: string;
  charset: string | undefined;
}

export function parseContentType(header: string | undefined): MediaType {
  if (!header) return { mime: '', charset: undefined };
  const [type = '', ...params] = header.split(';');
  let charset: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() === 'charset') {
      charset = param.slice(eq + 1).trim().replace(/^["']|["']$/g, '') || undefined;
    }
  }
  return { mime: type.trim().toLowerCase(), charset };
}

const TEXTUAL_APPLICATION = new Set([
  'application/json', 'application/xml', 'application/javascript', 'application/ecmascript',
  'application/x-javascript', 'application/x-ndjson', 'application/ndjson', 'application/yaml',
  'application/x-yaml', 'application/toml', 'application/x-sh', 'application/graphql',
  'application/sql', 'application/x-www-form-urlencoded', 'application/rtf', 'application/x-tex',
  'application/jsonl', 'application/csv', 'application/x-httpd-php', 'application/x-python',
]);

export function classify(mime: string): BodyKind {
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime.startsWith('text/')) return 'text';
  if (TEXTUAL_APPLICATION.has(mime) || mime.endsWith('+json') || mime.endsWith('+xml') || mime.endsWith('+yaml')) return 'text';
  if (mime === '' || mime === 'application/octet-stream' || mime === 'binary/octet-stream' || mime === 'application/unknown') {
    return 'unknown';
  }
  return 'binary';
}

/** Decides an untyped body by its bytes: HTML markup, other text, or binary. */
export function sniff(bytes: Buffer): BodyKind {
  const head = bytes.subarray(0, 1024).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /^<(head|body|meta|title)[\s>]/.test(head)) return 'html';
  if (bytes.length === 0) return 'text';
  return isBinaryFileSync(bytes, Math.min(bytes.length, 8192)) ? 'binary' : 'text';
}

/**
 * The encoding to decode with: a byte-order mark wins, then the header's charset, then (HTML) a
 * `<meta charset>` in the first 2 KiB, then UTF-8. Unknown labels fall back to UTF-8.
 */
export function pickEncoding(bytes: Buffer, declared: string | undefined, kind: BodyKind): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const candidates = [declared];
  if (kind === 'html') {
    const head = bytes.subarray(0, 2048).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_\-:.]+)/i.exec(head);
    candidates.push(meta?.[1]);
  }
  for (const label of candidates) {
    if (!label) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // An unknown label: try the next source.
    }
  }
  return 'utf-8';
}

/**
 * Decodes bytes; when the body was cut at the byte cap, an incomplete final character is dropped
 * (stream mode) instead of becoming U+FFFD.
 */
export function decodeText(bytes: Buffer, encoding: string, truncated: boolean): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  const decoder = new TextDecoder(encoding);
  return decoder.decode(bytes, { stream: truncated });
}

// Node 20's TextDecoder decodes windows-1252 (also the label for iso-8859-1/latin1/ascii) as
// ISO-8859-1, turning 0x80–0x9F into control characters instead of € ‚ ƒ „ … “ ” – — ™ etc.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!));
}

// ---- HTML ----------------------------------------------------------------------------------

/** The slice of domino's DOM this module touches. */
interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}
interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  remove(): void;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface DomDocument extends DomElement {
  title: string;
  body: DomElement | null;
  documentElement: DomElement | null;
}

// domino is turndown's own DOM; resolving it from turndown's location needs no extra dependency
// and always yields the copy turndown uses, hoisted or not. Both load on the first HTML page:
// they are the heaviest modules of the toolkit (~15 MiB), and most calls never need them.
const requireHere = createRequire(import.meta.url);
type Domino = { createDocument(html: string, force?: boolean): DomDocument };
let dominoModule: Domino | undefined;
const domino = {
  createDocument(html: string, force?: boolean): DomDocument {
    dominoModule ??= createRequire(requireHere.resolve('turndown'))('@mixmark-io/domino') as Domino;
    return dominoModule.createDocument(html, force);
  },
};

/** Elements that are never content: code, styling, navigation chrome, embedded objects. */
/** Elements that are never content: code, styling, navigation chrome, embedded objects. */
const NOISE_TAGS = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'NAV', 'IFRAME', 'SVG', 'CANVAS', 'OBJECT', 'EMBED', 'LINK', 'META', 'BUTTON',
]);

export interface ConvertedPage {
  title: string | undefined;
  content: string;
}

function parsePage(html: string, baseUrl: string): { doc: DomDocument; root: DomElement } {
  const doc = domino.createDocument(html, true);
  const root = doc.body ?? doc.documentElement ?? doc;
  // Links and images resolved against the page's URL (or its <base href>) so a model can follow them.
  let base = baseUrl;
  const baseHref = doc.querySelectorAll('base[href]')[0]?.getAttribute('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, baseUrl).href;
    } catch {
      // keep the page URL
    }
  }
  const absolutize = (el: DomElement, attribute: string) => {
    const value = el.getAttribute(attribute);
    if (!value || value.startsWith('#') || /^\s*(javascript|data):/i.test(value)) return;
    try {
      el.setAttribute(attribute, new URL(value, base).href);
    } catch {
      // leave an unparsable link as written
    }
  };
  // One walk drops noise (and hidden elements) and fixes links; far cheaper than querySelectorAll.
  const walk = (node: DomElement) => {
    const children = Array.from(node.childNodes) as DomElement[];
    for (const child of children) {
      if (child.nodeType !== 1) continue;
      const name = child.nodeName.toUpperCase();
      if (NOISE_TAGS.has(name) || child.getAttribute('hidden') !== null || child.getAttribute('aria-hidden') === 'true') {
        child.remove();
        continue;
      }
      if (name === 'A') absolutize(child, 'href');
      else if (name === 'IMG') absolutize(child, 'src');
      walk(child);
    }
  };
  walk(root);
  return { doc, root };
}

let turndownService: TurndownService | undefined;
function turndown(): TurndownService {
  if (turndownService) return turndownService;
  const Turndown = requireHere('turndown') as typeof TurndownService;
  const service = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  // Images whose link is a data: URL would flood the text; keep their alt text only.
  service.addRule('dataImages', {
    filter: (node) => node.nodeName === 'IMG' && /^data:/i.test(node.getAttribute('src') ?? ''),
    replacement: (_content, node) => {
      const alt = (node as unknown as DomElement).getAttribute('alt');
      return alt ? `[image: ${alt}]` : '';
    },
  });
  // Compact list markers ("- item", "1. item") instead of turndown's padded "-   item".
  service.addRule('compactListItem', {
    filter: 'li',
    replacement: (content, node) => {
      type ListNode = DomElement & { parentNode: ListNode | null; nextSibling: unknown; children: ArrayLike<unknown> };
      const item = node as unknown as ListNode;
      const parent = item.parentNode;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  turndownService = service;
  return service;
}

/** HTML → Markdown with noise removed and links absolute. */
export function htmlToMarkdown(html: string, baseUrl: string): ConvertedPage {
  const { doc, root } = parsePage(html, baseUrl);
  const title = doc.title?.trim() || undefined;
  const markdown = turndown().turndown(root as unknown as TurndownService.Node);
  return { title, content: tidy(markdown) };
}

/** Elements that start a new line in plain text, and those that also leave a blank line. */
const LINE_BLOCKS = new Set([
  'ADDRESS', 'BR', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'HEADER', 'HR', 'LI', 'MAIN', 'SUMMARY', 'TR', 'TBODY', 'THEAD', 'BODY', 'HTML', 'ASIDE',
]);
const PARAGRAPH_BLOCKS = new Set([
  'ARTICLE', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'UL',
]);

/** HTML → plain text: the visible words, blocks on their own lines, paragraphs apart, no markup. */
export function htmlToText(html: string, baseUrl: string): ConvertedPage {
  const { doc, root } = parsePage(html, baseUrl);
  const title = doc.title?.trim() || undefined;
  const parts: string[] = [];
  let pendingBreak = 0; // newlines owed before the next text: 1 = new line, 2 = blank line
  let atLineStart = true;
  const brk = (level: number) => {
    pendingBreak = Math.max(pendingBreak, level);
  };
  const emit = (text: string, verbatim: boolean) => {
    if (pendingBreak > 0) {
      if (!text.trim()) return; // whitespace between blocks
      if (parts.length > 0) parts.push('\n'.repeat(pendingBreak));
      pendingBreak = 0;
      atLineStart = true;
    }
    if (atLineStart && !verbatim) text = text.replace(/^[ ]+/, '');
    if (!text) return;
    parts.push(text);
    atLineStart = text.endsWith('\n');
  };
  const walk = (node: DomNode, inPre: boolean) => {
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      emit(inPre ? value : value.replace(/\s+/g, ' '), inPre);
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9) return;
    const name = node.nodeName.toUpperCase();
    if (name === 'HEAD' || name === 'TITLE') return;
    const level = PARAGRAPH_BLOCKS.has(name) ? 2 : LINE_BLOCKS.has(name) ? 1 : 0;
    if (level) brk(level);
    if ((name === 'TD' || name === 'TH') && !atLineStart && pendingBreak === 0) {
      parts.push('\t'); // cells of a row, tab-separated
      atLineStart = true;
    }
    const pre = inPre || name === 'PRE';
    for (const child of Array.from(node.childNodes)) walk(child, pre);
    if (level) brk(level);
  };
  walk(root, false);
  const text = parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, ''))
    .join('\n');
  return { title, content: tidy(text) };
}

/** A short plain-text excerpt of an error page for HTTP_ERROR messages. */
export function excerptOf(body: string, kind: BodyKind, max = 300): string {
  const text = kind === 'html' ? htmlToText(body, 'http://localhost/').content : body;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function tidy(text: string): string {
  return text.replace(/^[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
}
