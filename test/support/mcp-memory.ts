// An MCP client linked in memory to a server under test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

interface LinkableServer {
  connect(transport: InMemoryTransport): Promise<void>;
  close(): Promise<void>;
}

/** Connects a client (`name`, with `capabilities` when given) to `server`; close() closes both. */
export async function linkedClient(
  server: LinkableServer,
  name = 'test',
  capabilities?: ClientCapabilities,
): Promise<{ client: Client; close: () => Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1.0.0' }, capabilities ? { capabilities } : undefined);
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Answers every approval the server elicits with `approve`; resolves to the messages it showed. */
export function answerApprovals(client: Client, approve: boolean): string[] {
  const messages: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    messages.push(req.params.message);
    return { action: 'accept', content: { approve } };
  });
  return messages;
}
