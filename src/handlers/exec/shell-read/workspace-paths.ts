// shell_read without a sandbox: the files a line names must really lie inside the workspace. The
// classifier has kept each word inside it lexically; here each is resolved on disk (a symbolic link
// inside the workspace may point anywhere), and the folder a glob expands in is searched for links
// that point out, since the glob could match one. Bounded in paths, entries and time; fails closed.
import { opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { NamedPath } from '../../../runtime/shell/read-only/classify.js';
import { isInside } from '../../../runtime/fs/workspace.js';

const MAX_PATHS = 256;
const MAX_ENTRIES = 20_000;
const CHECK_MS = 5_000;

const OUTSIDE = 'without a sandbox shell_read reads only inside the workspace';

/** Why one of the paths leaves the workspace on disk, or undefined. */
export async function pathsOutside(paths: readonly NamedPath[], root: string): Promise<string | undefined> {
  const unique = [
    ...new Map(paths.map((p) => [`${p.glob ? 'g' : 'f'}${p.noDirectory ? 'n' : ''}${p.path}`, p])).values(),
  ];
  if (unique.length > MAX_PATHS)
    return `the line names more than ${MAX_PATHS} files; ${OUTSIDE}, and checks at most that many`;
  const deadline = Date.now() + CHECK_MS;
  let entries = 0;
  for (const named of unique) {
    if (Date.now() > deadline) return `checking where the named files lead took too long; ${OUTSIDE}`;
    const real = await realpath(named.path).catch(() => undefined);
    // A path that does not exist reads nothing (the program reports it missing).
    if (real === undefined) continue;
    if (!isInside(root, real)) return `${named.raw} leads outside the workspace (to ${real}); ${OUTSIDE}`;
    if (named.noDirectory && (await stat(real).catch(() => undefined))?.isDirectory())
      return `${named.raw} is a folder: ${named.noDirectory}`;
    if (!named.glob || named.pattern === undefined) continue;
    const matches = globMatcher(named.pattern);
    const dir = await opendir(real).catch(() => undefined);
    if (!dir) continue;
    for await (const entry of dir) {
      if (++entries > MAX_ENTRIES)
        return `the folders the globs expand in hold more than ${MAX_ENTRIES} entries; ${OUTSIDE}, and checks at most that many`;
      if (!entry.isSymbolicLink() || !matches(entry.name)) continue;
      const target = await realpath(path.join(real, entry.name)).catch(() => undefined);
      if (target !== undefined && !isInside(root, target)) {
        return `${named.raw} could match ${path.join(path.relative(root, real), entry.name) || entry.name}, a symbolic link out of the workspace (to ${target}); ${OUTSIDE}`;
      }
    }
  }
  return undefined;
}

/**
 * A test that accepts every name bash could match with this last-component glob, and possibly
 * more: `*` and `?` as usual, a bracket expression as any one character, case ignored, and any
 * extglob-looking part as anything.
 */
function globMatcher(pattern: string): (name: string) => boolean {
  if (/[()|]/.test(pattern)) return () => true;
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        source += '\\[';
        continue;
      }
      source += '.';
      i = close;
    } else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`, 'is');
  return (name) => regex.test(name);
}
