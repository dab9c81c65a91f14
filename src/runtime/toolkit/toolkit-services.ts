// The services a toolkit hands its handlers, each from its option or its embedded default, and
// whether an operation's required services are there.
import path from 'node:path';
import { checkpointKeeper } from '../checkpoints/keeper.js';
import type { OperationDescriptor, Requirement } from '../contract/descriptor.js';
import { systemClock } from '../services/clock.js';
import { searchBackendFromEnv } from '../services/search/backends.js';
import { resolveTaskStore } from '../services/tasks.js';
import { resolveUserChannel } from '../services/user.js';
import { createApprovalParking, type ApprovalParking } from '../services/approval-parking.js';
import { sharedStore } from '../store/lazy.js';
import { checkStoreFolder } from '../store/url.js';
import { storeSharedJobs } from '../store/shared-jobs.js';
import { storeTaskStore } from '../store/task-lists.js';
import type { Store, StoreKey } from '../store/types.js';
import type { Services, ToolkitOptions } from '../contract/types.js';

/**
 * The `store` option (else TOOLWRIGHT_STORE_URL, as the CLI reads it): a Store as is, a spec or
 * `{ dir }` as the process's store for it. A bad spec, and an embedded store's folder inside the
 * workspace (or holding it), are a TypeError.
 */
export function resolveStore(
  option: ToolkitOptions['store'],
  workspaceRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): Store | undefined {
  const given = option === undefined ? env.TOOLWRIGHT_STORE_URL || undefined : option;
  if (given === undefined) return undefined;
  if (typeof given === 'string') return sharedStore(given, workspaceRoot);
  if (typeof given === 'object' && given !== null && !('tasks' in given) && 'dir' in given) {
    if (typeof given.dir !== 'string' || given.dir === '')
      throw new TypeError('createToolkit: options.store.dir must be a folder path (outside the workspace)');
    return sharedStore(path.resolve(workspaceRoot, given.dir), workspaceRoot);
  }
  if (typeof given !== 'object' || given === null || typeof given.tasks !== 'object') {
    throw new TypeError(
      'createToolkit: options.store must be a Store, { dir } or a store URL (postgres://…, a folder, or "embedded")',
    );
  }
  // A Store opened elsewhere is checked too: its folder must not be within the agent's reach.
  if (given.engine === 'embedded' && typeof given.location === 'string') {
    // Once per store and workspace (an HTTP server makes a toolkit per session or request).
    let checked = checkedStores.get(given);
    if (!checked) checkedStores.set(given, (checked = new Set()));
    if (!checked.has(workspaceRoot)) {
      checkStoreFolder(given.location, workspaceRoot);
      checked.add(workspaceRoot);
    }
  }
  return given;
}

const checkedStores = new WeakMap<Store, Set<string>>();

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
    approvals: approvalParking(options, store),
    web: Object.freeze({ ...options.web }),
    exec: Object.freeze({ ...options.exec }),
    code: options.codeIntelligence?.attach({
      workspace: workspaceRoot,
      options: Object.freeze({ ...options.code }),
      ...(options.exec?.bwrapPath ? { bwrapPath: options.exec.bwrapPath } : {}),
    }),
    checkpoints: checkpointKeeper(options.checkpoints, workspaceRoot),
  });
}

/** The parking of approvals the `approvals` option asks for; a TypeError without a store. */
function approvalParking(options: ToolkitOptions, store: Store | undefined): ApprovalParking | undefined {
  if (options.approvals !== true) {
    if (options.approvals !== undefined && options.approvals !== false)
      throw new TypeError('approvals must be true or false');
    return undefined;
  }
  if (!store)
    throw new TypeError(
      'approvals need a store (the `store` option): a parked call is kept there for an operator to decide',
    );
  return createApprovalParking({
    store,
    ...(options.approvalTimeout !== undefined ? { timeoutSeconds: options.approvalTimeout } : {}),
    ...(options.maxPendingApprovals !== undefined ? { maxPending: options.maxPendingApprovals } : {}),
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
    case 'checkpoints':
      return services.checkpoints ? undefined : 'checkpoints are off (checkpoints: false)';
    case 'language_server':
      return services.code ? services.code.unavailable() : 'code intelligence is off (codeIntelligence: null)';
  }
}
