// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CommonErrorCode, Handler } from 'toolwright';

/** Every error code a tool call of this catalog can carry: its own codes and toolwright's common ones. */
export type ErrorCode =
  | CommonErrorCode
  | "IS_DIRECTORY"
  | "NOT_DIRECTORY"
  | "BINARY_FILE"
  | "TOO_LARGE"
  | "NO_MATCH"
  | "AMBIGUOUS_MATCH"
  | "STALE_FILE"
  | "HTTP_ERROR"
  | "UNSUPPORTED_CONTENT"
  | "LIMIT_REACHED"
  | "INPUT_CLOSED";

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
  "IS_DIRECTORY",
  "NOT_DIRECTORY",
  "BINARY_FILE",
  "TOO_LARGE",
  "NO_MATCH",
  "AMBIGUOUS_MATCH",
  "STALE_FILE",
  "HTTP_ERROR",
  "UNSUPPORTED_CONTENT",
  "LIMIT_REACHED",
  "INPUT_CLOSED",
] as const satisfies readonly ErrorCode[];

// filesystem.read_file
export interface ReadFileParams {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** Line to start from, 1-based; negative counts from the end (-50 starts 50 lines before the end, -1 is the last line). For a notebook, the first cell to show. 0 is invalid. */
  offset: number;
  /** Maximum number of lines (notebook cells) to return. */
  limit: number;
  /** Prefix each line with its line number and a tab. */
  line_numbers: boolean;
  /** Count all lines of a large file so total_lines is exact (reads the whole file once; later reads of the same file version reuse the count). */
  count_lines: boolean;
  /** PDF only, the pages to extract, e.g. "3" or "1-5" (default "1-20"; at most 20 pages per call). */
  pages?: string;
}

export interface ReadFileInput {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** Line to start from, 1-based; negative counts from the end (-50 starts 50 lines before the end, -1 is the last line). For a notebook, the first cell to show. 0 is invalid. */
  offset?: number;
  /** Maximum number of lines (notebook cells) to return. */
  limit?: number;
  /** Prefix each line with its line number and a tab. */
  line_numbers?: boolean;
  /** Count all lines of a large file so total_lines is exact (reads the whole file once; later reads of the same file version reuse the count). */
  count_lines?: boolean;
  /** PDF only, the pages to extract, e.g. "3" or "1-5" (default "1-20"; at most 20 pages per call). */
  pages?: string;
}

export type ReadFileResult = {
  /** What the file is; the fields below marked with a type are set for that type only. */
  type: "text";
  /** Workspace-relative path with / separators. */
  path: string;
  /** text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description. */
  content: string;
  /** True when more follows (lines, pages or cells) or something was cut. */
  truncated: boolean;
  /** text: line number of the first line shown; negative when counted from the end (-1 = last line) because the total is not known. */
  start_line: number;
  /** text: line number of the last line shown (start_line - 1 when the window is empty). */
  end_line: number;
  /** text: number of lines in the file, when known (exact whenever present). */
  total_lines?: number;
  /** text: false when the file is too large to count without reading it all; pass count_lines: true to count it. */
  total_lines_known: boolean;
  /** text: how the file was decoded: utf-8, utf-8-bom, utf-16le, utf-16be, or a legacy encoding such as windows-1252, iso-8859-2, shift_jis, gbk, big5, euc-kr. Edits and writes keep it. */
  encoding: string;
  /** text, legacy encodings: the detector's confidence 0-1 (0: no confident guess, decoded as a single-byte fallback). */
  encoding_confidence?: number;
  /** text, notebook: the offset to pass to continue reading, when more follows. */
  next_offset?: number;
  /** The exact arguments of the read_file call that continues where this one stopped (the same arguments with offset, or pages, moved on); absent when nothing more follows. */
  next?: {
    path: string;
    offset?: number;
    limit?: number;
    line_numbers?: boolean;
    count_lines?: boolean;
    pages?: string;
  };
} | {
  /** What the file is; the fields below marked with a type are set for that type only. */
  type: "image";
  /** Workspace-relative path with / separators. */
  path: string;
  /** text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description. */
  content: string;
  /** True when more follows (lines, pages or cells) or something was cut. */
  truncated: boolean;
  /** image: the type of data. */
  mime_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  /** image: the image, base64-encoded (scaled down when larger than the limits). */
  data: string;
  /** image: width of data in pixels. */
  width: number;
  /** image: height of data in pixels. */
  height: number;
  /** image: width of the file's image. */
  original_width: number;
  /** image: height of the file's image. */
  original_height: number;
} | {
  /** What the file is; the fields below marked with a type are set for that type only. */
  type: "pdf";
  /** Workspace-relative path with / separators. */
  path: string;
  /** text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description. */
  content: string;
  /** True when more follows (lines, pages or cells) or something was cut. */
  truncated: boolean;
  /** pdf: number of pages in the document. */
  page_count: number;
  /** pdf: the pages shown, e.g. 1-5. */
  pages: string;
  /** pdf: the pages to ask for next, when more follow. */
  next_pages?: string;
  /** The exact arguments of the read_file call that continues where this one stopped (the same arguments with offset, or pages, moved on); absent when nothing more follows. */
  next?: {
    path: string;
    offset?: number;
    limit?: number;
    line_numbers?: boolean;
    count_lines?: boolean;
    pages?: string;
  };
} | {
  /** What the file is; the fields below marked with a type are set for that type only. */
  type: "notebook";
  /** Workspace-relative path with / separators. */
  path: string;
  /** text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description. */
  content: string;
  /** True when more follows (lines, pages or cells) or something was cut. */
  truncated: boolean;
  /** notebook: number of cells. */
  cell_count: number;
  /** text, notebook: the offset to pass to continue reading, when more follows. */
  next_offset?: number;
  /** The exact arguments of the read_file call that continues where this one stopped (the same arguments with offset, or pages, moved on); absent when nothing more follows. */
  next?: {
    path: string;
    offset?: number;
    limit?: number;
    line_numbers?: boolean;
    count_lines?: boolean;
    pages?: string;
  };
};

// filesystem.write_file
export interface WriteFileParams {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** The complete new content of the file (UTF-8). */
  content: string;
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type WriteFileInput = WriteFileParams;

export interface WriteFileResult {
  /** Workspace-relative path with / separators. */
  path: string;
  /** Number of bytes written. */
  bytes: number;
  /** True when the file did not exist before. */
  created: boolean;
  /** Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked. */
  diagnostics?: {
    introduced: {
      /** Workspace-relative path. */
      path: string;
      /** 1-based line. */
      line: number;
      /** 1-based column (characters, as read_file shows the line). */
      column: number;
      end_line?: number;
      end_column?: number;
      severity: "error" | "warning" | "information" | "hint";
      message: string;
      /** The server's code for the problem (2322, reportAttributeAccessIssue). */
      code?: string;
      /** Which tool reported it (typescript, Pyright). */
      source?: string;
    }[];
    /** False when some file was not checked within the time budget (see note). */
    complete: boolean;
    /** Files compared before and after the change (the file and those that import it). */
    files_checked: number;
    /** Introduced errors beyond those listed. */
    omitted?: number;
    /** What was not checked and why (the server still starting, the time budget spent). */
    note?: string;
  };
}

// filesystem.edit_file
export interface EditFileParams {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** The exact text to replace; empty to create a new file. */
  old_str: string;
  /** The replacement text (inserted literally). */
  new_str: string;
  /** Replace every occurrence instead of requiring exactly one. */
  replace_all: boolean;
  /** Return the diff the edit would make without writing anything. */
  dry_run: boolean;
  /** exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. */
  match: "exact" | "loose";
}

export interface EditFileInput {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** The exact text to replace; empty to create a new file. */
  old_str: string;
  /** The replacement text (inserted literally). */
  new_str: string;
  /** Replace every occurrence instead of requiring exactly one. */
  replace_all?: boolean;
  /** Return the diff the edit would make without writing anything. */
  dry_run?: boolean;
  /** exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. */
  match?: "exact" | "loose";
}

export interface EditFileResult {
  /** Workspace-relative path with / separators. */
  path: string;
  /** How many occurrences were replaced. */
  replacements: number;
  /** Unified diff of the change. */
  diff: string;
  /** True when an empty old_str created the file. */
  created?: boolean;
  /** match: loose: what had to be normalised for old_str to match (absent when it matched exactly). */
  normalized?: ("line_endings" | "whitespace" | "indentation" | "quotes")[];
  /** True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE). */
  changed_since_read?: boolean;
  /** True when nothing was written (dry_run was set). */
  dry_run?: boolean;
  /** Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked. */
  diagnostics?: {
    introduced: {
      /** Workspace-relative path. */
      path: string;
      /** 1-based line. */
      line: number;
      /** 1-based column (characters, as read_file shows the line). */
      column: number;
      end_line?: number;
      end_column?: number;
      severity: "error" | "warning" | "information" | "hint";
      message: string;
      /** The server's code for the problem (2322, reportAttributeAccessIssue). */
      code?: string;
      /** Which tool reported it (typescript, Pyright). */
      source?: string;
    }[];
    /** False when some file was not checked within the time budget (see note). */
    complete: boolean;
    /** Files compared before and after the change (the file and those that import it). */
    files_checked: number;
    /** Introduced errors beyond those listed. */
    omitted?: number;
    /** What was not checked and why (the server still starting, the time budget spent). */
    note?: string;
  };
}

// filesystem.multi_edit
export interface MultiEditParams {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** The replacements, applied in this order. */
  edits: [{
    /** The exact text to replace (after the edits before this one). */
    old_str: string;
    /** The replacement text (inserted literally). */
    new_str: string;
    /** Replace every occurrence instead of requiring exactly one. */
    replace_all: boolean;
  }, ...{
    /** The exact text to replace (after the edits before this one). */
    old_str: string;
    /** The replacement text (inserted literally). */
    new_str: string;
    /** Replace every occurrence instead of requiring exactly one. */
    replace_all: boolean;
  }[]];
  /** Return the diff the edits would make without writing anything. */
  dry_run: boolean;
  /** exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. Applies to every edit. */
  match: "exact" | "loose";
}

export interface MultiEditInput {
  /** File path, relative to the workspace root or absolute inside it. */
  path: string;
  /** The replacements, applied in this order. */
  edits: [{
    /** The exact text to replace (after the edits before this one). */
    old_str: string;
    /** The replacement text (inserted literally). */
    new_str: string;
    /** Replace every occurrence instead of requiring exactly one. */
    replace_all?: boolean;
  }, ...{
    /** The exact text to replace (after the edits before this one). */
    old_str: string;
    /** The replacement text (inserted literally). */
    new_str: string;
    /** Replace every occurrence instead of requiring exactly one. */
    replace_all?: boolean;
  }[]];
  /** Return the diff the edits would make without writing anything. */
  dry_run?: boolean;
  /** exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. Applies to every edit. */
  match?: "exact" | "loose";
}

export interface MultiEditResult {
  /** Workspace-relative path with / separators. */
  path: string;
  /** Total number of occurrences replaced by all the edits. */
  replacements: number;
  /** One unified diff of the whole change. */
  diff: string;
  /** match: loose: what had to be normalised for old_str to match (absent when it matched exactly). */
  normalized?: ("line_endings" | "whitespace" | "indentation" | "quotes")[];
  /** True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE). */
  changed_since_read?: boolean;
  /** True when nothing was written (dry_run was set). */
  dry_run?: boolean;
  /** Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked. */
  diagnostics?: {
    introduced: {
      /** Workspace-relative path. */
      path: string;
      /** 1-based line. */
      line: number;
      /** 1-based column (characters, as read_file shows the line). */
      column: number;
      end_line?: number;
      end_column?: number;
      severity: "error" | "warning" | "information" | "hint";
      message: string;
      /** The server's code for the problem (2322, reportAttributeAccessIssue). */
      code?: string;
      /** Which tool reported it (typescript, Pyright). */
      source?: string;
    }[];
    /** False when some file was not checked within the time budget (see note). */
    complete: boolean;
    /** Files compared before and after the change (the file and those that import it). */
    files_checked: number;
    /** Introduced errors beyond those listed. */
    omitted?: number;
    /** What was not checked and why (the server still starting, the time budget spent). */
    note?: string;
  };
}

// filesystem.apply_patch
export interface ApplyPatchParams {
  /** The whole patch, from *** Begin Patch to *** End Patch. */
  input: string;
  /** Return the diff the patch would make without writing anything. */
  dry_run: boolean;
}

export interface ApplyPatchInput {
  /** The whole patch, from *** Begin Patch to *** End Patch. */
  input: string;
  /** Return the diff the patch would make without writing anything. */
  dry_run?: boolean;
}

export interface ApplyPatchResult {
  /** Each file section of the patch, in order. */
  files: {
    /** Workspace-relative path with / separators (for a move, where the file went). */
    path: string;
    action: "add" | "update" | "delete" | "move";
    /** For a move, where the file was. */
    from?: string;
    /** An Add File or Move to put the file in place of one that was there. */
    replaced?: boolean;
    /** How many @@ changes an Update File section made. */
    changes?: number;
    /** How loosely some change matched (trailing blanks, leading and trailing blanks, typographic dashes, quotes and spaces); absent when every line matched exactly. */
    normalized?: ("trailing_whitespace" | "whitespace" | "punctuation")[];
  }[];
  /** Unified diff of every file changed. */
  diff: string;
  /** True when a file had changed on disk since this session read it, but not in the lines changed nor the 3 lines around them (a change there is refused as STALE_FILE). */
  changed_since_read?: boolean;
  /** True when nothing was written (dry_run was set). */
  dry_run?: boolean;
  /** Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked. */
  diagnostics?: {
    introduced: {
      /** Workspace-relative path. */
      path: string;
      /** 1-based line. */
      line: number;
      /** 1-based column (characters, as read_file shows the line). */
      column: number;
      end_line?: number;
      end_column?: number;
      severity: "error" | "warning" | "information" | "hint";
      message: string;
      /** The server's code for the problem (2322, reportAttributeAccessIssue). */
      code?: string;
      /** Which tool reported it (typescript, Pyright). */
      source?: string;
    }[];
    /** False when some file was not checked within the time budget (see note). */
    complete: boolean;
    /** Files compared before and after the change (the file and those that import it). */
    files_checked: number;
    /** Introduced errors beyond those listed. */
    omitted?: number;
    /** What was not checked and why (the server still starting, the time budget spent). */
    note?: string;
  };
}

// filesystem.list_directory
export interface ListDirectoryParams {
  /** Folder to list, relative to the workspace root or absolute inside it. */
  path: string;
  /** How many levels to list (1 = only the folder's own entries). */
  depth: number;
  /** Also list what .gitignore ignores, and .git/. */
  include_ignored: boolean;
  /** Maximum number of entries to return. */
  limit: number;
  /** Skip this many entries of the walk (breadth first, folders first, then by name) before listing; a cut answer's next gives it. */
  offset: number;
}

export interface ListDirectoryInput {
  /** Folder to list, relative to the workspace root or absolute inside it. */
  path?: string;
  /** How many levels to list (1 = only the folder's own entries). */
  depth?: number;
  /** Also list what .gitignore ignores, and .git/. */
  include_ignored?: boolean;
  /** Maximum number of entries to return. */
  limit?: number;
  /** Skip this many entries of the walk (breadth first, folders first, then by name) before listing; a cut answer's next gives it. */
  offset?: number;
}

export interface ListDirectoryResult {
  /** The listed folder, workspace-relative ('.' for the root). */
  path: string;
  /** Entries in tree order (each folder followed by its own entries when depth > 1). */
  entries: {
    /** Workspace-relative path with / separators. */
    path: string;
    /** What the entry is (a symlink is not followed). */
    type: "file" | "dir" | "symlink" | "other";
    /** Size in bytes (files and other non-folders). */
    size?: number;
    /** Where a symlink points (as written in the link). */
    target?: string;
  }[];
  /** True when more entries exist than were returned. */
  truncated: boolean;
  /** Entries hidden because .gitignore ignores them or they are .git (in the folders read). */
  ignored: number;
  /** The exact arguments of the list_directory call that lists the entries after these (offset moved on); absent when the listing is complete. */
  next?: {
    path?: string;
    depth?: number;
    include_ignored?: boolean;
    limit?: number;
    offset: number;
  };
}

// filesystem.checkpoint_list
export interface CheckpointListParams {
  /** Most checkpoints to return (the newest). */
  limit: number;
}

export interface CheckpointListInput {
  /** Most checkpoints to return (the newest). */
  limit?: number;
}

export interface CheckpointListResult {
  /** Newest first. */
  checkpoints: {
    /** The checkpoint's id (cp-1, cp-2, … in the order the calls began). */
    id: string;
    /** The operation that made it (provider.operation). */
    operation: string;
    /** For a bash checkpoint, the command line (cut at 500 characters). */
    command?: string;
    /** When the call began (ISO 8601). */
    created_at: string;
    files: {
      /** Workspace-relative path with / separators. */
      path: string;
      change: "added" | "modified" | "deleted";
    }[];
    /** False when some file's earlier content was not kept (larger than the byte bound) or the call did not finish writing. */
    restorable: boolean;
  }[];
  /** How many checkpoints the session keeps. */
  total: number;
  /** The checkpoints the limits dropped (oldest first); absent when none were. */
  dropped?: {
    count: number;
    /** The newest checkpoint dropped. */
    last?: string;
    /** Which limit dropped the last ones. */
    reason?: "count" | "bytes";
  };
}

// filesystem.checkpoint_diff
export interface CheckpointDiffParams {
  /** The checkpoint's id, as checkpoint_list shows it (cp-3). */
  id: string;
  /** call: that call's changes; since: from before that call to now. */
  scope: "call" | "since";
}

export interface CheckpointDiffInput {
  /** The checkpoint's id, as checkpoint_list shows it (cp-3). */
  id: string;
  /** call: that call's changes; since: from before that call to now. */
  scope?: "call" | "since";
}

export interface CheckpointDiffResult {
  id: string;
  files: {
    /** Workspace-relative path with / separators. */
    path: string;
    change: "added" | "modified" | "deleted";
    /** Why this file's diff cannot be shown (its content was not kept). */
    unavailable?: string;
  }[];
  /** Unified diff of every file (binary files named only). */
  diff: string;
}

// filesystem.checkpoint_restore
export interface CheckpointRestoreParams {
  /** The checkpoint's id, as checkpoint_list shows it (cp-3). */
  id: string;
  /** call: undo that call's changes; since: put files back as they were before that call. */
  scope: "call" | "since";
  /** Return the diff the restore would make without writing anything. */
  dry_run: boolean;
  /** Also restore files changed since by someone else (their changes are lost). */
  force: boolean;
}

export interface CheckpointRestoreInput {
  /** The checkpoint's id, as checkpoint_list shows it (cp-3). */
  id: string;
  /** call: undo that call's changes; since: put files back as they were before that call. */
  scope?: "call" | "since";
  /** Return the diff the restore would make without writing anything. */
  dry_run?: boolean;
  /** Also restore files changed since by someone else (their changes are lost). */
  force?: boolean;
}

export interface CheckpointRestoreResult {
  /** Files written back or removed. */
  restored: {
    /** Workspace-relative path with / separators. */
    path: string;
    action: "write" | "delete";
  }[];
  /** Files left as they are, and why. */
  skipped: {
    /** Workspace-relative path with / separators. */
    path: string;
    /** changed_since: someone else changed it after the checkpoint (force restores it anyway); not_kept: its earlier content was larger than the byte bound; unsupported: a symbolic link or a special file, or a path that now goes through a link to another file; outside_workspace: its path now leads outside the workspace; denied_by_policy: the policy's path rules keep it from checkpoint_restore (the entry is hidden from the result, and counted). */
    reason: "changed_since" | "not_kept" | "unsupported" | "outside_workspace" | "denied_by_policy";
  }[];
  /** Unified diff from the files now to the files restored. */
  diff: string;
  /** The checkpoint this restore recorded (restore it to undo the restore). */
  checkpoint?: string;
  /** True when nothing was written (dry_run was set). */
  dry_run?: boolean;
}

// search.glob
export interface GlobParams {
  /** Glob pattern relative to `path`, e.g. "**\/*.ts", "src/*.{js,jsx}", "**\/README*". */
  pattern: string;
  /** Folder to search in, relative to the workspace root or absolute inside it. */
  path: string;
  /** Maximum number of files to return (the newest ones). */
  limit: number;
  /** Skip this many files of the order (newest first, then by path) before returning any; a cut answer's next gives it. */
  offset: number;
  /** Also list files ignored by .gitignore and files inside .git folders. */
  include_ignored: boolean;
}

export interface GlobInput {
  /** Glob pattern relative to `path`, e.g. "**\/*.ts", "src/*.{js,jsx}", "**\/README*". */
  pattern: string;
  /** Folder to search in, relative to the workspace root or absolute inside it. */
  path?: string;
  /** Maximum number of files to return (the newest ones). */
  limit?: number;
  /** Skip this many files of the order (newest first, then by path) before returning any; a cut answer's next gives it. */
  offset?: number;
  /** Also list files ignored by .gitignore and files inside .git folders. */
  include_ignored?: boolean;
}

export interface GlobResult {
  /** Matching files, workspace-relative with / separators, newest first. */
  files: string[];
  /** True when more files matched than `limit`. */
  truncated: boolean;
  /** Number of files that matched before `limit` was applied. */
  total: number;
  /** The exact arguments of the glob call that returns the files after these (offset moved on); absent when no more matched. */
  next?: {
    pattern: string;
    path?: string;
    limit?: number;
    include_ignored?: boolean;
    offset: number;
  };
}

// search.grep
export interface GrepParams {
  /** Regular expression (ripgrep/Rust syntax) to search for, or a literal string when fixed_strings is true. */
  pattern: string;
  /** File or folder to search, relative to the workspace root or absolute inside it. */
  path: string;
  /** Only search files matching this glob, e.g. "*.ts" (any depth) or "src/**\/*.{js,jsx}" (a glob with / is relative to the workspace root); prefix with ! to exclude. */
  glob?: string;
  /** Match regardless of letter case. */
  case_insensitive: boolean;
  /** Treat pattern as a literal string, not a regular expression. */
  fixed_strings: boolean;
  /** Let the pattern match across lines (`.` also matches newlines). */
  multiline: boolean;
  /** Number of lines to show before and after each match (content mode only). */
  context: number;
  /** content = matching lines; files_with_matches = paths only; count = matching lines per file. */
  output_mode: "content" | "files_with_matches" | "count";
  /** Stop after this many matching lines (content), files (files_with_matches) or files counted (count). */
  max_results: number;
  /** Skip this many results (matching lines, files or counts) of the search in path order before collecting; a cut answer's next gives it. */
  offset: number;
  /** Also search files ignored by .gitignore and files inside .git folders. */
  include_ignored: boolean;
  /** Give up (TIMEOUT) after this many milliseconds. */
  timeout_ms: number;
}

export interface GrepInput {
  /** Regular expression (ripgrep/Rust syntax) to search for, or a literal string when fixed_strings is true. */
  pattern: string;
  /** File or folder to search, relative to the workspace root or absolute inside it. */
  path?: string;
  /** Only search files matching this glob, e.g. "*.ts" (any depth) or "src/**\/*.{js,jsx}" (a glob with / is relative to the workspace root); prefix with ! to exclude. */
  glob?: string;
  /** Match regardless of letter case. */
  case_insensitive?: boolean;
  /** Treat pattern as a literal string, not a regular expression. */
  fixed_strings?: boolean;
  /** Let the pattern match across lines (`.` also matches newlines). */
  multiline?: boolean;
  /** Number of lines to show before and after each match (content mode only). */
  context?: number;
  /** content = matching lines; files_with_matches = paths only; count = matching lines per file. */
  output_mode?: "content" | "files_with_matches" | "count";
  /** Stop after this many matching lines (content), files (files_with_matches) or files counted (count). */
  max_results?: number;
  /** Skip this many results (matching lines, files or counts) of the search in path order before collecting; a cut answer's next gives it. */
  offset?: number;
  /** Also search files ignored by .gitignore and files inside .git folders. */
  include_ignored?: boolean;
  /** Give up (TIMEOUT) after this many milliseconds. */
  timeout_ms?: number;
}

export interface GrepResult {
  /** Matching lines (output_mode content), grouped by file, in line order. */
  matches?: {
    /** Workspace-relative path with / separators. */
    path: string;
    /** 1-based line number (of the first line, for a multiline match). */
    line: number;
    /** The matching line (cut with a marker past 2000 characters). */
    text: string;
    /** Up to `context` lines just before the match. */
    before?: string[];
    /** Up to `context` lines just after the match. */
    after?: string[];
  }[];
  /** Files containing a match (output_mode files_with_matches), sorted by path. */
  files?: string[];
  /** Matching lines per file (output_mode count), sorted by path. */
  counts?: {
    /** Workspace-relative path with / separators. */
    path: string;
    /** Number of matching lines in the file. */
    count: number;
  }[];
  /** True when the search stopped (at max_results, or at the ~960 KiB result bound) and more results exist. */
  truncated: boolean;
  /** The exact arguments of the grep call that returns the results after these (offset moved on); absent when the search is complete. */
  next?: {
    pattern: string;
    path?: string;
    glob?: string;
    case_insensitive?: boolean;
    fixed_strings?: boolean;
    multiline?: boolean;
    context?: number;
    output_mode?: string;
    max_results?: number;
    include_ignored?: boolean;
    timeout_ms?: number;
    offset: number;
  };
}

// exec.bash
export interface BashParams {
  /** The bash command line to run, e.g. `npm test -- --run` or `git status --short`. */
  command: string;
  /** Milliseconds before the command and its child processes are killed (max 600000 = 10 minutes). */
  timeout_ms: number;
  /** Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root. */
  cwd?: string;
  /** What the command does, in 5-10 words (shown to the user; does not change the run). */
  description?: string;
  /** Start the command as a background job and return at once with its job_id (dev servers, watchers, long builds). Read it with bash_output, stop it with bash_kill, type into it with bash_write. */
  run_in_background: boolean;
  /** Run the command in a pseudo-terminal (120x30) instead of with stdin closed, for programs that prompt or need a terminal. A foreground call returns early with waiting_for_input when the command waits for input. */
  pty: boolean;
}

export interface BashInput {
  /** The bash command line to run, e.g. `npm test -- --run` or `git status --short`. */
  command: string;
  /** Milliseconds before the command and its child processes are killed (max 600000 = 10 minutes). */
  timeout_ms?: number;
  /** Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root. */
  cwd?: string;
  /** What the command does, in 5-10 words (shown to the user; does not change the run). */
  description?: string;
  /** Start the command as a background job and return at once with its job_id (dev servers, watchers, long builds). Read it with bash_output, stop it with bash_kill, type into it with bash_write. */
  run_in_background?: boolean;
  /** Run the command in a pseudo-terminal (120x30) instead of with stdin closed, for programs that prompt or need a terminal. A foreground call returns early with waiting_for_input when the command waits for input. */
  pty?: boolean;
}

export interface BashResult {
  /** The exit status of bash (null when it was ended by a signal). */
  exit_code: number | null;
  /** Name of the signal that ended bash, e.g. SIGTERM or SIGKILL (null when it exited normally). */
  signal: string | null;
  /** Standard output (head and tail with an omitted-bytes marker when over the cap). */
  stdout: string;
  /** Standard error (head and tail with an omitted-bytes marker when over the cap). */
  stderr: string;
  /** True when the command ran past timeout_ms and was killed. */
  timed_out: boolean;
  /** True when part of stdout or stderr was left out (over the cap, or binary). */
  truncated: boolean;
  /** Wall time from start until bash exited, in milliseconds. */
  duration_ms: number;
  /** With run_in_background, the id of the started job (the other fields are then empty placeholders); with waiting_for_input, the job the command lives on as. */
  job_id?: string;
  /** True when the command (pty: true) waits for input: it keeps running as the background job job_id; stdout holds its output so far (the prompt). Answer with bash_write. */
  waiting_for_input?: boolean;
  /** In a sandbox, what the command left for the host's own tools to run later (git hooks and config, .git pointers, editor and tool configs) and what was done about each, and the connections the network proxy refused; absent when there is nothing. */
  notes?: {
    code: "SANDBOX_ARTIFACT" | "NETWORK_REFUSED";
    /** SANDBOX_ARTIFACT: workspace-relative path (absolute for a writable folder outside it). NETWORK_REFUSED: host:port refused (- for a request that named none). */
    path: string;
    /** moved_aside: renamed so no tool runs it (nothing deleted); removed: a git redirection file the sandbox pinned against; reported: left in place, review it; refused: the proxy refused the connection or request. */
    action: "moved_aside" | "removed" | "reported" | "refused";
    /** What it is, what would run it, what was done; for NETWORK_REFUSED the line the proxy answered the command with. */
    message: string;
  }[];
}

// exec.bash_output
export interface BashOutputParams {
  /** The job to read, as returned by bash. Omit to list this session's jobs. */
  job_id?: string;
  /** Wait up to this many milliseconds for new output or the end of the job before answering (needs job_id). */
  wait_ms?: number;
  /** Read the job's output from this byte position on (0 = its first byte) instead of from the last read; a cut answer's next gives it (needs job_id). */
  offset?: number;
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type BashOutputInput = BashOutputParams;

export interface BashOutputResult {
  /** The job's id, e.g. job-1. */
  job_id?: string;
  /** The command line (cut at 200 characters). */
  command?: string;
  /** running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped). */
  status?: "running" | "exited" | "killed" | "timed_out" | "failed";
  /** Exit status once it ended (null while running or when ended by a signal). */
  exit_code?: number | null;
  /** Signal that ended it, if any. */
  signal?: string | null;
  /** Time since it started, or how long it ran. */
  duration_ms?: number;
  /** Bytes of output it produced in total. */
  total_bytes?: number;
  /** Bytes produced since the last bash_output on it. */
  unread_bytes?: number;
  /** Output since the last read (stdout and stderr interleaved; head and tail when over the cap). */
  output?: string;
  /** True when part of the new output is not shown. */
  truncated?: boolean;
  /** The exact arguments of the bash_output call that reads on from where this output stopped (job_id and offset); absent when all output so far was shown. */
  next?: {
    job_id: string;
    wait_ms?: number;
    offset: number;
  };
  /** Once a sandboxed job ended, what it left for the host's own tools to run later and what was done about each, and the connections the network proxy refused (see bash). */
  notes?: {
    code: "SANDBOX_ARTIFACT" | "NETWORK_REFUSED";
    path: string;
    action: "moved_aside" | "removed" | "reported" | "refused";
    message: string;
  }[];
  /** Without job_id, this session's jobs. */
  jobs?: {
    /** The job's id, e.g. job-1. */
    job_id: string;
    /** The command line (cut at 200 characters). */
    command: string;
    /** running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped). */
    status: "running" | "exited" | "killed" | "timed_out" | "failed";
    /** Exit status once it ended (null while running or when ended by a signal). */
    exit_code: number | null;
    /** Signal that ended it, if any. */
    signal: string | null;
    /** Time since it started, or how long it ran. */
    duration_ms: number;
    /** Bytes of output it produced in total. */
    total_bytes: number;
    /** Bytes produced since the last bash_output on it. */
    unread_bytes: number;
  }[];
}

// exec.bash_kill
export interface BashKillParams {
  /** The job to stop, as returned by bash. */
  job_id: string;
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type BashKillInput = BashKillParams;

export interface BashKillResult {
  /** The job. */
  job_id: string;
  /** True when this call stopped it; false when it had already ended. */
  killed: boolean;
  /** The job's status now. */
  status: "running" | "exited" | "killed" | "timed_out" | "failed";
  /** Its exit status (null when ended by a signal). */
  exit_code: number | null;
  /** Signal that ended it, if any. */
  signal: string | null;
}

// exec.bash_write
export interface BashWriteParams {
  /** The job to write to, as returned by bash. */
  job_id: string;
  /** Text to write, e.g. "bob\n" (an answer and Enter). May be empty with eof. */
  input: string;
  /** After the input, end the job's input (closes stdin; Ctrl-D in a terminal). */
  eof: boolean;
}

export interface BashWriteInput {
  /** The job to write to, as returned by bash. */
  job_id: string;
  /** Text to write, e.g. "bob\n" (an answer and Enter). May be empty with eof. */
  input: string;
  /** After the input, end the job's input (closes stdin; Ctrl-D in a terminal). */
  eof?: boolean;
}

export interface BashWriteResult {
  /** The job. */
  job_id: string;
  /** Bytes of input written. */
  written_bytes: number;
  /** True when the job's input was ended by this call. */
  eof: boolean;
  /** The job's status now. */
  status: "running" | "exited" | "killed" | "timed_out" | "failed";
}

// exec.shell_read
export interface ShellReadParams {
  /** The read-only command line, e.g. `git status --short && git log --oneline -n 5`. */
  command: string;
  /** Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root. */
  cwd?: string;
  /** Milliseconds before the command and its child processes are killed (max 600000). */
  timeout_ms: number;
}

export interface ShellReadInput {
  /** The read-only command line, e.g. `git status --short && git log --oneline -n 5`. */
  command: string;
  /** Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root. */
  cwd?: string;
  /** Milliseconds before the command and its child processes are killed (max 600000). */
  timeout_ms?: number;
}

export interface ShellReadResult {
  /** The exit status (null when it was ended by a signal). */
  exit_code: number | null;
  /** Name of the signal that ended it (null when it exited normally). */
  signal: string | null;
  /** Standard output (head and tail with an omitted-bytes marker when over the cap). */
  stdout: string;
  /** Standard error (head and tail with an omitted-bytes marker when over the cap). */
  stderr: string;
  /** True when the command ran past timeout_ms and was killed. */
  timed_out: boolean;
  /** True when part of stdout or stderr was left out (over the cap, or binary). */
  truncated: boolean;
  /** Wall time in milliseconds. */
  duration_ms: number;
}

// web.web_fetch
export interface WebFetchParams {
  /** Absolute http:// or https:// URL to fetch. */
  url: string;
  /** How to return HTML pages - markdown (default), text (no markup) or raw (the HTML as received). Non-HTML content is always returned as received. */
  format: "markdown" | "text" | "raw";
  /** Most bytes of (decompressed) body to read (default 1 MiB); the rest is cut and truncated is set. Raise it for long pages or documents. */
  max_bytes: number;
  /** Byte position in the (decompressed) body to read from, skipping what comes before; a cut answer's next gives it. */
  start_index: number;
  /** Time limit for the whole fetch, redirects included, in milliseconds. */
  timeout_ms: number;
}

export interface WebFetchInput {
  /** Absolute http:// or https:// URL to fetch. */
  url: string;
  /** How to return HTML pages - markdown (default), text (no markup) or raw (the HTML as received). Non-HTML content is always returned as received. */
  format?: "markdown" | "text" | "raw";
  /** Most bytes of (decompressed) body to read (default 1 MiB); the rest is cut and truncated is set. Raise it for long pages or documents. */
  max_bytes?: number;
  /** Byte position in the (decompressed) body to read from, skipping what comes before; a cut answer's next gives it. */
  start_index?: number;
  /** Time limit for the whole fetch, redirects included, in milliseconds. */
  timeout_ms?: number;
}

export interface WebFetchResult {
  /** The URL as requested. */
  url: string;
  /** The URL the content came from, after redirects. */
  final_url: string;
  /** HTTP status of the final response. */
  status: number;
  /** The response's Content-Type header ('' when absent). */
  content_type: string;
  /** The HTML page's title, when it has one. */
  title?: string;
  /** The page as Markdown or text (see format), or the body as received. */
  content: string;
  /** Bytes of (decompressed) body read. */
  bytes: number;
  /** True when the body was longer than max_bytes and was cut. */
  truncated: boolean;
  /** The exact arguments of the web_fetch call that reads the body on from where this one cut it (start_index moved on); absent when the body ended. */
  next?: {
    url: string;
    format?: string;
    max_bytes?: number;
    timeout_ms?: number;
    start_index: number;
  };
}

// web.web_search
export interface WebSearchParams {
  /** The search terms. */
  query: string;
  /** Most results to return. */
  max_results: number;
  /** Only return results from these domains (e.g. docs.python.org); subdomains match too. */
  allowed_domains?: string[];
  /** Never return results from these domains; subdomains match too. */
  blocked_domains?: string[];
}

export interface WebSearchInput {
  /** The search terms. */
  query: string;
  /** Most results to return. */
  max_results?: number;
  /** Only return results from these domains (e.g. docs.python.org); subdomains match too. */
  allowed_domains?: string[];
  /** Never return results from these domains; subdomains match too. */
  blocked_domains?: string[];
}

export interface WebSearchResult {
  /** The query as searched. */
  query: string;
  /** Which search backend answered (searxng, brave, or a host-supplied name). */
  backend: string;
  /** Results in the backend's ranking order, duplicates and non-http links removed. */
  results: {
    /** Page title. */
    title: string;
    /** Page URL. */
    url: string;
    /** Short plain-text excerpt from the page ('' when none). */
    snippet: string;
  }[];
}

// task.task_create
export interface TaskCreateParams {
  /** Short imperative title, e.g. "Fix the failing login test". */
  title: string;
  /** Optional details, acceptance criteria or notes. */
  description?: string;
  /** Initial status. */
  status: "pending" | "in_progress" | "completed" | "cancelled";
}

export interface TaskCreateInput {
  /** Short imperative title, e.g. "Fix the failing login test". */
  title: string;
  /** Optional details, acceptance criteria or notes. */
  description?: string;
  /** Initial status. */
  status?: "pending" | "in_progress" | "completed" | "cancelled";
}

export interface TaskCreateResult {
  /** The created task. */
  task: {
    /** Short stable id (t1, t2, …). */
    id: string;
    /** Short imperative title. */
    title: string;
    /** Details, when given. */
    description?: string;
    /** Current status. */
    status: "pending" | "in_progress" | "completed" | "cancelled";
    /** ISO 8601 time of creation. */
    created_at: string;
    /** ISO 8601 time of the last change. */
    updated_at: string;
  };
}

// task.task_update
export interface TaskUpdateParams {
  /** The task id returned by task_create or task_list, e.g. "t3". */
  id: string;
  /** New title. */
  title?: string;
  /** New description (an empty string clears it). */
  description?: string;
  /** New status. */
  status?: "pending" | "in_progress" | "completed" | "cancelled";
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type TaskUpdateInput = TaskUpdateParams;

export interface TaskUpdateResult {
  /** The task after the update. */
  task: {
    /** Short stable id (t1, t2, …). */
    id: string;
    /** Short imperative title. */
    title: string;
    /** Details, when given. */
    description?: string;
    /** Current status. */
    status: "pending" | "in_progress" | "completed" | "cancelled";
    /** ISO 8601 time of creation. */
    created_at: string;
    /** ISO 8601 time of the last change. */
    updated_at: string;
  };
  /** The fields whose value changed. */
  changed: ("title" | "description" | "status")[];
}

// task.task_list
export interface TaskListParams {
  /** Only tasks with this status. */
  status?: "pending" | "in_progress" | "completed" | "cancelled";
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type TaskListInput = TaskListParams;

export interface TaskListResult {
  /** The matching tasks, oldest first. */
  tasks: {
    /** Short stable id (t1, t2, …). */
    id: string;
    /** Short imperative title. */
    title: string;
    /** Details, when given. */
    description?: string;
    /** Current status. */
    status: "pending" | "in_progress" | "completed" | "cancelled";
    /** ISO 8601 time of creation. */
    created_at: string;
    /** ISO 8601 time of the last change. */
    updated_at: string;
  }[];
  /** How many tasks of the whole list have each status (ignores the filter). */
  counts: {
    /** Tasks not started. */
    pending: number;
    /** Tasks being worked on. */
    in_progress: number;
    /** Tasks done. */
    completed: number;
    /** Tasks dropped. */
    cancelled: number;
  };
}

// agent.spawn_subagent
export interface SpawnSubagentParams {
  /** The complete task for the sub-agent, with all the context it needs. */
  prompt: string;
  /** A short (3-5 word) label for the task, shown to the user. */
  description: string;
  /** Operations the sub-agent may use; must be within this agent's own. Default - this agent's own. */
  capabilities?: [string, ...string[]];
}

/** What a caller passes: the same as what the handler receives (no parameter has a default). */
export type SpawnSubagentInput = SpawnSubagentParams;

export interface SpawnSubagentResult {
  /** The sub-agent's session id. */
  session_id: string;
  /** How the sub-agent's session ended. */
  status: "completed" | "failed" | "cancelled";
  /** The sub-agent's final report (or why it failed). */
  output: string;
}

// user.ask_user
export interface AskUserParams {
  /** The question, complete and specific, ending with a question mark. */
  question: string;
  /** Choices to offer; labels must be distinct. */
  options?: [{
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }, {
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }, ...{
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }[]];
  /** Let the user pick several options (needs options). */
  multi_select: boolean;
}

export interface AskUserInput {
  /** The question, complete and specific, ending with a question mark. */
  question: string;
  /** Choices to offer; labels must be distinct. */
  options?: [{
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }, {
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }, ...{
    /** Short label (1-5 words). */
    label: string;
    /** What choosing it means. */
    description?: string;
  }[]];
  /** Let the user pick several options (needs options). */
  multi_select?: boolean;
}

export interface AskUserResult {
  /** The user's answer: their own words, or the chosen labels joined with ", ". */
  answer: string;
  /** Labels of the chosen options (empty when the user answered in their own words). */
  selected: string[];
}

// code.diagnostics
export interface DiagnosticsParams {
  /** A source file, or a folder whose source files are checked (default the workspace root). */
  path: string;
  /** The least severe kind to list (error lists errors only). */
  severity: "error" | "warning" | "information" | "hint";
  /** Most diagnostics to return. */
  limit: number;
  /** Diagnostics to skip (what `next` continues with). */
  offset: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface DiagnosticsInput {
  /** A source file, or a folder whose source files are checked (default the workspace root). */
  path?: string;
  /** The least severe kind to list (error lists errors only). */
  severity?: "error" | "warning" | "information" | "hint";
  /** Most diagnostics to return. */
  limit?: number;
  /** Diagnostics to skip (what `next` continues with). */
  offset?: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface DiagnosticsResult {
  diagnostics: {
    /** Workspace-relative path. */
    path: string;
    /** 1-based line. */
    line: number;
    /** 1-based column (characters, as read_file shows the line). */
    column: number;
    end_line?: number;
    end_column?: number;
    severity: "error" | "warning" | "information" | "hint";
    message: string;
    /** The server's code for the problem (2322, reportAttributeAccessIssue). */
    code?: string;
    /** Which tool reported it (typescript, Pyright). */
    source?: string;
  }[];
  /** Source files whose diagnostics were asked for. */
  files_checked: number;
  /** Diagnostics found at the severity asked for, over all pages. */
  total: number;
  /** True when more remain; `next` continues. */
  truncated: boolean;
  /** The arguments of the call that continues this answer; absent when it is complete. */
  next?: {
    path?: string;
    severity?: string;
    limit?: number;
    offset?: number;
    timeout_ms?: number;
  };
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

// code.definition
export interface DefinitionParams {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface DefinitionInput {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface DefinitionResult {
  definitions: {
    /** Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations). */
    path: string;
    /** 1-based line. */
    line: number;
    /** 1-based column. */
    column: number;
    end_line?: number;
    end_column?: number;
    /** The line's text (cut at 200 characters). */
    text?: string;
    /** True for a file outside the workspace (read_file cannot open it). */
    outside_workspace?: boolean;
  }[];
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

// code.references
export interface ReferencesParams {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** List the declaration itself too. */
  include_declaration: boolean;
  /** Most references to return. */
  limit: number;
  /** References to skip (what `next` continues with). */
  offset: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface ReferencesInput {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** List the declaration itself too. */
  include_declaration?: boolean;
  /** Most references to return. */
  limit?: number;
  /** References to skip (what `next` continues with). */
  offset?: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface ReferencesResult {
  references: {
    /** Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations). */
    path: string;
    /** 1-based line. */
    line: number;
    /** 1-based column. */
    column: number;
    end_line?: number;
    end_column?: number;
    /** The line's text (cut at 200 characters). */
    text?: string;
    /** True for a file outside the workspace (read_file cannot open it). */
    outside_workspace?: boolean;
  }[];
  /** References found, over all pages. */
  total: number;
  truncated: boolean;
  /** The arguments of the call that continues this answer; absent when it is complete. */
  next?: {
    path?: string;
    line?: number;
    column?: number;
    symbol?: string;
    include_declaration?: boolean;
    limit?: number;
    offset?: number;
    timeout_ms?: number;
  };
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

// code.hover
export interface HoverParams {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface HoverInput {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface HoverResult {
  /** Workspace-relative path of the position. */
  path: string;
  line: number;
  column: number;
  /** The signature and documentation (Markdown); empty when the server has nothing to show there. */
  contents: string;
  truncated: boolean;
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

// code.symbols
export interface SymbolsParams {
  /** A source file whose outline to list. */
  path?: string;
  /** Instead of a file, a name to look for across the workspace. */
  query?: string;
  /** Most symbols to return. */
  limit: number;
  /** Symbols to skip (what `next` continues with). */
  offset: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface SymbolsInput {
  /** A source file whose outline to list. */
  path?: string;
  /** Instead of a file, a name to look for across the workspace. */
  query?: string;
  /** Most symbols to return. */
  limit?: number;
  /** Symbols to skip (what `next` continues with). */
  offset?: number;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface SymbolsResult {
  symbols: {
    name: string;
    /** class, method, function, variable, … */
    kind: string;
    /** Its containers joined by dots (what `symbol` takes before the name). */
    container?: string;
    path: string;
    line: number;
    column: number;
    end_line?: number;
    outside_workspace?: boolean;
  }[];
  /** Symbols found, over all pages. */
  total: number;
  truncated: boolean;
  /** The arguments of the call that continues this answer; absent when it is complete. */
  next?: {
    path?: string;
    query?: string;
    limit?: number;
    offset?: number;
    timeout_ms?: number;
  };
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

// code.rename
export interface RenameParams {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** The new name. */
  new_name: string;
  /** Return the diff without writing (default); false applies it. */
  dry_run: boolean;
  /** How long to wait for the language server, its start included. */
  timeout_ms: number;
}

export interface RenameInput {
  /** The file of the position (with line and column), or the file to look for `symbol` in. */
  path?: string;
  /** 1-based line of the position. */
  line?: number;
  /** 1-based column of the position (characters, as read_file shows the line); any character of the name. */
  column?: number;
  /** Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function). */
  symbol?: string;
  /** The new name. */
  new_name: string;
  /** Return the diff without writing (default); false applies it. */
  dry_run?: boolean;
  /** How long to wait for the language server, its start included. */
  timeout_ms?: number;
}

export interface RenameResult {
  /** Workspace-relative paths of the files the rename changes. */
  files: string[];
  /** Text edits over all files. */
  replacements: number;
  /** Unified diff of every file. */
  diff: string;
  /** True when nothing was written. */
  dry_run: boolean;
  /** Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked. */
  diagnostics?: {
    introduced: {
      /** Workspace-relative path. */
      path: string;
      /** 1-based line. */
      line: number;
      /** 1-based column (characters, as read_file shows the line). */
      column: number;
      end_line?: number;
      end_column?: number;
      severity: "error" | "warning" | "information" | "hint";
      message: string;
      /** The server's code for the problem (2322, reportAttributeAccessIssue). */
      code?: string;
      /** Which tool reported it (typescript, Pyright). */
      source?: string;
    }[];
    /** False when some file was not checked within the time budget (see note). */
    complete: boolean;
    /** Files compared before and after the change (the file and those that import it). */
    files_checked: number;
    /** Introduced errors beyond those listed. */
    omitted?: number;
    /** What was not checked and why (the server still starting, the time budget spent). */
    note?: string;
  };
  /** What was left out and why (files no server covers, files past the count checked). */
  notes?: string[];
}

/** Every operation by tool name: its provider, the caller's input (types `toolkit.call`), the handler's params and the result. */
export type Operations = {
  read_file: { provider: "filesystem"; id: "filesystem.read_file"; input: ReadFileInput; params: ReadFileParams; result: ReadFileResult };
  write_file: { provider: "filesystem"; id: "filesystem.write_file"; input: WriteFileInput; params: WriteFileParams; result: WriteFileResult };
  edit_file: { provider: "filesystem"; id: "filesystem.edit_file"; input: EditFileInput; params: EditFileParams; result: EditFileResult };
  multi_edit: { provider: "filesystem"; id: "filesystem.multi_edit"; input: MultiEditInput; params: MultiEditParams; result: MultiEditResult };
  apply_patch: { provider: "filesystem"; id: "filesystem.apply_patch"; input: ApplyPatchInput; params: ApplyPatchParams; result: ApplyPatchResult };
  list_directory: { provider: "filesystem"; id: "filesystem.list_directory"; input: ListDirectoryInput; params: ListDirectoryParams; result: ListDirectoryResult };
  checkpoint_list: { provider: "filesystem"; id: "filesystem.checkpoint_list"; input: CheckpointListInput; params: CheckpointListParams; result: CheckpointListResult };
  checkpoint_diff: { provider: "filesystem"; id: "filesystem.checkpoint_diff"; input: CheckpointDiffInput; params: CheckpointDiffParams; result: CheckpointDiffResult };
  checkpoint_restore: { provider: "filesystem"; id: "filesystem.checkpoint_restore"; input: CheckpointRestoreInput; params: CheckpointRestoreParams; result: CheckpointRestoreResult };
  glob: { provider: "search"; id: "search.glob"; input: GlobInput; params: GlobParams; result: GlobResult };
  grep: { provider: "search"; id: "search.grep"; input: GrepInput; params: GrepParams; result: GrepResult };
  bash: { provider: "exec"; id: "exec.bash"; input: BashInput; params: BashParams; result: BashResult };
  bash_output: { provider: "exec"; id: "exec.bash_output"; input: BashOutputInput; params: BashOutputParams; result: BashOutputResult };
  bash_kill: { provider: "exec"; id: "exec.bash_kill"; input: BashKillInput; params: BashKillParams; result: BashKillResult };
  bash_write: { provider: "exec"; id: "exec.bash_write"; input: BashWriteInput; params: BashWriteParams; result: BashWriteResult };
  shell_read: { provider: "exec"; id: "exec.shell_read"; input: ShellReadInput; params: ShellReadParams; result: ShellReadResult };
  web_fetch: { provider: "web"; id: "web.web_fetch"; input: WebFetchInput; params: WebFetchParams; result: WebFetchResult };
  web_search: { provider: "web"; id: "web.web_search"; input: WebSearchInput; params: WebSearchParams; result: WebSearchResult };
  task_create: { provider: "task"; id: "task.task_create"; input: TaskCreateInput; params: TaskCreateParams; result: TaskCreateResult };
  task_update: { provider: "task"; id: "task.task_update"; input: TaskUpdateInput; params: TaskUpdateParams; result: TaskUpdateResult };
  task_list: { provider: "task"; id: "task.task_list"; input: TaskListInput; params: TaskListParams; result: TaskListResult };
  spawn_subagent: { provider: "agent"; id: "agent.spawn_subagent"; input: SpawnSubagentInput; params: SpawnSubagentParams; result: SpawnSubagentResult };
  ask_user: { provider: "user"; id: "user.ask_user"; input: AskUserInput; params: AskUserParams; result: AskUserResult };
  diagnostics: { provider: "code"; id: "code.diagnostics"; input: DiagnosticsInput; params: DiagnosticsParams; result: DiagnosticsResult };
  definition: { provider: "code"; id: "code.definition"; input: DefinitionInput; params: DefinitionParams; result: DefinitionResult };
  references: { provider: "code"; id: "code.references"; input: ReferencesInput; params: ReferencesParams; result: ReferencesResult };
  hover: { provider: "code"; id: "code.hover"; input: HoverInput; params: HoverParams; result: HoverResult };
  symbols: { provider: "code"; id: "code.symbols"; input: SymbolsInput; params: SymbolsParams; result: SymbolsResult };
  rename: { provider: "code"; id: "code.rename"; input: RenameInput; params: RenameParams; result: RenameResult };
};

export type OperationName = keyof Operations;

export type ProviderName = "filesystem" | "search" | "exec" | "web" | "task" | "agent" | "user" | "code";

/** Handler bodies of the filesystem provider. */
export interface FilesystemHandlers {
  read_file: Handler<ReadFileParams, ReadFileResult>;
  write_file: Handler<WriteFileParams, WriteFileResult>;
  edit_file: Handler<EditFileParams, EditFileResult>;
  multi_edit: Handler<MultiEditParams, MultiEditResult>;
  apply_patch: Handler<ApplyPatchParams, ApplyPatchResult>;
  list_directory: Handler<ListDirectoryParams, ListDirectoryResult>;
  checkpoint_list: Handler<CheckpointListParams, CheckpointListResult>;
  checkpoint_diff: Handler<CheckpointDiffParams, CheckpointDiffResult>;
  checkpoint_restore: Handler<CheckpointRestoreParams, CheckpointRestoreResult>;
}

/** Handler bodies of the search provider. */
export interface SearchHandlers {
  glob: Handler<GlobParams, GlobResult>;
  grep: Handler<GrepParams, GrepResult>;
}

/** Handler bodies of the exec provider. */
export interface ExecHandlers {
  bash: Handler<BashParams, BashResult>;
  bash_output: Handler<BashOutputParams, BashOutputResult>;
  bash_kill: Handler<BashKillParams, BashKillResult>;
  bash_write: Handler<BashWriteParams, BashWriteResult>;
  shell_read: Handler<ShellReadParams, ShellReadResult>;
}

/** Handler bodies of the web provider. */
export interface WebHandlers {
  web_fetch: Handler<WebFetchParams, WebFetchResult>;
  web_search: Handler<WebSearchParams, WebSearchResult>;
}

/** Handler bodies of the task provider. */
export interface TaskHandlers {
  task_create: Handler<TaskCreateParams, TaskCreateResult>;
  task_update: Handler<TaskUpdateParams, TaskUpdateResult>;
  task_list: Handler<TaskListParams, TaskListResult>;
}

/** Handler bodies of the agent provider. */
export interface AgentHandlers {
  spawn_subagent: Handler<SpawnSubagentParams, SpawnSubagentResult>;
}

/** Handler bodies of the user provider. */
export interface UserHandlers {
  ask_user: Handler<AskUserParams, AskUserResult>;
}

/** Handler bodies of the code provider. */
export interface CodeHandlers {
  diagnostics: Handler<DiagnosticsParams, DiagnosticsResult>;
  definition: Handler<DefinitionParams, DefinitionResult>;
  references: Handler<ReferencesParams, ReferencesResult>;
  hover: Handler<HoverParams, HoverResult>;
  symbols: Handler<SymbolsParams, SymbolsResult>;
  rename: Handler<RenameParams, RenameResult>;
}

/** The complete handler map: the `handlers` export of src/handlers/index.ts must satisfy it. */
export interface Handlers {
  filesystem: FilesystemHandlers;
  search: SearchHandlers;
  exec: ExecHandlers;
  web: WebHandlers;
  task: TaskHandlers;
  agent: AgentHandlers;
  user: UserHandlers;
  code: CodeHandlers;
}
