// Progress of a long call for whoever asked for it (invoke's onProgress, an MCP progress token):
// throttled, never blocking the handler, and silent once the call is over.
import { inertText } from '../text/control-text.js';
import { ToolError } from '../contract/errors.js';
import { monotonicMs } from '../services/clock.js';

/** How far a call has come: `progress` (bytes, lines, files, ms) of `total` when known. */
export interface ProgressEvent {
  progress: number;
  total?: number;
  message?: string;
}

export type ProgressListener = (event: ProgressEvent) => void;

/** Events of one call are at least this far apart. */
export const PROGRESS_INTERVAL_MS = 100;

/** A reporter for one call; `end()` silences it (a handler that reports late reaches no one). */
export interface ProgressReporter {
  report: ProgressListener;
  end(): void;
}

/** `clock` gives the time in milliseconds (tests pass their own). */
export function progressReporter(
  listener: ProgressListener,
  clock: () => number = () => monotonicMs(),
): ProgressReporter {
  let last = -Infinity;
  let ended = false;
  let highest = -Infinity;
  return {
    report(event) {
      if (ended || !Number.isFinite(event.progress)) return;
      const now = clock();
      // MCP wants progress to grow: a smaller value than one sent is not sent.
      if (now - last < PROGRESS_INTERVAL_MS || event.progress <= highest) return;
      last = now;
      highest = event.progress;
      const copy: ProgressEvent = { progress: event.progress };
      if (event.total !== undefined && Number.isFinite(event.total)) copy.total = event.total;
      // A message may quote a path or a command's output: it reaches clients inert.
      if (event.message !== undefined) copy.message = inertText(String(event.message));
      try {
        // A listener's promise (or its failure) is not the call's business.
        const returned: unknown = listener(copy);
        if (returned instanceof Promise) returned.catch(() => undefined);
      } catch {
        // a listener that throws loses its events, not the call
      }
    },
    end() {
      ended = true;
    },
  };
}

/** `options.onProgress`, checked: a function or nothing. */
export function readProgressOption(options: unknown): ProgressListener | undefined {
  if (options === undefined || options === null || typeof options !== 'object') return undefined;
  let given: unknown;
  try {
    given = (options as { onProgress?: unknown }).onProgress;
  } catch {
    throw new ToolError('INVALID_INPUT', 'options.onProgress could not be read');
  }
  if (given === undefined) return undefined;
  if (typeof given !== 'function')
    throw new ToolError('INVALID_INPUT', `options.onProgress must be a function (got ${typeof given})`);
  return given as ProgressListener;
}

/** A silent long call still reports this often (an elapsed-time feed). */
export const HEARTBEAT_MS = 500;

/** Progress measured in milliseconds since it started, `describe` saying what is going on. */
export interface ElapsedFeed {
  /** Reports now (throttled by the reporter like any event). */
  tick: () => void;
  stop: () => void;
}

/**
 * Reports the time since the start with `describe()`'s words ("turn 3, 5 tool calls after 1200
 * ms"), on every tick and every HEARTBEAT_MS until stopped: time always grows, so a client that
 * resets its timeout on progress keeps waiting while nothing else changes.
 */
export function elapsedProgress(report: ProgressListener, describe: () => string): ElapsedFeed {
  const started = monotonicMs();
  const tick = () => {
    const elapsed = Math.round(monotonicMs() - started);
    report({ progress: elapsed, message: `${describe()} after ${elapsed} ms` });
  };
  const timer = setInterval(tick, HEARTBEAT_MS).unref();
  return { tick, stop: () => clearInterval(timer) };
}
