// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { OperationDescriptor, ProviderDescriptor } from "toolwright";
import type { Operations } from "./types.js";
import { schemas } from "./schemas.js";
import { validators } from "./validators.js";

/** filesystem.read_file — data_source / read_only */
const op_read_file: OperationDescriptor = {
  id: "filesystem.read_file",
  provider: "filesystem",
  name: "read_file",
  title: "Read file",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "Read a file from the workspace. Text files return a window of lines (default the first\n2000), numbered like `cat -n` unless line_numbers is false; use offset/limit to page, and a\nnegative offset to read from the end (offset -50 = the last 50 lines). Lines over 2000\ncharacters are cut with a marker and the window is capped at about 100 KiB. The line count\nof a large file (over 8 MiB) is not counted unless needed: then total_lines is absent,\ntotal_lines_known is false, and count_lines: true counts it; tail windows of such a file are\nnumbered from the end (-1 = last line). UTF-8, UTF-16 (BOM) and legacy encodings\n(Windows-125x, ISO-8859-x, KOI8, Shift_JIS, EUC-JP, GBK/GB18030, Big5, EUC-KR) are decoded and\nthe encoding is named. Images (png, jpeg, gif, webp) come back as image data scaled to at most\n1568 px on the long edge; PDFs as text per page (pages: \"1-5\"); Jupyter notebooks as numbered\ncells with their text outputs. Other binary files and directories are refused. Read a file\nbefore editing it: edits are refused if the file changed on disk since this session read it.",
  params: schemas["filesystem.read_file"].params,
  roles: {"path":"path"},
  result: schemas["filesystem.read_file"].result,
  errors: ["NOT_FOUND", "IS_DIRECTORY", "NOT_DIRECTORY", "BINARY_FILE", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "TOO_LARGE", "UNSUPPORTED_CONTENT", "TIMEOUT", "STALE_FILE"],
  validateParams: validators["filesystem.read_file"]!.params,
  validateResult: validators["filesystem.read_file"]!.result,
};
/** filesystem.write_file — resource / moderate */
const op_write_file: OperationDescriptor = {
  id: "filesystem.write_file",
  provider: "filesystem",
  name: "write_file",
  title: "Write file",
  kind: "resource",
  risk: "moderate",
  idempotent: true,
  openWorld: false,
  description: "Create a file or replace its whole content. Parent folders are created. The write is\natomic (a temporary file in the same folder, then rename), so readers never see a torn\nfile, and an existing file keeps its mode, owner, set-id bits and text encoding (a\nShift_JIS or UTF-16 file stays one; content it cannot hold is INVALID_INPUT); a file this process may\nnot write is refused with PERMISSION_DENIED. A path ending in \"/\" is refused. Prefer\nedit_file (or multi_edit) for changing part of an existing file. Refused with STALE_FILE\nif this session read the file and it changed on disk since.",
  params: schemas["filesystem.write_file"].params,
  roles: {"path":"path","content":"content"},
  result: schemas["filesystem.write_file"].result,
  errors: ["NOT_FOUND", "IS_DIRECTORY", "NOT_DIRECTORY", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "STALE_FILE", "TOO_LARGE", "TIMEOUT", "ALREADY_EXISTS"],
  validateParams: validators["filesystem.write_file"]!.params,
  validateResult: validators["filesystem.write_file"]!.result,
};
/** filesystem.edit_file — resource / moderate */
const op_edit_file: OperationDescriptor = {
  id: "filesystem.edit_file",
  provider: "filesystem",
  name: "edit_file",
  title: "Edit file",
  kind: "resource",
  risk: "moderate",
  idempotent: false,
  openWorld: false,
  description: "Replace an exact string in a file with another. old_str must match the file exactly,\nincluding indentation (line endings are matched whatever the file uses); it must occur\nonce, or set replace_all to replace every occurrence. When it is not found, the error's\ndetails.candidates lists the closest regions (line, text, difference: whitespace,\nindentation, line_endings, quotes, escapes, stale or other) with an old_str that matches\neach exactly; send that back (when several are equally close, details.ambiguous is true\nand none is the fix: add surrounding lines). match: loose tolerates whitespace,\nindentation, line endings and quotes for one region. Include enough surrounding lines to\nmake it unique. Do not include line-number prefixes from read_file. The file's line\nendings, BOM and final newline are preserved. An empty old_str creates a new file with\nnew_str. Returns the number of replacements and a unified diff; with dry_run the diff is\nreturned and nothing is written. For several changes to one file use multi_edit.",
  params: schemas["filesystem.edit_file"].params,
  roles: {"path":"path","old_str":"content","new_str":"content"},
  result: schemas["filesystem.edit_file"].result,
  errors: ["NOT_FOUND", "IS_DIRECTORY", "NOT_DIRECTORY", "BINARY_FILE", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "NO_MATCH", "AMBIGUOUS_MATCH", "ALREADY_EXISTS", "STALE_FILE", "TOO_LARGE", "TIMEOUT"],
  validateParams: validators["filesystem.edit_file"]!.params,
  validateResult: validators["filesystem.edit_file"]!.result,
};
/** filesystem.multi_edit — resource / moderate */
const op_multi_edit: OperationDescriptor = {
  id: "filesystem.multi_edit",
  provider: "filesystem",
  name: "multi_edit",
  title: "Edit file in several places",
  kind: "resource",
  risk: "moderate",
  idempotent: false,
  openWorld: false,
  description: "Make several exact replacements in one file in one call. The edits apply in order, each\nto the result of the one before, and all or nothing: if any edit fails (its old_str is\nnot found, or occurs more than once without replace_all), nothing is written and the\nerror names the edit by its index (edits[i]). Each edit follows edit_file's rules: exact\nmatch including indentation, line endings matched whatever the file uses, the file's\nCRLF/LF, BOM and final newline kept. Returns the total number of replacements and one\nunified diff; with dry_run nothing is written. An edit not found gets details.candidates\nas in edit_file (with edit_index), and match: loose applies to every edit.",
  params: schemas["filesystem.multi_edit"].params,
  roles: {"path":"path","edits":{"items":{"properties":{"old_str":"content","new_str":"content"}}}},
  result: schemas["filesystem.multi_edit"].result,
  errors: ["NOT_FOUND", "IS_DIRECTORY", "NOT_DIRECTORY", "BINARY_FILE", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "NO_MATCH", "AMBIGUOUS_MATCH", "STALE_FILE", "TOO_LARGE", "TIMEOUT", "ALREADY_EXISTS"],
  validateParams: validators["filesystem.multi_edit"]!.params,
  validateResult: validators["filesystem.multi_edit"]!.result,
};
/** filesystem.list_directory — data_source / read_only */
const op_list_directory: OperationDescriptor = {
  id: "filesystem.list_directory",
  provider: "filesystem",
  name: "list_directory",
  title: "List directory",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "List a folder's entries with their type (file, dir, symlink, other) and size in bytes,\nfolders first, then by name. depth 1 (the default) lists the folder itself; a larger\ndepth also lists sub-folders (breadth first, so the upper levels are complete when the\ncap cuts). Files and folders ignored by .gitignore (at any level) and .git/ are hidden\nunless include_ignored is true. Symlinks are shown with their target, never followed.\nAt most `limit` entries (default 1000) are returned; when more exist, `next` holds the\narguments that list the following ones (offset). To find files by name across the tree, use glob.",
  params: schemas["filesystem.list_directory"].params,
  roles: {"path":"path"},
  result: schemas["filesystem.list_directory"].result,
  errors: ["NOT_FOUND", "NOT_DIRECTORY", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED"],
  validateParams: validators["filesystem.list_directory"]!.params,
  validateResult: validators["filesystem.list_directory"]!.result,
};
/** search.glob — data_source / read_only */
const op_glob: OperationDescriptor = {
  id: "search.glob",
  provider: "search",
  name: "glob",
  title: "Find files by name pattern",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "Find files whose path matches a glob pattern, newest first (by modification time). Use it\nto locate files by name (\"**/*.test.ts\", \"src/**/config.{json,yaml}\"); use grep to search\ninside files. The pattern is relative to `path` (default: the workspace root); `*` stays\nwithin one folder, so \"*.ts\" matches only files directly in `path` and \"**/*.ts\" matches at\nany depth. Hidden files are included; files ignored by .gitignore (at any level) and the\n.git folder are skipped unless include_ignored is true; symlinked folders are not followed.\nOnly files are listed (not folders). A literal file name containing [ ] ( ) also matches.\nBraces expand to at most 1024 alternatives (\"{a,b}\", nested, \"{1..9}\"); \"..\" may appear\nonly in the literal folders at the start of a pattern, and every alternative must stay in\nthe workspace. Returns workspace-relative paths, at most `limit` (truncated is true when\nmore exist, and `next` holds the arguments that return the following ones).",
  params: schemas["search.glob"].params,
  roles: {"pattern":"glob","path":"path"},
  result: schemas["search.glob"].result,
  errors: ["INVALID_PATTERN", "NOT_FOUND", "NOT_DIRECTORY", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED"],
  validateParams: validators["search.glob"]!.params,
  validateResult: validators["search.glob"]!.result,
};
/** search.grep — data_source / read_only */
const op_grep: OperationDescriptor = {
  id: "search.grep",
  provider: "search",
  name: "grep",
  title: "Search file contents",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  longRunning: true,
  description: "Search the contents of files with a regular expression (ripgrep syntax, like Rust regex:\nescape literal braces and dots, e.g. \"interface\\s+\\w+\", \"log\\.error\\(\"), or a plain\nstring with fixed_strings. Searches `path` (a folder or one file; default the workspace\nroot), skipping files ignored by .gitignore, the .git folder and binary files unless\ninclude_ignored is true. Narrow with `glob` (e.g. \"*.ts\", \"src/**/*.{js,jsx}\"; a pattern\nwithout / matches the file name at any depth). output_mode \"content\" (default) returns\nmatching lines with line numbers (plus `context` lines before/after), \"files_with_matches\"\nonly the file paths, \"count\" the number of matching lines per file. Stops after\nmax_results matches (or files), or once the results reach about 960 KiB, and sets\ntruncated. Lines over 2000 characters are cut (past 8192 bytes only the start of a line is\nseen). `path` must be a regular file or a folder (FIFOs, sockets and devices are refused).\nUse multiline for patterns that span lines. A cut answer has `next`: the same arguments with\n`offset` moved on, which continue it in path order.",
  params: schemas["search.grep"].params,
  roles: {"path":"path","glob":"glob"},
  result: schemas["search.grep"].result,
  errors: ["INVALID_PATTERN", "NOT_FOUND", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "TIMEOUT", "UNAVAILABLE"],
  validateParams: validators["search.grep"]!.params,
  validateResult: validators["search.grep"]!.result,
};
/** exec.bash — resource / high */
const op_bash: OperationDescriptor = {
  id: "exec.bash",
  provider: "exec",
  name: "bash",
  title: "Run a shell command",
  kind: "resource",
  risk: "high",
  riskNote: "Runs any command with the host user's rights unless the toolkit sets exec.sandbox (bubblewrap: read-only filesystem except the workspace, no network, hidden home secrets, every process killed with the call). Variables whose names look secret (*KEY*, *TOKEN*, *SECRET*, *PASSWORD*, *CREDENTIAL*, TOOLWRIGHT_*) are withheld by default. Classified high for every command: the command string is not inspected.",
  idempotent: false,
  openWorld: true,
  longRunning: true,
  description: "Run a command with `bash -c` and return its exit code, stdout and stderr. Use it for builds,\ntests, git, package managers and other programs; prefer read_file, edit_file, glob and grep\nfor reading, changing and searching files. The command runs in the workspace root, or in\n`cwd` (a folder inside the workspace), with stdin closed and no terminal (PAGER=cat,\nTERM=dumb): interactive prompts get end-of-file, so pass flags such as `--yes` or\n`--no-edit` (or use `pty: true`, below). Each call is a fresh shell: `cd` and exported variables do not carry over.\nAfter `timeout_ms` (default 120000, at most 600000) the command and every process it\nstarted are killed, and the result has timed_out: true with the output so far. The call\nreturns as soon as the command exits; a process left running in the background (`cmd &`)\nkeeps running, but its later output is not captured: send it to a file instead. Each stream\nis capped at about 30,000 characters, keeping the beginning and the end with\n`[… N bytes omitted …]` between; binary output is replaced by a notice. A non-zero exit\ncode is a normal result (127: command not found), not an error. For servers, watchers and\nlong builds pass `run_in_background: true`: the call returns at once with a `job_id`; read\nthe output with bash_output and stop it with bash_kill (a background job has no timeout\nunless `timeout_ms` is given). Environment variables that hold credentials (API keys,\ntokens, passwords; judged by name and by value) are not passed. Commands may run in a sandbox (read-only filesystem but\nthe workspace, empty home folder, no network): then writes elsewhere fail with \"Read-only file\nsystem\" and nothing started survives the call. For a program that asks questions, pass\n`pty: true`: it runs in a terminal (120 columns, 30 rows), and when it waits for input with\nno new output for about 2 seconds the call returns early with `waiting_for_input: true`, the\noutput so far (the prompt) and a `job_id`: answer with bash_write, read on with bash_output.\nA terminal's output is its raw bytes: one stream (stderr is empty), `\\r\\n` line ends, the\ntyped input echoed, colour codes kept.",
  params: schemas["exec.bash"].params,
  roles: {"command":"command","cwd":"path"},
  result: schemas["exec.bash"].result,
  errors: ["NOT_FOUND", "NOT_DIRECTORY", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "UNAVAILABLE", "TOO_LARGE", "LIMIT_REACHED"],
  validateParams: validators["exec.bash"]!.params,
  validateResult: validators["exec.bash"]!.result,
};
/** exec.bash_output — data_source / read_only */
const op_bash_output: OperationDescriptor = {
  id: "exec.bash_output",
  provider: "exec",
  name: "bash_output",
  title: "Read a background job's output",
  kind: "data_source",
  risk: "read_only",
  riskNote: "Reads what a job of this session printed; it starts and changes nothing.",
  idempotent: false,
  openWorld: false,
  description: "Return the output a background job (bash with run_in_background: true) produced since the\nlast bash_output on it, with its status (running, exited, killed, timed_out, failed) and exit code.\nstdout and stderr come interleaved, as a terminal shows them. New output over the cap comes a\npage at a time (ending on a line break) with `next`, the arguments that read the following\npage (`offset`, a byte position in the job's output); with a store that shares jobs between\nreplicas it is cut to its beginning and end with `[… N bytes omitted …]` instead, and offset\nis refused. A job's total output is kept on disk up to 8 MiB (first 1 MiB and last 7 MiB), and\na page in the middle no longer kept says so. With `wait_ms` the call waits (at most 60000 ms) until the\njob prints something new or ends, so polling a build needs no sleep. Without `job_id` it lists\nthis session's jobs. Jobs of other sessions are not visible; with a store, the jobs of the\nsame scope and principal are, whichever replica runs them.",
  params: schemas["exec.bash_output"].params,
  result: schemas["exec.bash_output"].result,
  errors: ["NOT_FOUND", "UNAVAILABLE"],
  validateParams: validators["exec.bash_output"]!.params,
  validateResult: validators["exec.bash_output"]!.result,
};
/** exec.bash_kill — resource / low */
const op_bash_kill: OperationDescriptor = {
  id: "exec.bash_kill",
  provider: "exec",
  name: "bash_kill",
  title: "Stop a background job",
  kind: "resource",
  risk: "low",
  riskNote: "Ends only a job this session started (its whole process tree); it cannot reach other processes.",
  idempotent: true,
  openWorld: false,
  description: "Stop a background job started by bash with run_in_background: true: SIGTERM to every process\nit started, SIGKILL after a second to whatever is left. Its output so far stays readable with\nbash_output. Killing a job that has already ended changes nothing (killed: false).",
  params: schemas["exec.bash_kill"].params,
  result: schemas["exec.bash_kill"].result,
  errors: ["NOT_FOUND", "UNAVAILABLE"],
  validateParams: validators["exec.bash_kill"]!.params,
  validateResult: validators["exec.bash_kill"]!.result,
};
/** exec.bash_write — resource / high */
const op_bash_write: OperationDescriptor = {
  id: "exec.bash_write",
  provider: "exec",
  name: "bash_write",
  title: "Type input into a background job",
  kind: "resource",
  risk: "high",
  riskNote: "Sends any text to a running command of this session, which reads it as it likes: a shell or an interpreter runs it as code, a prompt takes it as an answer. The policy decided the command when it started; the input is not inspected, so the call is classified high like bash.",
  idempotent: false,
  openWorld: true,
  description: "Write `input` to the standard input of one of this session's background jobs: one started with\nrun_in_background: true, or a bash call that returned waiting_for_input: true. End a line with\n`\\n` as if Enter was pressed. In a terminal (pty: true) the input is typed: it is echoed,\n`\\u0003` is Ctrl-C, and `eof: true` sends Ctrl-D (end of input at the start of a line);\nwithout a terminal `eof: true` closes the job's stdin. The call returns once the input is\nwritten; read the answer with bash_output (with wait_ms). A job that has ended, or whose input\nwas closed, refuses with INPUT_CLOSED.",
  params: schemas["exec.bash_write"].params,
  result: schemas["exec.bash_write"].result,
  errors: ["NOT_FOUND", "INPUT_CLOSED"],
  validateParams: validators["exec.bash_write"]!.params,
  validateResult: validators["exec.bash_write"]!.result,
};
/** exec.shell_read — data_source / read_only */
const op_shell_read: OperationDescriptor = {
  id: "exec.shell_read",
  provider: "exec",
  name: "shell_read",
  title: "Inspect with read-only shell commands",
  kind: "data_source",
  risk: "read_only",
  riskNote: "Read-only because the command line is parsed before anything runs and refused unless every simple command is an allowlisted inspection program (ls, cat, head, tail, wc, grep, rg, find, sort, sed, awk, git's read subcommands, …) without its write or exec options, joined only by pipes and lists, with no substitution, assignment or redirection but to /dev/null. Each program's words are read with a model of its own option grammar; an option it does not know is refused. Where a sandbox is available it also runs read-only and offline inside one; where none is, only lines whose files lie inside the workspace are accepted.",
  idempotent: true,
  openWorld: false,
  description: "Run a read-only inspection command line, e.g. `git log --oneline -n 20`, `ls -la src`,\n`rg -n TODO src | wc -l`, `find . -name '*.ts' | head`. Allowed: ls, cat, head, tail, wc,\ngrep, rg, find, sort, uniq, cut, tr, sed (no -i, no w/e), awk (no system, pipes, getline or\nprint >), diff, stat, du, file, tree, date, echo, printf, jq, and git status/log/show/diff/\nblame/ls-files/rev-parse/branch --list/… — joined by `|`, `&&`, `||` and `;`. Refused before\nanything runs (INVALID_INPUT naming the command): other programs, options that write files\nor run programs (find -exec/-delete, sort -o, git -c, --output, --ext-diff, rg --pre, …),\n`$(…)`, backticks, variables in commands, assignments, redirection to files, `&`. Use bash\nfor anything else. Options are read as each program reads them (clusters, glued values,\nabbreviations); an option shell_read does not know is refused, so spell options out plainly.\nWrite globs that start with a wildcard as `./*.ts`. Without a sandbox, files outside the\nworkspace are refused. Same result, timeout and output cap as bash.",
  params: schemas["exec.shell_read"].params,
  roles: {"command":"command","cwd":"path"},
  result: schemas["exec.shell_read"].result,
  errors: ["NOT_FOUND", "NOT_DIRECTORY", "OUTSIDE_WORKSPACE", "PERMISSION_DENIED", "UNAVAILABLE"],
  validateParams: validators["exec.shell_read"]!.params,
  validateResult: validators["exec.shell_read"]!.result,
};
/** web.web_fetch — data_source / read_only */
const op_web_fetch: OperationDescriptor = {
  id: "web.web_fetch",
  provider: "web",
  name: "web_fetch",
  title: "Fetch a web page",
  kind: "data_source",
  risk: "read_only",
  riskNote: "Read-only because it is GET-only (no method, body or headers can be chosen) and refuses private, loopback and cloud-metadata addresses, so it cannot change state on the servers it reaches.",
  idempotent: true,
  openWorld: true,
  longRunning: true,
  description: "Fetch one http(s) URL with a GET request and return its content as text. HTML is converted\nto Markdown (scripts, styles and navigation dropped; links made absolute), or to plain text\nwith format \"text\"; format \"raw\" returns the body as received. JSON and other text types are\nreturned as they are; images, PDFs and other binary content are refused. The body is capped\nat max_bytes (after decompression): a longer body is cut (before a tag, or after a line),\ntruncated is true and `next` holds the arguments that read on from there (start_index). Redirects are\nfollowed (at most 5). Only public addresses are reachable: localhost, private networks,\nlink-local/cloud-metadata and similar addresses are refused (BLOCKED_URL). A status of 400 or\nmore is an HTTP_ERROR carrying the status and a short excerpt of the error page.",
  params: schemas["web.web_fetch"].params,
  roles: {"url":"url"},
  result: schemas["web.web_fetch"].result,
  errors: ["BLOCKED_URL", "HTTP_ERROR", "NETWORK_ERROR", "TIMEOUT", "UNSUPPORTED_CONTENT"],
  validateParams: validators["web.web_fetch"]!.params,
  validateResult: validators["web.web_fetch"]!.result,
};
/** web.web_search — data_source / read_only */
const op_web_search: OperationDescriptor = {
  id: "web.web_search",
  provider: "web",
  name: "web_search",
  title: "Search the web",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: true,
  requires: ["search"],
  description: "Search the web and return a list of results (title, URL, snippet) from the configured search\nbackend (SearXNG or Brave). Use it to find pages, then web_fetch a result to read it.\nallowed_domains keeps only results from those domains (and their subdomains);\nblocked_domains drops them. Without a configured backend the call fails with UNAVAILABLE\nand says how to configure one.",
  params: schemas["web.web_search"].params,
  result: schemas["web.web_search"].result,
  errors: ["UNAVAILABLE", "HTTP_ERROR", "NETWORK_ERROR", "TIMEOUT"],
  validateParams: validators["web.web_search"]!.params,
  validateResult: validators["web.web_search"]!.result,
};
/** task.task_create — resource / low */
const op_task_create: OperationDescriptor = {
  id: "task.task_create",
  provider: "task",
  name: "task_create",
  title: "Create task",
  kind: "resource",
  risk: "low",
  riskNote: "Only writes the toolkit's own task list, never workspace files or the outside world.",
  idempotent: false,
  openWorld: false,
  description: "Add a task to the task list. Use it to plan work with three or more distinct steps, or when\nthe user gives a list of things to do; skip it for a single trivial step. Give a short\nimperative title (\"Run the test suite\"); put details in description. New tasks are\n`pending` unless a status is given. Returns the task with its short id (t1, t2, …) — pass\nthat id to task_update to mark progress.",
  params: schemas["task.task_create"].params,
  roles: {"description":"content"},
  result: schemas["task.task_create"].result,
  errors: ["TIMEOUT", "UNAVAILABLE", "ALREADY_EXISTS"],
  validateParams: validators["task.task_create"]!.params,
  validateResult: validators["task.task_create"]!.result,
};
/** task.task_update — resource / low */
const op_task_update: OperationDescriptor = {
  id: "task.task_update",
  provider: "task",
  name: "task_update",
  title: "Update task",
  kind: "resource",
  risk: "low",
  riskNote: "Only writes the toolkit's own task list, never workspace files or the outside world.",
  idempotent: true,
  openWorld: false,
  description: "Change a task's status, title or description. Mark a task `in_progress` when you start it\n(ideally one at a time) and `completed` as soon as it is done — not in batches later; use\n`cancelled` for tasks that became unnecessary. Only the fields given change. Fails with\nNOT_FOUND for an unknown id (task_list shows the ids) and INVALID_INPUT when nothing\nwould change.",
  params: schemas["task.task_update"].params,
  roles: {"description":"content"},
  result: schemas["task.task_update"].result,
  errors: ["NOT_FOUND", "TIMEOUT", "UNAVAILABLE", "ALREADY_EXISTS"],
  validateParams: validators["task.task_update"]!.params,
  validateResult: validators["task.task_update"]!.result,
};
/** task.task_list — data_source / read_only */
const op_task_list: OperationDescriptor = {
  id: "task.task_list",
  provider: "task",
  name: "task_list",
  title: "List tasks",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "List the tasks in creation order with their ids and statuses, optionally only those with\none status. Use it to see what remains before choosing the next step, and before finishing\nto check nothing is left pending or in progress.",
  params: schemas["task.task_list"].params,
  result: schemas["task.task_list"].result,
  errors: ["UNAVAILABLE"],
  validateParams: validators["task.task_list"]!.params,
  validateResult: validators["task.task_list"]!.result,
};
/** agent.spawn_subagent — resource / critical */
const op_spawn_subagent: OperationDescriptor = {
  id: "agent.spawn_subagent",
  provider: "agent",
  name: "spawn_subagent",
  title: "Spawn sub-agent",
  kind: "resource",
  risk: "critical",
  riskNote: "The sub-agent acts on its own with every capability it is given, up to this agent's own.",
  idempotent: false,
  openWorld: true,
  longRunning: true,
  requires: ["kernel"],
  description: "Start a sub-agent on a self-contained task (research across many files, an independent\nchange) and wait for its final report. It does not see this conversation: the prompt must\nsay everything it needs — the goal, relevant paths and what to report back. The returned\noutput is the sub-agent's report, not shown to the user; summarize it. Limit its tools\nwith capabilities (e.g. [\"filesystem.read_file\", \"search.*\"]); they must lie within this\nagent's own, and default to them. Sub-agents can nest only a few levels deep.",
  params: schemas["agent.spawn_subagent"].params,
  roles: {"prompt":"content"},
  result: schemas["agent.spawn_subagent"].result,
  errors: ["UNAVAILABLE"],
  validateParams: validators["agent.spawn_subagent"]!.params,
  validateResult: validators["agent.spawn_subagent"]!.result,
};
/** user.ask_user — interactive / read_only */
const op_ask_user: OperationDescriptor = {
  id: "user.ask_user",
  provider: "user",
  name: "ask_user",
  title: "Ask the user",
  kind: "interactive",
  risk: "read_only",
  riskNote: "Only blocks on a human; the answer changes nothing by itself.",
  idempotent: false,
  openWorld: false,
  requires: ["user"],
  description: "Ask the user a question and wait for the answer. Use it when a decision is genuinely theirs\n(requirements, preferences, a choice between approaches) or something is ambiguous and a\nwrong guess would be costly — not for things you can find out with other tools. Offer 2-10\noptions with short labels (plus a description when it helps); the user may still answer in\ntheir own words. Set multi_select when several options may be chosen. Returns the answer\ntext and the labels selected. Fails with CANCELLED when the user dismisses the question,\nTIMEOUT when nobody answers in time, UNAVAILABLE when no user can be asked.",
  params: schemas["user.ask_user"].params,
  result: schemas["user.ask_user"].result,
  errors: ["UNAVAILABLE", "TIMEOUT"],
  validateParams: validators["user.ask_user"]!.params,
  validateResult: validators["user.ask_user"]!.result,
};

/** Every provider of the catalog, in catalog order: `defineProviders(providers, handlers)` composes them. */
export const providers: readonly ProviderDescriptor<Operations>[] = [
  {
    name: "filesystem",
    description: "Read, create and edit text files inside the workspace.",
    operations: [op_read_file, op_write_file, op_edit_file, op_multi_edit, op_list_directory],
  },
  {
    name: "search",
    description: "Find files by name (glob) and search file contents (grep, powered by ripgrep) inside the workspace.",
    operations: [op_glob, op_grep],
  },
  {
    name: "exec",
    description: "Run shell commands in the workspace.",
    operations: [op_bash, op_bash_output, op_bash_kill, op_bash_write, op_shell_read],
  },
  {
    name: "web",
    description: "Fetch web pages (GET only, public addresses only) and search the web through a configured backend.",
    operations: [op_web_fetch, op_web_search],
  },
  {
    name: "task",
    description: "A task list the agent keeps to plan and track multi-step work (shared with the user's view of progress).",
    operations: [op_task_create, op_task_update, op_task_list],
  },
  {
    name: "agent",
    description: "Delegate a self-contained piece of work to a sub-agent with its own context and a scoped set of tools.",
    operations: [op_spawn_subagent],
  },
  {
    name: "user",
    description: "Ask the human user a question and wait for the answer.",
    operations: [op_ask_user],
  },
];

/** Every operation of the catalog, in catalog order. */
export const operations: readonly OperationDescriptor[] = [op_read_file, op_write_file, op_edit_file, op_multi_edit, op_list_directory, op_glob, op_grep, op_bash, op_bash_output, op_bash_kill, op_bash_write, op_shell_read, op_web_fetch, op_web_search, op_task_create, op_task_update, op_task_list, op_spawn_subagent, op_ask_user];

/** The same list under the name the package entry gives the reference registry. */
export { providers as catalogProviders };
