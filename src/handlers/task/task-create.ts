// task.task_create: adds a task to the list the agent keeps to plan and track multi-step work.
import type { TaskCreateParams, TaskCreateResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { checkTaskText, taskLine } from './task-lines.js';

export async function taskCreate(params: TaskCreateParams, ctx: HandlerContext): Promise<Rendered<TaskCreateResult>> {
  if (params.title.trim() === '')
    throw new ToolError('INVALID_INPUT', 'title must not be blank: give a short imperative title');
  checkTaskText(params);
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
