// MCP over stdio, both revisions on one connection's terms: the first message decides. An
// `initialize` (or anything without a 2026-07-28 envelope) is served by the 2025-11-25 server
// as before; `server/discover` or a request carrying the envelope, by the SDK v2's stdio entry
// with a 2026-07-28 server per connection over the same toolkit.
import type { Server } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { McpServing, ServerToolkit } from '../serving.js';
import { EarlyInitialize } from './stdio-early-init.js';
import { isModernMessage } from '../rev2026/sdk.js';
import { DirectToolCalls, directToolCallsOf } from './stdio-direct-calls.js';

export interface RunningServer {
  close(): Promise<void>;
}

/** What serves 2026-07-28 clients beside a 2025-11-25 server. */
export interface ModernStdio {
  serving: McpServing;
  source: ServerToolkit;
  root: string;
}

function firstMessageIsModern(line: string | undefined): boolean {
  if (line === undefined) return false;
  try {
    return isModernMessage(JSON.parse(line));
  } catch {
    return false;
  }
}

/**
 * Serves `server` (2025-11-25) and, when `modern` is given, 2026-07-28 clients over stdio until
 * stdin closes or `close()` is called. `earlyInitialize` is the CLI's reader that answered
 * `initialize` before the SDK loaded; without one, a reader that answers nothing decides.
 */
export async function serveStdioConnection(
  server: Server,
  modern: ModernStdio | undefined,
  earlyInitialize: EarlyInitialize | undefined,
): Promise<RunningServer & { closed: Promise<void> }> {
  const reader = earlyInitialize ?? (modern ? new EarlyInitialize(undefined) : undefined);
  if (modern && reader && firstMessageIsModern(await reader.firstLine)) return serveModern(modern, reader);
  return serveLegacy(server, reader);
}

async function serveLegacy(
  server: Server,
  reader: EarlyInitialize | undefined,
): Promise<RunningServer & { closed: Promise<void> }> {
  const [{ deserializeMessage }, { StdioLineTransport }] = await Promise.all([
    import('@modelcontextprotocol/server'),
    import('./stdio-lines.js'),
  ]);
  const direct = directToolCallsOf(server);
  let transport: InstanceType<typeof StdioLineTransport> | undefined;
  const transportOver = (stdin?: NodeJS.ReadableStream) => {
    const made = new StdioLineTransport(deserializeMessage, stdin ?? process.stdin, process.stdout);
    // Sent through `made.send` as it is when the call ends (the early reader wraps it after this).
    if (direct)
      made.divert = new DirectToolCalls(
        direct,
        (message) => made.send(message),
        (error) => made.onerror?.(error),
      );
    return (transport = made);
  };
  // The transport reports a line it cannot read and goes on; JSON-RPC says to answer it.
  const reported = server.onerror;
  server.onerror = (error) => {
    reported?.(error);
    const answer = malformedLineAnswer(error);
    if (answer && transport) void transport.send(answer).catch(() => {});
  };
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  server.onclose = () => resolveClosed();
  // The SDK transport does not notice the client going away; stdin ending means it did.
  const onEnd = () => {
    void server.close();
  };
  if (reader) {
    const { ended } = await reader.attach(server, transportOver);
    if (ended) void ended.then(onEnd);
  } else {
    await server.connect(transportOver());
  }
  process.stdin.once('end', onEnd);
  return {
    closed,
    close: async () => {
      process.stdin.off('end', onEnd);
      await server.close();
    },
  };
}

async function serveModern(
  { serving, source, root }: ModernStdio,
  reader: EarlyInitialize,
): Promise<RunningServer & { closed: Promise<void> }> {
  const [{ serveStdio, StdioServerTransport }] = await Promise.all([import('@modelcontextprotocol/server/stdio')]);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let handle: { close(): Promise<void> } | undefined;
  const { ended } = await reader.handOver(async (stdin) => {
    const transport = new StdioServerTransport((stdin ?? process.stdin) as typeof process.stdin, process.stdout);
    const onclose = transport.onclose;
    // The opaque server is the SDK v2's own Server (rev2026/server.ts).
    // The connection's one server announces list changes; the entry hands them to its listen subscriptions.
    handle = serveStdio(() => serving.modern(source, root, { stdio: true }) as never, {
      transport,
      legacy: 'reject',
    });
    // The entry sets its own onclose when it starts the transport; ours is chained after it.
    queueMicrotask(() => {
      const entry = transport.onclose ?? onclose;
      transport.onclose = () => {
        entry?.();
        resolveClosed();
      };
    });
  });
  const onEnd = () => {
    void handle?.close().finally(resolveClosed);
  };
  if (ended) void ended.then(onEnd);
  process.stdin.once('end', onEnd);
  return {
    closed,
    close: async () => {
      process.stdin.off('end', onEnd);
      await handle?.close();
      resolveClosed();
    },
  };
}

/**
 * The JSON-RPC answer to a line the stdio transport could not read: -32700 for one that is not
 * JSON, -32600 for JSON that is no JSON-RPC message. The id is null: the transport reports the
 * error without the line, and JSON-RPC answers with null when the id cannot be known.
 */
export function malformedLineAnswer(error: unknown): JSONRPCMessage | undefined {
  if (error instanceof SyntaxError) {
    return {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: `Parse error: the line is not JSON (${error.message})` },
    } as unknown as JSONRPCMessage;
  }
  if (error instanceof Error && error.name === 'ZodError') {
    return {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message' },
    } as unknown as JSONRPCMessage;
  }
  return undefined;
}
