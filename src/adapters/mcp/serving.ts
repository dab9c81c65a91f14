// What every MCP server of one host shares, made once from the options: the quirk table, the
// result budget, the task runner, the server's identity per workspace, and how long a 2026-07-28
// call of a long-running tool runs before it becomes a task. The revisions' servers take this one
// object instead of each option on its own.
import type { Server } from '@modelcontextprotocol/server';
import type { ServerIdentity } from './identity.js';
import type { QuirkTable } from './quirks.js';
import type { McpTaskRunner } from './tasks/runner.js';
import type { ToolListChanges } from './rev2026/listen.js';
import type { OperationDescriptor } from '../../runtime/contract/descriptor.js';
import type { ToolkitOf } from '../../runtime/contract/types.js';
import { editFormatForModel, resolveEditFormat, withEditFormat, type EditFormatOption } from '../edit-format.js';

/** How one server reaches its toolkit. */
export interface ServerToolkit {
  /** The toolkit, or a promise of it (a deferred one loads on first need). */
  get(): ToolkitOf | Promise<ToolkitOf>;
  /**
   * Bind the toolkit's elicitation channel to this server (default true). False where servers
   * share one toolkit concurrently (stateless HTTP): a channel bound to one of them would ask
   * another request's client.
   */
  bindUser?: boolean;
}

/**
 * A 2026-07-28 server (the SDK v2's Server) for one request or one stdio connection, opaque here:
 * the declarations a host compiles name no type of the v2 packages.
 */
export interface ModernServer {
  close(): Promise<void>;
}

/**
 * What the servers of one host share (made by the adapter, not by a host). Its servers share one
 * task runner: close it when the last of them is done.
 */
export interface McpServing {
  readonly quirks: QuirkTable;
  /** Which edit operations tools/list shows (undefined: all; `auto`: by the client's name). */
  readonly editFormat: EditFormatOption | undefined;
  readonly maxResultBytes: number;
  readonly tasks: McpTaskRunner;
  /** A 2026-07-28 call of a long-running tool still running after this long becomes a task (0: at once). */
  readonly taskAfterMs: number;
  /** Changes of the served toolkits' tool lists, for 2026-07-28 `subscriptions/listen`: close it with the tasks. */
  readonly toolList: ToolListChanges;
  /** Run once, after a server's first tools/list is answered: what the first call would load (McpServerOptions.warmUp). */
  readonly warmUp: ((toolkit: ToolkitOf) => Promise<void>) | undefined;
  /** What the server over `root` says of itself. */
  identity(root: string): ServerIdentity;
  /** A 2025-11-25 server (the SDK v2's Server on its 2025 line): sessions, elicitation, tasks in core. */
  legacy(toolkit: ServerToolkit, root: string): Server;
  /**
   * A 2026-07-28 server (SDK v2): no session, input_required rounds, tasks as the extension. With
   * `stdio` (the one server of a stdio connection) it sends list_changed on every change of the
   * tool list, for the connection's listen subscriptions.
   */
  modern(toolkit: ServerToolkit, root: string, options?: { stdio?: boolean }): Promise<ModernServer>;
}

/** The operations tools/list shows a client named `clientName` under the serving's editFormat. */
export function listedOperations(
  serving: McpServing,
  operations: readonly OperationDescriptor[],
  clientName: string | undefined,
): readonly OperationDescriptor[] {
  const { editFormat } = serving;
  const format =
    editFormat === 'auto'
      ? editFormatForModel(clientName ?? '')
      : resolveEditFormat(editFormat, undefined, 'createMcpServer');
  return withEditFormat(operations, format);
}

const warmed = new WeakSet<McpServing>();

/**
 * How long after its first tools/list answer a server waits before warming up: a client that lists
 * and leaves (a start-up probe) never pays for it, nor does the next process it starts.
 */
export const WARM_UP_DELAY_MS = 100;

/**
 * Has the serving's `warmUp` run once, a little after the answer being built is sent: a client
 * waiting for its tool list never waits for it, and the timer keeps no process alive.
 */
export function warmUpAfterAnswer(serving: McpServing, toolkit: ToolkitOf): void {
  const { warmUp } = serving;
  if (!warmUp || warmed.has(serving)) return;
  warmed.add(serving);
  setTimeout(() => {
    warmUp(toolkit).catch(() => {
      /* the first call loads what is missing, and reports what fails */
    });
  }, WARM_UP_DELAY_MS).unref();
}
