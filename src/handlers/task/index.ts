// The task provider: a task list the agent keeps to plan and track multi-step work.
import type { TaskHandlers } from '../../generated/types.js';
import { taskCreate } from './task-create.js';
import { taskList } from './task-list.js';
import { taskUpdate } from './task-update.js';

export const taskHandlers = {
  task_create: taskCreate,
  task_update: taskUpdate,
  task_list: taskList,
} satisfies TaskHandlers;
