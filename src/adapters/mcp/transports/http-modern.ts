// 2026-07-28 over Streamable HTTP: the SDK v2's handler (createMcpHandler, modern requests only;
// 2025-11-25 traffic never reaches it) behind the same admission as every request (Host/Origin,
// bearer or JWT, body bounds), a fresh 2026-07-28 server per request over the shared toolkit.
// Every request is self-contained, so any replica answers any of them; a `subscriptions/listen`
// stream stays open and carries list_changed (rev2026/listen.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import type { McpServing } from '../serving.js';

export interface ModernHandler {
  /** `principal`: who the request was admitted for (undefined: the server's one user). */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown, principal: string | undefined): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listen streams one principal may hold open on this process. The SDK refuses past 1,024 for the
 * whole process: without a share each, one principal's streams would leave none to the others.
 */
export const MAX_LISTEN_STREAMS_PER_PRINCIPAL = 64;

/** The id of a `subscriptions/listen` request in `body` (one message or a batch), else undefined. */
function listenRequest(body: unknown): { id: unknown } | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message && typeof message === 'object' && (message as { method?: unknown }).method === 'subscriptions/listen')
      return { id: (message as { id?: unknown }).id ?? null };
  }
  return undefined;
}

export async function modernHandler(serving: McpServing, toolkit: () => Promise<ToolkitOf>): Promise<ModernHandler> {
  const [{ createMcpHandler }, { toNodeHandler }] = await Promise.all([
    import('@modelcontextprotocol/server'),
    import('@modelcontextprotocol/node'),
  ]);
  const handler = createMcpHandler(
    async () => {
      const kit = await toolkit();
      serving.toolList.watch(kit);
      // The opaque server is the SDK v2's own Server (rev2026/server.ts).
      return serving.modern({ get: () => kit, bindUser: false }, kit.workspace.root) as never;
    },
    // Listen streams hear of list changes from the toolkits' watch (and, through the store, other replicas').
    { legacy: 'reject', bus: serving.toolList.bus() },
  );
  const node = toNodeHandler(handler);
  const listening = new Map<string, number>();
  return {
    handle: (req, res, body, principal) => {
      const listen = listenRequest(body);
      if (!listen) return node(req, res, body);
      const who = principal ?? '';
      const open = listening.get(who) ?? 0;
      if (open >= MAX_LISTEN_STREAMS_PER_PRINCIPAL) {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: listen.id,
            error: {
              code: -32000,
              message: `this principal already has ${open} subscriptions/listen streams open here (the limit is ${MAX_LISTEN_STREAMS_PER_PRINCIPAL}); close one first`,
            },
          }),
        );
        return Promise.resolve();
      }
      listening.set(who, open + 1);
      res.once('close', () => {
        const left = (listening.get(who) ?? 1) - 1;
        if (left > 0) listening.set(who, left);
        else listening.delete(who);
      });
      return node(req, res, body);
    },
    close: () => handler.close(),
  };
}
