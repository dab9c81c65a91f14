// Reading a window of a UTF-16 file: the bytes are streamed through a TextDecoder (byte 10 may sit
// inside a UTF-16 character, so the byte-line reader cannot split these files).
import { throwIfAborted } from '../../../runtime/contract/errors.js';
import { cutString, lineCutMarker, type LineWindow, type WindowRequest } from './window.js';
import { type PositionalReader } from './positional-reader.js';
import { DEFAULT_SCAN_BUDGET, type BudgetStop } from './scan-budget.js';

const READ_BUFFER_BYTES = 1 << 20;
const bufferPool: Buffer[] = [];

/** Buffers are reused across reads and calls: allocating one per chunk costs ~3× in throughput. */
function takeBuffer(): Buffer {
  return bufferPool.pop() ?? Buffer.allocUnsafe(READ_BUFFER_BYTES);
}
function returnBuffer(buffer: Buffer): void {
  if (bufferPool.length < 4) bufferPool.push(buffer);
}

/**
 * Reads a window from a UTF-16 file by streaming it through a TextDecoder (no line index: such
 * files are rare and small in practice, but memory stays bounded by the window all the same).
 * One function on purpose: finishLine and consume share the window's state (line, cuts, caps) per chunk.
 */
export async function readDecodedWindow(
  file: PositionalReader,
  encoding: 'utf-16le' | 'utf-16be',
  contentStart: number,
  request: WindowRequest,
): Promise<LineWindow> {
  const { offset, limit, maxLineChars, maxChars, signal } = request;
  const { maxLineBytes, maxScanBytes } = request.budget ?? DEFAULT_SCAN_BUDGET;
  let budgetStop: BudgetStop | undefined;
  const decoder = new TextDecoder(encoding);
  const lines: string[] = [];
  const cutLines: number[] = [];
  let line = 1;
  let current = '';
  let currentLength = 0;
  let outChars = 0;
  let windowDone = limit === 0;
  let charCapped = false;
  let sawContent = false;
  let endsWithNewline = false;

  /** Ends the line being read; `open`: it goes on past the line budget. */
  const finishLine = (open = false) => {
    let text = current.endsWith('\r') && currentLength === current.length ? current.slice(0, -1) : current;
    if (currentLength > maxLineChars) {
      text =
        cutString(text, maxLineChars) + lineCutMarker(currentLength, open ? maxLineBytes : currentLength * 2, open);
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
      if (!windowDone && line >= offset && current.length < maxLineChars + 1)
        current += chunk.slice(i, Math.min(end, i + maxLineChars + 1 - current.length));
      // Counted for every line (the line budget), though only a window line's text is kept.
      currentLength += end - i;
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
      // Budgets, once a chunk: the line being read (two bytes a unit), and the whole scan.
      const over = currentLength * 2 > maxLineBytes ? 'line' : pos - contentStart >= maxScanBytes ? 'scan' : undefined;
      if (over && bytesRead === buffer.length) {
        budgetStop = {
          kind: over,
          line,
          bytes: over === 'line' ? maxLineBytes : maxScanBytes,
          during: windowDone ? 'count' : 'window',
        };
        if (!windowDone && line >= offset && over === 'line') finishLine(true);
        windowDone = true;
        break;
      }
    }
    if (!budgetStop) consume(decoder.decode());
  } finally {
    returnBuffer(buffer);
  }
  if (!windowDone && line >= offset && currentLength > 0) finishLine();
  const endLine = offset + lines.length - 1;
  if (budgetStop)
    return { lines, startLine: offset, endLine, totalLines: undefined, more: true, cutLines, charCapped, budgetStop };
  const totalLines = !sawContent ? 0 : endsWithNewline ? line - 1 : line;
  return { lines, startLine: offset, endLine, totalLines, more: endLine < totalLines, cutLines, charCapped };
}
