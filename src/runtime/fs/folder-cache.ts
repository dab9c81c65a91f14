// Folders recently proven to be real folders inside a workspace, held open so that a file in one
// of them can be opened through the folder's descriptor (`/proc/self/fd/N/name` with O_NOFOLLOW):
// the kernel then looks up that one name in that very folder and follows no link, so the open can
// reach nothing the folder does not hold, and no path has to be resolved first (a thread-pool
// round trip fewer on every read). A folder renamed or removed since it was proven is noticed by
// the caller: the opened file's own path (read back from /proc/self/fd) is then not the path asked
// for, and the caller resolves the path the usual way. Linux only (HAS_PROC_FD). A folder on a
// local file system (./local-fs.ts) also says so, with its device: files in it are then opened
// at once rather than through the thread pool.
import { constants, readlinkSync } from 'node:fs';
import { DescriptorFile } from './descriptor-file.js';
import { isOnLocalFileSystem } from './local-fs.js';
import { HAS_PROC_FD, descriptorPath } from './verified-fs.js';

/** Folders held open at most (the least recently used is closed to make room). */
const MAX_FOLDERS = 32;
/** A folder not used for this long is closed. */
const IDLE_MS = 5_000;

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** An open folder; a lease keeps its descriptor from being closed (and its number reused) under an open. */
export class Folder {
  #users = 0;
  #dropped = false;
  usedAt = Date.now();
  /** The folder's device once it is known to be on a local file system (undefined until then, and on any other). */
  localDevice: bigint | undefined = undefined;

  constructor(
    readonly path: string,
    readonly handle: DescriptorFile,
  ) {}

  /** A path that reaches `name` in this folder, whatever its path leads to now. */
  entry(name: string): string {
    return descriptorPath(this.handle, name);
  }

  lease(): this {
    this.#users++;
    this.usedAt = Date.now();
    return this;
  }

  release(): void {
    if (--this.#users === 0 && this.#dropped) this.#close();
  }

  /** Out of the cache: closed once no lease holds it. */
  drop(): void {
    if (folders.get(this.path) === this) folders.delete(this.path);
    this.#dropped = true;
    if (this.#users === 0) this.#close();
  }

  #close(): void {
    this.handle.close().catch(() => {});
  }
}

const folders = new Map<string, Folder>();
const opening = new Set<string>();
let sweeper: NodeJS.Timeout | undefined;

/** The open folder at `path` (an absolute, normalized path), leased; undefined when none is held. */
export function leaseFolder(path: string): Folder | undefined {
  return folders.get(path)?.lease();
}

/**
 * Opens and holds the folder at `path`, a path the caller just resolved (no link on it): it is kept
 * only if its descriptor's real path is that path. Never rejects; failing to hold one only costs speed.
 */
export function rememberFolder(path: string): void {
  if (!HAS_PROC_FD || folders.has(path) || opening.has(path)) return;
  opening.add(path);
  DescriptorFile.open(path, FOLDER_FLAGS).then(
    (handle) => {
      opening.delete(path);
      let real: string | undefined;
      try {
        real = readlinkSync(descriptorPath(handle));
      } catch {
        /* closed below */
      }
      if (real !== path || folders.has(path)) {
        handle.close().catch(() => {});
        return;
      }
      if (folders.size >= MAX_FOLDERS) leastRecentlyUsed()!.drop();
      const folder = new Folder(path, handle);
      folders.set(path, folder);
      sweeper ??= setInterval(sweep, IDLE_MS).unref();
      void learnLocality(folder.lease());
    },
    () => {
      opening.delete(path);
    },
  );
}

/** Notes the folder's device when it is on a local file system; leased meanwhile, so its descriptor stays its own. */
async function learnLocality(folder: Folder): Promise<void> {
  try {
    const [local, stats] = await Promise.all([
      isOnLocalFileSystem(descriptorPath(folder.handle)),
      folder.handle.stat(),
    ]);
    if (local) folder.localDevice = stats.dev;
  } catch {
    /* not known: treated as remote */
  } finally {
    folder.release();
  }
}

function leastRecentlyUsed(): Folder | undefined {
  let oldest: Folder | undefined;
  for (const folder of folders.values()) if (!oldest || folder.usedAt < oldest.usedAt) oldest = folder;
  return oldest;
}

function sweep(): void {
  const now = Date.now();
  for (const folder of [...folders.values()]) if (now - folder.usedAt >= IDLE_MS) folder.drop();
  if (folders.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** Closes every folder held (tests, and hosts that unmount what a workspace was on). */
export function forgetFolders(): void {
  for (const folder of [...folders.values()]) folder.drop();
}
