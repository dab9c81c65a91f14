// A small pool of conversion processes (./convert-job.ts). Converting an untrusted page can take
// long however careful the converter is (domino's tree building alone is superlinear in depth), so
// it never runs on the caller's thread, nor in the caller's process: a page that exhausts the
// converter's heap can make V8 abort the process it runs in. A job gets the caller's remaining
// timeout_ms as a hard deadline, and a process that overruns it, or whose caller aborts, is killed
// (TIMEOUT / CANCELLED). Processes are reused (a warm one converts a normal page in milliseconds),
// never keep the host alive while idle, and idle ones exit after IDLE_MS.
import { ToolError, abortError } from '../../../runtime/contract/errors.js';
import { JobProcess } from '../../../runtime/processes/job-process.js';
import { jobScript } from '../../../runtime/processes/job-process-entry.js';
import { JobProcessPool } from '../../../runtime/processes/job-process-pool.js';
import type { ConvertReply, ConvertRequest } from './convert-job.js';
import type { ConvertedPage, ConvertFormat } from './convert.js';
import { outputLimit } from './limits.js';

/** 4 even on 2 cores: two slow hostile pages must not leave normal pages queueing behind them. */
export const MAX_CONVERT_PROCESSES = 4;
const IDLE_MS = 30_000;
/**
 * Heap of one converter process; a page whose DOM outgrows it is refused (UNSUPPORTED_CONTENT).
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
  /** The call's max_bytes (else the page's size): the conversion sent back is bounded by it (./limits.ts). */
  maxBytes?: number;
}

export interface ConvertOptions {
  /** Epoch ms by which the conversion must be done (the caller's timeout_ms budget). */
  deadline: number;
  timeoutMs: number;
  signal: AbortSignal;
}

const pool = new JobProcessPool<ConvertReply>({
  create: () =>
    new JobProcess<ConvertReply>({
      ...jobScript(import.meta.url, 'convert-job', 'handlers/web/html/convert-job'),
      heapMb: CONVERT_MEMORY_MB,
    }),
  max: MAX_CONVERT_PROCESSES,
  idleMs: IDLE_MS,
  keepSpare: true,
});

/** Starts a converter ahead of the first job (called when an HTML response's headers arrive). */
export function prewarmConverter(): void {
  pool.prewarm();
}

/** Converts a page in a converter process within `options.deadline`; see the file comment. */
export function convertInJobProcess(job: ConvertJob, options: ConvertOptions): Promise<ConvertedPage> {
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

  const bytes = job.bytes;
  return pool.run<ConvertedPage>({
    signal,
    deadlineMs: remaining,
    timeout: timeoutError,
    post(converter, id) {
      const request: ConvertRequest = {
        id,
        bytes,
        encoding: job.encoding,
        truncated: job.truncated,
        format: job.format,
        baseUrl: job.baseUrl,
        // Bounded in the converter: an unbounded reply would be received and held here, in the host.
        maxChars: outputLimit(job.maxBytes ?? size, size),
      };
      converter.send(request);
    },
    settle: (message) =>
      message.ok
        ? { title: message.title, content: message.content, notes: message.notes }
        : unconvertible(message.message),
    crashed(exit, ready) {
      if (!ready && !exit.outOfMemory)
        return new ToolError('INTERNAL', `the HTML converter failed to start: ${exit.message}`);
      return exit.outOfMemory
        ? new ToolError(
            'UNSUPPORTED_CONTENT',
            `converting the ${size}-byte page needed more than the converter's ${CONVERT_MEMORY_MB} MiB of memory; use format "raw" or a smaller max_bytes`,
          )
        : unconvertible(exit.message);
    },
  });
}

/** Converter processes alive now (busy or idle); for tests. */
export function convertProcessesAlive(): number {
  return pool.live;
}
