// tools/call over 2025-11-25 stdio without the SDK's per-message work. The SDK parses every
// line with zod three to four times (the message, then which kind it is), makes a context and an
// AbortController per request: about a fifth of a small read's CPU before its answer is written.
// A plain call (well-formed, on an initialized session, with no progress token, no task, nothing
// the protocol lifts out of _meta) is read here instead and answered exactly as the SDK answers
// it: the same result and error shapes, the same id, the same codes, nothing once cancelled.
// Every other line goes to the SDK as before, notifications/cancelled included (it also aborts
// a call taken here: the calls in flight are kept by id).
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** The tools/call handler a server answers plain calls with: its params unchecked, the call's signal and id. */
export type DirectToolCall = (params: unknown, signal: AbortSignal, id: string | number) => Promise<unknown>;

interface DirectCallsOf {
  call: DirectToolCall;
  /** Whether the session is initialized (before that, every line goes to the SDK). */
  ready: () => boolean;
}

const servers = new WeakMap<object, DirectCallsOf>();

/** Has the stdio transport answer `server`'s plain tools/call requests with `call`. */
export function answerToolCallsDirectly(server: object, call: DirectToolCall, ready: () => boolean): void {
  servers.set(server, { call, ready });
}

/** @internal The direct handler a server registered, if any. */
export function directToolCallsOf(server: object): DirectCallsOf | undefined {
  return servers.get(server);
}

/** The SDK's InternalError code, and its 2025 codec's mapping of error codes (-32002 is sent as -32602). */
const INTERNAL_ERROR = -32603;
const encodeErrorCode = (code: number) => (code === -32002 ? -32602 : code);
/** _meta keys the protocol reads or lifts out (envelope, related task): such a call goes to the SDK. */
const PROTOCOL_META_PREFIX = 'io.modelcontextprotocol/';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(id: unknown): id is string | number {
  return typeof id === 'string' || Number.isSafeInteger(id);
}

/** A tools/call request with nothing but jsonrpc, id, method and params { name, arguments?, _meta? } and no progress token. */
function isPlainToolCall(
  message: Record<string, unknown>,
): message is { id: string | number; params: Record<string, unknown> } {
  if (message.method !== 'tools/call' || !isRequestId(message.id)) return false;
  for (const key in message)
    if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params') return false;
  const { params } = message;
  if (!isPlainObject(params)) return false;
  for (const key in params) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isPlainObject(meta)) return false;
  for (const key in meta) if (key === 'progressToken' || key.startsWith(PROTOCOL_META_PREFIX)) return false;
  return true;
}

/** What a stdio transport asks of a line before the SDK reads it. */
export interface LineDivert {
  /** True when the line was taken (the SDK does not see it). */
  take(line: string): boolean;
  /** The connection closed: every call in flight is aborted and answers nothing. */
  close(): void;
}

export class DirectToolCalls implements LineDivert {
  readonly #inFlight = new Map<string | number, AbortController>();

  constructor(
    private readonly handler: DirectCallsOf,
    private readonly send: (message: JSONRPCMessage) => Promise<void>,
    private readonly onerror: (error: Error) => void,
  ) {}

  take(line: string): boolean {
    // Only lines that may matter are parsed here; the rest go to the SDK untouched.
    const toolCall = line.includes('"tools/call"');
    if (!toolCall && !(this.#inFlight.size > 0 && line.includes('"notifications/cancelled"'))) return false;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return false; // the SDK answers what is not JSON
    }
    if (!isPlainObject(message) || message.jsonrpc !== '2.0') return false;
    if (message.method === 'notifications/cancelled') {
      this.#cancel(message.params);
      return false; // the SDK cancels its own calls by the same notification
    }
    if (!toolCall || !isPlainToolCall(message) || !this.handler.ready()) return false;
    this.#run(message.id, message.params);
    return true;
  }

  close(): void {
    const inFlight = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (const controller of inFlight) controller.abort(new Error('Connection closed'));
  }

  #cancel(params: unknown): void {
    if (!isPlainObject(params) || !isRequestId(params.requestId)) return;
    if (params.reason !== undefined && typeof params.reason !== 'string') return; // the SDK refuses it too
    this.#inFlight.get(params.requestId)?.abort(params.reason);
  }

  #run(id: string | number, params: Record<string, unknown>): void {
    const controller = new AbortController();
    this.#inFlight.set(id, controller);
    const { signal } = controller;
    this.handler
      .call(params, signal, id)
      .then(
        (result) => (signal.aborted ? undefined : this.send({ result, jsonrpc: '2.0', id } as JSONRPCMessage)),
        (error: { code?: unknown; message?: string; data?: unknown }) => {
          if (signal.aborted) return undefined;
          const code = Number.isSafeInteger(error.code) ? (error.code as number) : INTERNAL_ERROR;
          const answer = {
            jsonrpc: '2.0',
            id,
            error: {
              code: encodeErrorCode(code),
              message: error.message ?? 'Internal error',
              ...(error.data !== undefined && { data: error.data }),
            },
          };
          return this.send(answer as JSONRPCMessage);
        },
      )
      .catch((error: unknown) => this.onerror(new Error(`Failed to send response: ${String(error)}`)))
      .finally(() => {
        if (this.#inFlight.get(id) === controller) this.#inFlight.delete(id);
      });
  }
}
