// How the task operations show a task, and the error for an id the list does not hold.
import { ToolError } from '../../runtime/contract/errors.js';
import { hasLoneSurrogate } from '../../runtime/text/control-text.js';
import type { Task } from '../../runtime/services/tasks.js';

/** One task as a line of text: `id [status] title`. */
export function taskLine(task: Task): string {
  return `${task.id} [${task.status}] ${task.title}`;
}

/**
 * Refuses what a shared store cannot keep as it is given: a NUL, or a lone surrogate half (no UTF-8
 * form). The list in memory or in a file refuses it too: the same call answers the same way.
 */
export function checkTaskText(fields: { title?: string | undefined; description?: string | undefined }): void {
  for (const key of ['title', 'description'] as const) {
    const text = fields[key];
    if (text === undefined) continue;
    if (text.includes('\0')) throw new ToolError('INVALID_INPUT', `${key} must not contain NUL (\\u0000) characters`);
    if (hasLoneSurrogate(text))
      throw new ToolError('INVALID_INPUT', `${key} must not contain a lone surrogate half (invalid UTF-16)`);
  }
}

/** NOT_FOUND for `id`, naming the ids that do exist (the first 20). */
export function taskNotFound(id: string, tasks: Task[]): ToolError {
  const known = tasks.map((t) => t.id);
  const hint =
    known.length === 0
      ? 'the task list is empty; create tasks with task_create'
      : `known ids: ${known.slice(0, 20).join(', ')}${known.length > 20 ? `, … (${known.length} in all; see task_list)` : ''}`;
  return new ToolError('NOT_FOUND', `no task has id "${id}" (${hint}; task_list shows every task)`);
}
