// Generated from codegen/catalog.schema.json — do not edit. Run `npm run generate`.

// The words a catalog and the runtime share. catalog.schema.json declares them once; the
// generator reads them there, and the runtime reads this copy.

/** What the operation does: data_source (reads, changes nothing), resource (changes something), interactive (blocks on a human). */
export const KINDS = ["data_source", "resource", "interactive"] as const;
export type Kind = (typeof KINDS)[number];

/** How much harm the operation can do, from least to most (policy rules compare risks in this order); a data_source is always read_only. */
export const RISKS = ["read_only", "low", "moderate", "high", "critical"] as const;
export type Risk = (typeof RISKS)[number];

/** A service an operation cannot work without: kernel (a sub-agent runner), search (a web search backend), user (a way to reach a human), language_server (a language server for the file's language), checkpoints (checkpoints turned on). */
export const REQUIREMENTS = ["kernel", "search", "user", "language_server", "checkpoints"] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

/** What the parameter is, for the runtime: path (a workspace path, confined before the handler runs; path rules apply), glob (a pattern under a path, kept inside the workspace), command (a shell line: command rules and the shell analyzer apply, shown whole in approvals), url (an http(s) URL: host rules and the address guard apply), secret (never shown in approvals, errors or logs), content (bulk text, summarised in approvals), patch (a patch in the apply_patch envelope: every file it names, each section's path and its Move to, is a workspace path, confined before the handler runs and decided by path rules; shown whole in approvals). path, glob, command, url and patch go on top-level parameters only; secret and content may also sit inside objects and arrays. Roles are not part of the schema models see. */
export const ROLES = ["path", "glob", "command", "url", "secret", "content", "patch"] as const;
export type Role = (typeof ROLES)[number];

/** toolwright's common error codes, each with the meaning a model reads: every catalog may use them without declaring them. */
export const COMMON_ERRORS = {
  INVALID_INPUT: "The input does not match the operation's parameters, or asks for something impossible.",
  UNKNOWN_OPERATION: "No such provider or operation in this toolkit.",
  DENIED_BY_POLICY: "The toolkit's policy or capability profile does not allow this call.",
  CANCELLED: "The caller aborted the call, or the user dismissed the question.",
  INTERNAL: "An unexpected failure inside the tool; the message says what happened.",
  TIMEOUT: "The operation ran out of time.",
  UNAVAILABLE: "A service the operation needs is not configured or not installed.",
  NOT_FOUND: "The file, folder or item does not exist.",
  ALREADY_EXISTS: "Something already exists where the operation would create it.",
  PERMISSION_DENIED: "The operating system refused access.",
  OUTSIDE_WORKSPACE: "The path leaves the workspace (.., absolute path elsewhere, symlink out, NUL byte).",
  INVALID_PATTERN: "The regular expression or glob pattern is invalid.",
  BLOCKED_URL: "The URL or the address it resolves to is not allowed.",
  NETWORK_ERROR: "The connection failed (DNS, refused, reset, TLS).",
} as const;

/** A code toolwright provides to every catalog. */
export type CommonErrorCode = keyof typeof COMMON_ERRORS;

/** The common codes every operation may return without listing them in its errors: the runtime produces them (bad input, unknown operation, policy, abort, unexpected failure). */
export const IMPLICIT_ERROR_CODES = ["INVALID_INPUT", "UNKNOWN_OPERATION", "DENIED_BY_POLICY", "CANCELLED", "INTERNAL"] as const satisfies readonly CommonErrorCode[];

/** The codes the runtime answers for each role (before the handler runs, or through ctx.net): the generator adds them to the errors of every operation with a parameter of that role. */
export const ROLE_ERRORS = {
  path: ["OUTSIDE_WORKSPACE"],
  glob: ["INVALID_PATTERN", "OUTSIDE_WORKSPACE"],
  command: [],
  url: ["BLOCKED_URL", "NETWORK_ERROR"],
  secret: [],
  content: [],
  patch: ["OUTSIDE_WORKSPACE"],
} as const satisfies Readonly<Record<Role, readonly CommonErrorCode[]>>;
