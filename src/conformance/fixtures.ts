// Fixture files of a conformance case, created in its fresh workspace without ever following a
// link: every folder on the way is made here or checked to be a real folder, files are created
// exclusively (O_EXCL, O_NOFOLLOW), and an expected file is read only where its real path is
// inside the workspace.
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { confinedPathProblem, fixturePathProblem } from './fixture-paths.js';

export type Fixture = string | { symlink: string } | { base64: string } | { dir: true };

/** One example of a catalog operation, as the catalog writes it and its conformance test runs it. */
export interface ExampleCase {
  name: string;
  files?: Record<string, Fixture>;
  options?: Record<string, unknown>;
  input: Record<string, unknown>;
  expect: {
    output?: Record<string, unknown>;
    error?: string;
    text_contains?: string;
    files?: Record<string, string | null>;
  };
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

function kindOf(spec: Fixture): 'file' | 'dir' | 'symlink' {
  if (typeof spec === 'object' && spec !== null && 'symlink' in spec) return 'symlink';
  if (typeof spec === 'object' && spec !== null && 'dir' in spec) return 'dir';
  return 'file';
}

/** Creates `files` under `root` (a fresh, empty folder); throws naming the entry it refuses. */
export async function writeFixture(root: string, files: Record<string, Fixture> = {}): Promise<void> {
  for (const [relative, spec] of Object.entries(files)) {
    const problem = fixturePathProblem(relative, kindOf(spec));
    if (problem) throw new Error(`fixture "${relative}" ${problem}`);
    const segments = relative.split('/');
    let dir = root;
    for (const segment of segments.slice(0, -1)) {
      dir = path.join(dir, segment);
      await ensureRealDir(dir, relative);
    }
    const target = path.join(dir, segments.at(-1)!);
    if (typeof spec === 'string') await createFile(target, Buffer.from(spec, 'utf8'));
    else if ('base64' in spec) await createFile(target, Buffer.from(spec.base64, 'base64'));
    else if ('symlink' in spec) {
      if (typeof spec.symlink !== 'string' || spec.symlink.includes('\0'))
        throw new Error(`fixture "${relative}": the link target must be a string without NUL`);
      await symlink(spec.symlink, target);
    } else await ensureRealDir(target, relative);
  }
}

async function ensureRealDir(dir: string, relative: string): Promise<void> {
  try {
    await mkdir(dir);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = await lstat(dir);
  if (stat.isSymbolicLink())
    throw new Error(
      `fixture "${relative}" would be written through the link ${dir}: fixtures are never written through links`,
    );
  if (!stat.isDirectory())
    throw new Error(`fixture "${relative}" needs ${dir} to be a folder, but a fixture made it a file`);
}

async function createFile(target: string, data: Buffer): Promise<void> {
  const handle = await open(target, CREATE, 0o644);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * The text of `relative` after the handler ran, or null when there is no file to read there. A
 * path whose real location is outside the workspace (through a link) is an error, never read.
 */
export async function readExpectedFile(root: string, relative: string): Promise<string | null> {
  const problem = confinedPathProblem(relative);
  if (problem) throw new Error(`expected file "${relative}" ${problem}`);
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(path.join(root, relative));
  } catch {
    return null;
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
    throw new Error(`expected file "${relative}" leads outside the workspace (to ${real}); it is not read`);
  }
  try {
    const handle = await open(real, READ);
    try {
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
