// The filesystem provider: read_file, write_file, edit_file (DESIGN.md §5).
import { constants, type BigIntStats } from 'node:fs';
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FilesystemHandlers } from '../generated/types.js';
import { atomicWriteFile } from '../runtime/atomic-write.js';
import { fsErrorToToolError, ToolError } from '../runtime/errors.js';
import { withText } from '../runtime/handler.js';
import { fileMutex } from '../runtime/locks.js';
import { sameStamp, stampOf } from '../runtime/session.js';
import type { HandlerContext } from '../runtime/types.js';
import type { ResolvedPath } from '../runtime/workspace.js';
import { applyExactEdit } from './filesystem/edit-match.js';
import { sharedLineIndex } from './filesystem/line-index.js';
import { memoryReader, readDecodedWindow, readUtf8Window, type LineWindow } from './filesystem/line-reader.js';
import { similarNames } from './filesystem/similar.js';
import { decodeForEdit, looksBinary, sniffBom } from './filesystem/text-codec.js';

const DEFAULT_LIMIT = 2000;
const MAX_LINE_CHARS = 2000;
/** Cap on a window's text (≈100 KiB), far below any transport's message limit. */
const MAX_WINDOW_CHARS = 100 * 1024;
const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/** Files up to this size are read with a single read call. */
const SMALL_FILE_BYTES = 256 * 1024;
const MAX_DIFF_CHARS = 20_000;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Rethrows a system error as the ToolError a model can act on. */
function rethrowFs(error: unknown, displayPath: string): never {
  throw fsErrorToToolError(error, displayPath) ?? error;
}

async function notFound(resolved: ResolvedPath): Promise<ToolError> {
  const similar = await similarNames(resolved.absolute);
  const hint = similar.length > 0 ? `; did you mean ${similar.map((n) => JSON.stringify(path.posix.join(path.posix.dirname(resolved.relative), n).replace(/^\.\//, ''))).join(', ')}?` : '';
  return new ToolError('NOT_FOUND', `${resolved.relative} does not exist${hint}`, similar.length ? { similar } : undefined);
}

/** The stale-file guard: refuse when this session read the file and it changed on disk since. */
function assertNotStale(ctx: HandlerContext, resolved: ResolvedPath, current: BigIntStats | undefined): void {
  const seen = ctx.session.lastSeen(resolved.absolute);
  if (!seen || !current) return;
  if (!sameStamp(seen, stampOf(current))) {
    throw new ToolError(
      'STALE_FILE',
      `${resolved.relative} changed on disk since this session last read it; read it again (read_file) and retry the change`,
    );
  }
}

async function statIfExists(absolute: string, display: string): Promise<BigIntStats | undefined> {
  try {
    return await stat(absolute, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    rethrowFs(error, display);
  }
}

async function ensureParent(resolved: ResolvedPath): Promise<void> {
  try {
    await mkdir(path.dirname(resolved.absolute), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new ToolError('NOT_DIRECTORY', `a parent of ${resolved.relative} is a file, not a folder`);
    }
    rethrowFs(error, resolved.relative);
  }
}

/** Writes atomically and records the new version as seen by this session. */
async function writeAndRecord(ctx: HandlerContext, resolved: ResolvedPath, data: string | Buffer, previous: BigIntStats | undefined): Promise<void> {
  try {
    await atomicWriteFile(resolved.absolute, data, previous
      ? { mode: Number(previous.mode & 0o7777n), uid: Number(previous.uid), gid: Number(previous.gid) }
      : {});
  } catch (error) {
    rethrowFs(error, resolved.relative);
  }
  ctx.session.recordRead(resolved.absolute, stampOf(await stat(resolved.absolute, { bigint: true })));
}

function formatWindow(window: LineWindow, lineNumbers: boolean): string {
  if (!lineNumbers) return window.lines.join('\n');
  return window.lines.map((line, i) => `${String(window.startLine + i).padStart(6)}\t${line}`).join('\n');
}

export const filesystemHandlers = {
  async read_file(params, ctx) {
    const resolved = await ctx.workspace.resolve(params.path);
    if (!resolved.exists) throw await notFound(resolved);
    const offset = params.offset ?? 1;
    const limit = params.limit ?? DEFAULT_LIMIT;
    let handle;
    try {
      // O_NOFOLLOW: the path was resolved to its real target; refuse if it was swapped for a link since.
      // O_NONBLOCK: opening a FIFO must not hang the call.
      handle = await open(resolved.absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
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
  },

  async write_file(params, ctx) {
    const resolved = await ctx.workspace.resolve(params.path);
    return fileMutex.run(resolved.absolute, async () => {
      const previous = await statIfExists(resolved.absolute, resolved.relative);
      if (previous?.isDirectory()) throw new ToolError('IS_DIRECTORY', `${resolved.relative} is a directory; give a file path`);
      if (previous && !previous.isFile()) throw new ToolError('INVALID_INPUT', `${resolved.relative} is not a regular file`);
      assertNotStale(ctx, resolved, previous);
      if (!previous) await ensureParent(resolved);
      const data = Buffer.from(params.content, 'utf8');
      await writeAndRecord(ctx, resolved, data, previous);
      const output = { path: resolved.relative, bytes: data.length, created: previous === undefined };
      return withText(output, `${output.created ? 'Created' : 'Wrote'} ${resolved.relative} (${plural(data.length, 'byte')})`);
    });
  },

  async edit_file(params, ctx) {
    if (params.old_str === params.new_str) {
      throw new ToolError('INVALID_INPUT', 'old_str and new_str are identical; nothing would change');
    }
    const resolved = await ctx.workspace.resolve(params.path);
    return fileMutex.run(resolved.absolute, async () => {
      const previous = await statIfExists(resolved.absolute, resolved.relative);
      if (params.old_str === '') {
        if (previous) {
          throw new ToolError('ALREADY_EXISTS', `${resolved.relative} already exists; an empty old_str only creates new files (use write_file to replace it, or give the text to replace)`);
        }
        await ensureParent(resolved);
        await writeAndRecord(ctx, resolved, params.new_str, undefined);
        const diff = unifiedDiff(resolved.relative, '', params.new_str.replace(/\r\n/g, '\n'));
        return withText({ path: resolved.relative, replacements: 1, diff, created: true }, `Created ${resolved.relative}\n${diff}`);
      }
      if (!previous) throw await notFound(resolved);
      if (previous.isDirectory()) throw new ToolError('IS_DIRECTORY', `${resolved.relative} is a directory`);
      if (!previous.isFile()) throw new ToolError('INVALID_INPUT', `${resolved.relative} is not a regular file`);
      if (previous.size > BigInt(MAX_EDIT_BYTES)) {
        throw new ToolError('TOO_LARGE', `${resolved.relative} is ${previous.size} bytes; edit_file handles files up to ${MAX_EDIT_BYTES} bytes`);
      }
      assertNotStale(ctx, resolved, previous);
      let bytes: Buffer;
      try {
        bytes = await readFile(resolved.absolute);
      } catch (error) {
        rethrowFs(error, resolved.relative);
      }
      const decoded = await decodeForEdit(bytes);
      if (!decoded) throw new ToolError('BINARY_FILE', `${resolved.relative} is a binary file; edit_file only edits text`);
      if (decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(params.new_str)) {
        throw new ToolError('INVALID_INPUT', `${resolved.relative} is not UTF-8 (it is kept byte for byte as Latin-1), so new_str may only use Latin-1 characters`);
      }
      const outcome = applyExactEdit(decoded.text, params.old_str, params.new_str, params.replace_all ?? false, resolved.relative);
      await writeAndRecord(ctx, resolved, decoded.encode(outcome.text), previous);
      const diff = unifiedDiff(resolved.relative, decoded.text.replace(/\r\n/g, '\n'), outcome.text.replace(/\r\n/g, '\n'));
      const output = { path: resolved.relative, replacements: outcome.replacements, diff };
      return withText(output, `Edited ${resolved.relative}: ${plural(outcome.replacements, 'replacement')}\n${diff}`);
    });
  },
} satisfies FilesystemHandlers;

function unifiedDiff(relative: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${relative}`, `b/${relative}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  return patch.length > MAX_DIFF_CHARS
    ? `${patch.slice(0, MAX_DIFF_CHARS)}\n[… diff cut: ${patch.length - MAX_DIFF_CHARS} more characters …]`
    : patch;
}

