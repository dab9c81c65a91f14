// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CommonErrorCode, Handler } from 'toolwright';

/** Every error code a tool call of this catalog can carry: its own codes and toolwright's common ones. */
export type ErrorCode =
  | CommonErrorCode
  | "BAD_CREDENTIALS";

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
  "BAD_CREDENTIALS",
] as const satisfies readonly ErrorCode[];

// notebook.note_read
export interface NoteReadParams {
  /** The note's file, relative to the workspace. */
  path: string;
}

export interface NoteReadResult {
  /** Workspace-relative path. */
  path: string;
  text: string;
}

// notebook.note_find
export interface NoteFindParams {
  /** e.g. "**\/*.md". */
  pattern: string;
  /** The folder to search in. */
  folder?: string;
}

export interface NoteFindResult {
  /** Workspace-relative paths, sorted. */
  files: string[];
}

// notebook.note_run
export interface NoteRunParams {
  /** The bash line, e.g. "ls -la". */
  line: string;
}

export interface NoteRunResult {
  exit_code: number;
  /** stdout and stderr together. */
  output: string;
}

// notebook.url_check
export interface UrlCheckParams {
  /** An absolute http:// or https:// URL. */
  url: string;
}

export interface UrlCheckResult {
  status: number;
  content_type: string;
}

// notebook.sign_in
export interface SignInParams {
  user: string;
  password: string;
}

export interface SignInResult {
  user: string;
  signed_in: boolean;
}

// notebook.note_save
export interface NoteSaveParams {
  path: string;
  text: string;
}

export interface NoteSaveResult {
  path: string;
  bytes: number;
}

/** Every operation by tool name: its provider, params and result (types `toolkit.call`). */
export type Operations = {
  note_read: { provider: "notebook"; id: "notebook.note_read"; params: NoteReadParams; result: NoteReadResult };
  note_find: { provider: "notebook"; id: "notebook.note_find"; params: NoteFindParams; result: NoteFindResult };
  note_run: { provider: "notebook"; id: "notebook.note_run"; params: NoteRunParams; result: NoteRunResult };
  url_check: { provider: "notebook"; id: "notebook.url_check"; params: UrlCheckParams; result: UrlCheckResult };
  sign_in: { provider: "notebook"; id: "notebook.sign_in"; params: SignInParams; result: SignInResult };
  note_save: { provider: "notebook"; id: "notebook.note_save"; params: NoteSaveParams; result: NoteSaveResult };
};

export type OperationName = keyof Operations;

export type ProviderName = "notebook";

/** Handler bodies of the notebook provider. */
export interface NotebookHandlers {
  note_read: Handler<NoteReadParams, NoteReadResult>;
  note_find: Handler<NoteFindParams, NoteFindResult>;
  note_run: Handler<NoteRunParams, NoteRunResult>;
  url_check: Handler<UrlCheckParams, UrlCheckResult>;
  sign_in: Handler<SignInParams, SignInResult>;
  note_save: Handler<NoteSaveParams, NoteSaveResult>;
}

/** The complete handler map: the `handlers` export of src/handlers.ts must satisfy it. */
export interface Handlers {
  notebook: NotebookHandlers;
}
