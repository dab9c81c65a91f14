// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per operation, imported on its first call: a process loads only the validators of
// the operations it calls.
const module0 = lazyValidators(() => import("./validators/git.git_status.js"), "git.git_status");
const module1 = lazyValidators(() => import("./validators/git.git_log.js"), "git.git_log");
const module2 = lazyValidators(() => import("./validators/git.git_commit.js"), "git.git_commit");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "git.git_status": { params: module0.validator("git_status_params"), result: module0.validator("git_status_result"), load: module0.load },
  "git.git_log": { params: module1.validator("git_log_params"), result: module1.validator("git_log_result"), load: module1.load },
  "git.git_commit": { params: module2.validator("git_commit_params"), result: module2.validator("git_commit_result"), load: module2.load },
};
