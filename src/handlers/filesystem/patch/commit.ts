// Several files changed as one: all of them or none. The single-file write transaction's steps
// (./../write-transaction.ts) for every file at once: the in-process mutexes and lock files of all
// of them, taken in path order (two such calls never wait on each other in a cycle); each file
// opened through its verified folder without following links and read; the plan computed on what
// was read; what the files were recorded for undo; then each file replaced atomically or removed,
// each checked against what was read right before (compare-and-swap). A step that fails puts back
// the files already changed, from the bytes read, and removes the folders made for new files.
import type { BigIntStats } from 'node:fs';
import { lstat, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { atomicReplace, markSwept, siblingNameFor, sweepLeftovers } from '../../../runtime/atomic-write.js';
import { ToolError } from '../../../runtime/errors.js';
import { acquireFileLock, fileMutex } from '../../../runtime/locks.js';
import { stampOf } from '../../../runtime/session.js';
import type { SeenSegment } from '../../../runtime/seen-lines.js';
import type { HandlerContext } from '../../../runtime/types.js';
import type { VerifiedDir } from '../../../runtime/verified-fs.js';
import type { ResolvedPath } from '../../../runtime/workspace.js';
import { rethrowFs } from '../fs-errors.js';
import {
  ChangedMeanwhile,
  isAccessError,
  isStale,
  MAX_ATTEMPTS,
  openCurrent,
  openParent,
  replace,
  sameFile,
  type OpenedFile,
} from '../write-transaction.js';

/** A file as the plan sees it: absent, or its stats and bytes. */
export interface OpenedTarget {
  resolved: ResolvedPath;
  current?: { stats: BigIntStats; bytes: Buffer; changedSinceRead: boolean };
}

/** What to do with one file: write these bytes (with this mode, else the file's own), or remove it. */
export type FileOutcome = { kind: 'write'; data: Uint8Array; mode?: number; seen?: SeenSegment } | { kind: 'delete' };

export interface CommitPlan<T> {
  /** By absolute path; files not named are left as they are. */
  outcomes: ReadonlyMap<string, FileOutcome>;
  result: T;
}

export interface CommitOptions {
  dryRun: boolean;
  /** Files larger than this are refused (TOO_LARGE). */
  readLimit: number;
}

interface Slot {
  resolved: ResolvedPath;
  name: string;
  dir?: VerifiedDir;
  release?: () => Promise<void>;
  current?: OpenedFile;
}

/** Whether `resolved` can name a file at all (not a folder, not the workspace root). */
async function assertFilePath(resolved: ResolvedPath): Promise<void> {
  if (resolved.relative === '.')
    throw new ToolError('IS_DIRECTORY', 'the workspace root is a directory; give a file path');
  if (resolved.directory) {
    const stats = resolved.exists ? await lstat(resolved.absolute).catch(() => undefined) : undefined;
    throw new ToolError(
      stats?.isDirectory() ? 'IS_DIRECTORY' : 'INVALID_INPUT',
      `the path ${resolved.relative}/ ends with "/" (or "/." or "/.."): it names a folder; give a file path`,
    );
  }
}

/**
 * Opens every target, lets `plan` decide each file's outcome from what it holds, and applies them
 * all or none; with `dryRun` nothing is locked or written. Returns the plan's result.
 */
export async function commitFiles<T>(
  ctx: HandlerContext,
  targets: readonly ResolvedPath[],
  options: CommitOptions,
  plan: (opened: ReadonlyMap<string, OpenedTarget>) => Promise<CommitPlan<T>> | CommitPlan<T>,
): Promise<T> {
  const unique = new Map<string, ResolvedPath>();
  for (const target of targets) if (!unique.has(target.absolute)) unique.set(target.absolute, target);
  const sorted = [...unique.values()].sort((a, b) => (a.absolute < b.absolute ? -1 : a.absolute > b.absolute ? 1 : 0));
  for (const target of sorted) await assertFilePath(target);
  const locked = (i: number): Promise<T> =>
    i < sorted.length
      ? fileMutex.run(sorted[i]!.absolute, () => locked(i + 1))
      : transaction(ctx, sorted, options, plan);
  return locked(0);
}

async function transaction<T>(
  ctx: HandlerContext,
  targets: readonly ResolvedPath[],
  options: CommitOptions,
  plan: (opened: ReadonlyMap<string, OpenedTarget>) => Promise<CommitPlan<T>> | CommitPlan<T>,
): Promise<T> {
  for (let round = 1; ; round++) {
    const slots: Slot[] = [];
    try {
      // Each slot is listed before it is opened, so one that fails half-way is still closed below.
      for (const resolved of targets) await openSlot(ctx, resolved, options, slots);
      const opened = new Map<string, OpenedTarget>();
      for (const slot of slots) {
        const { current } = slot;
        opened.set(slot.resolved.absolute, {
          resolved: slot.resolved,
          ...(current
            ? {
                current: {
                  stats: current.stats,
                  bytes: current.bytes!,
                  changedSinceRead: isStale(ctx, slot.resolved, current.stats),
                },
              }
            : {}),
        });
      }
      const { outcomes, result } = await plan(opened);
      if (!options.dryRun) await apply(ctx, slots, outcomes);
      return result;
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
      if (round >= MAX_ATTEMPTS) {
        throw new ToolError(
          'STALE_FILE',
          'files of this change kept changing on disk while the call ran (another program is writing them); read them again and retry',
        );
      }
    } finally {
      for (const slot of slots.reverse()) await closeSlot(slot);
    }
  }
}

async function openSlot(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  options: CommitOptions,
  slots: Slot[],
): Promise<void> {
  const slot: Slot = { resolved, name: path.basename(resolved.absolute) };
  slots.push(slot);
  try {
    slot.dir = await openParent(ctx, resolved, false);
  } catch (error) {
    // A missing folder: the file is absent, and the folder is made when the file is written.
    if (error instanceof ToolError && error.code === 'NOT_FOUND') return;
    throw error;
  }
  if (!options.dryRun) {
    await sweepLeftovers(slot.dir, slot.dir.absolute);
    slot.release = await acquireFileLock(slot.dir, siblingNameFor(slot.name, '.tw-lock'), {
      signal: ctx.signal,
      display: resolved.relative,
    }).catch((error: unknown) => {
      if (isAccessError(error)) return undefined;
      throw error;
    });
  }
  slot.current = await openCurrent(slot.dir, slot.name, resolved, {
    createParents: false,
    readLimit: options.readLimit,
    dryRun: options.dryRun,
  });
}

async function closeSlot(slot: Slot): Promise<void> {
  await slot.current?.handle?.close().catch(() => {});
  if (slot.release && slot.dir) {
    await slot.release();
    await markSwept(slot.dir, slot.dir.absolute);
  }
  await slot.dir?.close().catch(() => {});
}

/** What was changed, to put back if a later step fails. */
interface Done {
  slot: Slot;
  /** The file before (undefined: it did not exist). */
  before?: OpenedFile;
}

async function apply(
  ctx: HandlerContext,
  slots: readonly Slot[],
  outcomes: ReadonlyMap<string, FileOutcome>,
): Promise<void> {
  const changing = slots.filter((slot) => outcomes.has(slot.resolved.absolute));
  if (changing.length === 0) return;
  const recorder = ctx.checkpoint;
  await recorder?.before(
    changing.map((slot) => ({
      resolved: slot.resolved,
      ...(slot.current
        ? { bytes: slot.current.bytes!, mode: Number(slot.current.stats.mode & 0o7777n) }
        : { absent: true }),
    })),
  );
  const done: Done[] = [];
  const madeFolders: string[] = [];
  const written = new Map<string, Uint8Array | undefined>();
  try {
    for (const slot of changing) {
      const outcome = outcomes.get(slot.resolved.absolute)!;
      const { resolved, name, current } = slot;
      if (outcome.kind === 'delete') {
        if (!current || !slot.dir) continue;
        const now = await lstat(slot.dir.entry(name), { bigint: true }).catch(() => undefined);
        if (!now || !sameFile(current.stats, now)) throw new ChangedMeanwhile();
        await unlink(slot.dir.entry(name)).catch((e: unknown) => rethrowFs(e, resolved.relative));
        done.push({ slot, before: current });
        written.set(resolved.absolute, undefined);
        ctx.session.forget(resolved.absolute);
        continue;
      }
      if (!slot.dir) {
        madeFolders.push(...(await missingFolders(path.dirname(resolved.absolute))));
        slot.dir = await openParent(ctx, resolved, true);
      }
      const stats = await replace(slot.dir, name, outcome.data, current, resolved, outcome.mode);
      done.push({ slot, ...(current ? { before: current } : {}) });
      written.set(resolved.absolute, outcome.data);
      if (ctx.session.lastSeen(resolved.absolute))
        ctx.session.recordRead(resolved.absolute, stampOf(stats), outcome.seen);
    }
  } catch (error) {
    await recorder?.abandon();
    await rollBack(done, madeFolders, error);
    throw error;
  }
  await recorder?.after(
    changing.map((slot) => {
      const data = written.get(slot.resolved.absolute);
      const outcome = outcomes.get(slot.resolved.absolute)!;
      return {
        resolved: slot.resolved,
        ...(data !== undefined
          ? { bytes: data, mode: outcome.kind === 'write' && outcome.mode !== undefined ? outcome.mode : modeOf(slot) }
          : {}),
      };
    }),
  );
}

function modeOf(slot: Slot): number {
  return slot.current ? Number(slot.current.stats.mode & 0o7777n) : 0o666 & ~process.umask();
}

/** The folders above `folder` (itself included) that do not exist yet, deepest first. */
async function missingFolders(folder: string): Promise<string[]> {
  const missing: string[] = [];
  for (let at = folder; ; at = path.dirname(at)) {
    const exists = await lstat(at).then(
      () => true,
      () => false,
    );
    if (exists || path.dirname(at) === at) return missing;
    missing.push(at);
  }
}

/** Puts every changed file back as it was read, and removes the folders made; never throws less than `cause`. */
async function rollBack(done: readonly Done[], madeFolders: readonly string[], cause: unknown): Promise<void> {
  const failed: string[] = [];
  for (const { slot, before } of [...done].reverse()) {
    const dir = slot.dir!;
    try {
      if (before) {
        const { stats } = before;
        await atomicReplace(dir, slot.name, before.bytes!, {
          mode: Number(stats.mode & 0o7777n),
          uid: Number(stats.uid),
          gid: Number(stats.gid),
        });
      } else {
        await unlink(dir.entry(slot.name));
      }
    } catch {
      failed.push(slot.resolved.relative);
    }
  }
  for (const folder of madeFolders) await rmdir(folder).catch(() => {});
  if (failed.length > 0) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new ToolError(
      'INTERNAL',
      `the change failed (${why}) and ${failed.join(', ')} could not be put back as ${failed.length === 1 ? 'it was' : 'they were'}; check ${failed.length === 1 ? 'it' : 'them'} (checkpoint_list shows what was recorded)`,
      { not_restored: failed },
    );
  }
}
