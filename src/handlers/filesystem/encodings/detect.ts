// Deciding whether bytes that are not UTF-8 are text in a legacy encoding, and which one.
// Detection is jschardet's (a maintained port of Mozilla's universal charset detector); every
// candidate must also round-trip the sample byte for byte through iconv-lite, so a wrong guess
// can mislabel characters but never change a byte on a later edit.
import { isUtf8 } from 'node:buffer';
import {
  LEGACY_ENCODINGS,
  MULTI_BYTE,
  legacyCodec,
  loadIconv,
  type LegacyCodec,
  type LegacyEncoding,
} from './legacy.js';

/**
 * Bytes given to the detector: its cost is linear (~0.5–2 ms per KiB on this machine) and 2 KiB of
 * text (from the first non-ASCII byte) decide as well as 16 KiB on every fixture (see
 * test/filesystem/encodings.test.ts, whose samples are 100–600 bytes). The round-trip check then
 * runs over all the bytes the caller has (64 KiB on a read, the whole file on an edit).
 */
export const DETECT_SAMPLE_BYTES = 2 * 1024;
/** Lowest detector confidence accepted for a multi-byte encoding (real CJK text scores 0.6–1.0). */
export const MIN_MULTI_BYTE_CONFIDENCE = 0.3;
/** Lowest confidence for a single-byte one (the detector spreads ~0.01–0.4 over similar code pages). */
export const MIN_SINGLE_BYTE_CONFIDENCE = 0.01;
/**
 * ... and when more than MAX_FALLBACK_HIGH_SHARE of the bytes are ≥ 0x80 (Cyrillic, Greek: real
 * text scores 0.1–0.4, random bytes ~0.015).
 */
export const MIN_DENSE_SINGLE_BYTE_CONFIDENCE = 0.05;
/** With no confident answer, a single-byte fallback is used only if at most this share of bytes is ≥ 0x80. */
export const MAX_FALLBACK_HIGH_SHARE = 0.3;

export interface LegacyDetection {
  codec: LegacyCodec;
  /** The detector's confidence, 0–1 (0 when the fallback was used). */
  confidence: number;
}

/** Control bytes that count towards binary (all below 32 except NUL, tab, LF, CR, FF, BS, ESC). */
const CONTROL_BYTES = Array.from({ length: 31 }, (_, i) => i + 1).filter((b) => ![9, 10, 13, 12, 8, 27].includes(b));

/**
 * True when the bytes hold something no text file has: a NUL, or more than 1% control characters
 * other than tab, newlines, form feed, backspace and escape.
 */
export function hasBinaryBytes(bytes: Uint8Array): boolean {
  // Native byte searches first (~10× faster than the loop): text seldom holds any control byte.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.indexOf(0) !== -1) return true;
  if (!CONTROL_BYTES.some((b) => buffer.indexOf(b) !== -1)) return false;
  let controls = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 8 && b !== 27) controls++;
  }
  return controls > bytes.length / 100;
}

/**
 * True when `bytes` is valid UTF-8; when `complete` is false it may end inside a character
 * (a sample cut from a longer file).
 */
export function isUtf8Prefix(bytes: Buffer, complete: boolean): boolean {
  if (isUtf8(bytes)) return true;
  if (complete) return false;
  // Drop an incomplete trailing sequence (at most 3 bytes) and look again.
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = bytes[end - back]!;
    if (b >= 0xc0) return isUtf8(bytes.subarray(0, end - back));
    if (b < 0x80) return false;
  }
  return false;
}

const LATIN: LegacyEncoding[] = ['windows-1252', 'iso-8859-1'];
const NAME_MAP: Record<string, LegacyEncoding[]> = {
  // The Latin-1 family (see latinFamily): the detector cannot tell these apart reliably.
  'windows-1252': LATIN,
  'iso-8859-1': LATIN,
  'iso8859-15': LATIN,
  shift_jis: ['shift_jis'],
  cp932: ['shift_jis'],
  'euc-jp': ['euc-jp'],
  gb2312: ['gbk', 'gb18030'],
  gbk: ['gbk', 'gb18030'],
  gb18030: ['gbk', 'gb18030'],
  big5: ['big5'],
  'euc-kr': ['euc-kr'],
  cp949: ['euc-kr'],
  'koi8-r': ['koi8-r'],
  'koi8-u': ['koi8-u'],
  'tis-620': ['windows-874'],
  cp874: ['windows-874'],
};
const SUPPORTED = new Set<string>(LEGACY_ENCODINGS);

/**
 * Windows-1252 is ISO-8859-1 with printable characters at 0x80–0x9F, where Latin-1 has C1 control
 * codes that text files practically never hold. So: bytes in 0x80–0x9F mean Windows-1252 (or
 * Latin-1 when one of them is a byte 1252 leaves undefined: 0x81, 0x8D, 0x8F, 0x90, 0x9D); none
 * mean ISO-8859-1, so that an edit never brings 0x80–0x9F bytes (€, curly quotes) into a file that
 * has none. ISO-8859-15 (which the detector tells from -1 by a margin of 1e-6) reads as Latin-1:
 * its € at 0xA4 shows as ¤, and every byte still round-trips.
 */
function latinFamily(hasC1: boolean): LegacyEncoding[] {
  return hasC1 ? ['windows-1252', 'iso-8859-1'] : ['iso-8859-1'];
}

/** The iconv-lite encodings to try for one of the detector's names, most specific first. */
function candidatesFor(detectorName: string, hasC1: boolean): LegacyEncoding[] {
  const name = detectorName.toLowerCase();
  if (NAME_MAP[name] === LATIN) return latinFamily(hasC1);
  if (NAME_MAP[name]) return NAME_MAP[name];
  const normal = name.replace(/^iso8859-/, 'iso-8859-').replace(/^cp125(\d)$/, 'windows-125$1');
  return SUPPORTED.has(normal) ? [normal as LegacyEncoding] : [];
}

interface JschardetModule {
  detectAll(
    buffer: Buffer,
    options?: { minimumThreshold?: number; detectEncodings?: string[] },
  ): { encoding: string; confidence: number }[];
}
/**
 * The detector scores only encodings that map to a supported one: half its time went to scoring
 * code pages (MacRoman, cp437, Johab, …) that candidatesFor drops anyway. Its confidences are
 * per candidate, not shares, so leaving the others out changes no score.
 */
const DETECTED_NAMES = [...new Set<string>([...LEGACY_ENCODINGS, ...Object.keys(NAME_MAP)])];
let jschardet: JschardetModule | undefined;
async function loadDetector(): Promise<JschardetModule> {
  if (!jschardet) {
    const mod = (await import('jschardet')) as unknown as JschardetModule & { default?: JschardetModule };
    jschardet = mod.default ?? mod;
  }
  return jschardet;
}

/**
 * The legacy encoding of `bytes` (not UTF-8, no BOM), or undefined when they look like binary data
 * rather than text in any supported encoding. `complete` says whether `bytes` is the whole file.
 */
export async function detectLegacyEncoding(bytes: Buffer, complete: boolean): Promise<LegacyDetection | undefined> {
  if (hasBinaryBytes(bytes)) return undefined;
  // Start the sample at the first non-ASCII byte (the detector learns nothing from ASCII), and
  // end it after a newline so that it never stops inside a multi-byte character.
  let first = 0;
  while (first < bytes.length && bytes[first]! < 0x80) first++;
  const from = Math.max(0, bytes.lastIndexOf(10, first) + 1);
  const cutAtNewline = (part: Buffer, isEnd: boolean) => {
    if (isEnd) return part;
    const lastNewline = part.lastIndexOf(10);
    return lastNewline > 0 ? part.subarray(0, lastNewline + 1) : part;
  };
  const sample = cutAtNewline(
    bytes.subarray(from, from + DETECT_SAMPLE_BYTES),
    complete && from + DETECT_SAMPLE_BYTES >= bytes.length,
  );
  // What must round-trip: everything given (to its last newline unless it is the whole file).
  const checked = cutAtNewline(bytes.subarray(from), complete);
  const [iconv, detector] = await Promise.all([loadIconv(), loadDetector()]);
  let high = 0;
  let hasC1 = false;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b >= 0x80) high++;
    if (b >= 0x80 && b <= 0x9f) hasC1 = true;
  }
  const dense = high > sample.length * MAX_FALLBACK_HIGH_SHARE;
  for (const guess of detector.detectAll(sample, {
    minimumThreshold: MIN_SINGLE_BYTE_CONFIDENCE,
    detectEncodings: DETECTED_NAMES,
  })) {
    for (const encoding of candidatesFor(guess.encoding, hasC1)) {
      const min = MULTI_BYTE.has(encoding)
        ? MIN_MULTI_BYTE_CONFIDENCE
        : dense
          ? MIN_DENSE_SINGLE_BYTE_CONFIDENCE
          : MIN_SINGLE_BYTE_CONFIDENCE;
      if (guess.confidence < min) continue;
      const codec = legacyCodec(iconv, encoding);
      if (codec.roundTrips(checked)) return { codec, confidence: guess.confidence };
    }
  }
  if (dense) return undefined;
  // Mostly ASCII with a few unknown high bytes: the Latin-1 family (Latin-1 maps every byte).
  for (const encoding of latinFamily(hasC1)) {
    const codec = legacyCodec(iconv, encoding);
    if (codec.roundTrips(checked)) return { codec, confidence: 0 };
  }
  return undefined;
}
