// The server for clients that initialize with 2025-11-25 or older (the SDK v2's Server on its
// 2025 line): sessions, server-initiated elicitation for approvals and ask_user, tasks in core
// (tasks/get, tasks/result, tasks/list and tasks/cancel answered by CoreTasks).
import type { CallToolResult, Server, ServerContext } from '@modelcontextprotocol/server';
import type { OperationDescriptor } from '../../../runtime/contract/descriptor.js';
import type { InvokeResult, ToolkitOf } from '../../../runtime/contract/types.js';
import { attachUserChannel, enterCallScope } from '../user-channel.js';
import { principalOfAuth } from '../principal.js';
import { logWarnings, progressSender } from '../notify.js';
import { clientArguments, clientResult, type ClientQuirk } from '../quirks.js';
import { newSdkServer, type Sdk } from '../sdk.js';
import { capabilitiesFor } from '../identity.js';
import { INVALID_PARAMS, METHOD_NOT_FOUND, callToolParams, protocolError } from '../call-params.js';
import type { McpTaskRunner } from '../tasks/runner.js';
import { CORE_TASK_METHODS, CoreTasks, mcpTask } from './task-store.js';
import { factsOf, toCallToolResult } from '../tools.js';
import { answerToolCallsDirectly } from '../transports/stdio-direct-calls.js';
import { listedOperations, warmUpAfterAnswer, type McpServing, type ServerToolkit } from '../serving.js';

/** tools/call with params.task: the call starts as an MCP task, answered at once with that task. */
async function startToolTask(
  server: Server,
  tasks: McpTaskRunner,
  toolkit: ToolkitOf,
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

/** A 2025-11-25 server over the toolkit `source` gives. */
export function legacyServer(sdk: Sdk, serving: McpServing, source: ServerToolkit, root: string): Server {
  const { quirks, maxResultBytes, tasks } = serving;
  const identity = serving.identity(root);
  let attached: ToolkitOf | undefined;
  const toolkitFor = async (): Promise<ToolkitOf> => {
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
  });
  // Answering initialize, the SDK reads the capabilities after it has settled the version.
  const declared = server.getCapabilities.bind(server);
  server.getCapabilities = () => capabilitiesFor(declared(), server.getNegotiatedProtocolVersion());
  const coreTasks = new CoreTasks(tasks, toolkitFor);
  const quirk = (): ClientQuirk | undefined => quirks.for(server.getClientVersion()?.name);
  // Listed per request: what can work depends on the client (elicitation support is known after initialize).
  server.setRequestHandler('tools/list', async () => {
    const toolkit = await toolkitFor();
    const textOnly = quirk()?.textOnly === true;
    const listed = listedOperations(serving, toolkit.operations, server.getClientVersion()?.name);
    warmUpAfterAnswer(serving, toolkit);
    return { tools: listed.map((op) => (textOnly ? factsOf(op).textOnly : factsOf(op).full)) };
  });
  /** One tools/call: the params as sent, and what the protocol knows of the request. */
  const callTool = async (
    rawParams: unknown,
    signal: AbortSignal,
    id: string | number,
    ctx?: ServerContext,
  ): Promise<unknown> => {
    const params = callToolParams(rawParams);
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
    const leave = enterCallScope(signal, server, id);
    try {
      // A verified token's issuer and subject are the principal of the call (audit, task lists, jobs).
      const principal = principalOfAuth(ctx?.http?.authInfo);
      const notify = ctx?.mcpReq.notify;
      const onProgress = notify && progressSender(params._meta?.progressToken, (notification) => notify(notification));
      const options = {
        signal,
        ...(principal === undefined ? {} : { principal }),
        ...(onProgress ? { onProgress } : {}),
      };
      const result = await toolkit.invoke(op.provider, op.name, args, options);
      logWarnings(server, op.name, result, ctx?.sessionId);
      return clientResult(adapt, toCallToolResult(op, result, maxResultBytes, adapt?.textOnly));
    } finally {
      leave();
    }
  };
  // tools/call goes to the protocol's fallback handler (public API: it gets the requests no
  // handler is registered for). Registered through Server.setRequestHandler, every call would be
  // parsed twice more and every result once with zod: ~90 µs of CPU per call, ~15% of a small
  // read's round trip over stdio (docs/serving.md); the params are checked here, with
  // the SDK's rules and readable errors, and toCallToolResult builds only valid results
  // (test/mcp/sdk-contract.test.ts holds both to the SDK's schemas).
  server.fallbackRequestHandler = async (request, ctx: ServerContext) => {
    const extra = ctx.mcpReq;
    if (CORE_TASK_METHODS.has(request.method))
      return coreTasks.answer(request.method, request.params, extra.signal, extra.id);
    if (request.method !== 'tools/call') throw protocolError(METHOD_NOT_FOUND, 'Method not found');
    return callTool(request.params, extra.signal, extra.id, ctx) as Promise<CallToolResult>;
  };
  // Over stdio, a plain call (no progress token, no task) after initialize skips the SDK's
  // per-message parsing (transports/stdio-direct-calls.ts).
  answerToolCallsDirectly(server, callTool, () => server.getClientVersion() !== undefined);
  return server;
}
