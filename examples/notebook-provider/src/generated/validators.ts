// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per provider (or part of one), imported on its first call: a process loads only the
// validators of the providers it calls.
const chunk0 = lazyValidators(() => import("./validators/notebook.js"), "notebook");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "notebook.note_read": { params: chunk0.validator("note_read_params"), result: chunk0.validator("note_read_result"), load: chunk0.load },
  "notebook.note_find": { params: chunk0.validator("note_find_params"), result: chunk0.validator("note_find_result"), load: chunk0.load },
  "notebook.note_run": { params: chunk0.validator("note_run_params"), result: chunk0.validator("note_run_result"), load: chunk0.load },
  "notebook.url_check": { params: chunk0.validator("url_check_params"), result: chunk0.validator("url_check_result"), load: chunk0.load },
  "notebook.sign_in": { params: chunk0.validator("sign_in_params"), result: chunk0.validator("sign_in_result"), load: chunk0.load },
  "notebook.note_save": { params: chunk0.validator("note_save_params"), result: chunk0.validator("note_save_result"), load: chunk0.load },
};
