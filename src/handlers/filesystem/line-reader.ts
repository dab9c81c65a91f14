// Streaming line windows: memory is bounded by the window (plus one reused read buffer), never by
// the file, and a sparse line index lets later windows start near their first line.
import type { FileHandle } from 'node:fs/promises';

/** What the readers need of a file: positioned reads (a FileHandle, or bytes already in memory). */
export type PositionalReader = Pick<FileHandle, 'read'>;

/** A reader over bytes already read: small files cost one read in all, not one per step. */
export function memoryReader(bytes: Buffer): PositionalReader {
  return {
    read: (async (buffer: Buffer, offset: number, length: number, position: number) => {
      const bytesRead = position >= bytes.length ? 0 : bytes.copy(buffer, offset, position, Math.min(bytes.length, position + length));
      return { bytesRead, buffer };
    }) as PositionalReader['read'],
  };
}
import { throwIfAborted } from '../../runtime/errors.js';
import { LINE_INDEX_STRIDE, type LineIndex } from './line-index.js';
import { SCAN_BUFFER_BYTES, returnScanner, takeScanner } from './newline-scan.js';

export interface WindowRequest {
  /** 1-based first line. */
  offset: number;
  limit: number;
  /** Lines longer than this many characters are cut with a marker. */
  maxLineChars: number;
  /** Stop adding lines once the window's text would exceed this many UTF-16 code units (≈ bytes for ASCII). */
  maxChars: number;
  signal: AbortSignal;
}

export interface LineWindow {
  lines: string[];
  startLine: number;
  /** Line number of the last line in `lines` (startLine - 1 when empty). */
  endLine: number;
  totalLines: number;
  /** Line numbers whose text was cut at maxLineChars. */
  cutLines: number[];
  /** True when the character cap, not `limit` or the end of file, ended the window. */
  charCapped: boolean;
}

const READ_BUFFER_BYTES = 1 << 20;
const NEWLINE = 10;
const CR = 13;
const bufferPool: Buffer[] = [];

/** Buffers are reused across reads and calls: allocating one per chunk costs ~3× in throughput. */
function takeBuffer(): Buffer {
  return bufferPool.pop() ?? Buffer.allocUnsafe(READ_BUFFER_BYTES);
}
function returnBuffer(buffer: Buffer): void {
  if (bufferPool.length < 4) bufferPool.push(buffer);
}

export function lineCutMarker(totalChars: number | undefined, totalBytes: number): string {
  return totalChars !== undefined
    ? ` … [line cut: ${totalChars} characters in all]`
    : ` … [line cut: ${totalBytes} bytes in all]`;
}

/** Cuts a decoded line at maxChars without splitting a surrogate pair. */
function cutString(text: string, maxChars: number): string {
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

/**
 * Reads a window of UTF-8 lines from `file` starting at byte `contentStart` (after any BOM),
 * using and extending `index`.
 */
export async function readUtf8Window(
  file: PositionalReader,
  index: LineIndex,
  request: WindowRequest,
): Promise<LineWindow> {
  const { offset, limit, maxLineChars, maxChars, signal } = request;
  const keepBytes = maxLineChars * 4 + 4;
  const checkpoints = index.checkpoints;
  const k = Math.min(Math.floor((offset - 1) / LINE_INDEX_STRIDE), checkpoints.length - 1);
  let pos = checkpoints[k]!;
  let line = k * LINE_INDEX_STRIDE + 1; // number of the line that starts at the next unread byte run

  const lines: string[] = [];
  const cutLines: number[] = [];
  let windowDone = index.totalLines !== undefined && offset > Math.max(index.totalLines, 1);
  let charCapped = false;
  let outChars = 0;
  let parts: Buffer[] = [];
  let keptBytes = 0;
  let lineBytes = 0;
  let lastByte = -1;

  const finishLine = () => {
    let raw = parts.length === 1 ? parts[0]! : Buffer.concat(parts, keptBytes);
    const wasCut = lineBytes > keptBytes;
    if (!wasCut && raw.length > 0 && raw[raw.length - 1] === CR) raw = raw.subarray(0, raw.length - 1);
    let text = raw.toString('utf8');
    if (wasCut || text.length > maxLineChars) {
      const totalChars = wasCut ? undefined : text.length;
      text = cutString(text, maxLineChars) + lineCutMarker(totalChars, lineBytes);
      cutLines.push(line);
    }
    parts = [];
    keptBytes = 0;
    lineBytes = 0;
    if (lines.length > 0 && outChars + text.length + 1 > maxChars) {
      charCapped = true;
      windowDone = true;
      return;
    }
    outChars += text.length + 1;
    lines.push(text);
    if (lines.length >= limit) windowDone = true;
  };

  // Next line number that gets a checkpoint. Concurrent reads of one file share the index, so a
  // checkpoint is only appended when it is exactly the next slot (another read may have added it).
  let nextCheckpointLine = (k + 1) * LINE_INDEX_STRIDE + 1;
  const recordCheckpoint = (lineNumber: number, byteOffset: number) => {
    if (checkpoints.length === (lineNumber - 1) / LINE_INDEX_STRIDE) checkpoints.push(byteOffset);
  };
  // Double buffering: the next chunk is read (in libuv's pool) while this one is scanned.
  const scanner = takeScanner();
  let which: 0 | 1 = 0;
  let pending: Promise<{ bytesRead: number }> | undefined = file.read(scanner.buffers[0], 0, SCAN_BUFFER_BYTES, pos);
  try {
    for (;;) {
      throwIfAborted(signal);
      const { bytesRead } = await pending!;
      pending = undefined;
      if (bytesRead === 0) break;
      const buffer = scanner.buffers[which];
      const view = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      let i = 0;
      let stop = false;
      while (i < bytesRead) {
        if (!windowDone && line >= offset) {
          const nl = view.indexOf(NEWLINE, i);
          const end = nl === -1 ? bytesRead : nl;
          const take = Math.min(end - i, keepBytes - keptBytes);
          if (take > 0) {
            parts.push(Buffer.from(view.subarray(i, i + take))); // copy: the read buffer is reused
            keptBytes += take;
          }
          lineBytes += end - i;
          if (nl === -1) break;
          finishLine();
          line++;
          if (line === nextCheckpointLine) {
            recordCheckpoint(line, pos + nl + 1);
            nextCheckpointLine += LINE_INDEX_STRIDE;
          }
          i = nl + 1;
          continue;
        }
        if (windowDone && index.totalLines !== undefined) {
          stop = true;
          break;
        }
        // Counting: jump newline-count to newline-count, from stop to stop (the next checkpoint
        // line, or the window's first line); the hot path over a multi-GB file.
        const target = windowDone ? Infinity : offset;
        let reachedWindow = false;
        while (i < bytesRead) {
          const stopLine = Math.min(nextCheckpointLine, target);
          const nl = scanner.nth(which, i, bytesRead, stopLine - line);
          if (nl === -1) {
            line += scanner.missCount;
            i = bytesRead;
            break;
          }
          line = stopLine;
          if (line === nextCheckpointLine) {
            recordCheckpoint(line, pos + nl + 1);
            nextCheckpointLine += LINE_INDEX_STRIDE;
          }
          i = nl + 1;
          if (line >= target) {
            reachedWindow = true;
            break;
          }
        }
        if (!reachedWindow) break;
      }
      if (stop) break;
      lastByte = view[bytesRead - 1]!;
      pos += bytesRead;
      which = which === 0 ? 1 : 0;
      pending = file.read(scanner.buffers[which], 0, SCAN_BUFFER_BYTES, pos);
    }
    // A last line without a trailing newline.
    const endedEarly = windowDone && index.totalLines !== undefined;
    if (!endedEarly && lineBytes > 0 && !windowDone && line >= offset) finishLine();
    if (!endedEarly) {
      // Nothing read means we started at EOF: the content start, or a checkpoint (which always
      // follows a newline); either way the current line number is one past the last line.
      index.totalLines = lastByte === -1 || lastByte === NEWLINE ? line - 1 : line;
    }
  } finally {
    if (pending) await pending.catch(() => undefined);
    returnScanner(scanner);
  }
  const startLine = offset;
  return {
    lines,
    startLine,
    endLine: startLine + lines.length - 1,
    totalLines: index.totalLines!,
    cutLines,
    charCapped,
  };
}

/**
 * Reads a window from a UTF-16 file by streaming it through a TextDecoder (no line index: such
 * files are rare and small in practice, but memory stays bounded by the window all the same).
 */
export async function readDecodedWindow(
  file: PositionalReader,
  encoding: 'utf-16le' | 'utf-16be',
  contentStart: number,
  request: WindowRequest,
): Promise<LineWindow> {
  const { offset, limit, maxLineChars, maxChars, signal } = request;
  const decoder = new TextDecoder(encoding);
  const lines: string[] = [];
  const cutLines: number[] = [];
  let line = 1;
  let current = '';
  let currentLength = 0;
  let outChars = 0;
  let windowDone = false;
  let charCapped = false;
  let sawContent = false;
  let endsWithNewline = false;

  const finishLine = () => {
    let text = current.endsWith('\r') && currentLength === current.length ? current.slice(0, -1) : current;
    if (currentLength > maxLineChars) {
      text = cutString(text, maxLineChars) + lineCutMarker(currentLength, currentLength * 2);
      cutLines.push(line);
    }
    if (lines.length > 0 && outChars + text.length + 1 > maxChars) {
      charCapped = true;
      windowDone = true;
    } else {
      outChars += text.length + 1;
      lines.push(text);
      if (lines.length >= limit) windowDone = true;
    }
  };

  const consume = (chunk: string) => {
    let i = 0;
    while (i < chunk.length) {
      const nl = chunk.indexOf('\n', i);
      const end = nl === -1 ? chunk.length : nl;
      if (!windowDone && line >= offset) {
        if (current.length < maxLineChars + 1) current += chunk.slice(i, Math.min(end, i + maxLineChars + 1 - current.length));
        currentLength += end - i;
      }
      if (nl === -1) break;
      if (!windowDone && line >= offset) finishLine();
      current = '';
      currentLength = 0;
      line++;
      i = nl + 1;
    }
    if (chunk.length > 0) {
      sawContent = true;
      endsWithNewline = chunk.endsWith('\n');
    }
  };

  const buffer = takeBuffer();
  let pos = contentStart;
  try {
    for (;;) {
      throwIfAborted(signal);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      consume(decoder.decode(buffer.subarray(0, bytesRead), { stream: true }));
    }
    consume(decoder.decode());
  } finally {
    returnBuffer(buffer);
  }
  if (!windowDone && line >= offset && currentLength > 0) finishLine();
  const totalLines = !sawContent ? 0 : endsWithNewline ? line - 1 : line;
  return { lines, startLine: offset, endLine: offset + lines.length - 1, totalLines, cutLines, charCapped };
}
