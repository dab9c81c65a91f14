// A fast decoder for multi-byte legacy encodings (Shift_JIS, EUC-JP, GBK, GB18030, Big5, EUC-KR)
// that gives exactly iconv-lite's text, built from iconv-lite's own mapping: a flat table lookup
// per character instead of iconv-lite's general decoder (~2.5× faster), and the same pass proves
// that the bytes round-trip. Bytes the table does not cover (a 3- or 4-byte character, one that
// iconv-lite would not give back byte for byte, invalid bytes) return undefined: the caller then
// decodes with iconv-lite, so the table can only ever be faster, never different.
//
// Node's TextDecoder (ICU) was measured too and not used: ICU's tables differ from iconv-lite's
// (its shift_jis swaps 0x1A/0x1C/0x7F, its euc-kr lacks the UHC extension, its big5 maps some
// bytes to private-use characters) and it can drop bytes even with `fatal`, so its text needs the
// same per-character proof afterwards, and decode + proof (0.58 ms per 118 KB) is slower than this
// table alone (0.27 ms; iconv-lite 0.69 ms).
import type * as IconvLite from 'iconv-lite';
import type { LegacyEncoding } from './legacy.js';

/** bytes → iconv-lite's text for them, when every character is in the table; else undefined. */
export type TableDecode = (bytes: Uint8Array) => string | undefined;

/** The table's mark for "not covered" (U+FFFD itself is never covered: it is what errors decode to). */
const NONE = 0xfffd;

interface DecodeTable {
  /** single[b]: the character byte b alone decodes to, or NONE when b starts a longer one or none. */
  single: Uint16Array;
  /** pair[lead << 8 | trail]: the character of a 2-byte sequence, or NONE. */
  pair: Uint16Array;
}

/**
 * The table for `encoding`, from iconv-lite itself: every BMP unit but LF is encoded followed by LF
 * and the whole decoded back; a unit is covered only when its own 1- or 2-byte piece decodes to it
 * alone. LF is never inside a character in these encodings, and iconv-lite's decoders are stateless
 * between characters, so such a piece decodes to its unit in any context (a byte that is a whole
 * character is never also the start of a longer one), and the unit encodes back to the piece.
 * Undefined when anything about iconv-lite's answer is unexpected.
 */
export function buildDecodeTable(iconv: typeof IconvLite, encoding: LegacyEncoding): DecodeTable | undefined {
  // All units, each followed by LF, as one string built natively (no 63k small strings).
  const units = new Uint16Array(0x10000 * 2);
  let count = 0;
  for (let c = 0; c < 0x10000; c++) {
    if (c === 10 || c === NONE || (c >= 0xd800 && c <= 0xdfff)) continue;
    units[count * 2] = c;
    units[count * 2 + 1] = 10;
    count++;
  }
  const text = Buffer.from(units.buffer, 0, count * 4).toString('utf16le');
  const encoded = iconv.encode(text, encoding, { addBOM: false });
  const back = iconv.decode(encoded, encoding, { stripBOM: false });
  const single = new Uint16Array(256).fill(NONE);
  const pair = new Uint16Array(0x10000).fill(NONE);
  let at = 0; // in encoded
  let from = 0; // in back
  for (let k = 0; k < count; k++) {
    let end = at;
    while (end < encoded.length && encoded[end] !== 10) end++;
    const backEnd = back.indexOf('\n', from);
    if (end === encoded.length || backEnd === -1) return undefined;
    const unit = units[k * 2]!;
    if (backEnd === from + 1 && back.charCodeAt(from) === unit && end - at >= 1 && end - at <= 2) {
      const two = end - at === 2;
      const slot = two ? (encoded[at]! << 8) | encoded[at + 1]! : encoded[at]!;
      const into = two ? pair : single;
      // Two units with one piece would be a piece that decodes to two things: never trust it.
      if (into[slot] !== NONE) return undefined;
      into[slot] = unit;
    }
    at = end + 1;
    from = backEnd + 1;
  }
  // One piece per unit on both sides, nothing left over.
  if (at !== encoded.length || from !== back.length) return undefined;
  if (iconv.decode(Buffer.from([10]), encoding) !== '\n' || !iconv.encode('\n', encoding).equals(Buffer.from([10])))
    return undefined;
  single[10] = 10;
  // A byte that is a whole character cannot also start a 2-byte one: if the table says both,
  // iconv-lite behaves in a way this decoder does not model.
  for (let b = 0; b < 256; b++) {
    if (single[b] === NONE) continue;
    for (let t = 0; t < 256; t++) if (pair[(b << 8) | t] !== NONE) return undefined;
  }
  return { single, pair };
}

/** Output buffer reused across calls (a window is ~100–250 KB); larger inputs get their own. */
const scratch = new Uint16Array(256 * 1024);

/** Decodes with the table, or undefined at the first byte it does not cover. */
export function decodeWithTable(table: DecodeTable, bytes: Uint8Array): string | undefined {
  const { single, pair } = table;
  const n = bytes.length;
  const out = n <= scratch.length ? scratch : new Uint16Array(n);
  let o = 0;
  for (let p = 0; p < n;) {
    const b = bytes[p]!;
    let unit = single[b]!;
    if (unit !== NONE) {
      out[o++] = unit;
      p++;
      continue;
    }
    if (p + 1 >= n) return undefined;
    unit = pair[(b << 8) | bytes[p + 1]!]!;
    if (unit === NONE) return undefined;
    out[o++] = unit;
    p += 2;
  }
  return Buffer.from(out.buffer, out.byteOffset, o * 2).toString('utf16le');
}

/** A table decoder for `encoding` (multi-byte ones only); the table is built at its first call (~30–70 ms, once). */
export function tableDecoder(iconv: typeof IconvLite, encoding: LegacyEncoding): TableDecode {
  let table: DecodeTable | undefined | null = null;
  return (bytes) => {
    if (table === null) table = buildDecodeTable(iconv, encoding);
    return table ? decodeWithTable(table, bytes) : undefined;
  };
}
