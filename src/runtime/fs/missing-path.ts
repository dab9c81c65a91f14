// How a path that names nothing is worded, the same for every provider: NOT_FOUND naming the path
// from the workspace, with the near names its folder holds.
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { similarNames } from './similar-names.js';
import type { ResolvedPath } from './workspace.js';

/**
 * NOT_FOUND for a resolved path that does not exist, naming files of its folder with similar names:
 * only those `visible` keeps (the call's path rules), so a near name never names a hidden file.
 */
export async function missingPathError(
  resolved: ResolvedPath,
  visible?: (paths: readonly string[]) => Promise<string[]>,
): Promise<ToolError> {
  const folder = path.posix.dirname(resolved.relative);
  const near = (await similarNames(resolved.absolute)).map((name) =>
    path.posix.join(folder, name).replace(/^\.\//, ''),
  );
  const shown = visible ? new Set(await visible(near)) : undefined;
  const similar = shown ? near.filter((name) => shown.has(name)) : near;
  const hint = similar.length > 0 ? `; did you mean ${similar.map((n) => JSON.stringify(n)).join(', ')}?` : '';
  return new ToolError(
    'NOT_FOUND',
    `${resolved.relative} does not exist${hint}`,
    similar.length ? { similar: similar.map((n) => path.posix.basename(n)) } : undefined,
  );
}
