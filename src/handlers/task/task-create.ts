// task.task_create: adds a task to the list the agent keeps to plan and track multi-step work.
import type { TaskCreateParams, TaskCreateResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText, type Rendered } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import { taskLine } from './task-lines.js';

export async function taskCreate(params: TaskCreateParams, ctx: HandlerContext): Promise<Rendered<TaskCreateResult>> {
  if (params.title.trim() === '')
    throw new ToolError('INVALID_INPUT', 'title must not be blank: give a short imperative title');
  const task = await ctx.services.tasks.create(
    {
      title: params.title,
      ...(params.description !== undefined && params.description !== '' ? { description: params.description } : {}),
      status: params.status,
    },
    ctx.services.clock.now(),
  );
  return withText({ task }, `Created task ${taskLine(task)}`);
}
