// Stateless MCP over HTTP: every POST is self-contained. One toolkit serves every request of the
// process (built once: a toolkit is the costly part), and each request gets a server and a
// transport of its own, which costs tens of µs: the SDK's protocol layer keys in-flight requests,
// cancellations and the client it talks to per server, so sharing one server between concurrent
// requests would let one client's `notifications/cancelled` stop another's call with the same id.
// What requests share is the toolkit's: the task list and background jobs (each principal's own
// when requests carry verified tokens). The toolkit's session
// remembers nothing (no read-tracking from one request for another's edits), and no elicitation
// channel is bound (a stateless server cannot ask its clients anything).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { Session, type FileStamp } from '../../../runtime/session/session.js';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import type { McpServing } from '../serving.js';
import { sendJsonRpcError } from './http-access.js';
import { modernHandler, type ModernHandler } from './http-modern.js';

/** A session that remembers no file it read: what a stateless server's shared toolkit uses. */
export class StatelessSession extends Session {
  override recordRead(_absolutePath: string, _stamp: FileStamp): void {
    /* nothing is remembered between requests */
  }
  override lastSeen(_absolutePath: string): FileStamp | undefined {
    return undefined;
  }
  override seenLines(_absolutePath: string): undefined {
    return undefined;
  }
}

type TransportClass = typeof StreamableHTTPServerTransport;

export interface StatelessServing {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  /** 2026-07-28 requests (never sessions), served over the same toolkit. */
  handleModern(req: IncomingMessage, res: ServerResponse, body: unknown, principal: string | undefined): Promise<void>;
  close(): Promise<void>;
}

/** Serves requests over the toolkit `load` gives (called once, on the first request). */
export function statelessServing(
  load: () => Promise<{ toolkit: ToolkitOf; owns: boolean }>,
  serving: McpServing,
  Transport: TransportClass,
): StatelessServing {
  let shared: Promise<{ toolkit: ToolkitOf; owns: boolean }> | undefined;
  let modern: Promise<ModernHandler> | undefined;
  const toolkit = () =>
    (shared ??= load().catch((error: unknown) => {
      shared = undefined; // the next request tries again
      throw error;
    }));
  return {
    async handle(req, res, body) {
      if (req.method !== 'POST') {
        sendJsonRpcError(res, 405, 'This server is stateless: only POST is served (no sessions, no event streams)', {
          allow: 'POST',
        });
        return;
      }
      const { toolkit: kit } = await toolkit();
      const server = serving.legacy({ get: () => kit, bindUser: false }, kit.workspace.root);
      const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // Closing the server aborts what is still running for this request (the client went away).
      res.once('close', () => {
        void Promise.allSettled([transport.close(), server.close()]);
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    },
    async handleModern(req, res, body, principal) {
      const serve = await (modern ??= modernHandler(serving, async () => (await toolkit()).toolkit));
      // The verified principal reaches the server's handlers as the request's auth info.
      (req as IncomingMessage & { auth?: unknown }).auth = {
        token: '',
        clientId: principal ?? '',
        scopes: [],
        ...(principal === undefined ? {} : { extra: { principal } }),
      };
      await serve.handle(req, res, body, principal);
    },
    async close() {
      const handler = await modern?.catch(() => undefined);
      await handler?.close();
      const loaded = await shared?.catch(() => undefined);
      if (loaded?.owns)
        await loaded.toolkit.close().catch(() => {
          /* close() reports nothing; never crash the server */
        });
    },
  };
}
