import { isBinaryFileSync } from 'isbinaryfile';

/** Default per-stream cap on captured output, in characters. */
export const DEFAULT_OUTPUT_LIMIT = 30_000;

/** What a stream's captured output turned into once the command finished. */
export interface CollectedOutput {
  /** The text to show: everything, or head + `[… N bytes omitted …]` + tail, or a binary notice. */
  text: string;
  /** True when part of the output is not in `text` (cut to head and tail, or binary). */
  truncated: boolean;
  /** True when the output looked binary and was replaced by a notice. */
  binary: boolean;
  /** Bytes the command wrote to the stream in total. */
  totalBytes: number;
}

/** Bytes of each end used to sniff binary output (isbinaryfile looks at ~512 bytes). */
const SNIFF_BYTES = 1024;
/** CSI / OSC escape sequences (colours, cursor moves): text, even though their ESC byte is a control char. */
// eslint-disable-next-line no-control-regex -- matching control bytes is the point
const ANSI_ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;

/**
 * Keeps the first and the last bytes of a stream of any length in fixed memory.
 *
 * The limit is in characters, but bytes arrive: head and tail each keep up to 2 × limit bytes,
 * enough for limit/2 characters of any UTF-8 text at each end, so the character cut happens only
 * at `finish()`. Bytes are copied into a head buffer and a tail ring buffer allocated once, so
 * pushed chunks may be reused by the caller (a read buffer) and nothing grows with the output.
 */
export class OutputCollector {
  readonly limit: number;
  private readonly headCapacity: number;
  private readonly tailCapacity: number;
  private head: Buffer | undefined;
  private headBytes = 0;
  /** Ring buffer of the latest bytes after the head filled up. */
  private ring: Buffer | undefined;
  /** Where the next byte goes in the ring. */
  private ringWrite = 0;
  private ringBytes = 0;
  /** Set by skip(): later bytes go to the tail even if the head has room. */
  private headClosed = false;
  totalBytes = 0;

  constructor(limit: number = DEFAULT_OUTPUT_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 2)
      throw new RangeError(`outputLimit must be an integer >= 2, got ${limit}`);
    this.limit = limit;
    // At least SNIFF_BYTES at each end, so even a tiny limit leaves enough to tell binary from text.
    this.headCapacity = Math.max(2 * limit, SNIFF_BYTES);
    this.tailCapacity = Math.max(2 * limit, SNIFF_BYTES);
  }

  /** Bytes of memory held for output; fixed (4 × limit at most) however much is pushed. */
  get retainedBytes(): number {
    return (this.head?.length ?? 0) + (this.ring?.length ?? 0);
  }

  /** Copies the first `length` bytes of `chunk` in (all by default); the caller may overwrite it afterwards. */
  push(chunk: Uint8Array | string, length?: number): void {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    let start = 0;
    const end = Math.min(length ?? bytes.length, bytes.length);
    if (end <= 0) return;
    this.totalBytes += end;
    // Buffer.copy with offsets: no view is allocated per chunk.
    if (!this.headClosed && this.headBytes < this.headCapacity) {
      this.head ??= Buffer.allocUnsafe(this.headCapacity);
      const taken = Math.min(end, this.headCapacity - this.headBytes);
      bytes.copy(this.head, this.headBytes, 0, taken);
      this.headBytes += taken;
      if (taken === end) return;
      start = taken;
    }
    const ring = (this.ring ??= Buffer.allocUnsafe(this.tailCapacity));
    const capacity = ring.length;
    const count = end - start;
    if (count >= capacity) {
      // The chunk alone fills the ring: keep its last `capacity` bytes.
      bytes.copy(ring, 0, end - capacity, end);
      this.ringWrite = 0;
      this.ringBytes = capacity;
      return;
    }
    const first = Math.min(count, capacity - this.ringWrite);
    bytes.copy(ring, this.ringWrite, start, start + first);
    if (first < count) bytes.copy(ring, 0, start + first, end);
    this.ringWrite = (this.ringWrite + count) % capacity;
    this.ringBytes = Math.min(capacity, this.ringBytes + count);
  }

  /** Counts `bytes` that are not pushed (left out between head and tail) as omitted. */
  skip(bytes: number): void {
    if (bytes <= 0) return;
    this.totalBytes += bytes;
    this.headClosed = true;
  }

  finish(): CollectedOutput {
    const totalBytes = this.totalBytes;
    if (totalBytes === 0) return { text: '', truncated: false, binary: false, totalBytes };
    const headBuf = this.head ? this.head.subarray(0, this.headBytes) : Buffer.alloc(0);
    const tailBuf = this.tailInOrder();
    const droppedBytes = totalBytes - headBuf.length - tailBuf.length;

    if (looksBinary(headBuf, tailBuf)) {
      return {
        text: `[binary output: ${totalBytes} bytes not shown; redirect it to a file, or pipe it through \`xxd | head\` or \`strings\`]`,
        truncated: true,
        binary: true,
        totalBytes,
      };
    }

    const half = Math.floor(this.limit / 2);
    if (droppedBytes === 0) {
      const all = Buffer.concat([headBuf, tailBuf]).toString('utf8');
      if (all.length <= this.limit) return { text: all, truncated: false, binary: false, totalBytes };
      const headText = cutHead(all, half);
      const tailText = cutTail(all, half);
      const omitted = Math.max(0, totalBytes - Buffer.byteLength(headText) - Buffer.byteLength(tailText));
      return { text: joinCut(headText, omitted, tailText), truncated: true, binary: false, totalBytes };
    }

    const headText = cutHead(decodeHead(headBuf), half);
    const tailText = cutTail(decodeTail(tailBuf), half);
    const omitted = Math.max(0, totalBytes - Buffer.byteLength(headText) - Buffer.byteLength(tailText));
    return { text: joinCut(headText, omitted, tailText), truncated: true, binary: false, totalBytes };
  }

  /** The ring's bytes, oldest first. */
  private tailInOrder(): Buffer {
    const ring = this.ring;
    if (!ring || this.ringBytes === 0) return Buffer.alloc(0);
    if (this.ringBytes < ring.length) return ring.subarray(0, this.ringBytes);
    return Buffer.concat([ring.subarray(this.ringWrite), ring.subarray(0, this.ringWrite)]);
  }
}

function joinCut(head: string, omitted: number, tail: string): string {
  const before = head.endsWith('\n') ? head : `${head}\n`;
  return `${before}[… ${omitted} bytes omitted …]\n${tail}`;
}

/** First `chars` characters, ending after a line break when one is near the end. */
function cutHead(text: string, chars: number): string {
  let cut = text.slice(0, chars);
  if (cut.length > 0 && isHighSurrogate(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  const newline = cut.lastIndexOf('\n');
  return newline >= cut.length * 0.75 ? cut.slice(0, newline + 1) : cut;
}

/** Last `chars` characters, starting after a line break when one is near the start. */
function cutTail(text: string, chars: number): string {
  let cut = text.slice(Math.max(0, text.length - chars));
  if (cut.length > 0 && isLowSurrogate(cut.charCodeAt(0))) cut = cut.slice(1);
  const newline = cut.indexOf('\n');
  return newline !== -1 && newline < cut.length * 0.25 && newline < cut.length - 1 ? cut.slice(newline + 1) : cut;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Decodes a head that may end inside a multi-byte character (that partial character is left out). */
function decodeHead(bytes: Buffer): string {
  return bytes.subarray(0, completeCharsEnd(bytes)).toString('utf8');
}

/** Length of `bytes` without a multi-byte UTF-8 character cut off at its end. */
function completeCharsEnd(bytes: Buffer): number {
  let end = bytes.length;
  // Step back over up to 3 continuation bytes to the lead byte of the last character.
  let i = end - 1;
  while (i >= 0 && i > end - 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  if (i >= 0) {
    const lead = bytes[i]!;
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (end - i < need) end = i;
  }
  return end;
}

/** Decodes a tail that may start inside a multi-byte character (those continuation bytes are left out). */
function decodeTail(bytes: Buffer): string {
  let start = 0;
  while (start < bytes.length && start < 3 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString('utf8');
}

function looksBinary(head: Buffer, tail: Buffer): boolean {
  const headSample = head.subarray(0, SNIFF_BYTES);
  if (sniff(headSample.subarray(0, completeCharsEnd(headSample)))) return true;
  if (tail.length === 0) return false;
  let start = Math.max(0, tail.length - SNIFF_BYTES);
  while (start < tail.length && (tail[start]! & 0xc0) === 0x80) start++;
  return sniff(tail.subarray(start));
}

function sniff(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  if (sample.includes(0)) return true;
  // isbinaryfile counts ESC as suspicious; coloured text is still text.
  const withoutEscapes = sample.includes(0x1b)
    ? Buffer.from(sample.toString('latin1').replace(ANSI_ESCAPES, ''), 'latin1')
    : sample;
  return isBinaryFileSync(withoutEscapes, withoutEscapes.length);
}
