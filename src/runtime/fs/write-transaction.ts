// The write transaction every write and edit goes through (changeFile), and the stale-file guard.
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import { lstat, mkdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  atomicReplace,
  markSwept,
  OwnerNotKept,
  overwriteInPlace,
  siblingNameFor,
  sweepLeftovers,
} from './atomic-write.js';
import { ToolError } from '../contract/errors.js';
import { acquireFileLock, fileMutex } from './locks.js';
import { sameStamp, stampOf } from '../session/session.js';
import type { RecordedFile } from '../checkpoints/recorder.js';
import type { SeenSegment } from '../session/seen-lines.js';
import type { HandlerContext } from '../contract/types.js';
import { openOrCreateDir, swappedError, VerifiedDir } from './verified-fs.js';
import type { ResolvedPath } from './workspace.js';
import { missingPathError } from './missing-path.js';
import { rethrowFs } from './fs-errors.js';

/** Whether this session read the file and it changed on disk since. */
export function isStale(ctx: HandlerContext, resolved: ResolvedPath, current: BigIntStats): boolean {
  const seen = ctx.session.lastSeen(resolved.absolute);
  return seen !== undefined && !sameStamp(seen, stampOf(current));
}

/** The stale-file guard: refuse when this session read the file and it changed on disk since. */
export function assertNotStale(ctx: HandlerContext, resolved: ResolvedPath, current: BigIntStats | undefined): void {
  if (current && isStale(ctx, resolved, current)) {
    throw new ToolError(
      'STALE_FILE',
      `${resolved.relative} changed on disk since this session last read it; read it again (read_file) and retry the change`,
    );
  }
}

/** The file as it is when a change starts: stats of the opened descriptor, and its bytes if asked. */
export interface CurrentFile {
  stats: BigIntStats;
  bytes?: Buffer;
  /** The first `sample` bytes (write_file keeps a file's encoding), when asked and readable. */
  head?: Buffer;
  /** With `guardRegions`: this session read the file and it changed on disk since. */
  changedSinceRead?: boolean;
}

export interface ChangeOptions {
  /** Create missing parent folders (write_file, creating edits). */
  createParents: boolean;
  /** Read the current content (edits); refuse files larger than this many bytes. */
  readLimit?: number;
  /** Compute the change but write nothing (no lock taken). */
  dryRun?: boolean;
  /** Also read up to this many leading bytes, if the file is readable (its encoding is kept). */
  sample?: number;
  /**
   * The plan checks a file changed since it was read against what was read where it changes it
   * (edits); without it such a file is refused whole.
   */
  guardRegions?: boolean;
}

/** What a change computed: `data` to write (undefined: write nothing) and the operation's result. */
export interface ChangePlan<T> {
  data?: Uint8Array;
  result: T;
  /** The lines of the written text, recorded as seen by the session (it knows what it wrote). */
  seen?: SeenSegment;
}

/** The file changed between our read and our rename (another program wrote it): start over. */
export class ChangedMeanwhile extends Error {}

export const MAX_ATTEMPTS = 3;

/**
 * The write transaction of write_file, edit_file and multi_edit:
 * 1. in-process mutex + cross-process lock file on the target (every toolwright writer takes it),
 * 2. the parent folder opened and verified (descriptor inside the workspace), every later step
 *    done through it, so a parent swapped for a symlink cannot redirect the write;
 * 3. the target opened without following links, for writing (a file a plain write could not
 *    change is PERMISSION_DENIED), its stats taken on the descriptor and compared after reading;
 * 4. stale guard, then `plan` computes the new bytes;
 * 5. temp file beside it, owner then mode restored, flushed; right before the rename the folder is
 *    re-verified and the target compared with what was read (compare-and-swap against writers that
 *    do not take the lock: on a difference the whole change is redone, up to 3 times);
 * 6. a file whose owner a replacement cannot keep is written in place instead, as a plain write.
 */
export async function changeFile<T>(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  options: ChangeOptions,
  plan: (current: CurrentFile | undefined) => Promise<ChangePlan<T>> | ChangePlan<T>,
): Promise<T> {
  if (resolved.directory) {
    const kind = resolved.exists
      ? (await stat(resolved.absolute).catch(() => undefined))?.isDirectory()
        ? 'IS_DIRECTORY'
        : 'NOT_DIRECTORY'
      : 'INVALID_INPUT';
    throw new ToolError(
      kind,
      `the path ${resolved.relative === '.' ? '.' : `${resolved.relative}/`} ends with "/" (or "/." or "/.."): it names a folder; give a file path`,
    );
  }
  if (resolved.relative === '.')
    throw new ToolError('IS_DIRECTORY', 'the workspace root is a directory; give a file path');
  return fileMutex
    .run(resolved.absolute, () => transaction(ctx, resolved, options, plan))
    .catch(async (error: unknown) => {
      await ctx.checkpoint?.abandon();
      return rethrowFs(error, resolved.relative);
    });
}

/** The file as its checkpoint records it: absent, or its bytes (read now when the change did not read them) and mode. */
async function recordedFile(
  dir: VerifiedDir,
  name: string,
  resolved: ResolvedPath,
  current: OpenedFile | undefined,
  limit: number,
): Promise<RecordedFile> {
  if (!current) return { resolved, absent: true };
  const mode = Number(current.stats.mode & 0o7777n);
  const size = Number(current.stats.size);
  if (current.bytes) return { resolved, bytes: current.bytes, mode };
  if (size > limit) return { resolved, mode, size };
  const reader = await dir
    .openFile(name, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
    .catch(() => undefined);
  if (!reader) return { resolved, mode, size };
  try {
    return { resolved, bytes: await reader.readFile(), mode };
  } finally {
    await reader.close();
  }
}

async function transaction<T>(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  options: ChangeOptions,
  plan: (current: CurrentFile | undefined) => Promise<ChangePlan<T>> | ChangePlan<T>,
): Promise<T> {
  const name = path.basename(resolved.absolute);
  const dir = await openParent(ctx, resolved, options.createParents);
  try {
    let release: (() => Promise<void>) | undefined;
    if (!options.dryRun) {
      await sweepLeftovers(dir, dir.absolute);
      release = await acquireFileLock(dir, siblingNameFor(name, '.tw-lock'), {
        signal: ctx.signal,
        display: resolved.relative,
      }).catch((error: unknown) => {
        // A folder this process cannot write holds no lock file (nor a temp file): a file in it
        // that we may write is written in place, serialized within this process only.
        if (isAccessError(error)) return undefined;
        throw error;
      });
    }
    try {
      for (let round = 1; ; round++) {
        try {
          return await attempt(ctx, resolved, dir, name, options, plan);
        } catch (error) {
          if (!(error instanceof ChangedMeanwhile)) throw error;
          if (round >= MAX_ATTEMPTS) {
            throw new ToolError(
              'STALE_FILE',
              `${resolved.relative} kept changing on disk while this call ran (another program is writing it); read it again and retry`,
            );
          }
        }
      }
    } finally {
      if (release) {
        await release();
        await markSwept(dir, dir.absolute);
      }
    }
  } finally {
    await dir.close();
  }
}

async function attempt<T>(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  dir: VerifiedDir,
  name: string,
  options: ChangeOptions,
  plan: (current: CurrentFile | undefined) => Promise<ChangePlan<T>> | ChangePlan<T>,
): Promise<T> {
  const current = await openCurrent(dir, name, resolved, options);
  try {
    let changedSinceRead = false;
    if (current && options.guardRegions) changedSinceRead = isStale(ctx, resolved, current.stats);
    else if (current) assertNotStale(ctx, resolved, current.stats);
    const { data, result, seen } = await plan(
      current && { stats: current.stats, bytes: current.bytes, head: current.head, changedSinceRead },
    );
    if (data === undefined || options.dryRun) return result;
    // What the file was, recorded for undo before anything is written (nothing is written when it cannot be).
    const checkpoint = ctx.checkpoint;
    await checkpoint?.before([await recordedFile(dir, name, resolved, current, checkpoint.maxBytes)]);
    const stats = await replace(dir, name, data, current, resolved);
    await checkpoint?.after([{ resolved, bytes: data, mode: Number(stats.mode & 0o7777n) }]);
    // The session's own write is not a change it missed: refresh its record, if it has one (a
    // session that never read the file gets none, so other writers' edits never make it stale).
    if (ctx.session.lastSeen(resolved.absolute)) ctx.session.recordRead(resolved.absolute, stampOf(stats), seen);
    return result;
  } finally {
    await current?.handle?.close();
  }
}

export async function openParent(ctx: HandlerContext, resolved: ResolvedPath, create: boolean): Promise<VerifiedDir> {
  const parent = path.dirname(resolved.absolute);
  let dir: VerifiedDir;
  try {
    dir = create
      ? await openOrCreateDir(ctx.workspace.root, parent, resolved.relative, (p) => mkdir(p))
      : await VerifiedDir.open(ctx.workspace.root, parent, resolved.relative);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw await missingPathError(resolved, ctx.visiblePaths);
    if (code === 'ENOTDIR' || code === 'EEXIST')
      throw new ToolError('NOT_DIRECTORY', `a parent of ${resolved.relative} is a file, not a folder`);
    if (code === 'ELOOP') throw swappedError(resolved.relative);
    rethrowFs(error, resolved.relative);
  }
  // Inside the workspace but not the folder the path named (a parent swapped for a link to
  // another folder in the workspace): writing there would change a file other than the one named.
  if (dir.absolute !== parent) {
    await dir.close();
    throw new ToolError(
      'STALE_FILE',
      `a folder on the path of ${resolved.relative} was replaced while the call ran; retry`,
    );
  }
  return dir;
}

export interface OpenedFile extends CurrentFile {
  /** Open for writing (and reading, for edits); undefined when the file is a running program. */
  handle?: FileHandle;
}

function describeRights(stats: BigIntStats): string {
  return `mode ${(Number(stats.mode) & 0o7777).toString(8).padStart(4, '0')}, owner uid ${stats.uid}`;
}

/** Opens the target for writing (never through a link), or undefined when it does not exist. */
export async function openCurrent(
  dir: VerifiedDir,
  name: string,
  resolved: ResolvedPath,
  options: ChangeOptions,
): Promise<OpenedFile | undefined> {
  const rel = resolved.relative;
  let pre: BigIntStats;
  try {
    pre = await lstat(dir.entry(name), { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    rethrowFs(error, rel);
  }
  // Checked before opening so that a device or FIFO is never opened (opening can have effects).
  if (pre.isSymbolicLink()) throw swappedError(rel);
  if (pre.isDirectory()) throw new ToolError('IS_DIRECTORY', `${rel} is a directory; give a file path`);
  if (!pre.isFile()) throw new ToolError('INVALID_INPUT', `${rel} is not a regular file`);
  const reading = options.readLimit !== undefined;
  const access = options.dryRun ? constants.O_RDONLY : reading ? constants.O_RDWR : constants.O_WRONLY;
  let handle: FileHandle | undefined;
  try {
    handle = await dir.openFile(name, access | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw swappedError(rel);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new ToolError(
        'PERMISSION_DENIED',
        `${rel} cannot be ${reading ? 'read and written' : 'written'} by this process (${describeRights(pre)}); a plain write would be refused, so it is not replaced`,
      );
    }
    // A running program: writable in principle, replaced by rename (as a compiler's output is).
    if (code !== 'ETXTBSY') rethrowFs(error, rel);
    handle = reading
      ? await dir.openFile(name, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: unknown) => rethrowFs(e, rel))
      : undefined;
  }
  try {
    const stats = handle ? await handle.stat({ bigint: true }) : pre;
    if (!stats.isFile()) throw new ToolError('INVALID_INPUT', `${rel} is not a regular file`);
    if (!reading)
      return { handle, stats, ...(options.sample ? { head: await readHead(dir, name, options.sample) } : {}) };
    if (stats.size > BigInt(options.readLimit!)) {
      throw new ToolError(
        'TOO_LARGE',
        `${rel} is ${stats.size} bytes; this operation handles files up to ${options.readLimit} bytes`,
      );
    }
    const bytes = await handle!.readFile();
    // Stats of the descriptor before and after the read: a writer in between means a torn read.
    if (!sameFile(stats, await handle!.stat({ bigint: true }))) throw new ChangedMeanwhile();
    return { handle, stats, bytes };
  } catch (error) {
    await handle?.close();
    throw error;
  }
}

/** The leading bytes of a file opened read-only on its own (a write-only file has none to give). */
async function readHead(dir: VerifiedDir, name: string, limit: number): Promise<Buffer | undefined> {
  const reader = await dir
    .openFile(name, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
    .catch(() => undefined);
  if (!reader) return undefined;
  try {
    const buffer = Buffer.allocUnsafe(limit);
    const { bytesRead } = await reader.read(buffer, 0, limit, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await reader.close();
  }
}

export function sameFile(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** Replaces (or creates) `name` in `dir` with `data`; returns the new file's stats. */
export async function replace(
  dir: VerifiedDir,
  name: string,
  data: Uint8Array,
  current: OpenedFile | undefined,
  resolved: ResolvedPath,
  /** The mode to give the file instead of the current one's (a restore). */
  mode?: number,
): Promise<BigIntStats> {
  const beforeRename = async () => {
    await dir.reverify();
    let now: BigIntStats | undefined;
    try {
      now = await lstat(dir.entry(name), { bigint: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (current ? !now || !sameFile(current.stats, now) : now !== undefined) throw new ChangedMeanwhile();
  };
  try {
    if (!current)
      return await atomicReplace(dir, name, data, { beforeRename, ...(mode !== undefined ? { mode } : {}) });
    const { stats } = current;
    return await atomicReplace(dir, name, data, {
      mode: mode ?? Number(stats.mode & 0o7777n),
      uid: Number(stats.uid),
      gid: Number(stats.gid),
      requireOwner: true,
      beforeRename,
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile || error instanceof ToolError) throw error;
    if (error instanceof OwnerNotKept || (isAccessError(error) && current?.handle)) {
      // Another user's file, or one in a folder we cannot write, that we may write: a plain write
      // would change it (keeping its owner), so write it in place.
      if (current?.handle)
        return overwriteInPlace(current.handle, data).catch((e: unknown) => rethrowFs(e, resolved.relative));
      throw new ToolError(
        'PERMISSION_DENIED',
        `${resolved.relative} belongs to another user and cannot be rewritten in place now`,
      );
    }
    rethrowFs(error, resolved.relative);
  }
}

export function isAccessError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}
