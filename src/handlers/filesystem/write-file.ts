// write_file: atomic create-or-replace that keeps the file mode (DESIGN.md §5).
import type { FilesystemHandlers } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import { fileMutex } from '../../runtime/locks.js';
import { assertNotStale, ensureParent, plural, statIfExists, writeAndRecord } from './common.js';

export const writeFile: FilesystemHandlers['write_file'] = async (params, ctx) => {
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
};
