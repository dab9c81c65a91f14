// task.task_list: the tasks (all, or those of one status) and how many there are of each status.
import type { TaskListParams, TaskListResult } from '../../generated/types.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import { TASK_STATUSES, type TaskStatus } from '../../runtime/services/tasks.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { taskLine } from './task-lines.js';

export async function taskList(params: TaskListParams, ctx: HandlerContext): Promise<Rendered<TaskListResult>> {
  const all = await ctx.services.tasks.list();
  const counts = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
  for (const task of all) counts[task.status]++;
  const tasks = params.status ? all.filter((t) => t.status === params.status) : all;
  const summary = TASK_STATUSES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
  const text =
    tasks.length === 0
      ? all.length === 0
        ? 'No tasks yet.'
        : `No ${params.status} tasks (${summary}).`
      : `${tasks.map(taskLine).join('\n')}\n(${summary})`;
  return withText({ tasks, counts }, text);
}
