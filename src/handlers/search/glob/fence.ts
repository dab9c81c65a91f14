// The file-system view fast-glob walks through: it cannot read a folder outside the walk's base,
// nor any folder reached through a symlink, and every path it returns is checked against the
// folders the fence let it read. Confinement so rests on what the walker actually touches, not on
// what the pattern string looks like.
import { lstat, readdir, realpath } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import path from 'node:path';
import { isInside } from '../../../runtime/fs/workspace.js';

type Callback<T> = (error: NodeJS.ErrnoException | null, value?: T) => void;

/** Filters the entries of a folder the fence let through (e.g. .gitignore pruning). */
export type EntryFilter = (dirAbs: string, entries: Dirent[]) => Promise<Dirent[]>;

/**
 * Calls back on the next tick, never from inside the call: fast-glob's queue starts its next read
 * from within a read's callback, so answers given at once (a cancelled walk with thousands of
 * folders queued) would nest a stack frame per folder until the stack overflows.
 */
function answer<T>(done: Callback<T>, error: NodeJS.ErrnoException | null, value?: T): void {
  process.nextTick(done, error, value);
}

function refused(syscall: string, target: string): NodeJS.ErrnoException {
  const error = new Error(`${syscall} ${target}: outside the walk`) as NodeJS.ErrnoException;
  error.code = 'ENOENT';
  error.syscall = syscall;
  error.path = target;
  return error;
}

export class WalkFence {
  /** Real folders (no symlink on their chain below the base) the walk may read. */
  private readonly approved = new Set<string>();

  constructor(
    /** Real absolute path the walk is rooted at. */
    readonly base: string,
    private readonly signal: AbortSignal,
    private readonly filter?: EntryFilter,
    /** Told how many entries each folder read returned (set only when someone follows the walk). */
    private readonly onEntries?: (count: number) => void,
  ) {
    this.approved.add(base);
  }

  /** Calls back true when `dirAbs` is a real folder inside the base (cached per folder). */
  private approve(dirAbs: string, done: (ok: boolean) => void): void {
    if (this.approved.has(dirAbs)) return done(true);
    if (!isInside(this.base, dirAbs)) return done(false);
    // The base is a real path, so a symlink anywhere below it makes realpath differ.
    realpath.native(dirAbs, (error, real) => {
      const ok = !error && real === dirAbs;
      if (ok) this.approved.add(dirAbs);
      done(ok);
    });
  }

  /** The `fs` adapter for fast-glob (readdir, lstat, stat and their sync forms). */
  adapter(): Record<string, unknown> {
    const fenceReaddir = (dir: string, options: unknown, callback?: Callback<unknown[]>) => {
      const done = (typeof options === 'function' ? options : callback) as Callback<unknown[]>;
      const opts = (typeof options === 'function' ? undefined : options) as { withFileTypes?: boolean } | undefined;
      const abs = path.resolve(this.base, dir);
      this.approve(abs, (ok) => {
        if (!ok) return answer(done, refused('scandir', abs));
        if (this.signal.aborted) return answer(done, null, []);
        readdir(abs, opts as { withFileTypes: true }, (error, entries) => {
          if (error) return done(error);
          if (this.signal.aborted) return done(null, []);
          this.onEntries?.(entries.length);
          if (opts?.withFileTypes === true) {
            // A real folder's entry typed as a folder (a symlink is typed as a link) is a real folder
            // too: approving it here saves a realpath per folder walked.
            for (const entry of entries) if (entry.isDirectory()) this.approved.add(path.join(abs, entry.name));
          }
          if (!this.filter || opts?.withFileTypes !== true) return done(null, entries);
          this.filter(abs, entries).then(
            (kept) => done(null, kept),
            (failure: NodeJS.ErrnoException) => done(failure),
          );
        });
      });
    };
    // stat is served by lstat: a symlink is never looked through.
    const fenceLstat = (target: string, callback: Callback<Stats>) => {
      const abs = path.resolve(this.base, target);
      if (abs === this.base) return lstat(abs, callback);
      this.approve(path.dirname(abs), (ok) => {
        if (!ok || !isInside(this.base, abs)) return answer(callback, refused('lstat', abs));
        lstat(abs, callback);
      });
    };
    const noSync = (name: string) => () => {
      throw new Error(`${name} is not available in the glob walk`);
    };
    return {
      readdir: fenceReaddir,
      lstat: fenceLstat,
      stat: fenceLstat,
      readdirSync: noSync('readdirSync'),
      lstatSync: noSync('lstatSync'),
      statSync: noSync('statSync'),
    };
  }

  /**
   * The workspace-relative form of a path fast-glob returned (relative to the base), or undefined
   * when it is not a plain path below a folder the fence let the walk read.
   */
  check(entry: string, baseRel: string): string | undefined {
    if (entry === '' || entry.startsWith('/') || path.isAbsolute(entry)) return undefined;
    const parts = entry.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..')) return undefined;
    const parent = parts.length === 1 ? this.base : path.join(this.base, ...parts.slice(0, -1));
    if (!this.approved.has(parent)) return undefined;
    return baseRel ? `${baseRel}/${entry}` : entry;
  }
}
