// Background-job records of one toolkit in its store, under its key (scope and principal): what a
// provider that runs jobs uses when the toolkit has a store, so that any replica over the same
// store reads a job's status and output, and asks the replica running it to end it.
import { replicaFor, type Replica } from './replica.js';
import type { JobEnd, JobRecord, OutputRead, Store, StoreKey } from './types.js';

export interface SharedJobs {
  /** This process's replica: its id is the owner recorded for the jobs it runs. */
  readonly replica: Replica;
  readonly key: StoreKey;
  /** Records a job this replica starts (and starts the replica's lease renewal). */
  create(command: string): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  list(): Promise<JobRecord[]>;
  finish(id: string, end: JobEnd): Promise<{ job: JobRecord; applied: boolean } | undefined>;
  remove(id: string): Promise<boolean>;
  appendOutput(id: string, chunk: Uint8Array): Promise<number>;
  readOutput(id: string, cursor: number, maxBytes?: number): Promise<OutputRead | undefined>;
  markRead(id: string, pos: number): Promise<boolean>;
  /** Runs `onKill` when another replica asks this one to end the job; resolves what stops listening. */
  serveKill(id: string, onKill: () => void): Promise<() => void>;
  /** Asks the replica that runs the job to end it (not durable: ask again while waiting). */
  requestKill(job: JobRecord): Promise<void>;
}

export function storeSharedJobs(store: Store, key: StoreKey): SharedJobs {
  const frozen: StoreKey = Object.freeze({ scope: key.scope, principal: key.principal });
  const replica = replicaFor(store);
  return Object.freeze({
    replica,
    key: frozen,
    create(command: string) {
      replica.start();
      return store.jobs.create(frozen, { owner: replica.id, command, leaseMs: replica.leaseMs });
    },
    get: (id: string) => store.jobs.get(frozen, id),
    list: () => store.jobs.list(frozen),
    finish: (id: string, end: JobEnd) => store.jobs.finish(frozen, id, end),
    remove: (id: string) => store.jobs.remove(frozen, id),
    appendOutput: (id: string, chunk: Uint8Array) => store.jobs.appendOutput(frozen, id, chunk),
    readOutput: (id: string, cursor: number, maxBytes?: number) => store.jobs.readOutput(frozen, id, cursor, maxBytes),
    markRead: (id: string, pos: number) => store.jobs.markRead(frozen, id, pos),
    serveKill: (id: string, onKill: () => void) => replica.serve(frozen, id, onKill),
    requestKill: (job: JobRecord) => replica.ask(job.owner, frozen, job.id),
  });
}
