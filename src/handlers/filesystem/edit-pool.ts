// Large edits run in worker threads (./edit-worker.ts): 200 replace_all edits of a 4 MB file are
// tens of seconds of matching, which on the caller's thread would stop every other call (an MCP
// server's other sessions too). Small edits stay in-thread: copying the text costs more than they
// do. A worker whose caller aborts is terminated (CANCELLED); a busy worker keeps the process
// alive like any pending I/O, an idle one never does, and idle ones exit after IDLE_MS.
import { Worker } from 'node:worker_threads';
import { ToolError, abortError } from '../../runtime/errors.js';
import { workerEntry } from '../../runtime/worker-entry.js';
import type { EditJobReply, EditJobRequest } from './edit-worker.js';
import type { EditRequest } from './edit-match.js';

const MAX_EDIT_WORKERS = 2;
const IDLE_MS = 30_000;
/** Heap of one edit worker: a 64 MiB file is 128 MiB as a string, a few copies of it while editing. */
const EDIT_WORKER_HEAP_MB = 2048;

interface Slot {
  worker: Worker;
  dead: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  onReply: ((reply: EditJobReply) => void) | undefined;
  onCrash: ((error: Error) => void) | undefined;
}

const idle: Slot[] = [];
const waiters: ((slot: Slot) => void)[] = [];
let live = 0;
let nextId = 1;

function spawn(): Slot {
  const entry = workerEntry(import.meta.url, 'edit-worker', 'handlers/filesystem/edit-worker');
  // A heap cap of its own: a runaway job fails TOO_LARGE instead of growing the process without end.
  const worker = new Worker(entry.script, { eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: EDIT_WORKER_HEAP_MB } });
  const slot: Slot = { worker, dead: false, idleTimer: undefined, onReply: undefined, onCrash: undefined };
  worker.on('message', (message: EditJobReply | 'ready') => {
    if (message !== 'ready') slot.onReply?.(message);
  });
  const crashed = (error: Error) => {
    const onCrash = slot.onCrash;
    retire(slot);
    onCrash?.(error);
  };
  worker.on('error', crashed);
  worker.on('exit', (code) => crashed(new Error(`the edit worker exited with code ${code}`)));
  worker.unref();
  return slot;
}

function retire(slot: Slot): void {
  if (slot.dead) return;
  slot.dead = true;
  slot.onReply = slot.onCrash = undefined;
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
  slot.onReply = slot.onCrash = undefined;
  if (slot.dead) return;
  slot.worker.unref();
  const waiter = waiters.shift();
  if (waiter) return waiter(slot);
  idle.push(slot);
  slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
  slot.idleTimer.unref();
}

function acquire(waiter: (slot: Slot) => void): void {
  const slot = idle.pop();
  if (slot) {
    clearTimeout(slot.idleTimer);
    waiter(slot);
  } else if (live < MAX_EDIT_WORKERS) {
    live++;
    waiter(spawn());
  } else {
    waiters.push(waiter);
  }
}

export interface EditJob {
  text: string;
  edits: readonly EditRequest[];
  displayPath: string;
  labelTotal?: number;
}

/** Applies and diffs the edits in a worker; errors come back as the ToolErrors they were. */
export function editInWorker(job: EditJob, signal: AbortSignal): Promise<{ text: string; replacements: number; diff: string }> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    let slot: Slot | undefined;
    let settled = false;
    const finish = (kill: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
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
    const onAbort = () => finish(true, () => reject(abortError(signal)));
    const waiter = (given: Slot) => {
      if (settled) return release(given);
      slot = given;
      const id = nextId++;
      given.onReply = (reply) => {
        if (reply.id !== id) return;
        if (reply.ok) finish(false, () => resolve({ text: reply.text, replacements: reply.replacements, diff: reply.diff }));
        else if (reply.code) finish(false, () => reject(new ToolError(reply.code!, reply.message, reply.details)));
        else finish(false, () => reject(new ToolError('INTERNAL', `the edit failed in its worker: ${reply.message}`)));
      };
      given.onCrash = (error) => {
        const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(false, () => reject(outOfMemory
          ? new ToolError('TOO_LARGE', `the edits of ${job.displayPath} need more memory than an edit worker has; make fewer replacements per call`)
          : new ToolError('INTERNAL', `the edit worker failed: ${error.message}`)));
      };
      const request: EditJobRequest = { id, text: job.text, edits: job.edits, displayPath: job.displayPath, ...(job.labelTotal !== undefined ? { labelTotal: job.labelTotal } : {}) };
      // Referenced while it works: the caller awaits it, so the process must not exit under it.
      given.worker.ref();
      given.worker.postMessage(request);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    acquire(waiter);
  });
}

/** Edit workers alive now (busy or idle); for tests. */
export function editWorkersAlive(): number {
  return live;
}
