// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per operation, imported on its first call: a process loads only the validators of
// the operations it calls.
const module0 = lazyValidators(() => import("./validators/notebook.note_read.js"), "notebook.note_read");
const module1 = lazyValidators(() => import("./validators/notebook.note_find.js"), "notebook.note_find");
const module2 = lazyValidators(() => import("./validators/notebook.note_run.js"), "notebook.note_run");
const module3 = lazyValidators(() => import("./validators/notebook.url_check.js"), "notebook.url_check");
const module4 = lazyValidators(() => import("./validators/notebook.sign_in.js"), "notebook.sign_in");
const module5 = lazyValidators(() => import("./validators/notebook.note_save.js"), "notebook.note_save");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "notebook.note_read": { params: module0.validator("note_read_params"), result: module0.validator("note_read_result"), load: module0.load },
  "notebook.note_find": { params: module1.validator("note_find_params"), result: module1.validator("note_find_result"), load: module1.load },
  "notebook.note_run": { params: module2.validator("note_run_params"), result: module2.validator("note_run_result"), load: module2.load },
  "notebook.url_check": { params: module3.validator("url_check_params"), result: module3.validator("url_check_result"), load: module3.load },
  "notebook.sign_in": { params: module4.validator("sign_in_params"), result: module4.validator("sign_in_result"), load: module4.load },
  "notebook.note_save": { params: module5.validator("note_save_params"), result: module5.validator("note_save_result"), load: module5.load },
};
