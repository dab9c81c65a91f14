// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import * as chunk0 from "./validators/git.js";

/** Precompiled params/result validators by operation id. */
export const validators: Record<string, { params: CompiledValidator; result: CompiledValidator }> = {
  "git.git_status": { params: chunk0.git_status_params, result: chunk0.git_status_result },
  "git.git_log": { params: chunk0.git_log_params, result: chunk0.git_log_result },
  "git.git_commit": { params: chunk0.git_commit_params, result: chunk0.git_commit_result },
};
