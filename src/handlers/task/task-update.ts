// task.task_update: changes a task's title, description or status; an update that changes nothing is refused.
import type { TaskUpdateParams, TaskUpdateResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { checkTaskText, taskLine, taskNotFound } from './task-lines.js';

export async function taskUpdate(params: TaskUpdateParams, ctx: HandlerContext): Promise<Rendered<TaskUpdateResult>> {
  const { id, title, description, status } = params;
  if (title === undefined && description === undefined && status === undefined) {
    throw new ToolError(
      'INVALID_INPUT',
      'the update changes nothing: give at least one of title, description or status',
    );
  }
  if (title !== undefined && title.trim() === '') throw new ToolError('INVALID_INPUT', 'title must not be blank');
  checkTaskText({ title, description });
  const result = await ctx.services.tasks.update(id, { title, description, status }, ctx.services.clock.now());
  if (!result) throw taskNotFound(id, await ctx.services.tasks.list());
  if (result.changed.length === 0) {
    const same = (['title', 'description', 'status'] as const)
      .filter((key) => params[key] !== undefined)
      .map((key) => `${key} "${params[key]}"`);
    throw new ToolError('INVALID_INPUT', `task ${id} already has ${same.join(' and ')}; the update changes nothing`);
  }
  const { before, task } = result;
  const changes = result.changed.map((key) =>
    key === 'status'
      ? `status ${before.status} → ${task.status}`
      : key === 'title'
        ? `title "${task.title}"`
        : 'description',
  );
  return withText(
    { task, changed: result.changed },
    `Updated task ${task.id}: ${changes.join(', ')}\n${taskLine(task)}`,
  );
}
