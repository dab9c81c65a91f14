// A `path` argument as the runtime hands it to a handler (ctx.paths) for operations that may get
// their file opened in advance: the resolved path, and on the fast path (./folder-cache.ts) the
// descriptor the runtime opened while confining it. A handler that opens the path with
// `workspace.openVerified(ctx.paths.x, flags)` gets that descriptor instead of opening it again.
// The runtime learns per operation which flags its handler opens a path with, and opens in
// advance only with those and only to read: an operation whose handler does not open its path (a
// search under a folder, a listing) is never opened for.
import { constants } from 'node:fs';
import type { DescriptorFile } from './descriptor-file.js';

/** A path that has been proven to stay inside the workspace. */
export interface ResolvedPath {
  /** Absolute path with every symlink resolved (for a missing file: its real parent + the rest). */
  readonly absolute: string;
  /** Workspace-relative path with `/` separators ('.' for the root itself). */
  readonly relative: string;
  /** Whether something exists at the path (a dangling symlink inside the workspace counts as missing). */
  readonly exists: boolean;
  /** The path was written as a folder (ends in `/`, `/.` or `/..`): it must not name a file. */
  readonly directory?: boolean;
}

/** Flags that make an open more than a read: never opened in advance. */
const WRITING =
  constants.O_WRONLY | constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND | constants.O_EXCL;

/** What the runtime learned about one path param of one operation: the flags its handler opens it with. */
export class OpenLearning {
  /** Unknown until the handler opened the param (and again after a call whose handler did not). */
  flags: number | undefined = undefined;

  /** The flags to open the param with in advance, if any (read-only opens only, never through a final link). */
  get openAhead(): number | undefined {
    const flags = this.flags;
    return flags !== undefined && (flags & WRITING) === 0 ? flags | constants.O_NOFOLLOW : undefined;
  }
}

/** A resolved `path` argument (see the module comment); enumerable fields are those of ResolvedPath alone. */
export class ConfinedPath implements ResolvedPath {
  readonly absolute: string;
  readonly relative: string;
  readonly exists: boolean;
  declare readonly directory?: boolean;
  readonly #learning: OpenLearning;
  #handle: DescriptorFile | undefined;
  readonly #flags: number;
  #asked = false;

  constructor(resolved: ResolvedPath, learning: OpenLearning, opened?: { handle: DescriptorFile; flags: number }) {
    this.absolute = resolved.absolute;
    this.relative = resolved.relative;
    this.exists = resolved.exists;
    if (resolved.directory) this.directory = true;
    this.#learning = learning;
    this.#handle = opened?.handle;
    this.#flags = opened?.flags ?? 0;
  }

  /**
   * The handler opens this path with `flags`: the descriptor opened in advance when it was opened
   * with the same flags (once: a second open gets its own). Either way the flags are learned.
   */
  take(flags: number): DescriptorFile | undefined {
    this.#learning.flags = flags;
    this.#asked = true;
    const handle = this.#handle;
    if (handle === undefined || (flags | constants.O_NOFOLLOW) !== this.#flags) return undefined;
    this.#handle = undefined;
    return handle;
  }

  /**
   * The call is over: a descriptor the handler did not take is closed, and when the handler did
   * not open the path at all the operation stops getting one.
   */
  release(): void {
    const handle = this.#handle;
    if (handle === undefined) return;
    this.#handle = undefined;
    if (!this.#asked) this.#learning.flags = undefined;
    handle.close().catch(() => {});
  }
}
