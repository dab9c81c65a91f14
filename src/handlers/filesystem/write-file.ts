// write_file: atomic create-or-replace that keeps the file's mode and owner (DESIGN.md §5, §11).
import type { FilesystemHandlers } from '../../generated/types.js';
import { withText } from '../../runtime/handler.js';
import { changeFile, plural } from './common.js';

export const writeFile: FilesystemHandlers['write_file'] = async (params, ctx) => {
  const resolved = await ctx.workspace.resolve(params.path);
  const data = Buffer.from(params.content, 'utf8');
  const output = await changeFile(ctx, resolved, { createParents: true }, (current) => ({
    data,
    result: { path: resolved.relative, bytes: data.length, created: current === undefined },
  }));
  return withText(output, `${output.created ? 'Created' : 'Wrote'} ${resolved.relative} (${plural(data.length, 'byte')})`);
};
