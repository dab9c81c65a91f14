// The door of `invoke`: whatever a host passes (Symbols, Proxies whose traps throw, getters that
// throw, cycles, a million nested arrays, a fake or booby-trapped AbortSignal), the call ends as a
// structured result and the process survives. Arguments are read once, here, into plain JSON-like
// data and a signal toolwright owns; nothing downstream ever touches the caller's objects again.
import { types } from 'node:util';
import { ToolError } from '../contract/errors.js';
import { checkPrincipal } from '../toolkit/principal.js';
import { readProgressOption, type ProgressListener } from './progress.js';
import { inertText } from '../text/control-text.js';
import { renderErrorText } from '../text/render.js';
import type { InvokeOptions, InvokeResult, ParkedApproval } from '../contract/types.js';

/** Deepest nesting of objects/arrays accepted in an input (catalog schemas are a few levels deep). */
export const MAX_INPUT_DEPTH = 64;
/** Most objects, arrays and values one input may hold. */
export const MAX_INPUT_NODES = 100_000;
/** Longest provider or operation name. */
const MAX_NAME_CHARS = 200;

type Invoke = (provider: string, operation: string, input: unknown, options?: InvokeOptions) => Promise<InvokeResult>;
type Inner = (
  provider: string,
  operation: string,
  input: unknown,
  options: { signal?: AbortSignal; principal?: string } & Listeners,
) => Promise<InvokeResult>;

interface Listeners {
  onProgress?: ProgressListener;
  onAdmitted?: () => void;
  onParked?: (parked: ParkedApproval) => void;
}

/**
 * Wraps the toolkit's invoke so that it validates its arguments first and never throws. `inner`
 * must itself never reject (the toolkit's catches everything); the guard adds no async layer of
 * its own unless it has to release a signal listener afterwards.
 */
export function guardInvoke(inner: Inner): Invoke {
  const guarded = async (
    listeners: Listeners,
    follower: SignalFollower,
    provider: string,
    operation: string,
    plain: unknown,
    principal: string | undefined,
  ): Promise<InvokeResult> => {
    try {
      return await inner(provider, operation, plain, { signal: follower.signal, principal, ...listeners });
    } finally {
      follower.release();
    }
  };
  return (provider: unknown, operation: unknown, input: unknown, options?: unknown): Promise<InvokeResult> => {
    let follower: SignalFollower | undefined;
    try {
      const providerName = nameArgument(provider, 'provider');
      const operationName = nameArgument(operation, 'operation');
      const { signal, principal, onAdmitted, onParked } = readOptions(options);
      const listeners = listenersOf(readProgressOption(options), onAdmitted, onParked);
      follower = followSignal(signal);
      const plain = snapshotInput(input);
      if (follower === undefined) return inner(providerName, operationName, plain, { principal, ...listeners });
      if (follower.release === noRelease)
        return inner(providerName, operationName, plain, { signal: follower.signal, principal, ...listeners });
      return guarded(listeners, follower, providerName, operationName, plain, principal);
    } catch (error) {
      follower?.release();
      const id = `${describeName(provider)}.${describeName(operation)}`;
      return Promise.resolve(
        notRunResult(
          id,
          error instanceof ToolError
            ? error
            : new ToolError('INTERNAL', `unexpected failure in ${id}: ${safeMessage(error)}`),
        ),
      );
    }
  };
}

const noRelease = (): void => {};

function listenersOf(
  onProgress: ProgressListener | undefined,
  onAdmitted: (() => void) | undefined,
  onParked: ((parked: ParkedApproval) => void) | undefined,
): Listeners {
  if (!onProgress && !onAdmitted && !onParked) return {};
  return {
    ...(onProgress ? { onProgress } : {}),
    ...(onAdmitted ? { onAdmitted } : {}),
    ...(onParked ? { onParked } : {}),
  };
}

/** The result of a call refused before it ran (the adapters' dispatch refuses with it too). */
export function notRunResult(id: string, error: ToolError): InvokeResult {
  const payload = error.toJSON();
  payload.message = inertText(payload.message);
  return {
    ok: false,
    error: payload,
    text: renderErrorText(payload),
    meta: { operation: id, policy: { decision: 'deny', rule: 'default', reason: 'not run' }, duration_ms: 0 },
  };
}

/** A name as a message may show it, without calling anything on it. */
function describeName(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_NAME_CHARS) : `<${kindOf(value)}>`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'array'; // throws for a revoked Proxy
  } catch {
    return 'revoked proxy';
  }
  return typeof value;
}

function nameArgument(value: unknown, what: string): string {
  if (typeof value !== 'string')
    throw new ToolError('INVALID_INPUT', `the ${what} name must be a string (got ${kindOf(value)})`);
  if (value.length > MAX_NAME_CHARS)
    throw new ToolError('UNKNOWN_OPERATION', `no ${what} has a name of ${value.length} characters`);
  return value;
}

function safeMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return typeof error === 'string' ? error : kindOf(error);
  } catch {
    return 'an error that cannot be described';
  }
}

// --- signal --------------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/unbound-method -- captured once so a caller's signal cannot replace them; always applied with .call */
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!;
const reasonGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'reason')!.get!;
const addListener = EventTarget.prototype.addEventListener;
const removeListener = EventTarget.prototype.removeEventListener;
/* eslint-enable @typescript-eslint/unbound-method */

function readOptions(options: unknown): {
  signal: unknown;
  principal: string | undefined;
  onAdmitted: (() => void) | undefined;
  onParked: ((parked: ParkedApproval) => void) | undefined;
} {
  if (options === undefined || options === null)
    return { signal: undefined, principal: undefined, onAdmitted: undefined, onParked: undefined };
  if (typeof options !== 'object')
    throw new ToolError('INVALID_INPUT', `options must be an object such as { signal } (got ${kindOf(options)})`);
  let signal: unknown;
  let principal: unknown;
  try {
    signal = (options as { signal?: unknown }).signal;
  } catch (error) {
    throw new ToolError('INVALID_INPUT', `options.signal could not be read: ${safeMessage(error)}`);
  }
  try {
    principal = (options as { principal?: unknown }).principal;
  } catch (error) {
    throw new ToolError('INVALID_INPUT', `options.principal could not be read: ${safeMessage(error)}`);
  }
  return {
    signal,
    principal: principal === undefined ? undefined : checkPrincipal(principal, 'options.principal'),
    onAdmitted: listenerOption(options, 'onAdmitted') as (() => void) | undefined,
    onParked: listenerOption(options, 'onParked') as ((parked: ParkedApproval) => void) | undefined,
  };
}

/** `options[name]`, read once: a function or nothing. */
function listenerOption(options: object, name: 'onAdmitted' | 'onParked'): unknown {
  let listener: unknown;
  try {
    listener = (options as Record<string, unknown>)[name];
  } catch (error) {
    throw new ToolError('INVALID_INPUT', `options.${name} could not be read: ${safeMessage(error)}`);
  }
  if (listener !== undefined && typeof listener !== 'function')
    throw new ToolError('INVALID_INPUT', `options.${name} must be a function (got ${kindOf(listener)})`);
  return listener;
}

interface SignalFollower {
  signal: AbortSignal;
  release(): void;
}

/**
 * The caller's signal when it is a plain AbortSignal, else a signal of toolwright's own that aborts
 * when the caller's does. The caller's signal is read only through AbortSignal's own accessors, so
 * a fake one, a Proxy, or one whose `aborted`, `reason` or `addEventListener` were overridden is
 * refused or cannot reach the code downstream.
 */
function followSignal(given: unknown): SignalFollower | undefined {
  if (given === undefined || given === null) return undefined;
  let aborted: boolean;
  try {
    aborted = abortedGetter.call(given) as boolean;
  } catch {
    throw new ToolError('INVALID_INPUT', `options.signal must be an AbortSignal (got ${kindOf(given)})`);
  }
  // A plain AbortSignal (no Proxy, no own properties shadowing its accessors) is used as it is:
  // following it costs two listeners and a controller per call.
  if (
    !types.isProxy(given) &&
    Object.getPrototypeOf(given) === AbortSignal.prototype &&
    Object.getOwnPropertyNames(given).length === 0
  ) {
    return { signal: given as AbortSignal, release: noRelease };
  }
  const controller = new AbortController();
  const source = given as AbortSignal;
  const onAbort = () => controller.abort(cleanReason(source));
  if (aborted) {
    onAbort();
    return { signal: controller.signal, release: noRelease };
  }
  try {
    addListener.call(source, 'abort', onAbort, { once: true });
  } catch {
    throw new ToolError('INVALID_INPUT', 'options.signal must be an AbortSignal (it could not be listened to)');
  }
  const release = () => {
    try {
      removeListener.call(source, 'abort', onAbort);
    } catch {
      // a Proxy around a signal may refuse; the listener then lives as long as that signal
    }
  };
  return { signal: controller.signal, release };
}

/** The caller's abort reason in a form downstream code can inspect without running caller code. */
function cleanReason(signal: AbortSignal): unknown {
  try {
    const reason: unknown = reasonGetter.call(signal);
    if (reason instanceof ToolError) {
      const { code, message } = reason; // a copy: the caller's object may hide getters
      if (typeof code === 'string' && typeof message === 'string') return new ToolError(code, message);
    }
    if (reason instanceof Error && Object.getOwnPropertyDescriptor(reason, 'name')?.value === 'TimeoutError') {
      return new DOMException('the call was aborted by its timeout signal', 'TimeoutError');
    }
    if (reason instanceof DOMException && reason.name === 'TimeoutError') {
      return new DOMException('the call was aborted by its timeout signal', 'TimeoutError');
    }
  } catch {
    // a reason that throws when looked at is just an abort
  }
  return new DOMException('the call was cancelled by the caller', 'AbortError');
}

// --- input ---------------------------------------------------------------------------------

/**
 * A copy of `input` as plain data (objects, arrays, strings, numbers, booleans, null), read with
 * JSON's rules (own enumerable string keys, `toJSON`, `undefined` dropped), refusing with
 * INVALID_INPUT what cannot be JSON or cannot be read, and anything deeper or bigger than the bounds.
 */
export function snapshotInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return copyValue(input, 0, { nodes: 0, ancestors: [], path: [] });
  const state: CopyState = { nodes: 0, ancestors: [], path: [] };
  return copyValue(input, 0, state);
}

interface CopyState {
  nodes: number;
  /** Objects from the root to the one being copied (a cycle is one of them again); at most 64. */
  ancestors: object[];
  /** Keys from the root to the value being copied; turned into text only for an error message. */
  path: (string | number)[];
}

function whereOf(state: CopyState): string {
  let text = 'input';
  for (const key of state.path) {
    text += typeof key === 'number' ? `[${key}]` : `.${key}`;
    if (text.length > 200) return `${text.slice(0, 200)}…`;
  }
  return text;
}

function copyValue(value: unknown, depth: number, state: CopyState): unknown {
  if (++state.nodes > MAX_INPUT_NODES) {
    throw new ToolError('INVALID_INPUT', `input holds more than ${MAX_INPUT_NODES} values; send less per call`);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'undefined':
      return value;
    case 'object':
      break;
    default:
      throw new ToolError('INVALID_INPUT', `${whereOf(state)} is a ${typeof value}; tool input must be JSON data`);
  }
  if (value === null) return null;
  if (depth >= MAX_INPUT_DEPTH) {
    throw new ToolError('INVALID_INPUT', `input nests deeper than ${MAX_INPUT_DEPTH} levels (at ${whereOf(state)})`);
  }
  if (state.ancestors.includes(value))
    throw new ToolError(
      'INVALID_INPUT',
      `${whereOf(state)} refers back to itself (a cycle); tool input must be JSON data`,
    );
  state.ancestors.push(value);
  try {
    return copyObject(value, depth, state);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError('INVALID_INPUT', `${whereOf(state)} could not be read: ${safeMessage(error)}`);
  } finally {
    state.ancestors.pop();
  }
}

function copyObject(value: object, depth: number, state: CopyState): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(value);
    if (replaced !== value) return copyValue(replaced, depth + 1, state);
  }
  if (Array.isArray(value)) {
    const length = value.length;
    if (length > MAX_INPUT_NODES - state.nodes) {
      throw new ToolError(
        'INVALID_INPUT',
        `${whereOf(state)} has ${length} items; input holds at most ${MAX_INPUT_NODES} values`,
      );
    }
    const copy: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      state.path.push(i);
      const item = copyValue(readItem(value, i, state), depth + 1, state);
      state.path.pop();
      copy[i] = item === undefined ? null : item;
    }
    return copy;
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  if (keys.length > MAX_INPUT_NODES - state.nodes) {
    throw new ToolError(
      'INVALID_INPUT',
      `${whereOf(state)} has ${keys.length} properties; input holds at most ${MAX_INPUT_NODES} values`,
    );
  }
  for (const key of keys) {
    state.path.push(key);
    const raw = readItem(value, key, state);
    // Strings, numbers and booleans (nearly every value) are taken as they are.
    const kind = typeof raw;
    const item =
      kind === 'string' || kind === 'number' || kind === 'boolean'
        ? (++state.nodes, raw)
        : copyValue(raw, depth + 1, state);
    state.path.pop();
    if (item === undefined) continue;
    // defineProperty: a key named "__proto__" stays data instead of changing the copy's prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

/** One property read (a getter or a Proxy trap may run): a throw names the property. */
function readItem(container: object, key: string | number, state: CopyState): unknown {
  try {
    return (container as Record<string | number, unknown>)[key];
  } catch (error) {
    throw new ToolError('INVALID_INPUT', `${whereOf(state)} could not be read: ${safeMessage(error)}`);
  }
}
