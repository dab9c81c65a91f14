// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import * as chunk0 from "./validators/notebook.js";

/** Precompiled params/result validators by operation id. */
export const validators: Record<string, { params: CompiledValidator; result: CompiledValidator }> = {
  "notebook.note_read": { params: chunk0.note_read_params, result: chunk0.note_read_result },
  "notebook.note_find": { params: chunk0.note_find_params, result: chunk0.note_find_result },
  "notebook.note_run": { params: chunk0.note_run_params, result: chunk0.note_run_result },
  "notebook.url_check": { params: chunk0.url_check_params, result: chunk0.url_check_result },
  "notebook.sign_in": { params: chunk0.sign_in_params, result: chunk0.sign_in_result },
  "notebook.note_save": { params: chunk0.note_save_params, result: chunk0.note_save_result },
};
