// Deciding how a file's bytes are text: BOMs, UTF-16, binary sniffing, non-UTF-8 single-byte files.
import { isBinaryFile } from 'isbinaryfile';

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

/** Encoding announced by a byte order mark, and the BOM's length. */
export function sniffBom(head: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8-bom', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/** True when the first bytes of a file (without a UTF-16 BOM) look like binary data. */
export async function looksBinary(head: Buffer): Promise<boolean> {
  if (head.length === 0) return false;
  return isBinaryFile(head, head.length);
}

/** Decoded file text and how to turn edited text back into the same kind of bytes. */
export interface DecodedText {
  text: string;
  encode(text: string): Buffer;
  encoding: TextEncoding | 'latin1';
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** Decodes a whole file for editing; undefined when it is binary. */
export async function decodeForEdit(bytes: Buffer): Promise<DecodedText | undefined> {
  const { encoding, bomLength } = sniffBom(bytes);
  const body = bytes.subarray(bomLength);
  if (encoding === 'utf-16le') {
    return { encoding, text: body.toString('utf16le'), encode: (t) => Buffer.concat([bytes.subarray(0, 2), Buffer.from(t, 'utf16le')]) };
  }
  if (encoding === 'utf-16be') {
    return { encoding, text: Buffer.from(body).swap16().toString('utf16le'), encode: (t) => Buffer.concat([bytes.subarray(0, 2), Buffer.from(t, 'utf16le').swap16()]) };
  }
  if (await looksBinary(body.subarray(0, 8192))) return undefined;
  const bom = bytes.subarray(0, bomLength);
  try {
    const text = utf8Strict.decode(body);
    return { encoding, text, encode: (t) => Buffer.concat([bom, Buffer.from(t, 'utf8')]) };
  } catch {
    // Not valid UTF-8 (e.g. Latin-1): keep every byte as is; only Latin-1 characters can be written back.
    return { encoding: 'latin1', text: body.toString('latin1'), encode: (t) => Buffer.from(t, 'latin1') };
  }
}
