// Helpers shared by the filesystem operations: error mapping, the stale-file guard, atomic writes.
import type { BigIntStats } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { atomicWriteFile } from '../../runtime/atomic-write.js';
import { fsErrorToToolError, ToolError } from '../../runtime/errors.js';
import { sameStamp, stampOf } from '../../runtime/session.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ResolvedPath } from '../../runtime/workspace.js';
import { similarNames } from './similar.js';

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Rethrows a system error as the ToolError a model can act on. */
export function rethrowFs(error: unknown, displayPath: string): never {
  throw fsErrorToToolError(error, displayPath) ?? error;
}

export async function notFound(resolved: ResolvedPath): Promise<ToolError> {
  const similar = await similarNames(resolved.absolute);
  const hint = similar.length > 0 ? `; did you mean ${similar.map((n) => JSON.stringify(path.posix.join(path.posix.dirname(resolved.relative), n).replace(/^\.\//, ''))).join(', ')}?` : '';
  return new ToolError('NOT_FOUND', `${resolved.relative} does not exist${hint}`, similar.length ? { similar } : undefined);
}

/** The stale-file guard: refuse when this session read the file and it changed on disk since. */
export function assertNotStale(ctx: HandlerContext, resolved: ResolvedPath, current: BigIntStats | undefined): void {
  const seen = ctx.session.lastSeen(resolved.absolute);
  if (!seen || !current) return;
  if (!sameStamp(seen, stampOf(current))) {
    throw new ToolError(
      'STALE_FILE',
      `${resolved.relative} changed on disk since this session last read it; read it again (read_file) and retry the change`,
    );
  }
}

export async function statIfExists(absolute: string, display: string): Promise<BigIntStats | undefined> {
  try {
    return await stat(absolute, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    rethrowFs(error, display);
  }
}

export async function ensureParent(resolved: ResolvedPath): Promise<void> {
  try {
    await mkdir(path.dirname(resolved.absolute), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new ToolError('NOT_DIRECTORY', `a parent of ${resolved.relative} is a file, not a folder`);
    }
    rethrowFs(error, resolved.relative);
  }
}

/** Writes atomically and records the new version as seen by this session. */
export async function writeAndRecord(ctx: HandlerContext, resolved: ResolvedPath, data: string | Buffer, previous: BigIntStats | undefined): Promise<void> {
  try {
    await atomicWriteFile(resolved.absolute, data, previous
      ? { mode: Number(previous.mode & 0o7777n), uid: Number(previous.uid), gid: Number(previous.gid) }
      : {});
  } catch (error) {
    rethrowFs(error, resolved.relative);
  }
  ctx.session.recordRead(resolved.absolute, stampOf(await stat(resolved.absolute, { bigint: true })));
}
