// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per provider (or part of one), imported on its first call: a process loads only the
// validators of the providers it calls.
const chunk0 = lazyValidators(() => import("./validators/filesystem.js"), "filesystem");
const chunk1 = lazyValidators(() => import("./validators/search.js"), "search");
const chunk2 = lazyValidators(() => import("./validators/exec.js"), "exec");
const chunk3 = lazyValidators(() => import("./validators/web.js"), "web");
const chunk4 = lazyValidators(() => import("./validators/task.js"), "task");
const chunk5 = lazyValidators(() => import("./validators/agent.js"), "agent");
const chunk6 = lazyValidators(() => import("./validators/user.js"), "user");
const chunk7 = lazyValidators(() => import("./validators/code.js"), "code");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "filesystem.read_file": { params: chunk0.validator("read_file_params"), result: chunk0.validator("read_file_result"), load: chunk0.load },
  "filesystem.write_file": { params: chunk0.validator("write_file_params"), result: chunk0.validator("write_file_result"), load: chunk0.load },
  "filesystem.edit_file": { params: chunk0.validator("edit_file_params"), result: chunk0.validator("edit_file_result"), load: chunk0.load },
  "filesystem.multi_edit": { params: chunk0.validator("multi_edit_params"), result: chunk0.validator("multi_edit_result"), load: chunk0.load },
  "filesystem.apply_patch": { params: chunk0.validator("apply_patch_params"), result: chunk0.validator("apply_patch_result"), load: chunk0.load },
  "filesystem.list_directory": { params: chunk0.validator("list_directory_params"), result: chunk0.validator("list_directory_result"), load: chunk0.load },
  "filesystem.checkpoint_list": { params: chunk0.validator("checkpoint_list_params"), result: chunk0.validator("checkpoint_list_result"), load: chunk0.load },
  "filesystem.checkpoint_diff": { params: chunk0.validator("checkpoint_diff_params"), result: chunk0.validator("checkpoint_diff_result"), load: chunk0.load },
  "filesystem.checkpoint_restore": { params: chunk0.validator("checkpoint_restore_params"), result: chunk0.validator("checkpoint_restore_result"), load: chunk0.load },
  "search.glob": { params: chunk1.validator("glob_params"), result: chunk1.validator("glob_result"), load: chunk1.load },
  "search.grep": { params: chunk1.validator("grep_params"), result: chunk1.validator("grep_result"), load: chunk1.load },
  "exec.bash": { params: chunk2.validator("bash_params"), result: chunk2.validator("bash_result"), load: chunk2.load },
  "exec.bash_output": { params: chunk2.validator("bash_output_params"), result: chunk2.validator("bash_output_result"), load: chunk2.load },
  "exec.bash_kill": { params: chunk2.validator("bash_kill_params"), result: chunk2.validator("bash_kill_result"), load: chunk2.load },
  "exec.bash_write": { params: chunk2.validator("bash_write_params"), result: chunk2.validator("bash_write_result"), load: chunk2.load },
  "exec.shell_read": { params: chunk2.validator("shell_read_params"), result: chunk2.validator("shell_read_result"), load: chunk2.load },
  "web.web_fetch": { params: chunk3.validator("web_fetch_params"), result: chunk3.validator("web_fetch_result"), load: chunk3.load },
  "web.web_search": { params: chunk3.validator("web_search_params"), result: chunk3.validator("web_search_result"), load: chunk3.load },
  "task.task_create": { params: chunk4.validator("task_create_params"), result: chunk4.validator("task_create_result"), load: chunk4.load },
  "task.task_update": { params: chunk4.validator("task_update_params"), result: chunk4.validator("task_update_result"), load: chunk4.load },
  "task.task_list": { params: chunk4.validator("task_list_params"), result: chunk4.validator("task_list_result"), load: chunk4.load },
  "agent.spawn_subagent": { params: chunk5.validator("spawn_subagent_params"), result: chunk5.validator("spawn_subagent_result"), load: chunk5.load },
  "user.ask_user": { params: chunk6.validator("ask_user_params"), result: chunk6.validator("ask_user_result"), load: chunk6.load },
  "code.diagnostics": { params: chunk7.validator("diagnostics_params"), result: chunk7.validator("diagnostics_result"), load: chunk7.load },
  "code.definition": { params: chunk7.validator("definition_params"), result: chunk7.validator("definition_result"), load: chunk7.load },
  "code.references": { params: chunk7.validator("references_params"), result: chunk7.validator("references_result"), load: chunk7.load },
  "code.hover": { params: chunk7.validator("hover_params"), result: chunk7.validator("hover_result"), load: chunk7.load },
  "code.symbols": { params: chunk7.validator("symbols_params"), result: chunk7.validator("symbols_result"), load: chunk7.load },
  "code.rename": { params: chunk7.validator("rename_params"), result: chunk7.validator("rename_result"), load: chunk7.load },
};
