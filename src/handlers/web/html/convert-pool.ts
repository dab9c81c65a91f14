// A small pool of conversion workers (./convert-worker.ts). Converting an untrusted page can take
// long however careful the converter is (domino's tree building alone is superlinear in depth), so
// it never runs on the caller's thread: a job gets the caller's remaining timeout_ms as a hard
// deadline, and a worker that overruns it, or whose caller aborts, is terminated (TIMEOUT /
// CANCELLED). Workers are reused (a warm one converts a normal page in milliseconds), are unref'd
// (they never keep a process alive), and idle ones exit after IDLE_MS.
import { Worker } from 'node:worker_threads';
import { ToolError, abortError } from '../../../runtime/errors.js';
import { workerEntry } from '../../../runtime/worker-entry.js';
import { WorkerPool } from '../../../runtime/worker-pool.js';
import type { ConvertReply, ConvertRequest } from './convert-worker.js';
import type { ConvertedPage, ConvertFormat } from './convert.js';

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

const pool = new WorkerPool<ConvertReply>({
  create: () => {
    const entry = workerEntry(import.meta.url, 'convert-worker', 'handlers/web/html/convert-worker');
    return new Worker(entry.script, {
      eval: entry.eval,
      resourceLimits: { maxOldGenerationSizeMb: CONVERT_MEMORY_MB },
    });
  },
  max: MAX_CONVERT_WORKERS,
  idleMs: IDLE_MS,
  keepSpare: true,
});

/** Starts a worker ahead of the first job (called when an HTML response's headers arrive). */
export function prewarmConverter(): void {
  pool.prewarm();
}

/** Converts a page in a worker within `options.deadline`; see the file comment. */
export function convertInWorker(job: ConvertJob, options: ConvertOptions): Promise<ConvertedPage> {
  const { signal } = options;
  const size = job.bytes.length;
  const timeoutError = () =>
    new ToolError(
      'TIMEOUT',
      `converting the ${size}-byte page to ${job.format} did not finish within timeout_ms=${options.timeoutMs}; retry with format "raw" (no conversion), a smaller max_bytes, or a larger timeout_ms`,
      { phase: 'convert' },
    );
  if (signal.aborted) return Promise.reject(abortError(signal));
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(timeoutError());
  const unconvertible = (why: string) =>
    new ToolError(
      'UNSUPPORTED_CONTENT',
      `the page could not be converted to ${job.format} (${why}); use format "raw" to get the HTML as received`,
    );

  // A private copy, transferred (not cloned) to the worker.
  const bytes = new Uint8Array(size);
  bytes.set(job.bytes);
  return pool.run<ConvertedPage>({
    signal,
    deadlineMs: remaining,
    timeout: timeoutError,
    post(worker, id) {
      const request: ConvertRequest = {
        id,
        bytes,
        encoding: job.encoding,
        truncated: job.truncated,
        format: job.format,
        baseUrl: job.baseUrl,
      };
      worker.postMessage(request, [bytes.buffer]);
    },
    settle: (message) =>
      message.ok
        ? { title: message.title, content: message.content, notes: message.notes }
        : unconvertible(message.message),
    crashed(error, ready) {
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!ready && !outOfMemory)
        return new ToolError('INTERNAL', `the HTML conversion worker failed to start: ${error.message}`);
      return outOfMemory
        ? new ToolError(
            'UNSUPPORTED_CONTENT',
            `converting the ${size}-byte page needed more than the converter's ${CONVERT_MEMORY_MB} MiB of memory; use format "raw" or a smaller max_bytes`,
          )
        : unconvertible(error.message);
    },
  });
}

/** Workers alive now (busy or idle); for tests. */
export function convertWorkersAlive(): number {
  return pool.live;
}
