// How generate touches the project: never through a symbolic link (every folder from the project
// folder down is checked with lstat, files are opened with O_NOFOLLOW), never over a file that lacks
// the generated header, and atomically per file (a temporary file beside the target, renamed over
// it once every file of the run is ready).
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { HEADER } from './emit/common.js';

const HEADER_LINE = HEADER.split('\n')[0]!;
const HEADER_BYTES = Buffer.from(`${HEADER_LINE}\n`);
const READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export type TargetState =
  | { kind: 'missing' }
  | { kind: 'generated'; content: Buffer }
  /** generate must not write here (a link on the way, not a regular file, not generated). */
  | { kind: 'refused'; reason: string };

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The folders from the project folder down to `relative` (exclusive) are real folders, or absent. */
async function checkFolders(cwd: string, relative: string): Promise<TargetState | undefined> {
  let current = cwd;
  const parts = relative
    .split('/')
    .slice(0, -1)
    .filter((part) => part !== '.' && part !== '');
  for (let i = 0; i < parts.length; i++) {
    current = path.join(current, parts[i]!);
    const shown = parts.slice(0, i + 1).join('/');
    const stat = await lstat(current).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!stat) return { kind: 'missing' };
    if (stat.isSymbolicLink())
      return { kind: 'refused', reason: `${shown} is a symbolic link; generate never writes or reads through links` };
    if (!stat.isDirectory()) return { kind: 'refused', reason: `${shown} is not a folder` };
  }
  return undefined;
}

/** What is at `relative` (a file path inside the project folder `cwd`), read without following links. */
export async function inspectTarget(cwd: string, relative: string): Promise<TargetState> {
  const folders = await checkFolders(cwd, relative);
  if (folders) return folders;
  const target = path.join(cwd, relative);
  const stat = await lstat(target).catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!stat) return { kind: 'missing' };
  if (stat.isSymbolicLink())
    return { kind: 'refused', reason: 'is a symbolic link; generate never writes or reads through links' };
  if (!stat.isFile()) return { kind: 'refused', reason: 'is not a regular file' };
  // The head first: a big file of the user's is not read whole to learn that it is not ours.
  const head = await readNoFollow(target, HEADER_BYTES.length);
  if (head !== `${HEADER_LINE}\n`) {
    return {
      kind: 'refused',
      reason: `exists and was not written by toolwright generate (its first line is not "${HEADER_LINE}"); move it, or choose another --out/--tests`,
    };
  }
  return { kind: 'generated', content: await readBytesNoFollow(target) };
}

async function readBytesNoFollow(file: string): Promise<Buffer> {
  const handle = await open(file, READ);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function readNoFollow(file: string, bytes?: number): Promise<string> {
  const handle = await open(file, READ);
  try {
    if (bytes === undefined) return await handle.readFile('utf8');
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Files directly in `dirs` (relative, posix) that carry the generated header: only those are ever replaced or removed. */
export async function listGenerated(cwd: string, dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  const headBytes = Buffer.byteLength(HEADER_LINE) + 1;
  for (const dir of new Set(dirs)) {
    if (await checkFolders(cwd, `${dir}/x`)) continue;
    const entries = await readdir(path.join(cwd, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isFile()) continue; // links and folders are never generated files
      const relative = dir === '.' ? entry.name : `${dir}/${entry.name}`;
      const head = await readNoFollow(path.join(cwd, relative), headBytes).catch(() => '');
      if (head === `${HEADER_LINE}\n`) found.push(relative);
    }
  }
  return found;
}

/** Makes the folders of `relative` under `cwd`, one at a time, each checked to be a real folder; returns those it made. */
async function makeFolders(cwd: string, relative: string): Promise<string[]> {
  let current = cwd;
  const made: string[] = [];
  for (const part of relative.split('/').slice(0, -1)) {
    if (part === '.' || part === '') continue;
    current = path.join(current, part);
    try {
      await mkdir(current);
      made.push(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const stat = await lstat(current);
      if (stat.isSymbolicLink() || !stat.isDirectory())
        throw new Error(`${current} is not a real folder`, { cause: error });
    }
  }
  return made;
}

/** Files written to temporary names beside their targets, renamed into place by commit(). */
export class StagedWrites {
  private readonly staged: { temp: string; target: string }[] = [];
  /** Folders this run made: removed again when it is discarded. */
  private readonly folders: string[] = [];
  private counter = 0;

  constructor(private readonly cwd: string) {}

  async stage(relative: string, content: string | Uint8Array): Promise<void> {
    this.folders.push(...(await makeFolders(this.cwd, relative)));
    const target = path.join(this.cwd, relative);
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${this.counter++}.tmp`);
    const handle = await open(temp, CREATE, 0o644);
    this.staged.push({ temp, target });
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
  }

  get size(): number {
    return this.staged.length;
  }

  /** Renames every staged file over its target (a link there is replaced, never followed). */
  async commit(): Promise<void> {
    for (const { temp, target } of this.staged) await rename(temp, target);
    this.staged.length = 0;
  }

  async discard(): Promise<void> {
    for (const { temp } of this.staged) await unlink(temp).catch(() => undefined);
    this.staged.length = 0;
    for (const folder of this.folders.reverse()) await rmdir(folder).catch(() => undefined);
    this.folders.length = 0;
  }
}

/** Removes a generated file that is no longer generated, if it still is a plain file. */
export async function removeGenerated(cwd: string, relative: string): Promise<void> {
  const target = path.join(cwd, relative);
  const stat = await lstat(target).catch(() => undefined);
  if (stat?.isFile()) await unlink(target);
}
