// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { OperationDescriptor, ProviderDescriptor } from "toolwright";
import type { Operations } from "./types.js";
import { schemas } from "./schemas.js";
import { validators } from "./validators.js";

/** notebook.note_read — data_source / read_only */
const op_note_read: OperationDescriptor = {
  id: "notebook.note_read",
  provider: "notebook",
  name: "note_read",
  title: "Read a note",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "Read a note (a text file in the workspace) whole.",
  params: schemas["notebook.note_read"].params,
  roles: {"path":"path"},
  result: schemas["notebook.note_read"].result,
  errors: ["NOT_FOUND", "OUTSIDE_WORKSPACE"],
  validateParams: validators["notebook.note_read"]!.params,
  validateResult: validators["notebook.note_read"]!.result,
  loadValidators: validators["notebook.note_read"]!.load,
};
/** notebook.note_find — data_source / read_only */
const op_note_find: OperationDescriptor = {
  id: "notebook.note_find",
  provider: "notebook",
  name: "note_find",
  title: "Find notes",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: false,
  description: "List the files under `folder` (default the workspace root) whose path relative to it matches `pattern` (`*` within a folder, `**` any depth).",
  params: schemas["notebook.note_find"].params,
  roles: {"pattern":"glob","folder":"path"},
  result: schemas["notebook.note_find"].result,
  errors: ["NOT_FOUND", "INVALID_PATTERN", "OUTSIDE_WORKSPACE"],
  validateParams: validators["notebook.note_find"]!.params,
  validateResult: validators["notebook.note_find"]!.result,
  loadValidators: validators["notebook.note_find"]!.load,
};
/** notebook.note_run — resource / high */
const op_note_run: OperationDescriptor = {
  id: "notebook.note_run",
  provider: "notebook",
  name: "note_run",
  title: "Run a script line",
  kind: "resource",
  risk: "high",
  idempotent: false,
  openWorld: true,
  description: "Run one bash line in the workspace and return its exit code and output.",
  params: schemas["notebook.note_run"].params,
  roles: {"line":"command"},
  result: schemas["notebook.note_run"].result,
  errors: [],
  validateParams: validators["notebook.note_run"]!.params,
  validateResult: validators["notebook.note_run"]!.result,
  loadValidators: validators["notebook.note_run"]!.load,
};
/** notebook.url_check — data_source / read_only */
const op_url_check: OperationDescriptor = {
  id: "notebook.url_check",
  provider: "notebook",
  name: "url_check",
  title: "Check a URL",
  kind: "data_source",
  risk: "read_only",
  idempotent: true,
  openWorld: true,
  description: "Fetch a public http(s) URL and return its status and content type.",
  params: schemas["notebook.url_check"].params,
  roles: {"url":"url"},
  result: schemas["notebook.url_check"].result,
  errors: ["BLOCKED_URL", "NETWORK_ERROR"],
  validateParams: validators["notebook.url_check"]!.params,
  validateResult: validators["notebook.url_check"]!.result,
  loadValidators: validators["notebook.url_check"]!.load,
};
/** notebook.sign_in — resource / low */
const op_sign_in: OperationDescriptor = {
  id: "notebook.sign_in",
  provider: "notebook",
  name: "sign_in",
  title: "Sign in",
  kind: "resource",
  risk: "low",
  idempotent: true,
  openWorld: false,
  description: "Sign in with the user name and password stored in the workspace's .credentials file (`user:password`).",
  params: schemas["notebook.sign_in"].params,
  roles: {"password":"secret"},
  result: schemas["notebook.sign_in"].result,
  errors: ["BAD_CREDENTIALS", "NOT_FOUND"],
  validateParams: validators["notebook.sign_in"]!.params,
  validateResult: validators["notebook.sign_in"]!.result,
  loadValidators: validators["notebook.sign_in"]!.load,
};
/** notebook.note_save — resource / moderate */
const op_note_save: OperationDescriptor = {
  id: "notebook.note_save",
  provider: "notebook",
  name: "note_save",
  title: "Save a note",
  kind: "resource",
  risk: "moderate",
  idempotent: true,
  openWorld: false,
  description: "Write a note (creating its folders), replacing what the file held.",
  params: schemas["notebook.note_save"].params,
  roles: {"path":"path","text":"content"},
  result: schemas["notebook.note_save"].result,
  errors: ["OUTSIDE_WORKSPACE"],
  validateParams: validators["notebook.note_save"]!.params,
  validateResult: validators["notebook.note_save"]!.result,
  loadValidators: validators["notebook.note_save"]!.load,
};

/** Every provider of the catalog, in catalog order: `defineProviders(providers, handlers)` composes them. */
export const providers: readonly ProviderDescriptor<Operations>[] = [
  {
    name: "notebook",
    description: "Notes kept as files in the workspace, a shell line to run, a URL to check, a sign-in.",
    operations: [op_note_read, op_note_find, op_note_run, op_url_check, op_sign_in, op_note_save],
  },
];

/** Every operation of the catalog, in catalog order. */
export const operations: readonly OperationDescriptor[] = [op_note_read, op_note_find, op_note_run, op_url_check, op_sign_in, op_note_save];

/** The same list under the name the package entry gives the reference registry. */
export { providers as catalogProviders };

/**
 * Each operation's parameter defaults and bounds as the catalog declares them (top-level params): a
 * handler that needs one at run time (to cap, or to say it) reads it here, never as a literal.
 */
export const limits = {
  "note_read": {
    "path": { minLength: 1 },
  },
  "note_find": {
    "pattern": { minLength: 1 },
    "folder": { default: ".", minLength: 1 },
  },
  "note_run": {
    "line": { minLength: 1 },
  },
  "url_check": {
    "url": { minLength: 1 },
  },
  "sign_in": {
    "user": { minLength: 1 },
    "password": { minLength: 1 },
  },
  "note_save": {
    "path": { minLength: 1 },
  },
} as const;
