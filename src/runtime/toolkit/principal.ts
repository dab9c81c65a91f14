// Who a call acts for. A toolkit has a default principal (its `principal` option, "local" when
// unset); a host serving many users (the MCP HTTP adapter with verified tokens) names the principal
// of each call with `invoke(…, { principal })`. Handlers read it as `ctx.principal`, and the key
// their store records are filed under as `ctx.storeKey`; `ctx.services.tasks` is that principal's
// task list and `ctx.services.jobs` its background-job records. One principal never sees another's
// records.
import { ToolError } from '../contract/errors.js';
import { createDefaultTaskStore, type TaskStore } from '../services/tasks.js';
import { storeSharedJobs } from '../store/shared-jobs.js';
import { storeTaskStore } from '../store/task-lists.js';
import type { Store, StoreKey } from '../store/types.js';
import type { Services } from '../contract/types.js';

export const DEFAULT_PRINCIPAL = 'local';
/** Longest principal accepted (the store keeps at most this many characters). */
export const MAX_PRINCIPAL_CHARS = 256;
/** Principals whose derived services are kept ready; more are made again when needed (cheap). */
const KEPT_CALLERS = 256;

/** A task store that keeps one list per principal (an in-memory server shared by many users). */
export interface PrincipalTaskStore extends TaskStore {
  forPrincipal(principal: string): TaskStore;
}

/** What the runtime hands a call for its principal. */
export interface Caller {
  readonly principal: string;
  readonly storeKey: StoreKey;
  readonly services: Services;
}

/**
 * Characters a principal never holds: controls and invisible ones would hide or forge text where it
 * is shown (the audit); a lone surrogate half has no UTF-8 form, and every one of them would be
 * written (hashed, stored) as the same U+FFFD: two principals would share one key.
 */
const HIDDEN_IN_PRINCIPAL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** A principal as given (option or invoke option): a non-empty string without control or invisible characters. */
export function checkPrincipal(value: unknown, what: string): string {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > MAX_PRINCIPAL_CHARS ||
    HIDDEN_IN_PRINCIPAL.test(value)
  ) {
    throw new ToolError(
      'INVALID_INPUT',
      `${what} must be a non-empty string of at most ${MAX_PRINCIPAL_CHARS} characters without control or invisible (format) characters or lone surrogate halves`,
    );
  }
  return value;
}

/** One list per principal, kept in memory; the list of `owner` is this store itself. */
export function createPrincipalTaskStore(): PrincipalTaskStore {
  const lists = new Map<string, TaskStore>();
  const own = createDefaultTaskStore();
  return {
    ...own,
    forPrincipal(principal) {
      let list = lists.get(principal);
      if (!list) lists.set(principal, (list = createDefaultTaskStore()));
      return list;
    },
  };
}

function hasPrincipalLists(tasks: TaskStore): tasks is PrincipalTaskStore {
  return typeof (tasks as Partial<PrincipalTaskStore>).forPrincipal === 'function';
}

/**
 * The callers of one toolkit: its default principal's services as built, another principal's
 * the same with that principal's task list (from the store, or from a per-principal task store;
 * a plain task store the host passed is shared, as the host chose) and, with a store, its own
 * background-job records.
 */
export class Callers {
  readonly default: Caller;
  readonly #recent = new Map<string, Caller>();
  /** In-memory lists of principals other than the default, when the toolkit has neither store nor task option. */
  readonly #memory = new Map<string, TaskStore>();

  constructor(
    base: Services,
    principal: string,
    private readonly scope: string,
    private readonly tasksGiven: boolean,
    private readonly store: Store | undefined,
  ) {
    this.default = Object.freeze({ principal, storeKey: Object.freeze({ scope, principal }), services: base });
  }

  get(principal: string | undefined): Caller {
    if (principal === undefined || principal === this.default.principal) return this.default;
    let caller = this.#recent.get(principal);
    if (caller) {
      // Most recently used last: the first key is the one to drop.
      this.#recent.delete(principal);
    } else {
      const storeKey = Object.freeze({ scope: this.scope, principal });
      const services = Object.freeze({
        ...this.default.services,
        tasks: this.#tasksOf(principal),
        jobs: this.store && storeSharedJobs(this.store, storeKey),
      });
      caller = Object.freeze({ principal, storeKey, services });
      if (this.#recent.size >= KEPT_CALLERS) this.#recent.delete(this.#recent.keys().next().value!);
    }
    this.#recent.set(principal, caller);
    return caller;
  }

  #tasksOf(principal: string): TaskStore {
    const tasks = this.default.services.tasks;
    if (hasPrincipalLists(tasks)) return tasks.forPrincipal(principal);
    if (this.tasksGiven) return tasks;
    if (this.store) return storeTaskStore(this.store, { scope: this.scope, principal });
    let list = this.#memory.get(principal);
    if (!list) this.#memory.set(principal, (list = createDefaultTaskStore()));
    return list;
  }
}
