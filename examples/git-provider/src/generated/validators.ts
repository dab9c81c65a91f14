// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per provider (or part of one), imported on its first call: a process loads only the
// validators of the providers it calls.
const chunk0 = lazyValidators(() => import("./validators/git.js"), "git");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "git.git_status": { params: chunk0.validator("git_status_params"), result: chunk0.validator("git_status_result"), load: chunk0.load },
  "git.git_log": { params: chunk0.validator("git_log_params"), result: chunk0.validator("git_log_result"), load: chunk0.load },
  "git.git_commit": { params: chunk0.validator("git_commit_params"), result: chunk0.validator("git_commit_result"), load: chunk0.load },
};
