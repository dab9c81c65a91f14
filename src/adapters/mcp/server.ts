// MCP server over a toolkit (@modelcontextprotocol/sdk, public API only): one tool per listed
// operation, served over stdio (here) or Streamable HTTP (transports/http.ts). Tool names, schemas and
// annotations come from the catalog; what a known client needs adapted comes from the quirk table
// (quirks.ts). The SDK (and zod under it) is loaded on first use, so `import 'toolwright'`
// stays light.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { OperationDescriptor } from '../../runtime/descriptor.js';
import type { InvokeResult, Toolkit } from '../../runtime/types.js';
import { DEFAULT_MAX_RESULT_BYTES } from '../result-size.js';
import { attachUserChannel, enterCallScope } from './user-channel.js';
import { principalOfAuth } from './principal.js';
import { logWarnings, progressSender } from './notify.js';
import type { EarlyInitialize, ServerIdentity } from './transports/stdio-early-init.js';
import { mcpServerIdentity } from './identity.js';
import {
  clientArguments,
  clientResult,
  compileQuirks,
  type ClientQuirk,
  type ClientQuirksOption,
  type QuirkTable,
} from './quirks.js';
import { loadSdk, newSdkServer, type Sdk } from './sdk.js';
import { INVALID_PARAMS, METHOD_NOT_FOUND, callToolParams, protocolError } from './call-params.js';
import { McpTaskRunner } from './tasks/runner.js';
import { ToolkitTaskStore, mcpTask } from './rev2025/task-store.js';
import { factsOf, toCallToolResult } from './tools.js';

export { DEFAULT_MAX_RESULT_BYTES, mcpServerIdentity };
export { mcpAnnotations, mcpToolDefinitions, toCallToolResult } from './tools.js';
export {
  DEFAULT_CLIENT_QUIRKS,
  type ClientQuirk,
  type ClientQuirkExample,
  type ClientQuirksOption,
} from './quirks.js';

export interface McpServerOptions {
  /** Server name reported to clients (default `toolwright`). */
  name?: string;
  /** Cap on one tool result's serialized size, text and structured output together (default 1 MiB). */
  maxResultBytes?: number;
  /** Extra instructions appended to the default ones sent at initialization. */
  instructions?: string;
  /**
   * Adapting to known clients by the `clientInfo.name` they send (README › Client quirks):
   * `auto` (default) applies DEFAULT_CLIENT_QUIRKS, `off` none, a list replaces the table.
   */
  clientQuirks?: ClientQuirksOption;
  /** @internal Tasks per tasks/list page (default 100). */
  taskPageSize?: number;
  /**
   * MCP tasks one principal has working at once (default 16), counted where tasks are kept (the
   * store, across replicas): past it a task-augmented call is refused with LIMIT_REACHED.
   */
  maxRunningTasks?: number;
  /** MCP task records one principal keeps (default 200): past it its own oldest ended task is removed. */
  maxStoredTasks?: number;
  /** Bytes of MCP task results one principal keeps (default 64 MiB): its own oldest ended results make room. */
  maxStoredTaskBytes?: number;
  /** MCP tasks this server runs at once, all principals together (default 100): past it UNAVAILABLE. */
  maxServerTasks?: number;
}

/** The task caps of `options`, each a whole number of at least 1 (a TypeError names a bad one). */
function taskCaps(options: McpServerOptions) {
  for (const name of ['maxRunningTasks', 'maxStoredTasks', 'maxStoredTaskBytes', 'maxServerTasks'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
      throw new TypeError(`${name} must be a whole number of at least 1`);
  }
  return {
    pageSize: options.taskPageSize,
    maxServerTasks: options.maxServerTasks,
    limits: {
      running: options.maxRunningTasks,
      stored: options.maxStoredTasks,
      storedBytes: options.maxStoredTaskBytes,
    },
  };
}

/** How one server reaches its toolkit. */
export interface ServerToolkit {
  /** The toolkit, or a promise of it (a deferred one loads on first need). */
  get(): Toolkit | Promise<Toolkit>;
  /**
   * Bind the toolkit's elicitation channel to this server (default true). False where servers
   * share one toolkit concurrently (stateless HTTP): a channel bound to one of them would ask
   * another request's client.
   */
  bindUser?: boolean;
}

/**
 * @internal Makes servers once the SDK is loaded: transports/http.ts makes one per session or per
 * stateless request. Its servers share one task runner: close it when the last of them is done.
 */
export type McpServerMaker = ((toolkit: ServerToolkit, root: string) => Server) & { readonly tasks: McpTaskRunner };

const runners = new WeakMap<Server, McpTaskRunner>();

/** @internal The task runner a server starts its tasks on. */
export function taskRunnerOf(server: Server): McpTaskRunner | undefined {
  return runners.get(server);
}

/** @internal A maker for `options` (quirks compiled and checked once). */
export async function mcpServerMaker(options: McpServerOptions = {}): Promise<McpServerMaker> {
  const sdk = await loadSdk();
  const quirks = compileQuirks(options.clientQuirks);
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const identities = new Map<string, ServerIdentity>();
  const tasks = new McpTaskRunner(taskCaps(options));
  const make = (toolkit: ServerToolkit, root: string) => {
    let identity = identities.get(root);
    if (!identity) identities.set(root, (identity = mcpServerIdentity(root, options)));
    const server = buildServer(sdk, identity, toolkit, quirks, maxResultBytes, tasks);
    runners.set(server, tasks);
    return server;
  };
  return Object.assign(make, { tasks });
}

/** tools/call with params.task: the call starts as an MCP task, answered at once with that task. */
async function startToolTask(
  server: Server,
  tasks: McpTaskRunner,
  toolkit: Toolkit,
  op: OperationDescriptor,
  args: Record<string, unknown>,
  ttl: number | undefined,
  finish: (result: InvokeResult) => CallToolResult,
): Promise<{ task: ReturnType<typeof mcpTask> }> {
  if (!op.longRunning) {
    throw protocolError(
      METHOD_NOT_FOUND,
      `Tool ${op.name} does not run as a task (it declares no execution.taskSupport); call it without params.task`,
    );
  }
  const task = await tasks.start(toolkit, op, args, ttl, finish, (ended) => {
    // Told to a client still connected; one that left polls (tasks/get) instead.
    if (server.transport)
      server.notification({ method: 'notifications/tasks/status', params: mcpTask(ended) }).catch(() => {});
  });
  return { task: mcpTask(task) };
}

function buildServer(
  sdk: Sdk,
  identity: ServerIdentity,
  source: ServerToolkit,
  quirks: QuirkTable,
  maxResultBytes: number,
  tasks: McpTaskRunner,
): Server {
  let attached: Toolkit | undefined;
  const toolkitFor = async (): Promise<Toolkit> => {
    const toolkit = await source.get();
    if (attached !== toolkit) {
      if (source.bindUser !== false) attachUserChannel(toolkit, server); // a deferred toolkit is attached on first use
      tasks.watch(toolkit); // a replica that serves keeps the store's task leases too
    }
    attached = toolkit;
    return toolkit;
  };
  const server: Server = newSdkServer(sdk, identity.serverInfo, {
    capabilities: identity.capabilities,
    instructions: identity.instructions,
    taskStore: new ToolkitTaskStore(tasks, toolkitFor),
  });
  const quirk = (): ClientQuirk | undefined => quirks.for(server.getClientVersion()?.name);
  // Listed per request: what can work depends on the client (elicitation support is known after initialize).
  server.setRequestHandler(sdk.types.ListToolsRequestSchema, async () => {
    const toolkit = await toolkitFor();
    const textOnly = quirk()?.textOnly === true;
    return { tools: toolkit.operations.map((op) => (textOnly ? factsOf(op).textOnly : factsOf(op).full)) };
  });
  // tools/call goes to the protocol's fallback handler (public API: it gets the requests no
  // handler is registered for). Registered through Server.setRequestHandler, every call would be
  // parsed twice more and every result once with zod: ~90 µs of CPU per call, ~15% of a small
  // read's round trip over stdio (docs/serving.md); the params are checked here, with
  // the SDK's rules and readable errors, and toCallToolResult builds only valid results
  // (test/mcp/sdk-contract.test.ts holds both to the SDK's schemas).
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'tools/call') throw protocolError(METHOD_NOT_FOUND, 'Method not found');
    const params = callToolParams(request.params);
    const toolkit = await toolkitFor();
    const op = toolkit.find(params.name);
    if (!op) {
      throw protocolError(
        INVALID_PARAMS,
        `Unknown tool: ${params.name} (available: ${toolkit.operations.map((o) => o.name).join(', ')})`,
      );
    }
    const adapt = quirk();
    const args = clientArguments(adapt, params.arguments ?? {}, factsOf(op).params);
    if (params.task !== undefined) {
      return startToolTask(server, tasks, toolkit, op, args, params.task.ttl, (result) =>
        clientResult(adapt, toCallToolResult(op, result, maxResultBytes, adapt?.textOnly)),
      );
    }
    const leave = enterCallScope(extra.signal, server, extra.requestId);
    try {
      // A verified token's issuer and subject are the principal of the call (audit, task lists, jobs).
      const principal = principalOfAuth(extra.authInfo);
      const onProgress = progressSender(params._meta?.progressToken, extra.sendNotification);
      const options = {
        signal: extra.signal,
        ...(principal === undefined ? {} : { principal }),
        ...(onProgress ? { onProgress } : {}),
      };
      const result = await toolkit.invoke(op.provider, op.name, args, options);
      logWarnings(server, op.name, result, extra.sessionId);
      return clientResult(adapt, toCallToolResult(op, result, maxResultBytes, adapt?.textOnly));
    } finally {
      leave();
    }
  };
  return server;
}

/**
 * An MCP server (not yet connected) exposing the toolkit's operations as tools. Async because the
 * MCP SDK is loaded on first use.
 */
export async function createMcpServer(toolkit: Toolkit, options: McpServerOptions = {}): Promise<Server> {
  const make = await mcpServerMaker(options);
  const server = make({ get: () => toolkit }, toolkit.workspace.root);
  attachUserChannel(toolkit, server);
  return server;
}

/**
 * A server whose toolkit is built on the first request that needs it, so `initialize` is answered
 * before the tools' modules load (the CLI's stdio start-up). `root` is the workspace folder.
 */
export async function createDeferredMcpServer(
  load: () => Promise<Toolkit>,
  root: string,
  options: McpServerOptions = {},
): Promise<Server> {
  let pending: Promise<Toolkit> | undefined;
  const make = await mcpServerMaker(options);
  const server = make({ get: () => (pending ??= load()) }, root);
  // Start loading once the client has its initialize answer, so tools/list waits as little as possible.
  server.oninitialized = () => {
    (pending ??= load()).catch(() => {
      /* reported by the request that needs it */
    });
  };
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
    /** @internal The CLI's reader that answered `initialize` before the SDK loaded (transports/stdio-early-init.ts). */
    earlyInitialize?: EarlyInitialize;
  } = {},
): Promise<RunningServer & { closed: Promise<void> }> {
  const [server, { StdioServerTransport }] = await Promise.all([
    isServer(toolkitOrServer) ? toolkitOrServer : createMcpServer(toolkitOrServer, options),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  let transport: InstanceType<typeof StdioServerTransport> | undefined;
  const transportOver = (stdin?: NodeJS.ReadableStream) =>
    (transport = new StdioServerTransport((stdin ?? process.stdin) as typeof process.stdin, process.stdout));
  // The SDK's transport reports a line it cannot read and goes on; JSON-RPC says to answer it.
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
      await taskRunnerOf(server)?.close();
    },
  };
}

function isServer(value: Toolkit | Server): value is Server {
  return typeof (value as Server).connect === 'function' && typeof (value as Server).setRequestHandler === 'function';
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
