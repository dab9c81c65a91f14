// read_file: a window of lines of a text file, streamed, with a sparse line index (DESIGN.md §5).
import { constants } from 'node:fs';
import type { FilesystemHandlers } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import { stampOf } from '../../runtime/session.js';
import { notFound, plural, rethrowFs } from './common.js';
import { sharedLineIndex } from './line-index.js';
import { memoryReader, readDecodedWindow, readUtf8Window, type LineWindow } from './line-reader.js';
import { looksBinary, sniffBom } from './text-codec.js';

const DEFAULT_LIMIT = 2000;
const MAX_LINE_CHARS = 2000;
/** Cap on a window's text (≈100 KiB), far below any transport's message limit. */
const MAX_WINDOW_CHARS = 100 * 1024;
/** Files up to this size are read with a single read call. */
const SMALL_FILE_BYTES = 256 * 1024;

function formatWindow(window: LineWindow, lineNumbers: boolean): string {
  if (!lineNumbers) return window.lines.join('\n');
  return window.lines.map((line, i) => `${String(window.startLine + i).padStart(6)}\t${line}`).join('\n');
}

export const readFile: FilesystemHandlers['read_file'] = async (params, ctx) => {
  const resolved = await ctx.workspace.resolve(params.path);
  if (!resolved.exists) throw await notFound(resolved);
  const offset = params.offset ?? 1;
  const limit = params.limit ?? DEFAULT_LIMIT;
  let handle;
  try {
    // O_NOFOLLOW: the path was resolved to its real target; refuse if it was swapped for a link since.
    // O_NONBLOCK: opening a FIFO must not hang the call.
    // openVerified: the descriptor's real path is checked too (a parent swapped for a link since).
    handle = await ctx.workspace.openVerified(resolved, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    rethrowFs(error, resolved.relative);
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (stats.isDirectory()) throw new ToolError('IS_DIRECTORY', `${resolved.relative} is a directory; use glob to list files`);
    if (!stats.isFile()) throw new ToolError('INVALID_INPUT', `${resolved.relative} is not a regular file`);
    // One read serves small files whole (most reads); larger ones get their first 8 KiB sniffed.
    const size = Number(stats.size);
    const head = Buffer.allocUnsafe(size <= SMALL_FILE_BYTES ? size : 8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const whole = size <= SMALL_FILE_BYTES && bytesRead === size;
    const sniff = head.subarray(0, Math.min(bytesRead, 8192));
    const { encoding, bomLength } = sniffBom(sniff);
    if (bomLength === 0 && (await looksBinary(sniff))) {
      throw new ToolError('BINARY_FILE', `${resolved.relative} is a binary file (${plural(Number(stats.size), 'byte')}); read_file only shows text`);
    }
    const request = { offset, limit, maxLineChars: MAX_LINE_CHARS, maxChars: MAX_WINDOW_CHARS, signal: ctx.signal };
    const source = whole ? memoryReader(head) : handle;
    const window = encoding === 'utf-16le' || encoding === 'utf-16be'
      ? await readDecodedWindow(source, encoding, bomLength, request)
      : await readUtf8Window(source, sharedLineIndex.get(`${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`, bomLength), request);
    if (offset > Math.max(window.totalLines, 1)) {
      throw new ToolError('INVALID_INPUT', `offset ${offset} is past the end of ${resolved.relative}: it has ${plural(window.totalLines, 'line')}`);
    }
    ctx.session.recordRead(resolved.absolute, stampOf(stats));
    const more = window.endLine < window.totalLines;
    const output = {
      path: resolved.relative,
      content: formatWindow(window, params.line_numbers ?? true),
      start_line: window.startLine,
      end_line: window.endLine,
      total_lines: window.totalLines,
      truncated: more || window.cutLines.length > 0,
      encoding,
      ...(more ? { next_offset: window.endLine + 1 } : {}),
    };
    const notes: string[] = [];
    if (window.totalLines === 0) notes.push(`${resolved.relative} is empty`);
    if (more) {
      const why = window.charCapped ? `the window reached its ${MAX_WINDOW_CHARS / 1024} KiB cap` : `showing ${plural(window.lines.length, 'line')}`;
      notes.push(`lines ${window.startLine}-${window.endLine} of ${window.totalLines} (${why}); use offset=${window.endLine + 1} to continue`);
    }
    if (window.cutLines.length > 0) {
      notes.push(`${plural(window.cutLines.length, 'line')} longer than ${MAX_LINE_CHARS} characters cut (line ${window.cutLines.slice(0, 5).join(', ')}${window.cutLines.length > 5 ? ', …' : ''}); use grep to search inside them`);
    }
    const text = notes.length === 0 ? output.content : `${output.content}${output.content ? '\n\n' : ''}(${notes.join('; ')})`;
    return withText(output, text);
  } finally {
    await handle.close();
  }
};
