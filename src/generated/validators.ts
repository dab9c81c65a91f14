// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import { lazyValidators } from 'toolwright/validator-runtime';

// One module per operation, imported on its first call: a process loads only the validators of
// the operations it calls.
const module0 = lazyValidators(() => import("./validators/filesystem.read_file.js"), "filesystem.read_file");
const module1 = lazyValidators(() => import("./validators/filesystem.write_file.js"), "filesystem.write_file");
const module2 = lazyValidators(() => import("./validators/filesystem.edit_file.js"), "filesystem.edit_file");
const module3 = lazyValidators(() => import("./validators/filesystem.multi_edit.js"), "filesystem.multi_edit");
const module4 = lazyValidators(() => import("./validators/filesystem.apply_patch.js"), "filesystem.apply_patch");
const module5 = lazyValidators(() => import("./validators/filesystem.list_directory.js"), "filesystem.list_directory");
const module6 = lazyValidators(() => import("./validators/filesystem.checkpoint_list.js"), "filesystem.checkpoint_list");
const module7 = lazyValidators(() => import("./validators/filesystem.checkpoint_diff.js"), "filesystem.checkpoint_diff");
const module8 = lazyValidators(() => import("./validators/filesystem.checkpoint_restore.js"), "filesystem.checkpoint_restore");
const module9 = lazyValidators(() => import("./validators/search.glob.js"), "search.glob");
const module10 = lazyValidators(() => import("./validators/search.grep.js"), "search.grep");
const module11 = lazyValidators(() => import("./validators/exec.bash.js"), "exec.bash");
const module12 = lazyValidators(() => import("./validators/exec.bash_output.js"), "exec.bash_output");
const module13 = lazyValidators(() => import("./validators/exec.bash_kill.js"), "exec.bash_kill");
const module14 = lazyValidators(() => import("./validators/exec.bash_write.js"), "exec.bash_write");
const module15 = lazyValidators(() => import("./validators/exec.shell_read.js"), "exec.shell_read");
const module16 = lazyValidators(() => import("./validators/web.web_fetch.js"), "web.web_fetch");
const module17 = lazyValidators(() => import("./validators/web.web_search.js"), "web.web_search");
const module18 = lazyValidators(() => import("./validators/task.task_create.js"), "task.task_create");
const module19 = lazyValidators(() => import("./validators/task.task_update.js"), "task.task_update");
const module20 = lazyValidators(() => import("./validators/task.task_list.js"), "task.task_list");
const module21 = lazyValidators(() => import("./validators/agent.spawn_subagent.js"), "agent.spawn_subagent");
const module22 = lazyValidators(() => import("./validators/user.ask_user.js"), "user.ask_user");
const module23 = lazyValidators(() => import("./validators/code.diagnostics.js"), "code.diagnostics");
const module24 = lazyValidators(() => import("./validators/code.definition.js"), "code.definition");
const module25 = lazyValidators(() => import("./validators/code.references.js"), "code.references");
const module26 = lazyValidators(() => import("./validators/code.hover.js"), "code.hover");
const module27 = lazyValidators(() => import("./validators/code.symbols.js"), "code.symbols");
const module28 = lazyValidators(() => import("./validators/code.rename.js"), "code.rename");

/** Precompiled params/result validators by operation id; `load` brings in their module. */
export const validators: Record<
  string,
  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }
> = {
  "filesystem.read_file": { params: module0.validator("read_file_params"), result: module0.validator("read_file_result"), load: module0.load },
  "filesystem.write_file": { params: module1.validator("write_file_params"), result: module1.validator("write_file_result"), load: module1.load },
  "filesystem.edit_file": { params: module2.validator("edit_file_params"), result: module2.validator("edit_file_result"), load: module2.load },
  "filesystem.multi_edit": { params: module3.validator("multi_edit_params"), result: module3.validator("multi_edit_result"), load: module3.load },
  "filesystem.apply_patch": { params: module4.validator("apply_patch_params"), result: module4.validator("apply_patch_result"), load: module4.load },
  "filesystem.list_directory": { params: module5.validator("list_directory_params"), result: module5.validator("list_directory_result"), load: module5.load },
  "filesystem.checkpoint_list": { params: module6.validator("checkpoint_list_params"), result: module6.validator("checkpoint_list_result"), load: module6.load },
  "filesystem.checkpoint_diff": { params: module7.validator("checkpoint_diff_params"), result: module7.validator("checkpoint_diff_result"), load: module7.load },
  "filesystem.checkpoint_restore": { params: module8.validator("checkpoint_restore_params"), result: module8.validator("checkpoint_restore_result"), load: module8.load },
  "search.glob": { params: module9.validator("glob_params"), result: module9.validator("glob_result"), load: module9.load },
  "search.grep": { params: module10.validator("grep_params"), result: module10.validator("grep_result"), load: module10.load },
  "exec.bash": { params: module11.validator("bash_params"), result: module11.validator("bash_result"), load: module11.load },
  "exec.bash_output": { params: module12.validator("bash_output_params"), result: module12.validator("bash_output_result"), load: module12.load },
  "exec.bash_kill": { params: module13.validator("bash_kill_params"), result: module13.validator("bash_kill_result"), load: module13.load },
  "exec.bash_write": { params: module14.validator("bash_write_params"), result: module14.validator("bash_write_result"), load: module14.load },
  "exec.shell_read": { params: module15.validator("shell_read_params"), result: module15.validator("shell_read_result"), load: module15.load },
  "web.web_fetch": { params: module16.validator("web_fetch_params"), result: module16.validator("web_fetch_result"), load: module16.load },
  "web.web_search": { params: module17.validator("web_search_params"), result: module17.validator("web_search_result"), load: module17.load },
  "task.task_create": { params: module18.validator("task_create_params"), result: module18.validator("task_create_result"), load: module18.load },
  "task.task_update": { params: module19.validator("task_update_params"), result: module19.validator("task_update_result"), load: module19.load },
  "task.task_list": { params: module20.validator("task_list_params"), result: module20.validator("task_list_result"), load: module20.load },
  "agent.spawn_subagent": { params: module21.validator("spawn_subagent_params"), result: module21.validator("spawn_subagent_result"), load: module21.load },
  "user.ask_user": { params: module22.validator("ask_user_params"), result: module22.validator("ask_user_result"), load: module22.load },
  "code.diagnostics": { params: module23.validator("diagnostics_params"), result: module23.validator("diagnostics_result"), load: module23.load },
  "code.definition": { params: module24.validator("definition_params"), result: module24.validator("definition_result"), load: module24.load },
  "code.references": { params: module25.validator("references_params"), result: module25.validator("references_result"), load: module25.load },
  "code.hover": { params: module26.validator("hover_params"), result: module26.validator("hover_result"), load: module26.load },
  "code.symbols": { params: module27.validator("symbols_params"), result: module27.validator("symbols_result"), load: module27.load },
  "code.rename": { params: module28.validator("rename_params"), result: module28.validator("rename_result"), load: module28.load },
};
