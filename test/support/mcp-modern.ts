// What the 2026-07-28 tests share: the SDK v2 client pinned to that revision, and raw requests
// with the per-request envelope (to see what the client hides: cache hints, result types, tasks).
import { Client, type Transport } from '@modelcontextprotocol/client';

export const MODERN = '2026-07-28';

/** The SDK v2 client, connected on 2026-07-28 only (no fallback to initialize). */
export async function modernClient(
  transport: Transport,
  options: { name?: string; elicitation?: boolean; tasks?: boolean } = {},
): Promise<Client> {
  const client = new Client(
    { name: options.name ?? 'modern-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: MODERN } },
      capabilities: {
        ...(options.elicitation ? { elicitation: { form: {} } } : {}),
        ...(options.tasks ? { extensions: { 'io.modelcontextprotocol/tasks': {} } } : {}),
      },
    },
  );
  await client.connect(transport);
  return client;
}

/** The envelope a 2026-07-28 request carries. */
export function envelope(capabilities: Record<string, unknown> = {}, name = 'raw-test'): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name, version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

export interface RawReply {
  status: number;
  headers: Headers;
  result: any;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 1;

/** One 2026-07-28 request over HTTP, its answer read whole (JSON or an SSE stream's last message). */
export async function rawModern(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: { capabilities?: Record<string, unknown>; name?: string; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: { ...params, _meta: { ...envelope(options.capabilities, options.name), ...(params._meta as object) } },
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...(typeof params.taskId === 'string' ? { 'mcp-name': params.taskId } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const messages = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>)
    : text
      ? [JSON.parse(text) as Record<string, unknown>]
      : [];
  const answer = messages.find((m) => m.id === body.id) ?? {};
  return {
    status: response.status,
    headers: response.headers,
    result: answer.result,
    ...(answer.error ? { error: answer.error as RawReply['error'] } : {}),
  };
}
