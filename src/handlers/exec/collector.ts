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
const ANSI_ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;

/**
 * Keeps the first and the last bytes of a stream of any length in bounded memory.
 *
 * The limit is in characters, but bytes arrive: head and tail each keep up to 2 × limit bytes,
 * enough for limit/2 characters of any UTF-8 text at each end, so the character cut happens only
 * at `finish()`. Chunks are kept by reference (no copying): the tail holds at most its budget plus
 * one chunk, whatever the command prints.
 */
export class OutputCollector {
  readonly limit: number;
  private readonly headBudget: number;
  private readonly tailBudget: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private readonly tail: Buffer[] = [];
  private tailBytes = 0;
  /** Bytes that fell out of the tail window (neither head nor tail holds them). */
  private droppedBytes = 0;
  totalBytes = 0;

  constructor(limit: number = DEFAULT_OUTPUT_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 2) throw new RangeError(`outputLimit must be an integer >= 2, got ${limit}`);
    this.limit = limit;
    // At least SNIFF_BYTES at each end, so even a tiny limit leaves enough to tell binary from text.
    this.headBudget = Math.max(2 * limit, SNIFF_BYTES);
    this.tailBudget = Math.max(2 * limit, SNIFF_BYTES);
  }

  /** Bytes currently held (head + tail window); stays near 4 × limit however much is pushed. */
  get retainedBytes(): number {
    return this.headBytes + this.tailBytes;
  }

  push(chunk: Buffer | string): void {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    if (this.headBytes < this.headBudget) {
      const room = this.headBudget - this.headBytes;
      const taken = bytes.length <= room ? bytes : bytes.subarray(0, room);
      this.head.push(taken);
      this.headBytes += taken.length;
      if (taken.length === bytes.length) return;
      bytes = bytes.subarray(room);
    }
    if (bytes.length >= this.tailBudget) {
      // The chunk alone fills the window: everything older falls out.
      this.droppedBytes += this.tailBytes + bytes.length - this.tailBudget;
      this.tail.length = 0;
      const kept = bytes.subarray(bytes.length - this.tailBudget);
      this.tail.push(kept);
      this.tailBytes = kept.length;
      return;
    }
    this.tail.push(bytes);
    this.tailBytes += bytes.length;
    // Drop whole chunks from the front while what is left still fills the window.
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= this.tailBudget) {
      const old = this.tail.shift()!;
      this.tailBytes -= old.length;
      this.droppedBytes += old.length;
    }
  }

  finish(): CollectedOutput {
    const totalBytes = this.totalBytes;
    if (totalBytes === 0) return { text: '', truncated: false, binary: false, totalBytes };
    const headBuf = Buffer.concat(this.head, this.headBytes);
    let tailBuf = Buffer.concat(this.tail, this.tailBytes);
    if (this.tailBytes > this.tailBudget) {
      const excess = this.tailBytes - this.tailBudget;
      tailBuf = tailBuf.subarray(excess);
      this.droppedBytes += excess;
    }

    if (looksBinary(headBuf, tailBuf)) {
      return {
        text: `[binary output: ${totalBytes} bytes not shown; redirect it to a file, or pipe it through \`xxd | head\` or \`strings\`]`,
        truncated: true,
        binary: true,
        totalBytes,
      };
    }

    const half = Math.floor(this.limit / 2);
    if (this.droppedBytes === 0) {
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
