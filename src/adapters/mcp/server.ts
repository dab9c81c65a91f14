// MCP server over a toolkit: one tool per listed operation, served over stdio
// (transports/stdio.ts) or Streamable HTTP (transports/http.ts), to clients of either revision:
// 2025-11-25 and older (rev2025/) and 2026-07-28 (rev2026/), both on the SDK v2 packages, public
// API only. Tool names, schemas and annotations come from the catalog; what a known client needs
// adapted comes from the quirk table (quirks.ts). The SDK (and zod under it) is loaded on first
// use, so `import 'toolwright'` stays light.
import type { Server } from '@modelcontextprotocol/server';
import type { ToolkitOf } from '../../runtime/contract/types.js';
import { DEFAULT_MAX_RESULT_BYTES } from '../result-size.js';
import { resolveEditFormat, type EditFormatOption } from '../edit-format.js';
import { attachUserChannel } from './user-channel.js';
import type { EarlyInitialize } from './transports/stdio-early-init.js';
import { serveStdioConnection, type RunningServer } from './transports/stdio.js';
import { mcpServerIdentity, type ServerIdentity } from './identity.js';
import { compileQuirks, type ClientQuirksOption } from './quirks.js';
import { loadSdk } from './sdk.js';
import { McpTaskRunner } from './tasks/runner.js';
import { legacyServer } from './rev2025/server.js';
import { modernServer } from './rev2026/server.js';
import { ToolListChanges } from './rev2026/listen.js';
import type { McpServing, ServerToolkit } from './serving.js';

export type { McpServing, ServerToolkit };
export { DEFAULT_MAX_RESULT_BYTES, mcpServerIdentity };
export { mcpAnnotations, mcpToolDefinitions, toCallToolResult } from './tools.js';
export { DEFAULT_CLIENT_QUIRKS, type ClientQuirk, type ClientQuirkExample, type ClientQuirksOption } from './quirks.js';
export { malformedLineAnswer, type RunningServer } from './transports/stdio.js';

/** A 2026-07-28 call of a long-running tool becomes a task once it has run this long (when the client takes tasks). */
export const DEFAULT_TASK_AFTER_MS = 1000;

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
  /**
   * Which edit operations tools/list shows (default: all): `str_replace` (edit_file, multi_edit),
   * `apply_patch`, or `auto`, by the client's `clientInfo.name` read as a model family
   * (EDIT_FORMAT_BY_MODEL: a Codex client gets apply_patch, others str_replace).
   */
  editFormat?: EditFormatOption;
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
  /**
   * A 2026-07-28 call of a long-running tool, from a client that declares the tasks extension, is
   * answered with a task once it has run this long (default 1 s; 0: at once). 2025-11-25 clients
   * ask for a task themselves (params.task).
   */
  taskAfterMs?: number;
  /**
   * @internal Run once, after a server's first tools/list is answered: loads what the first call
   * would (the CLI loads read_file's validators and handlers), while the client has not called yet.
   */
  warmUp?: (toolkit: ToolkitOf) => Promise<void>;
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

const servings = new WeakMap<Server, { serving: McpServing; source: ServerToolkit; root: string }>();

/** @internal What a server made here was made with: stdio serves 2026-07-28 clients from it. */
export function servingOf(server: Server): { serving: McpServing; source: ServerToolkit; root: string } | undefined {
  return servings.get(server);
}

/** @internal The task runner a server starts its tasks on. */
export function taskRunnerOf(server: Server): McpTaskRunner | undefined {
  return servings.get(server)?.serving.tasks;
}

/** @internal What the servers for `options` share (quirks compiled and checked once). */
export async function mcpServing(options: McpServerOptions = {}): Promise<McpServing> {
  const sdk = await loadSdk();
  const quirks = compileQuirks(options.clientQuirks);
  const editFormat = options.editFormat;
  if (editFormat !== undefined) resolveEditFormat(editFormat, 'any', 'createMcpServer'); // checked once
  const taskAfterMs = options.taskAfterMs ?? DEFAULT_TASK_AFTER_MS;
  if (!(Number.isFinite(taskAfterMs) && taskAfterMs >= 0))
    throw new TypeError('taskAfterMs must be a number of milliseconds, 0 or more');
  const identities = new Map<string, ServerIdentity>();
  const serving: McpServing = {
    quirks,
    editFormat,
    maxResultBytes: options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
    tasks: new McpTaskRunner(taskCaps(options)),
    taskAfterMs,
    warmUp: options.warmUp,
    toolList: new ToolListChanges(),
    identity(root) {
      let identity = identities.get(root);
      if (!identity) identities.set(root, (identity = mcpServerIdentity(root, options)));
      return identity;
    },
    legacy(source, root) {
      const server = legacyServer(sdk, serving, source, root);
      servings.set(server, { serving, source, root });
      return server;
    },
    modern: (source, root, modernOptions) => modernServer(serving, source, root, modernOptions),
  };
  return serving;
}

/**
 * An MCP server (not yet connected) exposing the toolkit's operations as tools. Async because the
 * MCP SDK is loaded on first use.
 */
export async function createMcpServer(toolkit: ToolkitOf, options: McpServerOptions = {}): Promise<Server> {
  const serving = await mcpServing(options);
  const server = serving.legacy({ get: () => toolkit }, toolkit.workspace.root);
  attachUserChannel(toolkit, server);
  return server;
}

/**
 * A server whose toolkit is built on the first request that needs it, so `initialize` is answered
 * before the tools' modules load (the CLI's stdio start-up). `root` is the workspace folder.
 */
export async function createDeferredMcpServer(
  load: () => Promise<ToolkitOf>,
  root: string,
  options: McpServerOptions = {},
): Promise<Server> {
  let pending: Promise<ToolkitOf> | undefined;
  const serving = await mcpServing(options);
  const server = serving.legacy({ get: () => (pending ??= load()) }, root);
  // Start loading once the client has its initialize answer, so tools/list waits as little as possible.
  server.oninitialized = () => {
    (pending ??= load()).catch(() => {
      /* reported by the request that needs it */
    });
  };
  return server;
}

/**
 * Serves over stdio until stdin closes or `close()` is called, to clients of either revision (the
 * first message decides). Pass a Server from createDeferredMcpServer to answer `initialize` before
 * the toolkit is loaded.
 */
export async function serveMcpStdio(
  toolkitOrServer: ToolkitOf | Server,
  options: McpServerOptions & {
    /** @internal The CLI's reader that answered `initialize` before the SDK loaded (transports/stdio-early-init.ts). */
    earlyInitialize?: EarlyInitialize;
  } = {},
): Promise<RunningServer & { closed: Promise<void> }> {
  const server = isServer(toolkitOrServer) ? toolkitOrServer : await createMcpServer(toolkitOrServer, options);
  const running = await serveStdioConnection(server, servingOf(server), options.earlyInitialize);
  return {
    closed: running.closed,
    close: async () => {
      await running.close();
      await taskRunnerOf(server)?.close();
      await servingOf(server)?.serving.toolList.close();
    },
  };
}

function isServer(value: ToolkitOf | Server): value is Server {
  return typeof (value as Server).connect === 'function' && typeof (value as Server).setRequestHandler === 'function';
}
