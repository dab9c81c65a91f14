// `initialize` over stdio answered before the MCP SDK has loaded. Loading the SDK (zod and its
// schemas, ajv) is most of a server's start-up, yet the answer to `initialize` depends on nothing
// but the server's name, version, capabilities and instructions, and the protocol version the
// client asks for. So the CLI answers it from the first line on stdin right away, keeps every byte
// it read, and hands them to the stdio transport once the SDK is up: the SDK still
// parses and handles the whole conversation, initialize included. Its answer to that initialize
// is dropped when it is the one already sent; when it differs (a request the SDK rejects, a
// protocol-version list that drifted), the server closes rather than go on out of step.
// Only a version this module knows the SDK supports is answered early: a client asking for any
// other (one a newer SDK may support) waits for the SDK's own answer. The SDK is pinned to the
// release the copied list matches, and test/mcp/early-init.test.ts fails when they part.
import { capabilitiesFor, type ServerIdentity } from '../identity.js';
import type { Server } from '@modelcontextprotocol/server';
import type { Transport } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** The SDK's LATEST_PROTOCOL_VERSION and SUPPORTED_PROTOCOL_VERSIONS (test/mcp/early-init.test.ts checks they match). */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  LATEST_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** Bytes held before the SDK takes over; past this, stdin is paused (the client waits, nothing is lost). */
const MAX_HELD_BYTES = 10 * 1024 * 1024;

type Id = string | number;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The id of `line` when it is a well-formed `initialize` request for a protocol version the SDK
 * supports, and that version (the SDK answers with the client's version then); else undefined.
 */
export function initializeRequestOf(line: string): { id: Id; protocolVersion: string } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isPlainObject(message) || message.jsonrpc !== '2.0' || message.method !== 'initialize') return undefined;
  const { id, params } = message;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  if (!isPlainObject(params) || typeof params.protocolVersion !== 'string' || !isPlainObject(params.capabilities))
    return undefined;
  const info = params.clientInfo;
  if (!isPlainObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') return undefined;
  const requested = params.protocolVersion;
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? { id, protocolVersion: requested } : undefined;
}

/** The result the SDK's Server gives `initialize`, key for key. */
export function initializeResult(identity: ServerIdentity, protocolVersion: string): Record<string, unknown> {
  return {
    protocolVersion,
    capabilities: capabilitiesFor(identity.capabilities, protocolVersion),
    serverInfo: identity.serverInfo,
    ...(identity.instructions ? { instructions: identity.instructions } : {}),
  };
}

export interface EarlyInitializeStreams {
  stdin: NodeJS.ReadableStream & { unshift(chunk: Buffer): void; pause(): unknown; resume(): unknown };
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/**
 * Reads stdin from construction on and answers a first-line `initialize`; `attach` then gives the
 * server's transport everything read, in order.
 */
export class EarlyInitialize {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private firstLineSeen = false;
  private ended = false;
  /** The early answer, until the SDK's own answer to the same request has been compared with it. */
  private answered: { id: Id; result: string } | undefined;
  private readonly streams: EarlyInitializeStreams;
  private seeFirstLine!: (line: string | undefined) => void;
  /** The first line read, or undefined when stdin ended before one (which revision to serve depends on it). */
  readonly firstLine = new Promise<string | undefined>((resolve) => (this.seeFirstLine = resolve));

  constructor(
    private readonly identity: ServerIdentity | undefined,
    streams: Partial<EarlyInitializeStreams> = {},
  ) {
    this.streams = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, ...streams };
    this.streams.stdin.on('data', this.onData);
    this.streams.stdin.on('end', this.onEnd);
  }

  private readonly onEnd = () => {
    this.ended = true;
    if (!this.firstLineSeen) {
      // A last line without a newline is a line too.
      const rest = this.heldBytes > 0 ? Buffer.concat(this.held, this.heldBytes).toString('utf8') : '';
      this.seeFirstLine(rest.trim() === '' ? undefined : rest);
    }
  };

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.held.push(bytes);
    this.heldBytes += bytes.length;
    // Only the new chunk is searched, and the held ones joined once, when the first line ends:
    // a long first line sent in small chunks costs its length, not its length squared.
    if (!this.firstLineSeen) {
      const newline = bytes.indexOf(10);
      if (newline !== -1) {
        this.firstLineSeen = true;
        const lineBytes = this.heldBytes - bytes.length + newline;
        const line = Buffer.concat(this.held, this.heldBytes).toString('utf8', 0, lineBytes).replace(/\r$/, '');
        this.answer(line);
        this.seeFirstLine(line);
      }
    }
    if (this.heldBytes > MAX_HELD_BYTES) this.streams.stdin.pause();
  };

  private answer(line: string): void {
    const request = this.identity && initializeRequestOf(line);
    if (!request || !this.identity) return; // the SDK answers (or refuses) it as usual
    const result = initializeResult(this.identity, request.protocolVersion);
    this.answered = { id: request.id, result: JSON.stringify(result) };
    this.streams.stdout.write(`${JSON.stringify({ result, jsonrpc: '2.0', id: request.id })}\n`);
  }

  /**
   * Connects `server` over a transport from `makeTransport` (a stdio transport) and replays
   * what was read so far to it. When stdin has already ended, the transport reads the held bytes
   * from a stream of their own, and `ended` is that stream's end (the caller closes then).
   */
  async attach(
    server: Server,
    makeTransport: (stdin?: NodeJS.ReadableStream) => Transport,
  ): Promise<{ ended?: Promise<void> }> {
    return this.handOver(async (stdin) => {
      const transport = makeTransport(stdin);
      const send = transport.send.bind(transport);
      transport.send = (message: JSONRPCMessage) => {
        const early = this.answered;
        if (early && 'id' in message && message.id === early.id && ('result' in message || 'error' in message)) {
          this.answered = undefined;
          if ('result' in message && JSON.stringify(message.result) === early.result) return Promise.resolve();
          this.streams.stderr.write(
            `toolwright: initialize was answered before the MCP SDK loaded, but the SDK answers it differently (${JSON.stringify(message).slice(0, 300)}); closing\n`,
          );
          void server.close();
          return Promise.resolve();
        }
        return send(message);
      };
      await server.connect(transport);
    });
  }

  /**
   * Stops reading, has `connect` start a reader (over stdin, or over a stream of the held bytes
   * when stdin has already ended: `ended` is that stream's end), then replays what was read to it.
   */
  async handOver(connect: (stdin?: NodeJS.ReadableStream) => Promise<void>): Promise<{ ended?: Promise<void> }> {
    const { stdin } = this.streams;
    stdin.off('data', this.onData);
    stdin.off('end', this.onEnd);
    stdin.pause();
    const held = this.heldBytes > 0 ? Buffer.concat(this.held, this.heldBytes) : undefined;
    this.held = [];
    this.heldBytes = 0;
    let replay: import('node:stream').PassThrough | undefined;
    if (this.ended) {
      const { PassThrough } = await import('node:stream');
      replay = new PassThrough();
    }
    await connect(replay);
    if (replay) {
      const ended = new Promise<void>((resolve) => replay.once('end', resolve));
      replay.end(held);
      replay.resume();
      return { ended };
    }
    if (held) stdin.unshift(held);
    stdin.resume();
    return {};
  }
}
