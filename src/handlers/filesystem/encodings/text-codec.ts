// Deciding how a file's bytes are text: BOMs, UTF-16, binary sniffing, legacy encodings — and
// turning edited text back into the same kind of bytes, byte-exact outside the edit.
import { lazyRequire } from '../../../runtime/startup/lazy-require.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import { detectLegacyEncoding, isUtf8Prefix } from './detect.js';
import { EncodingError, encodeExactly, type LegacyCodec, type LegacyEncoding } from './legacy.js';

/** isbinaryfile (CommonJS), loaded when a head that looks suspicious needs its verdict. */
const isbinaryfile = lazyRequire<typeof import('isbinaryfile')>('isbinaryfile');

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | LegacyEncoding;

/** Bytes at the start of a file that decide its encoding (more only cost time). */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

/** Encoding announced by a byte order mark, and the BOM's length. */
export function sniffBom(head: Uint8Array): {
  encoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';
  bomLength: number;
} {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8-bom', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * Bytes isbinaryfile counts as suspicious in valid UTF-8 (NUL decides at once), and how many it
 * looks at (its MAX_BYTES). Where a UTF-8 head holds none of them there and is no PDF, isbinaryfile
 * has nothing to go on and answers "text" (its protobuf guess needs suspicious bytes too): one
 * native regex over 512 characters instead of its byte loop, the slowest step of a first read
 * before the JIT warms up.
 */
// eslint-disable-next-line no-control-regex -- matching control bytes is the point
const SUSPICIOUS_IN_UTF8 = /[\x00-\x06\x0f-\x1f]/;
const ISBINARYFILE_SCAN_BYTES = 512;

/**
 * True when the first bytes of a file, already known to be valid UTF-8 (up to a character cut at
 * their end), look like binary data: isbinaryfile's answer, found faster where it is plain.
 */
export async function utf8LooksBinary(head: Buffer): Promise<boolean> {
  if (head.length === 0) return false;
  const scanned = head.toString('latin1', 0, Math.min(head.length, ISBINARYFILE_SCAN_BYTES));
  if (!SUSPICIOUS_IN_UTF8.test(scanned) && !scanned.startsWith('%PDF-')) return false;
  return isbinaryfile().isBinaryFile(head, head.length);
}

/** How a file's text is stored; `codec` is set for legacy encodings. */
export interface TextKind {
  encoding: TextEncoding;
  bomLength: number;
  codec?: LegacyCodec;
  /** The detector's confidence (0–1) for a legacy encoding; 0 means the fallback was used. */
  confidence?: number;
}

/**
 * How the file that starts with `head` is text, or undefined when it is binary. `complete` says
 * whether `head` is the whole file. UTF-8 is the fast path: the detector only runs on bytes that
 * are not UTF-8.
 */
export async function detectTextKind(head: Buffer, complete: boolean): Promise<TextKind | undefined> {
  const bom = sniffBom(head);
  if (bom.bomLength > 0) return bom;
  const sample = head.subarray(0, ENCODING_SAMPLE_BYTES);
  if (isUtf8Prefix(sample, complete && sample.length === head.length)) {
    return (await utf8LooksBinary(sample.subarray(0, 8192))) ? undefined : bom;
  }
  const legacy = await detectLegacyEncoding(sample, complete && sample.length === head.length);
  return legacy
    ? { encoding: legacy.codec.encoding, bomLength: 0, codec: legacy.codec, confidence: legacy.confidence }
    : undefined;
}

/** Decoded file text and how to turn edited text back into the same kind of bytes. */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /**
   * Encodes edited text like the original: same BOM, same encoding; every unchanged character
   * gives back its original bytes. Text the encoding cannot hold is a ToolError INVALID_INPUT.
   */
  encode(text: string): Buffer;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function legacyEncoder(codec: LegacyCodec): (text: string) => Buffer {
  return (text) => {
    try {
      return encodeExactly(codec, text, 'the file');
    } catch (error) {
      if (error instanceof EncodingError) throw new ToolError('INVALID_INPUT', error.message);
      throw error;
    }
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** UTF-8 bytes of `text`; a lone surrogate (which UTF-8 cannot hold) is INVALID_INPUT, not U+FFFD. */
export function utf8Bytes(text: string): Buffer {
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    throw new ToolError(
      'INVALID_INPUT',
      `the text has a lone surrogate \\u${unit} at character ${lone.index}, which UTF-8 cannot hold; send the full character (a surrogate pair) or remove it`,
    );
  }
  return Buffer.from(text, 'utf8');
}

/** Decodes a whole file for editing; undefined when it is binary. */
export async function decodeForEdit(bytes: Buffer): Promise<DecodedText | undefined> {
  const { encoding, bomLength } = sniffBom(bytes);
  const body = bytes.subarray(bomLength);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    // An odd last byte is no character: it is kept as it is, after the edited text.
    const units = body.subarray(0, body.length & ~1);
    const stray = body.subarray(units.length);
    const bom = bytes.subarray(0, 2);
    if (encoding === 'utf-16le') {
      return {
        encoding,
        text: units.toString('utf16le'),
        encode: (t) => Buffer.concat([bom, Buffer.from(t, 'utf16le'), stray]),
      };
    }
    return {
      encoding,
      text: Buffer.from(units).swap16().toString('utf16le'),
      encode: (t) => Buffer.concat([bom, Buffer.from(t, 'utf16le').swap16(), stray]),
    };
  }
  const bom = bytes.subarray(0, bomLength);
  try {
    const text = utf8Strict.decode(body);
    if (await utf8LooksBinary(body.subarray(0, 8192))) return undefined;
    return { encoding, text, encode: (t) => Buffer.concat([bom, utf8Bytes(t)]) };
  } catch {
    // Not UTF-8: a legacy encoding, if the whole file goes through it and back unchanged.
  }
  if (bomLength > 0) return undefined; // a UTF-8 BOM on bytes that are not UTF-8: binary or broken
  // Detection over the whole file only accepts an encoding that round-trips every byte of it, so
  // re-encoding the edited text changes no byte outside the edit.
  const detected = await detectLegacyEncoding(body, true);
  if (!detected) return undefined;
  return {
    encoding: detected.codec.encoding,
    text: detected.codec.decode(body),
    encode: legacyEncoder(detected.codec),
  };
}

/**
 * The bytes for `newText` replacing a file that holds `existing` (its bytes, or at least its first
 * 64 KiB): write_file keeps a file's encoding and BOM, so a Shift_JIS or Windows-1252 file stays
 * one. Binary, missing or UTF-8 files get UTF-8. Text the encoding cannot hold is INVALID_INPUT.
 */
export async function encodeLike(
  existing: Buffer | undefined,
  newText: string,
): Promise<{ bytes: Buffer; encoding: TextEncoding }> {
  const kind =
    existing && existing.length > 0
      ? await detectTextKind(existing, existing.length < ENCODING_SAMPLE_BYTES)
      : undefined;
  if (!kind || kind.encoding === 'utf-8') return { bytes: utf8Bytes(newText), encoding: 'utf-8' };
  if (kind.encoding === 'utf-8-bom')
    return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8Bytes(newText)]), encoding: kind.encoding };
  if (kind.encoding === 'utf-16le')
    return {
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(newText, 'utf16le')]),
      encoding: kind.encoding,
    };
  if (kind.encoding === 'utf-16be')
    return {
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(newText, 'utf16le').swap16()]),
      encoding: kind.encoding,
    };
  return { bytes: legacyEncoder(kind.codec!)(newText), encoding: kind.encoding };
}
