// The services a toolkit hands its handlers, each from its option or its embedded default, and
// whether an operation's required services are there.
import type { OperationDescriptor, Requirement } from './descriptor.js';
import { systemClock } from './services/clock.js';
import { searchBackendFromEnv } from './services/search-backend.js';
import { resolveTaskStore } from './services/tasks.js';
import { resolveUserChannel } from './services/user.js';
import { sharedStore } from './store/lazy.js';
import { storeSharedJobs } from './store/shared-jobs.js';
import { storeTaskStore } from './store/task-lists.js';
import type { Store, StoreKey } from './store/types.js';
import type { Services, ToolkitOptions } from './types.js';

/** The `store` option: a Store as is, a spec as the process's store for it; a bad spec is a TypeError. */
export function resolveStore(option: Store | string | undefined, workspaceRoot: string): Store | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') return sharedStore(option, workspaceRoot);
  if (typeof option !== 'object' || option === null || typeof option.tasks !== 'object') {
    throw new TypeError(
      'createToolkit: options.store must be a Store or a store URL (postgres://…, a folder, or "embedded")',
    );
  }
  return option;
}

/** The key a toolkit's records are filed under in its store. */
export function storeKeyOf(
  options: Pick<ToolkitOptions, 'storeScope' | 'principal'>,
  workspaceRoot: string,
): { scope: string; principal: string } {
  return { scope: options.storeScope ?? workspaceRoot, principal: options.principal ?? 'local' };
}

/** Every service from its option, else its default (frozen: handlers share it). */
export function buildServices(
  options: ToolkitOptions,
  workspaceRoot: string,
  storeKey: StoreKey,
  store: Store | undefined,
): Services {
  return Object.freeze({
    clock: options.clock ?? systemClock,
    tasks: resolveTaskStore(options.tasks, workspaceRoot, store && (() => storeTaskStore(store, storeKey))),
    store,
    jobs: store && storeSharedJobs(store, storeKey),
    search: options.search ?? searchBackendFromEnv(process.env),
    kernel: options.kernel,
    user: resolveUserChannel(options.user),
    web: Object.freeze({ ...options.web }),
    exec: Object.freeze({ ...options.exec }),
    code: options.codeIntelligence?.attach({
      workspace: workspaceRoot,
      options: Object.freeze({ ...options.code }),
      ...(options.exec?.bwrapPath ? { bwrapPath: options.exec.bwrapPath } : {}),
    }),
  });
}

/** What a thrown value says, without letting a hostile one (throwing getter or toString) throw again. */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

/** Why the channel cannot reach a human right now, or undefined when it can (a throwing probe counts as unreachable). */
export function userUnreachable(user: NonNullable<Services['user']>): string | undefined {
  try {
    return user.unreachable?.();
  } catch (error) {
    return `the user channel failed: ${describeError(error)}`;
  }
}

/** Whether every service the operation requires is there (and a human reachable, for `user`). */
export function requirementsMet(op: OperationDescriptor, services: Services): boolean {
  return unmetRequirement(op, services) === undefined;
}

/** Why the operation cannot work here (the first service it requires that is missing), or undefined. */
export function unmetRequirement(op: OperationDescriptor, services: Services): string | undefined {
  for (const need of op.requires ?? []) {
    const why = missing(need, services);
    if (why !== undefined) return why;
  }
  return undefined;
}

function missing(need: Requirement, services: Services): string | undefined {
  switch (need) {
    case 'kernel':
      return services.kernel ? undefined : 'no agent kernel is attached (createToolkit({ kernel }))';
    case 'search':
      return services.search ? undefined : 'no web search backend is configured';
    case 'user':
      return services.user
        ? userUnreachable(services.user)
        : 'no way to reach a human is attached (createToolkit({ user }))';
    case 'language_server':
      return services.code ? services.code.unavailable() : 'code intelligence is off (codeIntelligence: null)';
  }
}
