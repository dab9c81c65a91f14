// task provider: a task list the agent keeps to plan and track multi-step work.
import type { TaskHandlers } from '../generated/types.js';
import { ToolError } from '../runtime/errors.js';
import { withText } from '../runtime/handler.js';
import { TASK_STATUSES, type Task, type TaskStatus } from '../runtime/services/tasks.js';

function line(task: Task): string {
  return `${task.id} [${task.status}] ${task.title}`;
}

async function notFound(id: string, tasks: Task[]): Promise<ToolError> {
  const known = tasks.map((t) => t.id);
  const hint = known.length === 0
    ? 'the task list is empty; create tasks with task_create'
    : `known ids: ${known.slice(0, 20).join(', ')}${known.length > 20 ? `, … (${known.length} in all; see task_list)` : ''}`;
  return new ToolError('NOT_FOUND', `no task has id "${id}" (${hint}; task_list shows every task)`);
}

export const taskHandlers: TaskHandlers = {
  async task_create(params, ctx) {
    if (params.title.trim() === '') throw new ToolError('INVALID_INPUT', 'title must not be blank: give a short imperative title');
    const task = await ctx.services.tasks.create(
      {
        title: params.title,
        ...(params.description !== undefined && params.description !== '' ? { description: params.description } : {}),
        status: params.status ?? 'pending',
      },
      ctx.services.clock.now(),
    );
    return withText({ task }, `Created task ${line(task)}`);
  },

  async task_update(params, ctx) {
    const { id, title, description, status } = params;
    if (title === undefined && description === undefined && status === undefined) {
      throw new ToolError('INVALID_INPUT', 'the update changes nothing: give at least one of title, description or status');
    }
    if (title !== undefined && title.trim() === '') throw new ToolError('INVALID_INPUT', 'title must not be blank');
    const result = await ctx.services.tasks.update(id, { title, description, status }, ctx.services.clock.now());
    if (!result) throw await notFound(id, await ctx.services.tasks.list());
    if (result.changed.length === 0) {
      const same = (['title', 'description', 'status'] as const)
        .filter((key) => params[key] !== undefined)
        .map((key) => `${key} "${params[key]}"`);
      throw new ToolError('INVALID_INPUT', `task ${id} already has ${same.join(' and ')}; the update changes nothing`);
    }
    const { before, task } = result;
    const changes = result.changed.map((key) =>
      key === 'status' ? `status ${before.status} → ${task.status}` : key === 'title' ? `title "${task.title}"` : 'description');
    return withText({ task, changed: result.changed }, `Updated task ${task.id}: ${changes.join(', ')}\n${line(task)}`);
  },

  async task_list(params, ctx) {
    const all = await ctx.services.tasks.list();
    const counts = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
    for (const task of all) counts[task.status]++;
    const tasks = params.status ? all.filter((t) => t.status === params.status) : all;
    const summary = TASK_STATUSES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`).join(', ');
    const text = tasks.length === 0
      ? all.length === 0
        ? 'No tasks yet.'
        : `No ${params.status} tasks (${summary}).`
      : `${tasks.map(line).join('\n')}\n(${summary})`;
    return withText({ tasks, counts }, text);
  },
};
