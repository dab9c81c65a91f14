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

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type NoteReadInput = NoteReadParams;

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
  folder: string;
}

export interface NoteFindInput {
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

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type NoteRunInput = NoteRunParams;

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

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type UrlCheckInput = UrlCheckParams;

export interface UrlCheckResult {
  status: number;
  content_type: string;
}

// notebook.sign_in
export interface SignInParams {
  user: string;
  password: string;
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type SignInInput = SignInParams;

export interface SignInResult {
  user: string;
  signed_in: boolean;
}

// notebook.note_save
export interface NoteSaveParams {
  path: string;
  text: string;
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type NoteSaveInput = NoteSaveParams;

export interface NoteSaveResult {
  path: string;
  bytes: number;
}

/** Every operation by tool name: its provider, the caller's input (types `toolkit.call`), the handler's params and the result. */
export type Operations = {
  note_read: { provider: "notebook"; id: "notebook.note_read"; input: NoteReadInput; params: NoteReadParams; result: NoteReadResult };
  note_find: { provider: "notebook"; id: "notebook.note_find"; input: NoteFindInput; params: NoteFindParams; result: NoteFindResult };
  note_run: { provider: "notebook"; id: "notebook.note_run"; input: NoteRunInput; params: NoteRunParams; result: NoteRunResult };
  url_check: { provider: "notebook"; id: "notebook.url_check"; input: UrlCheckInput; params: UrlCheckParams; result: UrlCheckResult };
  sign_in: { provider: "notebook"; id: "notebook.sign_in"; input: SignInInput; params: SignInParams; result: SignInResult };
  note_save: { provider: "notebook"; id: "notebook.note_save"; input: NoteSaveInput; params: NoteSaveParams; result: NoteSaveResult };
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
