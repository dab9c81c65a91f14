// MCP server over a toolkit (@modelcontextprotocol/sdk): one tool per listed operation, served over
// stdio (here) or Streamable HTTP (mcp-http.ts). Tool names, schemas and annotations come from the
// catalog. The SDK (and zod under it) is loaded on first use, so `import 'toolwright'` stays light.
import { readFileSync } from 'node:fs';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { RISK_ORDER, type OperationDescriptor } from '../runtime/descriptor.js';
import type { InvokeResult, Toolkit } from '../runtime/types.js';
import { imageOf, withoutImageData } from '../runtime/media.js';
import { DEFAULT_MAX_RESULT_BYTES, capText, fitResult } from './result-size.js';
import { attachUserChannel } from './mcp-user.js';
import type { EarlyInitialize, ServerIdentity } from './mcp-early-init.js';
import { StdioJsonRpcTransport, isPlainObject } from './mcp-stdio-transport.js';

export { DEFAULT_MAX_RESULT_BYTES };

/** JSON-RPC "invalid params": the code MCP uses for an unknown tool. */
const INVALID_PARAMS = -32602;

type ServerModule = typeof import('@modelcontextprotocol/sdk/server/index.js');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');
type ProtocolModule = typeof import('@modelcontextprotocol/sdk/shared/protocol.js');
let sdkModules: Promise<[ServerModule, TypesModule, ProtocolModule]> | undefined;

/** The SDK's server, protocol schemas and protocol layer (which the server module loads anyway), loaded once. */
function loadSdk(): Promise<[ServerModule, TypesModule, ProtocolModule]> {
  return (sdkModules ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/shared/protocol.js'),
  ]));
}

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
  // Always a valid CallToolResult (the server sends it without the SDK's re-validation): the
  // structured part only when it is an object, which the catalog's result schemas guarantee
  // unless a host turned output validation off.
  return {
    content: [{ type: 'text', text: fitted.text }, ...(image ? [{ type: 'image' as const, data: image.data, mimeType: image.mimeType }] : [])],
    ...(isPlainObject(fitted.output) ? { structuredContent: fitted.output } : {}),
    ...(fitted.capped ? { _meta: { 'toolwright/capped': true } } : {}),
  };
}

function defaultInstructions(root: string): string {
  return `Tools over the workspace ${root}. Paths are relative to it (absolute paths must stay inside). ` +
    'Failed calls return isError with "Error CODE: message"; long outputs are cut with a hint on how to continue.';
}

/** tools/call params as MCP defines them, or INVALID_PARAMS saying which part is wrong. */
function callToolParams(params: unknown): { name: string; arguments?: Record<string, unknown> } {
  const bad = (what: string) => protocolError(INVALID_PARAMS, `Invalid tools/call params: ${what}`);
  if (!isPlainObject(params)) throw bad('params must be an object with the tool name and its arguments');
  if (typeof params.name !== 'string') throw bad(`name must be a string (the tool's name), got ${params.name === undefined ? 'nothing' : typeof params.name}`);
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) {
    throw bad(`arguments must be an object of named arguments, got ${Array.isArray(params.arguments) ? 'an array' : params.arguments === null ? 'null' : typeof params.arguments}`);
  }
  const meta = params._meta;
  if (meta !== undefined && !isPlainObject(meta)) throw bad('_meta must be an object');
  if (meta && meta.progressToken !== undefined && typeof meta.progressToken !== 'string' && typeof meta.progressToken !== 'number') {
    throw bad('_meta.progressToken must be a string or a number');
  }
  return params.arguments === undefined ? { name: params.name } : { name: params.name, arguments: params.arguments as Record<string, unknown> };
}

/** An error the SDK sends as is (code and message, no "MCP error" prefix added on this side). */
function protocolError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * An MCP server (not yet connected) exposing the toolkit's operations as tools. Async because the
 * MCP SDK is loaded on first use.
 */
export async function createMcpServer(toolkit: Toolkit, options: McpServerOptions = {}): Promise<Server> {
  const server = await buildServer(() => toolkit, toolkit.workspace.root, options);
  attachUserChannel(toolkit, server);
  return server;
}

/**
 * A server whose toolkit is built on the first request that needs it, so `initialize` is answered
 * before the tools' modules load (the CLI's stdio start-up). `root` is the workspace folder.
 */
export async function createDeferredMcpServer(load: () => Promise<Toolkit>, root: string, options: McpServerOptions = {}): Promise<Server> {
  let pending: Promise<Toolkit> | undefined;
  const server = await buildServer(() => (pending ??= load()), root, options);
  // Start loading once the client has its initialize answer, so tools/list waits as little as possible.
  server.oninitialized = () => { (pending ??= load()).catch(() => { /* reported by the request that needs it */ }); };
  return server;
}

/** Name, version, capabilities and instructions of the server over `root` (what `initialize` answers). */
export function mcpServerIdentity(root: string, options: McpServerOptions = {}): ServerIdentity {
  return {
    serverInfo: { name: options.name ?? 'toolwright', version: packageVersion() },
    capabilities: { tools: { listChanged: false } },
    instructions: [defaultInstructions(root), options.instructions].filter(Boolean).join('\n'),
  };
}

async function buildServer(getToolkit: () => Toolkit | Promise<Toolkit>, root: string, options: McpServerOptions): Promise<Server> {
  const [{ Server: McpServer }, { CallToolRequestSchema, ListToolsRequestSchema }, { Protocol }] = await loadSdk();
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const identity = mcpServerIdentity(root, options);
  const server = new McpServer(identity.serverInfo, { capabilities: identity.capabilities, instructions: identity.instructions });
  let attached: Toolkit | undefined;
  const toolkitFor = async (): Promise<Toolkit> => {
    const toolkit = await getToolkit();
    if (attached !== toolkit) {
      attachUserChannel(toolkit, server); // idempotent; a deferred toolkit is attached on first use
      attached = toolkit;
    }
    return toolkit;
  };
  // Listed per request: what can work depends on the client (elicitation support is known after initialize).
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolDefinitions(await toolkitFor()) }));
  // tools/call is registered at the protocol layer, which parses the request against
  // CallToolRequestSchema. Server's own registration would parse it a second time and re-validate
  // every result against CallToolResultSchema with zod, ~30 µs of a ~1 ms call before V8 has
  // optimised it; toCallToolResult builds only valid results (test/mcp/stdio-transport.test.ts
  // checks each shape against that schema).
  // Its params are checked here, not by the schema: a zod failure would reach the client as -32603
  // "internal error" with a JSON dump of zod issues; bad params are -32602 with a readable message.
  const { z } = await import('zod/v4');
  const LaxCallToolRequest = CallToolRequestSchema.extend({ params: z.unknown() });
  const registerAtProtocol = Protocol.prototype.setRequestHandler as unknown as (schema: typeof LaxCallToolRequest, handler: (request: { params: unknown }, extra: { signal: AbortSignal }) => Promise<CallToolResult>) => void;
  registerAtProtocol.call(server, LaxCallToolRequest, async (request, extra) => {
    const params = callToolParams(request.params);
    const toolkit = await toolkitFor();
    const op = toolkit.find(params.name);
    if (!op) {
      throw protocolError(INVALID_PARAMS,
        `Unknown tool: ${params.name} (available: ${toolkit.operations.map((o) => o.name).join(', ')})`);
    }
    const result = await toolkit.invoke(op.provider, op.name, params.arguments ?? {}, { signal: extra.signal });
    return toCallToolResult(op, result, maxResultBytes);
  });
  return server;
}

export interface RunningServer {
  close(): Promise<void>;
}

/**
 * Serves over stdio until stdin closes or `close()` is called. Pass a Server from
 * createDeferredMcpServer to answer `initialize` before the toolkit is loaded.
 */
export async function serveMcpStdio(
  toolkitOrServer: Toolkit | Server,
  options: McpServerOptions & {
    /** @internal The CLI's reader that answered `initialize` before the SDK loaded (mcp-early-init.ts). */
    earlyInitialize?: EarlyInitialize;
  } = {},
): Promise<RunningServer & { closed: Promise<void> }> {
  const [server, [, { JSONRPCMessageSchema }]] = await Promise.all([
    isServer(toolkitOrServer) ? toolkitOrServer : createMcpServer(toolkitOrServer, options),
    loadSdk(),
  ]);
  const parseMessage = (value: unknown) => JSONRPCMessageSchema.parse(value);
  const transportOver = (stdin?: NodeJS.ReadableStream) => new StdioJsonRpcTransport(parseMessage, stdin ?? process.stdin, process.stdout);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => { resolveClosed = resolve; });
  server.onclose = () => resolveClosed();
  // The SDK transport does not notice the client going away; stdin ending means it did.
  const onEnd = () => { void server.close(); };
  if (options.earlyInitialize) {
    const { ended } = await options.earlyInitialize.attach(server, transportOver);
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

function isServer(value: Toolkit | Server): value is Server {
  return typeof (value as Server).connect === 'function' && typeof (value as Server).setRequestHandler === 'function';
}
