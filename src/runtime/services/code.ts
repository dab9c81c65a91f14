// Code intelligence as a toolkit service: language servers over the workspace, what the `code`
// provider's operations ask and what edits report. The runtime knows only this contract; the
// implementation is handed to it (the package's createToolkit gives toolwright's own), like a kernel
// or a search backend.
import type { ResolvedPath } from '../fs/workspace.js';

/** A language server the toolkit may start, besides the TypeScript and Python ones it finds itself. */
export interface LanguageServerConfig {
  /** The program and its arguments (`['gopls']`, `['rust-analyzer']`); found on PATH unless absolute. */
  command: string | readonly string[];
  /** LSP language ids it serves (`go`, `rust`): a file is opened as the one its extension names, else the first. */
  languages: readonly string[];
  /** Globs of the files it serves, relative to the workspace (`**\/*.go`). */
  filePatterns: readonly string[];
  /** `initializationOptions` sent with `initialize`. */
  initializationOptions?: unknown;
  /** Answers to the server's `workspace/configuration` requests, by section (`{ gopls: {…} }`). */
  settings?: Readonly<Record<string, unknown>>;
}

export interface CodeOptions {
  /** Further servers, tried before the built-in ones for the files they cover. */
  servers?: readonly LanguageServerConfig[];
  /** Look for typescript-language-server and pyright (project, toolwright's install, PATH). Default true. */
  builtinServers?: boolean;
  /** Edits report the errors they introduced (`diagnostics` in their result). Default true. */
  editDiagnostics?: boolean;
  /** How long an edit waits for those diagnostics, in ms. Default 3000. */
  editDiagnosticsMs?: number;
  /** A server unused this long is stopped (the next call starts it again), in ms. Default 300000. */
  idleMs?: number;
}

/** One diagnostic, positions 1-based (columns in characters as read_file shows the line). */
export interface CodeDiagnostic {
  path: string;
  line: number;
  column: number;
  end_line?: number;
  end_column?: number;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  code?: string;
  source?: string;
}

/** What an edit reports: the errors it introduced in the file and the files that depend on it. */
export interface EditDiagnostics {
  introduced: CodeDiagnostic[];
  /** False when the time budget ran out before every file was compared. */
  complete: boolean;
  files_checked: number;
  /** Introduced errors beyond those listed. */
  omitted?: number;
  note?: string;
}

/** A change about to be made: `finish` compares the files after it with what they were before. */
export interface EditCheck {
  finish(signal: AbortSignal): Promise<EditDiagnostics | undefined>;
}

/** The code-intelligence service of one toolkit. */
export interface CodeService {
  /** Why no language server can serve this workspace (the operations are then not listed); undefined when one can. */
  unavailable(): string | undefined;
  /**
   * Called before a change to these files (read their current text); undefined when no server
   * covers them or edit diagnostics are off. Never throws.
   */
  beginEdit(files: readonly ResolvedPath[]): Promise<EditCheck | undefined>;
  /**
   * The workspace's source files a language server covers (what a server reads as it loads its
   * projects), workspace-relative, from a bounded walk kept a few seconds.
   */
  coveredSources(signal?: AbortSignal): Promise<string[]>;
  /** Releases what this toolkit holds (its servers stop when no other toolkit uses them). */
  close(): Promise<void>;
}

/** What attaches a toolkit to code intelligence. */
export interface CodeIntelligence {
  attach(binding: CodeBinding): CodeService;
}

export interface CodeBinding {
  /** The workspace root (real path). */
  workspace: string;
  options: Readonly<CodeOptions>;
  /** The bwrap binary the sandbox uses (`exec.bwrapPath`). */
  bwrapPath?: string;
}
