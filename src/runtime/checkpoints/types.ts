// What a checkpoint records: for one call that changed files (or one bash command, bracketed by
// snapshots), each file's state before and after, by content id. Kept per session and principal.

/** `checkpoints` of createToolkit: `false` turns recording off. */
export interface CheckpointOptions {
  /**
   * Bracket every bash call with snapshots of the workspace (a shadow git repository in the
   * checkpoints folder; files .gitignore ignores are left out). Default false.
   */
  bash?: boolean;
  /** Most checkpoints kept per session and principal; past it the oldest are dropped (default 100). */
  maxCount?: number;
  /** Most bytes of file contents kept per session and principal; past it the oldest are dropped (default 256 MiB). */
  maxBytes?: number;
  /** The folder to keep them in (default: the workspace's state folder); must lie outside the workspace. */
  dir?: string;
}

export type CheckpointsOption = false | CheckpointOptions;

export const DEFAULT_MAX_CHECKPOINTS = 100;
export const DEFAULT_MAX_CHECKPOINT_BYTES = 256 * 1024 * 1024;

/**
 * A file's state: absent, or its content (a git blob id, so bash snapshots and file operations
 * name contents alike) and mode. `kept` says whether the content can be brought back (false: it
 * was larger than the byte bound, or could not be read). `mode` holds the permission bits; a
 * snapshot's (`store: 'git'`) holds git's whole mode (0o100644, 0o100755, 0o120000 for a link).
 */
export type FileState =
  { exists: false } | { exists: true; oid: string; mode: number; size: number; kept: boolean; store: 'blob' | 'git' };

export interface FileChange {
  /** Workspace-relative, `/` separators. */
  path: string;
  before: FileState;
  /** Undefined while the call has not finished writing (or never did). */
  after?: FileState;
}

export interface CheckpointRecord {
  /** `cp-1`, `cp-2`, … in the order the calls began, per session and principal. */
  id: string;
  seq: number;
  /** The operation that made it (`filesystem.edit_file`, `exec.bash`). */
  operation: string;
  kind: 'files' | 'command';
  /** The shell line, for a command checkpoint. */
  command?: string;
  created_at: string;
  files: FileChange[];
  /** Bytes of content it holds (kept before-contents). */
  bytes: number;
  /** The call finished writing: its after-states are known. */
  complete: boolean;
}

/** What the limits dropped so far in one session's log. */
export interface DropSummary {
  count: number;
  /** The newest checkpoint dropped. */
  last?: string;
  reason?: 'count' | 'bytes';
}
