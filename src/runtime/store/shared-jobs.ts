// Background-job records of one principal in a toolkit's store, under its key (scope and
// principal): what a provider that runs jobs uses when the toolkit has a store, so that any replica
// over the same store reads a job's status and output, and asks the replica running it to end it
// or to take the input written for it.
import { replicaFor, START_LEASE_MS, type JobRequestHandlers, type Replica } from './replica.js';
import type { InputTake, InputWrite, JobEnd, JobRecord, OutputRead, Store, StoreKey } from './types.js';

export interface SharedJobs {
  /** This process's replica: its id is the owner recorded for the jobs it runs. */
  readonly replica: Replica;
  readonly key: StoreKey;
  /**
   * Records a job this replica starts (and starts the replica's lease renewal); LIMIT_REACHED when
   * the key already runs `maxRunning` jobs, counted in the store across replicas.
   */
  create(command: string, maxRunning?: number): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  list(): Promise<JobRecord[]>;
  finish(id: string, end: JobEnd): Promise<{ job: JobRecord; applied: boolean } | undefined>;
  remove(id: string): Promise<boolean>;
  appendOutput(id: string, chunk: Uint8Array): Promise<number>;
  readOutput(id: string, cursor: number, maxBytes?: number): Promise<OutputRead | undefined>;
  markRead(id: string, pos: number): Promise<boolean>;
  writeInput(id: string, data: Uint8Array, eof: boolean): Promise<InputWrite | undefined>;
  takeInput(id: string): Promise<InputTake | undefined>;
  /** Runs a handler when another replica asks this one to act on the job; resolves what stops listening. */
  serve(id: string, handlers: JobRequestHandlers): Promise<() => void>;
  /** Asks the replica that runs the job to end it (not durable: ask again while waiting). */
  requestKill(job: JobRecord): Promise<void>;
  /** Asks the replica that runs the job to take its waiting input (not durable: its rounds look too). */
  requestInput(job: JobRecord): Promise<void>;
}

export function storeSharedJobs(store: Store, key: StoreKey): SharedJobs {
  const frozen: StoreKey = Object.freeze({ scope: key.scope, principal: key.principal });
  const replica = replicaFor(store);
  return Object.freeze({
    replica,
    key: frozen,
    create(command: string, maxRunning?: number) {
      replica.start();
      const start = { owner: replica.id, command, leaseMs: Math.max(START_LEASE_MS, replica.leaseMs) };
      return store.jobs.create(frozen, maxRunning === undefined ? start : { ...start, maxRunning });
    },
    get: (id: string) => store.jobs.get(frozen, id),
    list: () => store.jobs.list(frozen),
    finish: (id: string, end: JobEnd) => store.jobs.finish(frozen, id, end),
    remove: (id: string) => store.jobs.remove(frozen, id),
    appendOutput: (id: string, chunk: Uint8Array) => store.jobs.appendOutput(frozen, id, chunk),
    readOutput: (id: string, cursor: number, maxBytes?: number) => store.jobs.readOutput(frozen, id, cursor, maxBytes),
    markRead: (id: string, pos: number) => store.jobs.markRead(frozen, id, pos),
    writeInput: (id: string, data: Uint8Array, eof: boolean) => store.jobs.writeInput(frozen, id, data, eof),
    takeInput: (id: string) => store.jobs.takeInput(frozen, id),
    serve: (id: string, handlers: JobRequestHandlers) => replica.serve(frozen, id, handlers),
    requestKill: (job: JobRecord) => replica.ask(job.owner, frozen, job.id, 'kill'),
    requestInput: (job: JobRecord) => replica.ask(job.owner, frozen, job.id, 'input'),
  });
}
