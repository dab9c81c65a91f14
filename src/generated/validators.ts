// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import type { CompiledValidator } from 'toolwright';
import * as chunk0 from "./validators/filesystem.js";
import * as chunk1 from "./validators/search.js";
import * as chunk2 from "./validators/exec.js";
import * as chunk3 from "./validators/web.js";
import * as chunk4 from "./validators/task.js";
import * as chunk5 from "./validators/agent.js";
import * as chunk6 from "./validators/user.js";

/** Precompiled params/result validators by operation id. */
export const validators: Record<string, { params: CompiledValidator; result: CompiledValidator }> = {
  "filesystem.read_file": { params: chunk0.read_file_params, result: chunk0.read_file_result },
  "filesystem.write_file": { params: chunk0.write_file_params, result: chunk0.write_file_result },
  "filesystem.edit_file": { params: chunk0.edit_file_params, result: chunk0.edit_file_result },
  "filesystem.multi_edit": { params: chunk0.multi_edit_params, result: chunk0.multi_edit_result },
  "filesystem.list_directory": { params: chunk0.list_directory_params, result: chunk0.list_directory_result },
  "search.glob": { params: chunk1.glob_params, result: chunk1.glob_result },
  "search.grep": { params: chunk1.grep_params, result: chunk1.grep_result },
  "exec.bash": { params: chunk2.bash_params, result: chunk2.bash_result },
  "exec.bash_output": { params: chunk2.bash_output_params, result: chunk2.bash_output_result },
  "exec.bash_kill": { params: chunk2.bash_kill_params, result: chunk2.bash_kill_result },
  "exec.bash_write": { params: chunk2.bash_write_params, result: chunk2.bash_write_result },
  "exec.shell_read": { params: chunk2.shell_read_params, result: chunk2.shell_read_result },
  "web.web_fetch": { params: chunk3.web_fetch_params, result: chunk3.web_fetch_result },
  "web.web_search": { params: chunk3.web_search_params, result: chunk3.web_search_result },
  "task.task_create": { params: chunk4.task_create_params, result: chunk4.task_create_result },
  "task.task_update": { params: chunk4.task_update_params, result: chunk4.task_update_result },
  "task.task_list": { params: chunk4.task_list_params, result: chunk4.task_list_result },
  "agent.spawn_subagent": { params: chunk5.spawn_subagent_params, result: chunk5.spawn_subagent_result },
  "user.ask_user": { params: chunk6.ask_user_params, result: chunk6.ask_user_result },
};
