// 2026-07-28 over Streamable HTTP: the SDK v2's handler (createMcpHandler, modern requests only;
// 2025-11-25 traffic never reaches it) behind the same admission as every request (Host/Origin,
// bearer or JWT, body bounds), a fresh 2026-07-28 server per request over the shared toolkit.
// Every request is self-contained, so any replica answers any of them; a `subscriptions/listen`
// stream stays open and carries list_changed (rev2026/listen.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import type { McpServing } from '../serving.js';

export interface ModernHandler {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
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
  return {
    handle: (req, res, body) => node(req, res, body),
    close: () => handler.close(),
  };
}
