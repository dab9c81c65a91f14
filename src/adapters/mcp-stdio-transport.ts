// The MCP stdio transport: newline-delimited JSON-RPC over stdin and stdout, as the SDK's
// StdioServerTransport frames it, for the SDK's Server (which still does all of the protocol).
// What differs is the check of each incoming message. The SDK runs its zod union of the four
// JSON-RPC shapes over every line, about 40–60 µs of a ~1 ms tools/call before V8 has optimised
// it. Here the common shapes are recognised by a structural check that accepts only what that
// schema accepts, unchanged; anything else (an error response, task metadata, a malformed
// message) still goes through the SDK's schema, which decides and words the error.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's limit on one buffered message (STDIO_DEFAULT_MAX_BUFFER_SIZE); a longer line closes the transport. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 10;
const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

type Json = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RequestIdSchema and ProgressTokenSchema: a string or a safe integer (zod's int()). */
function isIdLike(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/** True when every own key of `value` is one of `allowed` (the SDK's strict() objects). */
function keysWithin(value: Json, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/**
 * A `params` or `result` object the SDK's loose schemas take as they are: absent `_meta`, or one
 * with at most a valid progress token (task metadata is left to the SDK's schema).
 */
function isPlainPayload(value: unknown): boolean {
  if (!isPlainObject(value) || Object.hasOwn(value, '__proto__')) return false;
  if (!Object.hasOwn(value, '_meta')) return true;
  const meta = value._meta;
  if (!isPlainObject(meta) || Object.hasOwn(meta, '__proto__') || Object.hasOwn(meta, RELATED_TASK_META_KEY)) return false;
  return !Object.hasOwn(meta, 'progressToken') || isIdLike(meta.progressToken);
}

const REQUEST_KEYS = ['jsonrpc', 'id', 'method', 'params'] as const;
const NOTIFICATION_KEYS = ['jsonrpc', 'method', 'params'] as const;
const RESULT_KEYS = ['jsonrpc', 'id', 'result'] as const;

/**
 * `value` (parsed JSON) when it is a request, a notification or a result response that the SDK's
 * JSONRPCMessageSchema accepts as it is; undefined when that schema has to decide.
 */
export function plainJsonRpcMessage(value: unknown): JSONRPCMessage | undefined {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') return undefined;
  if (typeof value.method === 'string') {
    const params = Object.hasOwn(value, 'params');
    if (params && !isPlainPayload(value.params)) return undefined;
    if (Object.hasOwn(value, 'id')) return isIdLike(value.id) && keysWithin(value, REQUEST_KEYS) ? value as JSONRPCMessage : undefined;
    return keysWithin(value, NOTIFICATION_KEYS) ? value as JSONRPCMessage : undefined;
  }
  if (Object.hasOwn(value, 'result') && Object.hasOwn(value, 'id')) {
    return isIdLike(value.id) && isPlainPayload(value.result) && keysWithin(value, RESULT_KEYS) ? value as JSONRPCMessage : undefined;
  }
  return undefined;
}

function errorReply(id: string | number | null, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

/** The first schema issue in a few words (a zod error's message is a JSON dump of all of them). */
function firstIssue(error: unknown): string {
  const issues = (error as { issues?: { path?: PropertyKey[]; message?: string }[] }).issues;
  const issue = Array.isArray(issues) ? issues[0] : undefined;
  if (!issue) return error instanceof Error ? error.message.slice(0, 200) : 'invalid';
  const at = issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : 'the message';
  return `${at}: ${issue.message ?? 'invalid'}`.slice(0, 200);
}

type Readable = NodeJS.ReadableStream;
type Writable = NodeJS.WritableStream;

/**
 * A server transport over a byte stream pair (stdin and stdout by default). `parseMessage` is the
 * SDK's JSONRPCMessageSchema.parse: it sees every message the structural check does not take.
 */
export class StdioJsonRpcTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;
  private closed = false;

  constructor(
    private readonly parseMessage: (value: unknown) => JSONRPCMessage,
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('the stdio transport is already started (Server.connect starts it)');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (error: Error) => {
    this.onerror?.(error);
  };

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    // Only the new chunk is searched for a newline; a line split over chunks is joined once.
    for (let newline = bytes.indexOf(NEWLINE); newline !== -1 && !this.closed; newline = bytes.indexOf(NEWLINE, start)) {
      if (this.pendingBytes + newline - start > this.maxMessageBytes) return this.tooLong();
      let line: string;
      if (this.pendingBytes === 0) {
        line = bytes.toString('utf8', start, newline);
      } else {
        this.pending.push(bytes.subarray(start, newline));
        line = Buffer.concat(this.pending, this.pendingBytes + newline - start).toString('utf8');
        this.pending = [];
        this.pendingBytes = 0;
      }
      start = newline + 1;
      this.deliver(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
    }
    if (start < bytes.length && !this.closed) {
      this.pending.push(start === 0 ? bytes : bytes.subarray(start));
      this.pendingBytes += bytes.length - start;
      if (this.pendingBytes > this.maxMessageBytes) this.tooLong();
    }
  };

  private tooLong(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.onerror?.(new Error(`a message on stdin is longer than ${this.maxMessageBytes} bytes; closing the connection`));
    void this.close();
  }

  /** One line: parsed, checked, handed to the server. A bad one is reported and skipped (the SDK's rule). */
  private deliver(line: string): void {
    const report = (error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      report(error);
      // JSON-RPC 2.0 §5: a line that is not JSON is answered -32700 with a null id (blank lines are not).
      if (line.trim() !== '') void this.send(errorReply(null, -32700, `Parse error: the line is not JSON (${(error as Error).message})`));
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = plainJsonRpcMessage(value) ?? this.parseMessage(value);
    } catch (error) {
      report(error);
      // A request or notification the schema refuses is answered -32600 (with its id when that is a
      // valid one, else null); a malformed response is only reported.
      if (isPlainObject(value) && Object.hasOwn(value, 'method')) {
        const id = typeof value.id === 'string' || Number.isSafeInteger(value.id) ? (value.id as string | number) : null;
        void this.send(errorReply(id, -32600, `Invalid Request: not a JSON-RPC 2.0 request or notification that MCP accepts (${firstIssue(error)})`));
      }
      return;
    }
    try {
      this.onmessage?.(message);
    } catch (error) {
      report(error);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    // Paused only when nothing else reads stdin (the SDK transport's rule).
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.pendingBytes = 0;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
