// The leases of MCP tasks kept in a store. Every replica renews the leases of the tasks it runs
// (those it really runs: a record whose start never completed is left to expire); a replica that
// dies stops renewing, and any live replica sharing the store then marks its working tasks failed
// (failExpired) and drops tasks past their ttl (sweepExpired). Both run here
// and nowhere else in the MCP adapter, on one unref'd timer per keeper.
import type { Store } from '../../../runtime/store/types.js';

/** A running task's lease: a replica gone this long has its tasks marked failed. */
export const MCP_TASK_LEASE_MS = 15_000;

export class TaskLeaseKeeper {
  readonly #stores = new Set<Store>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly owner: string,
    private readonly leaseMs = MCP_TASK_LEASE_MS,
    /** After each round's renewal, per store (the runner re-checks its tasks there). */
    private readonly afterRenew: (store: Store) => Promise<void> = async () => {},
    /** The ids of the tasks running here in `store` (undefined: every open task of the owner). */
    private readonly runningIn?: (store: Store) => readonly string[],
  ) {}

  /** Keeps `store`'s leases from now on (renewing ours, failing the dead replicas'). */
  watch(store: Store): void {
    if (this.#stores.has(store)) return;
    this.#stores.add(store);
    this.#timer ??= setInterval(() => void this.tick(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.#timer.unref();
  }

  /** One round: renew, then fail and sweep what others left behind. */
  async tick(): Promise<void> {
    await Promise.all(
      [...this.#stores].map(async (store) => {
        try {
          await store.mcpTasks.renewLeases(this.owner, this.leaseMs, this.runningIn?.(store));
          await store.mcpTasks.failExpired();
          await store.mcpTasks.sweepExpired();
          await this.afterRenew(store);
        } catch {
          // a store that is down now is tried again next round
        }
      }),
    );
  }

  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stores.clear();
  }
}
