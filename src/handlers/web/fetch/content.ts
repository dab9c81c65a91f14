// The content half of web_fetch: what a content type is, which charset decodes it, and whether a
// body labelled as text is really binary. HTML conversion runs in a job process (../html/convert-pool.ts).
import { cleanCutLength } from '../../../runtime/text/render.js';
import { isBinaryFileSync } from 'isbinaryfile';
import { extractText } from '../html/extract.js';

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
      charset =
        param
          .slice(eq + 1)
          .trim()
          .replace(/^["']|["']$/g, '') || undefined;
    }
  }
  return { mime: type.trim().toLowerCase(), charset };
}

const TEXTUAL_APPLICATION = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-ndjson',
  'application/ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/x-sh',
  'application/graphql',
  'application/sql',
  'application/x-www-form-urlencoded',
  'application/rtf',
  'application/x-tex',
  'application/jsonl',
  'application/csv',
  'application/x-httpd-php',
  'application/x-python',
]);

export function classify(mime: string): BodyKind {
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime.startsWith('text/')) return 'text';
  if (TEXTUAL_APPLICATION.has(mime) || mime.endsWith('+json') || mime.endsWith('+xml') || mime.endsWith('+yaml'))
    return 'text';
  if (
    mime === '' ||
    mime === 'application/octet-stream' ||
    mime === 'binary/octet-stream' ||
    mime === 'application/unknown'
  ) {
    return 'unknown';
  }
  return 'binary';
}

/** Decides an untyped body by its bytes: HTML markup, other text, or binary. */
export function sniff(bytes: Buffer): BodyKind {
  const head = bytes.subarray(0, 1024).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /^<(head|body|meta|title)[\s>]/.test(head))
    return 'html';
  if (bytes.length === 0) return 'text';
  return isBinaryFileSync(bytes, Math.min(bytes.length, 8192)) ? 'binary' : 'text';
}

export interface PickedEncoding {
  encoding: string;
  /** A declared charset this Node cannot decode (the body was decoded as `encoding` instead). */
  unsupported?: string;
}

/**
 * The encoding to decode with: a byte-order mark wins, then the header's charset, then (HTML) a
 * `<meta charset>` in the first 2 KiB, then UTF-8. A label TextDecoder does not support is
 * reported in `unsupported` so the caller can say the text may be garbled.
 */
export function pickEncoding(bytes: Buffer, declared: string | undefined, kind: BodyKind): PickedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be' };
  const candidates = [declared];
  if (kind === 'html') candidates.push(metaCharset(bytes.subarray(0, 2048).toString('latin1')));
  let unsupported: string | undefined;
  for (const [index, label] of candidates.entries()) {
    if (!label) continue;
    try {
      const encoding = new TextDecoder(label).encoding;
      // HTML's rule: a <meta> naming UTF-16 (read with an ASCII decoder, so the page is not UTF-16) means UTF-8.
      if (index === 1 && encoding.startsWith('utf-16'))
        return { encoding: 'utf-8', ...(unsupported ? { unsupported } : {}) };
      return { encoding, ...(unsupported ? { unsupported } : {}) };
    } catch {
      unsupported ??= label.slice(0, 64); // try the next source
    }
  }
  return { encoding: 'utf-8', ...(unsupported ? { unsupported } : {}) };
}

/** The charset of the first `<meta … charset=…>` tag; each tag is scanned once (no backtracking). */
function metaCharset(head: string): string | undefined {
  const lower = head.toLowerCase();
  for (let at = lower.indexOf('<meta'); at >= 0; at = lower.indexOf('<meta', at + 5)) {
    const end = lower.indexOf('>', at);
    const tag = lower.slice(at, end < 0 ? lower.length : end);
    const match = /charset\s*=\s*["']?\s*([a-z0-9_\-:.]{1,64})/.exec(tag);
    if (match) return match[1];
  }
  return undefined;
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

/** Bytes decoded between two turns of the event loop. */
const DECODE_SLICE_BYTES = 1024 * 1024;

/**
 * decodeText a slice at a time, the event loop turning between slices: a body of many megabytes
 * (a hundred take a second to decode here) holds it for no long stretch.
 */
export async function decodeTextInTurns(bytes: Buffer, encoding: string, truncated: boolean): Promise<string> {
  if (bytes.length <= DECODE_SLICE_BYTES) return decodeText(bytes, encoding, truncated);
  // windows-1252 is a byte per character: any slice decodes alone.
  const decoder = encoding === 'windows-1252' ? undefined : new TextDecoder(encoding);
  let text = '';
  for (let at = 0; at < bytes.length; at += DECODE_SLICE_BYTES) {
    const last = at + DECODE_SLICE_BYTES >= bytes.length;
    const slice = bytes.subarray(at, Math.min(bytes.length, at + DECODE_SLICE_BYTES));
    text += decoder ? decoder.decode(slice, { stream: !last || truncated }) : decodeWindows1252(slice);
    if (!last) await new Promise((resolve) => setImmediate(resolve));
  }
  return text;
}

// Node 20's TextDecoder decodes windows-1252 (also the label for iso-8859-1/latin1/ascii) as
// ISO-8859-1, turning 0x80–0x9F into control characters instead of € ‚ ƒ „ … “ ” – — ™ etc.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Byte → UTF-16 unit: latin1 but for 0x80–0x9F. */
const CP1252 = (() => {
  const table = new Uint16Array(256);
  for (let b = 0; b < 256; b++) table[b] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
  return table;
})();

/**
 * One table lookup per byte into a UTF-16 buffer, decoded natively (a regex callback per
 * 0x80–0x9F byte took 5 s of event loop for 20 MB); text without those bytes is latin1 as is.
 */
export function decodeWindows1252(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  if (!/[\x80-\x9f]/.test(latin1)) return latin1;
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = CP1252[bytes[i]!]!;
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

// ---- binary bodies under a text label -----------------------------------------------------

/**
 * True when a body labelled as text (text/html, text/plain, application/json, …) is really binary:
 * NUL bytes (outside UTF-16), or more than 10% control characters or undecodable sequences in the
 * decoded first 8 KiB. An image or archive served as text/html is refused, not turned into noise.
 */
export function looksBinary(bytes: Buffer, encoding: string): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.length === 0) return false;
  const utf16 = encoding.startsWith('utf-16');
  if (!utf16 && head.includes(0)) return true;
  const text = new TextDecoder(encoding === 'windows-1252' ? 'latin1' : encoding).decode(head, { stream: true });
  let suspicious = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    // C0 controls other than tab, newline, form feed, carriage return and escape; DEL; U+FFFD.
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1b) || c === 0x7f || c === 0xfffd)
      suspicious++;
  }
  return suspicious > text.length * 0.1;
}

/** A short plain-text excerpt of an error page for HTTP_ERROR messages (one linear pass, no DOM). */
export function excerptOf(body: string, kind: BodyKind, max = 300): string {
  const text = kind === 'html' ? extractText(body).content : body;
  const flat = text
    .slice(0, max * 8)
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * Where a page of a body cut at the byte cap ends, so that the next page (start_index) starts
 * cleanly: HTML before its last tag, other text after its last line break, else after the last
 * whole UTF-8 character (a boundary in the page's second half only).
 */
export function pageEnd(bytes: Buffer, kind: BodyKind, converted: boolean, encoding: string): number {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return bytes.length & ~1;
  if (converted && kind === 'html') {
    const tag = bytes.lastIndexOf(0x3c); // <
    if (tag > bytes.length >> 1) return tag;
  }
  return cleanCutLength(bytes, encoding === 'utf-8');
}
