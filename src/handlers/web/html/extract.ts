// A bounded plain-text extraction of raw HTML in one linear pass over ./scan.ts's tag walk, used
// when a page is beyond what the DOM converter accepts and for the short excerpts of error pages;
// and the plain-text layout and line tidying the DOM walk of ./text.ts shares.
import { VOID_ELEMENTS, walkHtml } from './scan.js';

/** Elements whose text is never content (kept in step with the DOM converter's noise list). */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'iframe',
  'svg',
  'canvas',
  'object',
  'embed',
]);
/** Elements on a line of their own in both plain-text extractions (lower-case; each adds a few). */
export const LINE_BREAKING_COMMON: readonly string[] = [
  'address',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'li',
  'main',
  'summary',
  'tr',
  'tbody',
  'thead',
  'aside',
];
const LINE_BREAKING = new Set([...LINE_BREAKING_COMMON, 'option']);
/** Elements set apart by a blank line in both plain-text extractions (lower-case). */
export const PARAGRAPH_BREAKING: ReadonlySet<string> = new Set([
  'article',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  bdquo: '„',
  bull: '•',
  middot: '·',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  laquo: '«',
  raquo: '»',
  iexcl: '¡',
  iquest: '¿',
  shy: '\u00ad',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  le: '≤',
  ge: '≥',
  ne: '≠',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwj: '\u200d',
  zwnj: '\u200c',
  micro: 'µ',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  dagger: '†',
  Dagger: '‡',
  permil: '‰',
};

/** Decodes character references; bounded quantifiers keep the regex linear. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return ENTITIES[ref] ?? ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

export interface ExtractedText {
  title: string | undefined;
  content: string;
}

/**
 * The visible text of a page in one linear pass: scripts, styles, navigation and other noise
 * skipped, block elements on their own lines, whitespace collapsed outside <pre>, entities decoded.
 */
export function extractText(html: string): ExtractedText {
  const layout = new PlainTextLayout();
  let title: string | undefined;
  let skipping = 0;
  const skipStack: string[] = [];
  const blockBreak = (name: string) => {
    if (PARAGRAPH_BREAKING.has(name)) layout.breakBefore(2);
    else if (LINE_BREAKING.has(name)) layout.breakBefore(1);
  };
  walkHtml(html, {
    title(raw) {
      title ??= decodeEntities(raw).replace(/\s+/g, ' ').trim() || undefined;
    },
    open(name) {
      if (SKIPPED.has(name)) {
        if (!VOID_ELEMENTS.has(name)) {
          skipping++;
          skipStack.push(name);
        }
        return;
      }
      blockBreak(name);
      if (name === 'td' || name === 'th') layout.cell();
    },
    close(name) {
      if (skipping > 0 && skipStack[skipStack.length - 1] === name) {
        skipStack.pop();
        skipping--;
        return;
      }
      blockBreak(name);
    },
    text(raw, inPre) {
      if (skipping > 0) return;
      const text = decodeEntities(raw);
      layout.emit(inPre ? text : text.replace(/\s+/g, ' '), inPre);
    },
  });
  return { title, content: layout.toString() };
}

/**
 * Text laid out in blocks, as plain text: a break owed before the next words (1 = new line,
 * 2 = blank line; whitespace between blocks is dropped), table cells tab-separated. Shared by the
 * linear extraction above and the DOM walk of ./text.ts.
 */
export class PlainTextLayout {
  private readonly parts: string[] = [];
  private pendingBreak = 0;
  private atLineStart = true;

  breakBefore(level: 1 | 2): void {
    this.pendingBreak = Math.max(this.pendingBreak, level);
  }

  /** A table cell starts: a tab unless it begins a line. */
  cell(): void {
    if (!this.atLineStart && this.pendingBreak === 0) {
      this.parts.push('\t');
      this.atLineStart = true;
    }
  }

  /** Words (already whitespace-collapsed unless `verbatim`, i.e. inside <pre>). */
  emit(text: string, verbatim: boolean): void {
    if (this.pendingBreak > 0) {
      if (!text.trim()) return;
      if (this.parts.length > 0) this.parts.push(this.pendingBreak === 2 ? '\n\n' : '\n');
      this.pendingBreak = 0;
      this.atLineStart = true;
    }
    if (this.atLineStart && !verbatim) text = text.trimStart();
    if (!text) return;
    this.parts.push(text);
    this.atLineStart = text.endsWith('\n');
  }

  toString(): string {
    return tidyLines(this.parts.join(''), true);
  }
}

/**
 * Blank lines emptied, at most one blank line in a row, edges trimmed; with `trimEnds` also the
 * trailing blanks of every line (plain text; Markdown keeps them, "  " before a newline is a break).
 * A loop over lines, linear where `[ \t]+$` regexes are quadratic.
 */
export function tidyLines(text: string, trimEnds: boolean): string {
  const out: string[] = [];
  let blank = 0;
  for (const line of text.split('\n')) {
    const trimmed = trimEndBlanks(line);
    if (trimmed === '') {
      blank++;
      continue;
    }
    if (out.length > 0 && blank > 0) out.push('');
    blank = 0;
    out.push(trimEnds ? trimmed : line);
  }
  return out.join('\n').trim();
}

/** `line` without trailing spaces and tabs, found by a backward loop (a `[ \t]+$` regex is quadratic). */
export function trimEndBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 0x20 || line.charCodeAt(end - 1) === 0x09)) end--;
  return end === line.length ? line : line.slice(0, end);
}
