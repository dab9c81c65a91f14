// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CommonErrorCode, Handler } from 'toolwright';

/** Every error code a tool call of this catalog can carry: its own codes and toolwright's common ones. */
export type ErrorCode =
  | CommonErrorCode
  | "NOT_A_REPOSITORY"
  | "NOTHING_TO_COMMIT"
  | "NO_IDENTITY"
  | "GIT_FAILED";

export const ERROR_CODES = [
  "INVALID_INPUT",
  "UNKNOWN_OPERATION",
  "DENIED_BY_POLICY",
  "CANCELLED",
  "INTERNAL",
  "TIMEOUT",
  "UNAVAILABLE",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "PERMISSION_DENIED",
  "OUTSIDE_WORKSPACE",
  "INVALID_PATTERN",
  "BLOCKED_URL",
  "NETWORK_ERROR",
  "NOT_A_REPOSITORY",
  "NOTHING_TO_COMMIT",
  "NO_IDENTITY",
  "GIT_FAILED",
] as const satisfies readonly ErrorCode[];

// git.git_status
export interface GitStatusParams {
  /** A folder inside the repository, relative to the workspace. */
  path: string;
}

export interface GitStatusInput {
  /** A folder inside the repository, relative to the workspace. */
  path?: string;
}

export interface GitStatusResult {
  /** The checked-out branch, or null on a detached HEAD. */
  branch: string | null;
  /** True when nothing is changed, staged or untracked. */
  clean: boolean;
  entries: {
    /** Path relative to the workspace, with / separators. */
    path: string;
    status: "modified" | "added" | "deleted" | "renamed" | "untracked" | "conflicted";
    /** True when the change is in the index. */
    staged: boolean;
  }[];
}

// git.git_log
export interface GitLogParams {
  /** A folder inside the repository, relative to the workspace. */
  path: string;
  /** How many commits to list. */
  limit: number;
}

export interface GitLogInput {
  /** A folder inside the repository, relative to the workspace. */
  path?: string;
  /** How many commits to list. */
  limit?: number;
}

export interface GitLogResult {
  commits: {
    hash: string;
    author: string;
    email: string;
    date: string;
    subject: string;
  }[];
}

// git.git_commit
export interface GitCommitParams {
  /** The commit message. */
  message: string;
  /** A folder inside the repository, relative to the workspace. */
  path: string;
  /** Stage every change first, untracked files included (git add -A). */
  all: boolean;
  author?: {
    name: string;
    email: string;
  };
}

export interface GitCommitInput {
  /** The commit message. */
  message: string;
  /** A folder inside the repository, relative to the workspace. */
  path?: string;
  /** Stage every change first, untracked files included (git add -A). */
  all?: boolean;
  author?: {
    name: string;
    email: string;
  };
}

export interface GitCommitResult {
  hash: string;
  branch: string | null;
  files_changed: number;
}

/** Every operation by tool name: its provider, the caller's input (types `toolkit.call`), the handler's params and the result. */
export type Operations = {
  git_status: { provider: "git"; id: "git.git_status"; input: GitStatusInput; params: GitStatusParams; result: GitStatusResult };
  git_log: { provider: "git"; id: "git.git_log"; input: GitLogInput; params: GitLogParams; result: GitLogResult };
  git_commit: { provider: "git"; id: "git.git_commit"; input: GitCommitInput; params: GitCommitParams; result: GitCommitResult };
};

export type OperationName = keyof Operations;

export type ProviderName = "git";

/** Handler bodies of the git provider. */
export interface GitHandlers {
  git_status: Handler<GitStatusParams, GitStatusResult>;
  git_log: Handler<GitLogParams, GitLogResult>;
  git_commit: Handler<GitCommitParams, GitCommitResult>;
}

/** The complete handler map: the `handlers` export of src/handlers.ts must satisfy it. */
export interface Handlers {
  git: GitHandlers;
}
