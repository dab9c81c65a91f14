// Linear-time scans of raw HTML that need no DOM: an estimate of how deep the parser would nest the
// page (domino's tree building slows down with depth and its consumers recurse), through the one
// forward tag walk that ./extract.ts also uses for plain text. Every step moves forward through
// the string; nothing backtracks.

/** Elements that never hold children. */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/**
 * Start tags that close an open element of their family (the parser's implied end tags) unless a
 * scope boundary was opened after it: a run of <li>, <p>, <a>, <td>… does not nest.
 */
const IMPLIED_CLOSE: Record<string, { family: readonly string[]; boundary: readonly string[] }> = {};
function closes(names: string[], family: string[], boundary: string[]): void {
  for (const name of names) IMPLIED_CLOSE[name] = { family, boundary };
}
closes(['li'], ['li'], ['ul', 'ol']);
closes(['dt', 'dd'], ['dt', 'dd'], ['dl']);
closes(['option'], ['option'], ['select', 'datalist']);
closes(['optgroup'], ['optgroup', 'option'], ['select']);
closes(['tr'], ['tr', 'td', 'th'], ['table']);
closes(['td', 'th'], ['td', 'th'], ['table', 'tr']);
closes(['thead', 'tbody', 'tfoot'], ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'], ['table']);
closes(['rb', 'rt', 'rp', 'rtc'], ['rb', 'rt', 'rp', 'rtc'], ['ruby']);
closes(['a'], ['a'], ['td', 'th', 'caption', 'object', 'marquee', 'applet', 'template']);
closes(['button'], ['button'], []);
closes(['nobr'], ['nobr'], []);
/** Start tags that close an open <p> (in button scope). */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hgroup',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'search',
  'section',
  'summary',
  'ul',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'listing',
  'form',
  'table',
  'hr',
  'li',
  'dd',
  'dt',
  'xmp',
]);
const P_SCOPE = ['button', 'table', 'td', 'th', 'caption', 'marquee', 'object', 'applet', 'template', 'html'];
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Not pushed: the document's own frame. */
const FRAME = new Set(['html', 'head', 'body']);
/** Elements whose content is raw text up to their own end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

export interface HtmlScan {
  /** Deepest nesting the parser would build, estimated (within a small factor of the real depth). */
  depth: number;
  /** Start tags seen. */
  elements: number;
  /** Most attributes on one start tag (the parser's attribute handling is quadratic in them). */
  attributes: number;
}

/** Attributes in a start tag between `from` (after its name) and `to` (its end): one pass, quotes honoured. */
function countAttributes(html: string, from: number, to: number): number {
  let count = 0;
  let inName = false;
  let quote = 0;
  for (let k = from; k < to; k++) {
    const c = html.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
      inName = false;
    } else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x2f || c === 0x3e) {
      inName = false;
    } else if (c === 0x3d) {
      inName = true; // `=`: what follows is the value, not a new name
    } else if (!inName) {
      inName = true;
      count++;
    }
  }
  return count;
}

export interface Visitor {
  text?(raw: string, inPre: boolean): void;
  open?(name: string): void;
  close?(name: string): void;
  title?(raw: string): void;
}

const NAME_CHAR = /[A-Za-z0-9:_-]/;

/** Index just past the `>` closing the tag whose attributes start at `from`, honouring quotes. */
function endOfTag(html: string, from: number): { end: number; selfClosing: boolean } {
  let quote = '';
  for (let i = from; i < html.length; i++) {
    const c = html[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return { end: i + 1, selfClosing: html[i - 1] === '/' };
    }
  }
  return { end: html.length, selfClosing: false };
}

/**
 * The stack of open elements, with per name the stack positions where one is open (innermost
 * last), so an end tag or an implied close finds its element without scanning the stack.
 */
class OpenElements {
  readonly stack: string[] = [];
  readonly #positions = new Map<string, number[]>();
  /** Inside <svg>/<math>, "/>" really closes an element. */
  foreign = 0;
  /** Inside <pre>/<listing>: text keeps its whitespace. */
  pre = 0;

  readonly #visit: Visitor;

  constructor(visit: Visitor) {
    this.#visit = visit;
  }

  isOpen(name: string): boolean {
    return (this.#positions.get(name)?.length ?? 0) > 0;
  }

  push(name: string): void {
    this.stack.push(name);
    let open = this.#positions.get(name);
    if (!open) this.#positions.set(name, (open = []));
    open.push(this.stack.length - 1);
    if (name === 'svg' || name === 'math') this.foreign++;
    if (name === 'pre' || name === 'listing') this.pre++;
  }

  pop(): void {
    const name = this.stack.pop()!;
    this.#positions.get(name)!.pop();
    if (name === 'svg' || name === 'math') this.foreign--;
    if (name === 'pre' || name === 'listing') this.pre--;
    this.#visit.close?.(name);
  }

  /** Pops up to and including the innermost open `name` (an end tag). */
  close(name: string): void {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1] !== name) this.pop();
    if (this.stack.length > 0) this.pop();
  }

  #innermost(names: readonly string[]): number {
    let at = -1;
    for (const name of names) {
      const open = this.#positions.get(name);
      if (open && open.length > 0) at = Math.max(at, open[open.length - 1]!);
    }
    return at;
  }

  /** Closes the outermost open element of `family` opened after the innermost `boundary` (and all inside it). */
  closeFamily(family: readonly string[], boundary: readonly string[]): void {
    const limit = this.#innermost(boundary);
    let at = Number.POSITIVE_INFINITY;
    for (const name of family) {
      const open = this.#positions.get(name);
      if (!open || open.length === 0 || open[open.length - 1]! <= limit) continue;
      let lo = 0;
      let hi = open.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (open[mid]! > limit) hi = mid;
        else lo = mid + 1;
      }
      at = Math.min(at, open[lo]!);
    }
    if (at !== Number.POSITIVE_INFINITY) while (this.stack.length > at) this.pop();
  }
}

/**
 * One forward pass over the markup: tags are matched against a stack of open elements (an end tag
 * pops up to its element, as the parser's implied end tags do), raw-text elements are skipped to
 * their end tag. Returns the deepest stack seen.
 */
export function walkHtml(html: string, visit: Visitor): HtmlScan {
  const open = new OpenElements(visit);
  const stack = open.stack;
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > i) visit.text?.(html.slice(i, textEnd), open.pre > 0);
    if (lt < 0) break;
    i = lt;
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const end = html.indexOf('>', i + 2);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const closing = next === '/';
    let j = closing ? i + 2 : i + 1;
    const nameStart = j;
    while (j < html.length && NAME_CHAR.test(html[j]!)) j++;
    if (j === nameStart || !/[A-Za-z]/.test(html[nameStart]!)) {
      // A lone "<" is text.
      visit.text?.('<', open.pre > 0);
      i += 1;
      continue;
    }
    const name = html.slice(nameStart, j).toLowerCase();
    const { end, selfClosing } = endOfTag(html, j);
    i = end;
    if (closing) {
      if (open.isOpen(name)) open.close(name);
      else visit.close?.(name);
      continue;
    }
    elements++;
    if (end - j > 64) attributes = Math.max(attributes, countAttributes(html, j, end));
    if (RAW_TEXT.has(name) && open.foreign === 0) {
      const endTag = new RegExp(`</${name}[\\s/>]`, 'gi');
      endTag.lastIndex = i;
      const found = endTag.exec(html);
      const rawEnd = found ? found.index : html.length;
      if (name === 'title') visit.title?.(html.slice(i, rawEnd));
      else if (name === 'textarea') visit.text?.(html.slice(i, rawEnd), false);
      visit.open?.(name);
      visit.close?.(name);
      i = found ? endOfTag(html, found.index + 2 + name.length).end : html.length;
      continue;
    }
    if (name === 'plaintext') {
      visit.text?.(html.slice(i), true);
      break;
    }
    if (open.foreign === 0) {
      if (CLOSES_P.has(name)) open.closeFamily(['p'], P_SCOPE);
      const implied = IMPLIED_CLOSE[name];
      if (implied) open.closeFamily(implied.family, implied.boundary);
      if (HEADINGS.has(name) && HEADINGS.has(stack[stack.length - 1] ?? '')) open.pop();
    }
    visit.open?.(name);
    if (VOID_ELEMENTS.has(name) || (selfClosing && open.foreign > 0) || FRAME.has(name)) {
      visit.close?.(name);
      continue;
    }
    open.push(name);
    if (stack.length > depth) depth = stack.length;
  }
  return { depth, elements, attributes };
}

/** How deep the page nests and how many elements it has, without building a tree. */
export function scanHtml(html: string): HtmlScan {
  return walkHtml(html, {});
}
