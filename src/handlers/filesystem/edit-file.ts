// edit_file: exact old_str → new_str, line endings/BOM/encoding preserved, unified diff (DESIGN.md §5).
import { readFile } from 'node:fs/promises';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FilesystemHandlers } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import { fileMutex } from '../../runtime/locks.js';
import { assertNotStale, ensureParent, notFound, plural, rethrowFs, statIfExists, writeAndRecord } from './common.js';
import { applyExactEdit } from './edit-match.js';
import { decodeForEdit } from './text-codec.js';

const MAX_EDIT_BYTES = 64 * 1024 * 1024;
const MAX_DIFF_CHARS = 20_000;

export const editFile: FilesystemHandlers['edit_file'] = async (params, ctx) => {
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
};

function unifiedDiff(relative: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${relative}`, `b/${relative}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  return patch.length > MAX_DIFF_CHARS
    ? `${patch.slice(0, MAX_DIFF_CHARS)}\n[… diff cut: ${patch.length - MAX_DIFF_CHARS} more characters …]`
    : patch;
}

