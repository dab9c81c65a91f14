// A small pool of job processes (./job-process.ts) that run one job at a time each, shared by the
// HTML converter and the edits: reused while warm, unref'd when idle (they never keep the
// parent alive) and referenced while busy (a caller awaits them), stopped after `idleMs` idle, and
// killed when a job must not finish (deadline, abort). One that dies fails its job and is replaced.
import { abortError } from '../contract/errors.js';
import type { JobProcess, JobProcessExit } from './job-process.js';

interface Slot<Reply> {
  process: JobProcess<Reply>;
  /** The process said 'ready' (its modules loaded). */
  ready: boolean;
  dead: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  job: { reply(message: Reply): void; crash(error: JobProcessExit, ready: boolean): void } | undefined;
}

export interface JobProcessPoolOptions<Reply> {
  /** Starts one process; it sends 'ready' once loaded and then one reply per job, with the job's id. */
  create: () => JobProcess<Reply>;
  max: number;
  idleMs: number;
  /** Keep one idle process started beside a busy one, so a slow job does not make the next wait for a cold start. */
  keepSpare?: boolean;
}

export interface PoolJob<Reply extends { id: number }, Result> {
  /** Sends the job to the process (with `id`, which its reply carries). */
  post(process: JobProcess<Reply>, id: number): void;
  /** The result, or the error to reject with, for the process's reply. */
  settle(reply: Reply): Result | Error;
  /** The error for a process that died during the job (`ready`: it had loaded). */
  crashed(exit: JobProcessExit, ready: boolean): Error;
  signal: AbortSignal;
  /** Past this many ms the process is killed and the job fails with `timeout()`. */
  deadlineMs?: number;
  timeout?: () => Error;
}

export class JobProcessPool<Reply extends { id: number }> {
  private readonly idle: Slot<Reply>[] = [];
  private readonly waiters: ((slot: Slot<Reply>) => void)[] = [];
  private nextId = 1;
  /** Processes alive now (busy or idle). */
  live = 0;

  constructor(private readonly options: JobProcessPoolOptions<Reply>) {}

  private spawn(): Slot<Reply> {
    const child = this.options.create();
    const slot: Slot<Reply> = { process: child, ready: false, dead: false, idleTimer: undefined, job: undefined };
    child.on('message', (message: Reply | 'ready') => {
      if (message === 'ready') slot.ready = true;
      else slot.job?.reply(message);
    });
    child.on('exit', (exit) => {
      const job = slot.job;
      this.retire(slot);
      job?.crash(exit, slot.ready);
    });
    child.unref();
    return slot;
  }

  /** Removes a process for good and lets a waiting job start a fresh one. */
  private retire(slot: Slot<Reply>): void {
    if (slot.dead) return;
    slot.dead = true;
    slot.job = undefined;
    this.live--;
    clearTimeout(slot.idleTimer);
    const at = this.idle.indexOf(slot);
    if (at >= 0) this.idle.splice(at, 1);
    slot.process.kill();
    const waiter = this.waiters.shift();
    if (waiter) {
      this.live++;
      waiter(this.spawn());
    }
  }

  private release(slot: Slot<Reply>): void {
    slot.job = undefined;
    if (slot.dead) return;
    slot.process.unref();
    const waiter = this.waiters.shift();
    if (waiter) return waiter(slot);
    this.idle.push(slot);
    slot.idleTimer = setTimeout(() => this.retire(slot), this.options.idleMs);
    slot.idleTimer.unref();
  }

  private acquire(waiter: (slot: Slot<Reply>) => void): void {
    const slot = this.idle.pop();
    if (slot) {
      clearTimeout(slot.idleTimer);
      waiter(slot);
    } else if (this.live < this.options.max) {
      this.live++;
      waiter(this.spawn());
    } else {
      this.waiters.push(waiter);
      return;
    }
    if (this.options.keepSpare && this.idle.length === 0 && this.live < this.options.max) {
      this.live++;
      this.release(this.spawn());
    }
  }

  /** Starts a process ahead of the first job, if none is alive. */
  prewarm(): void {
    if (this.idle.length > 0 || this.live > 0) return;
    this.live++;
    this.release(this.spawn());
  }

  /** Runs one job on a free process (waiting for one if all are busy). */
  run<Result>(job: PoolJob<Reply, Result>): Promise<Result> {
    const { signal } = job;
    if (signal.aborted) return Promise.reject(abortError(signal));
    return new Promise<Result>((resolve, reject) => {
      let slot: Slot<Reply> | undefined;
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      // `kill`: the process is stuck in the job (deadline, abort) and must be ended.
      const finish = (kill: boolean, outcome: Result | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (slot) {
          if (kill) this.retire(slot);
          else this.release(slot);
        } else {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
        }
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onAbort = () => finish(true, abortError(signal));
      const waiter = (given: Slot<Reply>) => {
        if (settled) return this.release(given);
        slot = given;
        const id = this.nextId++;
        given.job = {
          reply: (message) => {
            if (message.id === id) finish(false, job.settle(message));
          },
          crash: (error, ready) => finish(false, job.crashed(error, ready)),
        };
        // Referenced while it works: the caller awaits it, so the process must not exit under it.
        given.process.ref();
        job.post(given.process, id);
      };
      if (job.deadlineMs !== undefined)
        timer = setTimeout(() => finish(true, job.timeout?.() ?? new Error('the job timed out')), job.deadlineMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.acquire(waiter);
    });
  }
}
