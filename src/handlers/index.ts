// The handler map: one entry per provider of catalog.yaml. `satisfies Handlers` makes a missing or
// mistyped handler a compile error (npm test runs tsc).
import type { Handlers } from '../generated/types.js';
import { filesystemHandlers } from './filesystem.js';
import { execHandlers } from './exec.js';
import { taskHandlers } from './task.js';
import { agentHandlers } from './agent.js';
import { userHandlers } from './user.js';
import { webHandlers } from './web.js';
import { searchHandlers } from './search.js';

export const handlers = {
  filesystem: filesystemHandlers,
  exec: execHandlers,
  task: taskHandlers,
  agent: agentHandlers,
  user: userHandlers,
  web: webHandlers,
  search: searchHandlers,
} satisfies Handlers;
