// A small pool of conversion workers (./convert-worker.ts). Converting an untrusted page can take
// long however careful the converter is (domino's tree building alone is superlinear in depth), so
// it never runs on the caller's thread: a job gets the caller's remaining timeout_ms as a hard
// deadline, and a worker that overruns it, or whose caller aborts, is terminated (TIMEOUT /
// CANCELLED). Workers are reused (a warm one converts a normal page in milliseconds), are unref'd
// (they never keep a process alive), and idle ones exit after IDLE_MS.
import { Worker } from 'node:worker_threads';
import { ToolError, abortError } from '../../runtime/errors.js';
import { workerEntry } from '../../runtime/worker-entry.js';
import type { ConvertReply, ConvertRequest } from './convert-worker.js';
import type { ConvertedPage, ConvertFormat } from './html-convert.js';

/** 4 even on 2 cores: two slow hostile pages must not leave normal pages queueing behind them. */
export const MAX_CONVERT_WORKERS = 4;
const IDLE_MS = 30_000;
/**
 * Heap of one worker; a page whose DOM outgrows it is refused (UNSUPPORTED_CONTENT).
 * TOOLWRIGHT_CONVERT_MEMORY_MB (64–8192) changes it for hosts with less or more memory.
 */
export const CONVERT_MEMORY_MB = memoryLimit(process.env.TOOLWRIGHT_CONVERT_MEMORY_MB);

function memoryLimit(setting: string | undefined): number {
  const value = Number(setting);
  return Number.isInteger(value) && value >= 64 && value <= 8192 ? value : 1024;
}

export interface ConvertJob {
  bytes: Uint8Array;
  encoding: string;
  truncated: boolean;
  format: ConvertFormat;
  baseUrl: string;
}

export interface ConvertOptions {
  /** Epoch ms by which the conversion must be done (the caller's timeout_ms budget). */
  deadline: number;
  timeoutMs: number;
  signal: AbortSignal;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  /** The job this worker runs now. */
  job: { reply(message: ConvertReply): void; crash(error: Error): void } | undefined;
}

type Waiter = (slot: Slot) => void;

const idle: Slot[] = [];
const waiters: Waiter[] = [];
let live = 0;
let nextId = 1;

function spawn(): Slot {
  const entry = workerEntry(import.meta.url, 'convert-worker', 'handlers/web/convert-worker');
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    resourceLimits: { maxOldGenerationSizeMb: CONVERT_MEMORY_MB },
  });
  const slot: Slot = { worker, ready: false, dead: false, idleTimer: undefined, job: undefined };
  worker.on('message', (message: ConvertReply | 'ready') => {
    if (message === 'ready') slot.ready = true;
    else slot.job?.reply(message);
  });
  worker.on('error', (error) => {
    const job = slot.job;
    retire(slot);
    job?.crash(error);
  });
  worker.on('exit', (code) => {
    const job = slot.job;
    retire(slot);
    job?.crash(new Error(`the conversion worker exited with code ${code}`));
  });
  // After the listeners: adding a 'message' listener re-refs the worker's port.
  worker.unref();
  return slot;
}

/** Removes a worker from the pool for good and lets a waiting job start a fresh one. */
function retire(slot: Slot): void {
  if (slot.dead) return;
  slot.dead = true;
  slot.job = undefined;
  live--;
  clearTimeout(slot.idleTimer);
  const at = idle.indexOf(slot);
  if (at >= 0) idle.splice(at, 1);
  void slot.worker.terminate().catch(() => {});
  const waiter = waiters.shift();
  if (waiter) {
    live++;
    waiter(spawn());
  }
}

function release(slot: Slot): void {
  slot.job = undefined;
  if (slot.dead) return;
  const waiter = waiters.shift();
  if (waiter) return waiter(slot);
  idle.push(slot);
  slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
  slot.idleTimer.unref();
}

function acquire(waiter: Waiter): void {
  const slot = idle.pop();
  if (slot) {
    clearTimeout(slot.idleTimer);
    waiter(slot);
  } else if (live < MAX_CONVERT_WORKERS) {
    live++;
    waiter(spawn());
  } else {
    waiters.push(waiter);
    return;
  }
  // Keep a spare warm: if this job turns out slow, the next page need not wait for a cold start.
  if (idle.length === 0 && live < MAX_CONVERT_WORKERS) {
    live++;
    release(spawn());
  }
}

/** Starts a worker ahead of the first job (called when an HTML response's headers arrive). */
export function prewarmConverter(): void {
  if (idle.length > 0 || live > 0) return;
  live++;
  release(spawn());
}

/** Converts a page in a worker within `options.deadline`; see the file comment. */
export function convertInWorker(job: ConvertJob, options: ConvertOptions): Promise<ConvertedPage> {
  const { signal } = options;
  const size = job.bytes.length;
  const timeoutError = () => new ToolError(
    'TIMEOUT',
    `converting the ${size}-byte page to ${job.format} did not finish within timeout_ms=${options.timeoutMs}; retry with format "raw" (no conversion), a smaller max_bytes, or a larger timeout_ms`,
    { phase: 'convert' },
  );
  if (signal.aborted) return Promise.reject(abortError(signal));
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(timeoutError());

  // A private copy, transferred (not cloned) to the worker.
  const bytes = new Uint8Array(size);
  bytes.set(job.bytes);
  return new Promise<ConvertedPage>((resolve, reject) => {
    let slot: Slot | undefined;
    let settled = false;
    const waiter: Waiter = (given) => {
      if (settled) return release(given);
      slot = given;
      const id = nextId++;
      given.job = {
        reply(message) {
          if (message.id !== id) return;
          if (message.ok) finish(undefined, () => resolve({ title: message.title, content: message.content, notes: message.notes }));
          else finish(undefined, () => reject(new ToolError('UNSUPPORTED_CONTENT', `the page could not be converted to ${job.format} (${message.message}); use format "raw" to get the HTML as received`)));
        },
        crash(error) {
          const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
          if (!given.ready && !outOfMemory) {
            finish(undefined, () => reject(new ToolError('INTERNAL', `the HTML conversion worker failed to start: ${error.message}`)));
          } else {
            finish(undefined, () => reject(new ToolError(
              'UNSUPPORTED_CONTENT',
              outOfMemory
                ? `converting the ${size}-byte page needed more than the converter's ${CONVERT_MEMORY_MB} MiB of memory; use format "raw" or a smaller max_bytes`
                : `the page could not be converted to ${job.format} (${error.message}); use format "raw" to get the HTML as received`,
            )));
          }
        },
      };
      const request: ConvertRequest = { id, bytes, encoding: job.encoding, truncated: job.truncated, format: job.format, baseUrl: job.baseUrl };
      given.worker.postMessage(request, [bytes.buffer]);
    };
    // `kill` set: the worker is stuck in the job (deadline, abort) and must be terminated.
    const finish = (kill: 'kill' | undefined, settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (slot) {
        if (kill) retire(slot);
        else release(slot);
      } else {
        const at = waiters.indexOf(waiter);
        if (at >= 0) waiters.splice(at, 1);
      }
      settle();
    };
    const timer = setTimeout(() => finish('kill', () => reject(timeoutError())), remaining);
    const onAbort = () => finish('kill', () => reject(abortError(signal)));
    signal.addEventListener('abort', onAbort, { once: true });
    acquire(waiter);
  });
}

/** Workers alive now (busy or idle); for tests. */
export function convertWorkersAlive(): number {
  return live;
}
