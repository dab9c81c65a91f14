// Legacy (non-Unicode) text encodings: which ones toolwright reads and edits, the lazily loaded
// iconv-lite codec for them, and the round-trip rule that keeps every byte of a file.
import type * as IconvLite from 'iconv-lite';
import { tableDecoder } from './table-decode.js';

/** The legacy encodings whose characters take more than one byte. */
const MULTI_BYTE_ENCODINGS = ['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr'] as const;

/**
 * Encodings read and edited byte-exactly. All are ASCII-compatible and stateless, and none uses
 * byte 10 (LF) or 13 (CR) inside a multi-byte character, so lines can be split on bytes.
 */
export const LEGACY_ENCODINGS = [
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'windows-874',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-9',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  ...MULTI_BYTE_ENCODINGS,
] as const;
export type LegacyEncoding = (typeof LEGACY_ENCODINGS)[number];

export const MULTI_BYTE: ReadonlySet<LegacyEncoding> = new Set(MULTI_BYTE_ENCODINGS);

let iconvModule: typeof IconvLite | undefined;
/** iconv-lite, loaded at the first non-UTF-8 file (its tables cost start-up time otherwise). */
export async function loadIconv(): Promise<typeof IconvLite> {
  if (!iconvModule) {
    const mod = (await import('iconv-lite')) as typeof IconvLite & { default?: typeof IconvLite };
    iconvModule = mod.default ?? mod;
  }
  return iconvModule;
}

/** A legacy codec bound to one encoding (iconv-lite must have been loaded). */
export interface LegacyCodec {
  readonly encoding: LegacyEncoding;
  decode(bytes: Buffer): string;
  /** Decodes many lines (bytes without their newline) at once: one codec call for all of them. */
  decodeLines(lines: Buffer[]): string[];
  /** Decodes bytes[start, end) in place (no copy, no batch): single-byte codecs, else absent. */
  readonly decodeRange?: (bytes: Buffer, start: number, end: number) => string;
  /** Most bytes that one UTF-16 unit of decoded text takes (windows stop reading ahead at cap × this). */
  readonly maxBytesPerUnit: number;
  encode(text: string): Buffer;
  /** True when decoding then encoding `bytes` gives `bytes` back (no byte would change on a rewrite). */
  roundTrips(bytes: Buffer): boolean;
}

const codecs = new Map<LegacyEncoding, LegacyCodec>();
// Longest byte sequence per UTF-16 unit: EUC-JP has 3-byte JIS X 0212 characters, GB18030 4-byte ones.
const MAX_BYTES_PER_UNIT: Partial<Record<LegacyEncoding, number>> = {
  shift_jis: 2,
  gbk: 2,
  big5: 2,
  'euc-kr': 2,
  'euc-jp': 3,
  gb18030: 4,
};

/** True when the bytes hold nothing above 0x7F (every supported encoding reads those as ASCII). */
function isAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return false;
  return true;
}

export function legacyCodec(iconv: typeof IconvLite, encoding: LegacyEncoding): LegacyCodec {
  let codec = codecs.get(encoding);
  if (!codec) codecs.set(encoding, (codec = makeCodec(iconv, encoding)));
  return codec;
}

function makeCodec(iconv: typeof IconvLite, encoding: LegacyEncoding): LegacyCodec {
  const iconvDecode = (bytes: Buffer) => iconv.decode(bytes, encoding, { stripBOM: false });
  // Multi-byte encodings decode through a flat table built from iconv-lite's own mapping
  // (table-decode.ts); only bytes the table does not cover pay for iconv-lite's general decoder.
  const fast = MULTI_BYTE.has(encoding) ? tableDecoder(iconv, encoding) : undefined;
  const slow = fast ? (bytes: Buffer) => fast(bytes) ?? iconvDecode(bytes) : iconvDecode;
  // Per-line decoding is the hot path of a window: ASCII lines skip the codec, and single-byte
  // encodings decode through a 256-entry table (iconv-lite's own mapping, built once).
  const asciiSafe =
    iconvDecode(Buffer.from(Array.from({ length: 128 }, (_, i) => i))) ===
    String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i));
  const tableText = MULTI_BYTE.has(encoding)
    ? undefined
    : iconvDecode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
  const table = tableText?.length === 256 ? Uint16Array.from(tableText, (c) => c.charCodeAt(0)) : undefined;
  const { fixups, viaLatin1 } = latin1Decoder(table);
  const decode = (bytes: Buffer): string => {
    if (asciiSafe && isAscii(bytes)) return bytes.toString('latin1');
    if (viaLatin1) return viaLatin1(bytes);
    if (!table) return slow(bytes);
    const units = new Uint16Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) units[i] = table[bytes[i]!]!;
    return Buffer.from(units.buffer, 0, units.byteLength).toString('utf16le');
  };
  const encode = (text: string) => iconv.encode(text, encoding, { addBOM: false });
  // For a table codec: 1 where byte b decodes to a real character that encodes back to b alone.
  const keeps = table
    ? Uint8Array.from(table, (unit, b) =>
        unit !== 0xfffd && encode(String.fromCharCode(unit)).equals(Buffer.from([b])) ? 1 : 0,
      )
    : undefined;
  const lostBytes = keeps ? Array.from(keeps.keys()).filter((b) => keeps[b] === 0) : [];
  const decodeLines = linesDecoder(decode, viaLatin1, table, slow);
  return {
    encoding,
    decode,
    decodeLines,
    ...(table
      ? {
          decodeRange:
            fixups.length === 0
              ? (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end)
              : tableRange(table),
        }
      : {}),
    maxBytesPerUnit: MAX_BYTES_PER_UNIT[encoding] ?? 1,
    encode,
    roundTrips: (bytes) => {
      if (keeps) {
        // Single-byte: a text round-trips exactly when each of its bytes does (one byte per
        // character); few bad bytes (Windows-1252 has 5) are found by native searches.
        if (lostBytes.length <= 8) return !lostBytes.some((b) => bytes.indexOf(b) !== -1);
        for (let i = 0; i < bytes.length; i++) if (keeps[bytes[i]!] === 0) return false;
        return true;
      }
      // Every character the table decodes encodes back to its own bytes (table-decode.ts).
      if (fast?.(bytes) !== undefined) return true;
      const text = iconvDecode(bytes);
      return !text.includes('\ufffd') && encode(text).equals(bytes);
    },
  };
}

/**
 * Code pages that differ from Latin-1 in a few bytes (Windows-1252: 0x80–0x9F) decode natively as
 * Latin-1, then those few characters are swapped (whole buffers; one line at a time the table is
 * faster, see tableRange). `viaLatin1` is undefined when too many bytes differ.
 */
function latin1Decoder(table: Uint16Array | undefined): {
  fixups: number[];
  viaLatin1: ((bytes: Buffer) => string) | undefined;
} {
  const fixups = table ? Array.from(table.keys()).filter((b) => table[b] !== b) : [];
  const fixRe =
    table && fixups.length <= 32 && fixups.length > 0
      ? new RegExp(`[${fixups.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}]`, 'g')
      : undefined;
  const fixMap = new Map(fixups.map((b) => [String.fromCharCode(b), String.fromCharCode(table![b]!)]));
  const fix = (ch: string) => fixMap.get(ch)!;
  const viaLatin1 =
    table && (fixups.length === 0 || fixRe)
      ? (bytes: Buffer) => (fixRe ? bytes.toString('latin1').replace(fixRe, fix) : bytes.toString('latin1'))
      : undefined;
  return { fixups, viaLatin1 };
}

// Byte 10 is a newline in every supported encoding and never part of a character, so lines
// joined by it decode as one text that splits back into the same lines.
const newline = Buffer.from([10]);

/** Decodes many lines at once: one native or table pass over them all, split back on the newlines. */
function linesDecoder(
  decode: (bytes: Buffer) => string,
  viaLatin1: ((bytes: Buffer) => string) | undefined,
  table: Uint16Array | undefined,
  slow: (bytes: Buffer) => string,
): (lines: Buffer[]) => string[] {
  return (lines) => {
    if (lines.length < 2) return lines.map(decode);
    if (viaLatin1) {
      const joined: Buffer[] = [];
      for (const line of lines) joined.push(line, newline);
      const texts = viaLatin1(Buffer.concat(joined)).split('\n');
      texts.pop();
      return texts;
    }
    if (table) {
      // One table pass and one string for all the lines, split back on the newlines.
      let total = lines.length;
      for (const line of lines) total += line.length;
      const units = new Uint16Array(total);
      let at = 0;
      for (const line of lines) {
        for (let i = 0; i < line.length; i++) units[at++] = table[line[i]!]!;
        units[at++] = 10;
      }
      const texts = Buffer.from(units.buffer, 0, units.byteLength).toString('utf16le').split('\n');
      texts.pop();
      return texts;
    }
    const joined: Buffer[] = [];
    for (const line of lines) joined.push(line, newline);
    const texts = slow(Buffer.concat(joined)).split('\n');
    texts.pop();
    return texts.length === lines.length ? texts : lines.map(decode);
  };
}

/** Output units of tableRange, reused (a line the reader keeps is at most ~8 KB). */
const rangeScratch = new Uint16Array(16 * 1024);
const rangeBytes = Buffer.from(rangeScratch.buffer);

/**
 * Per-line decoding through a single-byte table: one pass into a reused buffer and one native
 * UTF-16 string, ~20% faster per line than Latin-1 plus a regex replace of the few differing bytes.
 */
function tableRange(table: Uint16Array): (bytes: Buffer, start: number, end: number) => string {
  return (bytes, start, end) => {
    const n = end - start;
    if (n > rangeScratch.length) {
      const units = new Uint16Array(n);
      for (let i = 0; i < n; i++) units[i] = table[bytes[start + i]!]!;
      return Buffer.from(units.buffer).toString('utf16le');
    }
    for (let i = 0; i < n; i++) rangeScratch[i] = table[bytes[start + i]!]!;
    return rangeBytes.toString('utf16le', 0, n * 2);
  };
}

/**
 * Encodes `text` in `codec`, refusing characters the encoding cannot hold (iconv-lite would put
 * `?` in their place silently): the check is encode → decode must give the text back.
 */
export function encodeExactly(codec: LegacyCodec, text: string, what: string): Buffer {
  const bytes = codec.encode(text);
  if (codec.decode(bytes) !== text) {
    const bad = [...text].find((ch) => codec.decode(codec.encode(ch)) !== ch);
    throw new EncodingError(
      `${what} is encoded in ${codec.encoding}, which cannot represent ${bad ? `the character ${JSON.stringify(bad)} (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})` : 'some of the new text'}; use only characters that ${codec.encoding} has`,
    );
  }
  return bytes;
}

/** New text that the file's encoding cannot hold (mapped to INVALID_INPUT by the callers). */
export class EncodingError extends Error {}
