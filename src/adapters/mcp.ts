// MCP server over a toolkit (@modelcontextprotocol/sdk): one tool per exposed operation, served
// over stdio or Streamable HTTP. Tool names, schemas and annotations come from the catalog.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode as McpErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { RISK_ORDER, type OperationDescriptor } from '../runtime/descriptor.js';
import type { InvokeResult, Toolkit } from '../runtime/types.js';
import { imageOf, withoutImageData } from '../runtime/media.js';
import { capText, fitResult } from './result-size.js';
import { attachUserChannel } from './mcp-user.js';

/** Far below the SDK client's 10 MiB stdio buffer; content and structuredContent together. */
export const DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;

export interface McpServerOptions {
  /** Server name reported to clients (default `toolwright`). */
  name?: string;
  /** Cap on one tool result's serialized size, text and structured output together (default 1 MiB). */
  maxResultBytes?: number;
  /** Extra instructions appended to the default ones sent at initialization. */
  instructions?: string;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** MCP tool annotations, every hint explicit (clients assume the worst for missing ones). */
export function mcpAnnotations(op: OperationDescriptor): ToolAnnotations {
  const readOnly = op.kind === 'data_source' || op.kind === 'interactive';
  return {
    title: op.title,
    readOnlyHint: readOnly,
    destructiveHint: op.kind === 'resource' && RISK_ORDER.indexOf(op.risk) >= RISK_ORDER.indexOf('moderate'),
    idempotentHint: op.idempotent,
    openWorldHint: op.openWorld,
  };
}

/** The `tools/list` entries for a toolkit's exposed operations. */
export function mcpToolDefinitions(toolkit: Toolkit): Tool[] {
  return toolkit.operations.map((op) => ({
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: structuredClone(op.params) as Tool['inputSchema'],
    outputSchema: structuredClone(op.result) as Tool['outputSchema'],
    annotations: mcpAnnotations(op),
    _meta: {
      'toolwright/id': op.id,
      'toolwright/kind': op.kind,
      'toolwright/risk': op.risk,
      ...(op.riskNote ? { 'toolwright/risk_note': op.riskNote } : {}),
    },
  }));
}

/** Turns an invoke result into an MCP `CallToolResult`, capped to `maxResultBytes`. */
export function toCallToolResult(op: OperationDescriptor, result: InvokeResult, maxResultBytes = DEFAULT_MAX_RESULT_BYTES): CallToolResult {
  if (!result.ok) {
    return {
      content: [{ type: 'text', text: capText(result.text, Math.floor(maxResultBytes * 0.9), maxResultBytes) }],
      isError: true,
      _meta: { 'toolwright/error': { code: result.error.code, message: result.error.message } },
    };
  }
  // An image travels as MCP image content, outside the text budget (read_file bounds it to ≈5 MB).
  const image = imageOf(result.output);
  const fitted = fitResult(op, result.text, image ? withoutImageData(result.output) : result.output, maxResultBytes);
  if (!fitted.ok) {
    return {
      content: [{ type: 'text', text: `Error TOO_LARGE: ${fitted.message}` }],
      isError: true,
      _meta: { 'toolwright/error': { code: 'TOO_LARGE', message: fitted.message } },
    };
  }
  return {
    content: [{ type: 'text', text: fitted.text }, ...(image ? [{ type: 'image' as const, data: image.data, mimeType: image.mimeType }] : [])],
    structuredContent: fitted.output as Record<string, unknown>,
    ...(fitted.capped ? { _meta: { 'toolwright/capped': true } } : {}),
  };
}

function defaultInstructions(toolkit: Toolkit): string {
  return `Tools over the workspace ${toolkit.workspace.root}. Paths are relative to it (absolute paths must stay inside). ` +
    'Failed calls return isError with "Error CODE: message"; long outputs are cut with a hint on how to continue.';
}

/** An MCP server (not yet connected) exposing the toolkit's operations as tools. */
export function createMcpServer(toolkit: Toolkit, options: McpServerOptions = {}): Server {
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const server = new Server(
    { name: options.name ?? 'toolwright', version: packageVersion() },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: [defaultInstructions(toolkit), options.instructions].filter(Boolean).join('\n'),
    },
  );
  const tools = mcpToolDefinitions(toolkit);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const op = toolkit.operations.find((o) => o.name === request.params.name);
    if (!op) {
      throw new McpError(McpErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name} (available: ${toolkit.operations.map((o) => o.name).join(', ')})`);
    }
    const result = await toolkit.invoke(op.provider, op.name, request.params.arguments ?? {}, { signal: extra.signal });
    return toCallToolResult(op, result, maxResultBytes);
  });
  attachUserChannel(toolkit, server);
  return server;
}

export interface RunningServer {
  close(): Promise<void>;
}

/** Serves the toolkit over stdio until stdin closes or `close()` is called. */
export async function serveMcpStdio(toolkit: Toolkit, options: McpServerOptions = {}): Promise<RunningServer & { closed: Promise<void> }> {
  const server = createMcpServer(toolkit, options);
  const transport = new StdioServerTransport();
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => { resolveClosed = resolve; });
  server.onclose = () => resolveClosed();
  await server.connect(transport);
  // The SDK transport does not notice the client going away; stdin ending means it did.
  const onEnd = () => { void server.close(); };
  process.stdin.once('end', onEnd);
  return {
    closed,
    close: async () => {
      process.stdin.off('end', onEnd);
      await server.close();
    },
  };
}

export interface McpHttpOptions extends McpServerOptions {
  /** Port to listen on; 0 picks a free one (default 0). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** URL path of the MCP endpoint (default `/mcp`). */
  path?: string;
  /** Host names accepted in the Host header, besides localhost/127.0.0.1/[::1] and `host` (DNS-rebinding guard). */
  allowedHosts?: string[];
}

export interface RunningHttpServer extends RunningServer {
  url: string;
  port: number;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.replace(/:\d+$/, '');
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Serves the toolkit over MCP Streamable HTTP (stateful sessions). Pass a factory to give every
 * MCP session its own toolkit (own read-tracking for the stale-file guard); a toolkit is shared.
 */
export async function startMcpHttpServer(
  toolkitOrFactory: Toolkit | (() => Toolkit),
  options: McpHttpOptions = {},
): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const allowed = new Set([...LOOPBACK_NAMES, host, ...(options.allowedHosts ?? [])].map((h) => h.toLowerCase()));
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();
  const toolkitFor = typeof toolkitOrFactory === 'function' ? toolkitOrFactory : () => toolkitOrFactory;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}\n`);
      return;
    }
    // DNS-rebinding guard: a browser page on another origin must not reach the local server.
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    if (!allowed.has(hostnameOf(hostHeader))) {
      sendJsonRpcError(res, 403, `Host "${req.headers.host ?? ''}" is not allowed`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let originHost = '';
      try { originHost = new URL(origin).hostname.toLowerCase(); } catch { /* reported below */ }
      if (!allowed.has(originHost) && !allowed.has(`[${originHost}]`)) {
        sendJsonRpcError(res, 403, `Origin "${origin}" is not allowed`);
        return;
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        sendJsonRpcError(res, 404, 'Session not found; initialize a new session');
        return;
      }
      await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 400, 'Missing mcp-session-id header; initialize a session with POST first');
      return;
    }
    const server = createMcpServer(toolkitFor(), options);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { sessions.set(id, { transport, server }); },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    if (!transport.sessionId) await server.close(); // not an initialize request: nothing to keep
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    close: async () => {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map(async ({ transport, server }) => {
        await transport.close();
        await server.close();
      }));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
