// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { OperationDescriptor, ProviderDescriptor } from "toolwright";
import type { Operations } from "./types.js";
import { schemas } from "./schemas.js";
import { validators } from "./validators.js";

/** git.git_status — data_source / read_only */
const op_git_status: OperationDescriptor = {
  id: "git.git_status",
  provider: "git",
  name: "git_status",
  title: "Git status",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  aliases: ["status"],
  description: "Show the working tree status of the git repository that contains `path` (default: the\nworkspace root): the current branch and every changed, staged or untracked file.",
  params: schemas["git.git_status"].params,
  roles: {"path":"path"},
  result: schemas["git.git_status"].result,
  resultRoles: {"entries":{"items":{"properties":{"path":"path"}}}},
  errors: ["NOT_A_REPOSITORY", "OUTSIDE_WORKSPACE", "NOT_FOUND", "UNAVAILABLE", "GIT_FAILED"],
  validateParams: validators["git.git_status"]!.params,
  validateResult: validators["git.git_status"]!.result,
  loadValidators: validators["git.git_status"]!.load,
};
/** git.git_log — data_source / read_only */
const op_git_log: OperationDescriptor = {
  id: "git.git_log",
  provider: "git",
  name: "git_log",
  title: "Git log",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  aliases: ["log", "history"],
  description: "List the most recent commits of the current branch (newest first): hash, author, email,\ndate (ISO 8601) and subject. A repository without commits has an empty log.",
  params: schemas["git.git_log"].params,
  roles: {"path":"path"},
  result: schemas["git.git_log"].result,
  errors: ["NOT_A_REPOSITORY", "OUTSIDE_WORKSPACE", "NOT_FOUND", "UNAVAILABLE", "GIT_FAILED"],
  validateParams: validators["git.git_log"]!.params,
  validateResult: validators["git.git_log"]!.result,
  loadValidators: validators["git.git_log"]!.load,
};
/** git.git_commit — resource / moderate */
const op_git_commit: OperationDescriptor = {
  id: "git.git_commit",
  provider: "git",
  name: "git_commit",
  title: "Git commit",
  kind: "resource",
  risk: "moderate",
  riskNote: "Records a commit in the repository (history can be rewritten, so not high); runs the repository's commit hooks.",
  idempotent: false,
  openWorld: false,
  aliases: ["commit"],
  description: "Record a commit of the staged changes (or of every change, untracked files included, with\nall: true) in the repository that contains `path`. Without `author`, git's configured\nidentity is used; none configured is NO_IDENTITY.",
  params: schemas["git.git_commit"].params,
  roles: {"path":"path"},
  result: schemas["git.git_commit"].result,
  errors: ["NOT_A_REPOSITORY", "NOTHING_TO_COMMIT", "NO_IDENTITY", "OUTSIDE_WORKSPACE", "NOT_FOUND", "UNAVAILABLE", "GIT_FAILED"],
  validateParams: validators["git.git_commit"]!.params,
  validateResult: validators["git.git_commit"]!.result,
  loadValidators: validators["git.git_commit"]!.load,
};

/** Every provider of the catalog, in catalog order: `defineProviders(providers, handlers)` composes them. */
export const providers: readonly ProviderDescriptor<Operations>[] = [
  {
    name: "git",
    description: "Inspect and commit to git repositories inside the workspace.",
    operations: [op_git_status, op_git_log, op_git_commit],
  },
];

/** Every operation of the catalog, in catalog order. */
export const operations: readonly OperationDescriptor[] = [op_git_status, op_git_log, op_git_commit];

/** The same list under the name the package entry gives the reference registry. */
export { providers as catalogProviders };

/**
 * Each operation's parameter defaults and bounds as the catalog declares them (top-level params): a
 * handler that needs one at run time (to cap, or to say it) reads it here, never as a literal.
 */
export const limits = {
  "git_status": {
    "path": { default: ".", minLength: 1 },
  },
  "git_log": {
    "path": { default: ".", minLength: 1 },
    "limit": { default: 10, minimum: 1, maximum: 100 },
  },
  "git_commit": {
    "message": { minLength: 1 },
    "path": { default: ".", minLength: 1 },
    "all": { default: false },
  },
} as const;
