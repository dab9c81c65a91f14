// How a path that names nothing is worded, the same for every provider: NOT_FOUND naming the path
// from the workspace, with the near names its folder holds.
import path from 'node:path';
import { ToolError } from './errors.js';
import { similarNames } from './similar-names.js';
import type { ResolvedPath } from './workspace.js';

/** NOT_FOUND for a resolved path that does not exist, naming files of its folder with similar names. */
export async function missingPathError(resolved: ResolvedPath): Promise<ToolError> {
  const similar = await similarNames(resolved.absolute);
  const hint =
    similar.length > 0
      ? `; did you mean ${similar.map((n) => JSON.stringify(path.posix.join(path.posix.dirname(resolved.relative), n).replace(/^\.\//, ''))).join(', ')}?`
      : '';
  return new ToolError(
    'NOT_FOUND',
    `${resolved.relative} does not exist${hint}`,
    similar.length ? { similar } : undefined,
  );
}
