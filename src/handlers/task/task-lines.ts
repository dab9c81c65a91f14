// How the task operations show a task, and the error for an id the list does not hold.
import { ToolError } from '../../runtime/contract/errors.js';
import type { Task } from '../../runtime/services/tasks.js';

/** One task as a line of text: `id [status] title`. */
export function taskLine(task: Task): string {
  return `${task.id} [${task.status}] ${task.title}`;
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
