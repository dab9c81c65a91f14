// Where a path lies on its file system, whatever mount it is reached through: a bind mount shows
// a folder (the workspace, or a folder inside it) at a second path, and only the mount table says
// the two are one. Linux only (/proc/self/mountinfo); elsewhere nothing is known.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Mount {
  /** major:minor of the file system. */
  device: string;
  /** The folder of that file system the mount shows. */
  root: string;
  /** Where it is shown. */
  point: string;
}

/** mountinfo escapes space, tab, newline and backslash as octal. */
const unescape = (field: string) =>
  field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

function mounts(): Mount[] | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
  const found: Mount[] = [];
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 5) continue;
    found.push({ device: fields[2]!, root: unescape(fields[3]!), point: unescape(fields[4]!) });
  }
  return found;
}

function within(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}

/**
 * The file system and the path from its root of `real` (a real path; the part from its first
 * missing folder on is carried along as written), through the mount that shows it (the last
 * mounted over it wins); undefined where the mount table cannot be read.
 */
function placeOf(real: string, table: readonly Mount[]): { device: string; at: string } | undefined {
  let existing = real;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  let best: Mount | undefined;
  for (const mount of table)
    if (within(mount.point, existing) && (!best || mount.point.length >= best.point.length)) best = mount;
  if (!best) return undefined;
  return { device: best.device, at: path.posix.join(best.root, path.relative(best.point, real)) };
}

/**
 * Whether `real` lies inside `root` on the same file system, by whatever mounts each is reached:
 * both real paths; false where the mount table cannot be read.
 */
export function insideByMounts(root: string, real: string): boolean {
  const table = mounts();
  if (!table) return false;
  const outer = placeOf(root, table);
  const inner = placeOf(real, table);
  return !!outer && !!inner && outer.device === inner.device && within(outer.at, inner.at);
}
