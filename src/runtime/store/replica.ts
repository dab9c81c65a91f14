// This process as one replica of a store: it registers under an id of its own, renews its lease
// and the leases of the jobs it runs on a timer, sweeps (on every replica) the jobs and MCP tasks
// whose replica stopped renewing, and hears the requests other replicas send it ("kill job-3",
// "take job-3's input") on a notification channel named after it; input a lost request announced
// is taken at the next round, and a job whose record ended elsewhere (failed by a sweep while this
// replica could not reach the store) is stopped here too. Timers never keep the process alive, and the
// channel is listened to only while this replica runs something another replica could ask about.
import { hostname } from 'node:os';
import { nodeCrypto } from '../startup/lazy-require.js';
import type { Store, StoreKey, Subscription } from './types.js';

/** How often the leases are renewed and the sweep runs. */
export const REPLICA_RENEW_MS = 3_000;
/** How long a lease lasts without renewal: a replica that dies has its work failed within this (plus a sweep). */
export const REPLICA_LEASE_MS = 10_000;
/**
 * A job's first lease, long enough to start its process. Only jobs a replica serves are renewed,
 * so a record whose start never completed (written after its caller gave up on the store) is
 * failed once this runs out instead of holding a place under its principal's cap.
 */
export const START_LEASE_MS = 60_000;

/** A request one replica sends another: the job (by its key and id) to act on. */
export interface ReplicaRequest {
  /** `kill`: end it; `input`: take the input waiting for it in the store. */
  action: 'kill' | 'input';
  scope: string;
  principal: string;
  id: string;
}

/** What a replica does for a job it runs when asked (through a notification, or by its own re-checks). */
export interface JobRequestHandlers {
  kill(): void;
  input(): void;
}

const handlerKey = (key: StoreKey, id: string) => JSON.stringify([key.scope, key.principal, id]);

/** The channel a replica listens on (notification channels are at most 63 bytes). */
export const replicaChannel = (id: string) => `toolwright.replica.${id}`;

export class Replica {
  readonly id: string;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private registered = false;
  private readonly handlers = new Map<string, JobRequestHandlers>();
  private subscription: Promise<Subscription> | undefined;
  private closed = false;

  constructor(
    private readonly store: Store,
    options: { renewMs?: number; leaseMs?: number } = {},
  ) {
    const host =
      hostname()
        .replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 16) || 'host';
    this.id = `${host}-${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}`;
    this.renewMs = options.renewMs ?? REPLICA_RENEW_MS;
    this.leaseMs = options.leaseMs ?? REPLICA_LEASE_MS;
  }

  readonly renewMs: number;
  readonly leaseMs: number;

  /** Starts registering, renewing and sweeping (idempotent); the first round runs at once. */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    this.timer.unref();
    void this.tick();
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** One round: lease, job leases, the sweep. A store that fails is tried again next round. */
  tick(): Promise<void> {
    return (this.ticking ??= this.round().finally(() => (this.ticking = undefined)));
  }

  private async round(): Promise<void> {
    const { store } = this;
    const quietly = <T>(work: () => Promise<T>) => work().catch(() => undefined);
    if (!this.registered || !(await quietly(() => store.replicas.renew(this.id, this.leaseMs)))) {
      this.registered = false;
      const info = { pid: process.pid, host: hostname() };
      this.registered = !!(await quietly(() => store.replicas.register(this.id, { leaseMs: this.leaseMs, info })));
    }
    if (this.closed) return;
    const served = [...this.handlers.keys()].map((at) => {
      const [scope, principal, id] = JSON.parse(at) as [string, string, string];
      return { scope, principal, id };
    });
    const renewed = served.length ? await quietly(() => store.jobs.renewLeases(this.id, this.leaseMs, served)) : 0;
    // Fewer leases renewed than jobs served here: some record ended elsewhere (failed while this
    // replica could not reach the store): its process must not run on unseen.
    if (renewed !== undefined && renewed < this.handlers.size) await quietly(() => this.stopEnded());
    if (this.handlers.size > 0) await quietly(() => this.takeWaitingInput());
    await Promise.all([quietly(() => store.jobs.failExpired()), quietly(() => store.mcpTasks.failExpired())]);
    const gone = (await quietly(() => store.replicas.listExpired())) ?? [];
    await Promise.all(gone.map((replica) => quietly(() => store.replicas.remove(replica.id))));
  }

  /** Runs the handler of every job served here whose record is no longer running (or gone). */
  private async stopEnded(): Promise<void> {
    for (const [at, handler] of [...this.handlers]) {
      const [scope, principal, id] = JSON.parse(at) as [string, string, string];
      const job = await this.store.jobs.get({ scope, principal }, id);
      if (job?.status !== 'running' && this.handlers.get(at) === handler) handler.kill();
    }
  }

  /** Has every job served here whose input waits in the store take it (a notification may have been lost). */
  private async takeWaitingInput(): Promise<void> {
    for (const job of await this.store.jobs.pendingInput(this.id)) this.handlers.get(handlerKey(job, job.id))?.input();
  }

  /**
   * Runs `handler`'s action when another replica asks this one to act on the job; resolves (once
   * the channel is listened to) a function that stops it. Rejects UNAVAILABLE when the store cannot
   * be reached.
   */
  async serve(key: StoreKey, id: string, handler: JobRequestHandlers): Promise<() => void> {
    const at = handlerKey(key, id);
    this.handlers.set(at, handler);
    try {
      await (this.subscription ??= this.listen());
    } catch (error) {
      this.handlers.delete(at);
      throw error;
    }
    // The job runs now: its long first lease (there to cover the start) shrinks to the usual one,
    // so a replica that dies right after a start has its job failed within a lease, not a minute.
    await this.store.jobs.renewLeases(this.id, this.leaseMs, [{ ...key, id }]).catch(() => 0);
    return () => {
      if (this.handlers.get(at) !== handler) return;
      this.handlers.delete(at);
      if (this.handlers.size > 0 || !this.subscription) return;
      const subscription = this.subscription;
      this.subscription = undefined;
      void subscription.then((s) => s.close()).catch(() => {});
    };
  }

  private listen(): Promise<Subscription> {
    const listening = this.store.notifications.subscribe(replicaChannel(this.id), (payload) => this.receive(payload), {
      // Requests sent while the channel was down are lost: input waiting in the store is taken now.
      onResume: () => void this.takeWaitingInput().catch(() => {}),
    });
    listening.catch(() => {
      if (this.subscription === listening) this.subscription = undefined;
    });
    return listening;
  }

  private receive(payload: string): void {
    let request: Partial<ReplicaRequest>;
    try {
      request = JSON.parse(payload) as Partial<ReplicaRequest>;
    } catch {
      return;
    }
    if ((request?.action !== 'kill' && request?.action !== 'input') || typeof request.id !== 'string') return;
    if (typeof request.scope !== 'string' || typeof request.principal !== 'string') return;
    const handler = this.handlers.get(handlerKey({ scope: request.scope, principal: request.principal }, request.id));
    if (request.action === 'kill') handler?.kill();
    else handler?.input();
  }

  /** Asks replica `owner` to act on a job it runs (not durable: ask again while waiting). */
  ask(owner: string, key: StoreKey, id: string, action: ReplicaRequest['action'] = 'kill'): Promise<void> {
    const request: ReplicaRequest = { action, scope: key.scope, principal: key.principal, id };
    return this.store.notifications.publish(replicaChannel(owner), JSON.stringify(request));
  }

  /** Stops the timer and the channel and deregisters (the work it ran is ended by its owners first). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.handlers.clear();
    await subscription?.then((s) => s.close()).catch(() => {});
    if (this.registered) await this.store.replicas.remove(this.id).catch(() => false);
  }
}

const replicas = new WeakMap<Store, Replica>();

/** The one replica this process is for a store (created on first use, not started). */
export function replicaFor(store: Store): Replica {
  let replica = replicas.get(store);
  if (!replica) replicas.set(store, (replica = new Replica(store)));
  return replica;
}
