// How a store fails: UNAVAILABLE naming the store (never its password) and the reason, within the
// store's time bound; bad arguments are INVALID_INPUT before anything is written.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ToolError } from '../contract/errors.js';
import { hasLoneSurrogate } from '../text/control-text.js';

/**
 * A bounded call as its queued work sees it: `expired` once the caller was answered UNAVAILABLE
 * (its work must then do nothing), `started` once the work holds its locks and may write (the
 * caller then waits for it: an answer of UNAVAILABLE says nothing was written).
 */
interface BoundCall {
  expired: boolean;
  started: boolean;
}

const boundCall = new AsyncLocalStorage<BoundCall>();

/**
 * Called by an engine's work when its turn comes (before it touches anything): refuses work whose
 * caller was already answered UNAVAILABLE while it waited, so that such an answer never hides a
 * write made later.
 */
export function checkBoundWork(location: string): void {
  if (boundCall.getStore()?.expired)
    throw storeUnavailable(location, 'the call was answered before its turn came; nothing was written');
}

/** Called once the work holds its locks, right before it reads and writes: from here its caller waits for it. */
export function beginBoundWork(location: string): void {
  checkBoundWork(location);
  const call = boundCall.getStore();
  if (call) call.started = true;
}

export function storeUnavailable(location: string, reason: string, details?: Record<string, unknown>): ToolError {
  return new ToolError('UNAVAILABLE', `the store ${location} is unavailable: ${reason}`, {
    store: location,
    ...details,
  });
}

/**
 * Settles like `work` (its failure through `mapError`), or rejects UNAVAILABLE after `ms` (then
 * `onTimeout` runs, e.g. to drop the connection the work holds). The timer never keeps the process
 * alive.
 */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  location: string,
  onTimeout?: () => void,
  mapError: (error: unknown) => unknown = (error) => error,
  call?: BoundCall,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Work that has begun writing is waited for (a local write ends soon), once more as long.
      if (call?.started) {
        const late = setTimeout(
          () =>
            reject(
              storeUnavailable(location, `no answer within ${2 * ms} ms; the change may have been made`, {
                timeout_ms: 2 * ms,
              }),
            ),
          ms,
        );
        late.unref?.();
        work.finally(() => clearTimeout(late)).catch(() => {});
        return;
      }
      if (call) call.expired = true;
      work.catch(() => {});
      try {
        onTimeout?.();
      } catch {
        /* best effort */
      }
      reject(storeUnavailable(location, `no answer within ${ms} ms`, { timeout_ms: ms }));
    }, ms);
    timer.unref?.();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(mapError(error));
      },
    );
  });
}

export function invalidStoreInput(message: string): ToolError {
  return new ToolError('INVALID_INPUT', message);
}

// --- Argument checks shared by both engines -----------------------------------------------------

/**
 * A text field the store keeps: bounded, without NUL (PostgreSQL text cannot hold it) and with a
 * UTF-8 form (a lone surrogate half is written as U+FFFD).
 */
export function checkText(name: string, value: unknown, maxLength: number, options: { empty?: boolean } = {}): string {
  if (typeof value !== 'string') throw invalidStoreInput(`${name} must be a string`);
  if (!options.empty && value.length === 0) throw invalidStoreInput(`${name} must not be empty`);
  // Characters as the tools' schemas count them (code points: an emoji is one, not two).
  if (value.length > maxLength) {
    const characters = codePoints(value);
    if (characters > maxLength)
      throw invalidStoreInput(`${name} is ${characters} characters long; at most ${maxLength} are kept`);
  }
  if (value.includes('\0')) throw invalidStoreInput(`${name} must not contain NUL (\\u0000) characters`);
  // No UTF-8 form: an engine would keep U+FFFD instead, and two keys would become one.
  if (hasLoneSurrogate(value))
    throw invalidStoreInput(`${name} must not contain a lone surrogate half (invalid UTF-16)`);
  return value;
}

/** How many code points `text` holds (a surrogate pair is one). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

export function checkKey(key: { scope: string; principal: string }): void {
  if (!key || typeof key !== 'object') throw invalidStoreInput('the store key must be { scope, principal }');
  checkText('scope', key.scope, 1024);
  checkText('principal', key.principal, 256);
}

export function checkId(name: string, value: unknown): string {
  return checkText(name, value, 128);
}

/** A duration in ms: a non-negative integer of at most a year. */
export function checkMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > 366 * 24 * 3600 * 1000) {
    throw invalidStoreInput(`${name} must be a whole number of milliseconds between 0 and one year`);
  }
  return value;
}

/** A JSON payload as stored: its text, checked for size (undefined stays null). */
export function jsonText(name: string, value: unknown, maxBytes: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value === undefined ? null : value);
  } catch (error) {
    throw invalidStoreInput(`${name} cannot be stored as JSON: ${(error as Error).message}`);
  }
  if (text === undefined) throw invalidStoreInput(`${name} cannot be stored as JSON (a function or a symbol)`);
  if (Buffer.byteLength(text) > maxBytes)
    throw invalidStoreInput(`${name} is ${Buffer.byteLength(text)} bytes of JSON; at most ${maxBytes} are kept`);
  return text;
}

export const CHANNEL_PATTERN = /^[A-Za-z0-9_.:-]{1,63}$/;
export const MAX_PAYLOAD_BYTES = 7999;

export function checkChannel(channel: unknown): string {
  if (typeof channel !== 'string' || !CHANNEL_PATTERN.test(channel)) {
    throw invalidStoreInput('a notification channel is 1 to 63 letters, digits or _ . : -');
  }
  return channel;
}

export function checkPayload(payload: unknown): string {
  const text = checkText('the notification payload', payload, MAX_PAYLOAD_BYTES, { empty: true });
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
    throw invalidStoreInput(`a notification payload is at most ${MAX_PAYLOAD_BYTES} bytes`);
  return text;
}

export interface BoundOptions {
  timeoutMs: number;
  location: string;
  /** Turns an engine's failure into what callers see (UNAVAILABLE with the reason, or as it is). */
  mapError: (error: unknown) => unknown;
  /** Set once the store is closed: calls then fail at once. */
  isClosed: () => boolean;
  /** Work to finish before a call (the first call brings the schema up to date); undefined once done. */
  before?: () => Promise<void> | undefined;
  /** Told of each call's work, which may go on after its caller was answered (close waits for it). */
  track?: (work: Promise<unknown>) => void;
}

/** The same object with every method bounded in time and its failures mapped. */
export function boundMethods<T extends object>(target: T, options: BoundOptions): T {
  const { timeoutMs, location, mapError } = options;
  const bound: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(target)) {
    if (typeof method !== 'function') continue;
    const call = method as (...a: unknown[]) => Promise<unknown>;
    bound[name] = (...args: unknown[]) => {
      if (options.isClosed()) return Promise.reject(storeUnavailable(location, 'the store was closed'));
      const state: BoundCall = { expired: false, started: false };
      const work = boundCall.run(state, () => {
        try {
          const pending = options.before?.();
          return pending ? pending.then(() => call.apply(target, args)) : call.apply(target, args);
        } catch (error) {
          return Promise.reject(error);
        }
      });
      options.track?.(work);
      return withDeadline(work, timeoutMs, location, undefined, mapError, state);
    };
  }
  return Object.freeze(bound) as T;
}

const TASK_STATUS_NAMES = ['pending', 'in_progress', 'completed', 'cancelled'];

/** A task's fields as both engines accept them (the limits the task tools declare). */
export function checkTaskFields(
  fields: { title?: unknown; description?: unknown; status?: unknown },
  creating: boolean,
): void {
  if (!fields || typeof fields !== 'object') throw invalidStoreInput('a task must be an object');
  if (creating || fields.title !== undefined) checkText('title', fields.title, 200);
  if (fields.description !== undefined) checkText('description', fields.description, 4000, { empty: true });
  if (fields.status !== undefined && !TASK_STATUS_NAMES.includes(fields.status as string)) {
    throw invalidStoreInput(`status must be one of ${TASK_STATUS_NAMES.join(', ')}`);
  }
}
