// The reference set: the handler map of catalog.yaml's providers, assembled with defineProviders
// exactly as a third party assembles its own. `satisfies Handlers` makes a missing or mistyped
// handler a compile error (npm test runs tsc); defineProviders checks the same at run time.
import { providers as catalogProviders } from '../generated/registry.js';
import type { Handlers } from '../generated/types.js';
import { defineProviders } from '../runtime/providers.js';
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

/**
 * The reference handler bodies, for a host that replaces or wraps one:
 * `defineProviders(catalogProviders, { ...referenceHandlers, exec: { ...referenceHandlers.exec, bash } })`.
 */
export const referenceHandlers: Handlers = handlers;

/** The reference providers (catalog.yaml + src/handlers): the default of `createToolkit`. */
export const referenceProviders = defineProviders(catalogProviders, handlers);
