// The server for 2026-07-28 clients (SDK v2, low-level Server, public API): no session and no
// initialize; who the client is and what it can do come with each request (`_meta` envelope).
// A fresh server serves each HTTP request (or one stdio connection) over the shared toolkit. The
// same tool definitions, quirks, result bounds, progress, cancellation, audit and principal as
// 2025-11-25; approvals and ask_user as input_required rounds (input.ts); a long-running call from
// a client that takes tasks becomes a task of the extension once it has run a while (tasks.ts).
import type { ServerContext } from '@modelcontextprotocol/server';
import type { InvokeResult, ParkedApproval, ToolkitOf } from '../../../runtime/contract/types.js';
import { METHOD_NOT_FOUND, callToolParams, protocolError } from '../call-params.js';
import { logWarningsWith, progressSender } from '../notify.js';
import { principalOfAuth, requestPrincipal } from '../principal.js';
import { clientArguments, clientResult, type ClientQuirk } from '../quirks.js';
import { factsOf, toCallToolResult } from '../tools.js';
import {
  listedOperations,
  warmUpAfterAnswer,
  type McpServing,
  type ModernServer,
  type ServerToolkit,
} from '../serving.js';
import { withInputRound, type InputRound } from './input.js';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, TASKS_EXTENSION, loadModernSdk } from './sdk.js';
import { extensionTask, serveTaskExtension } from './tasks.js';
import { ApprovalWait } from '../tasks/approval-wait.js';

/** JSON-RPC "invalid params": the code MCP uses for an unknown tool. */
const INVALID_PARAMS = -32602;
/** How long a client may keep a tools/list answer (the list changes only with the server's configuration). */
const LIST_TTL_MS = 5 * 60 * 1000;

interface Envelope {
  [CLIENT_INFO_KEY]?: { name?: unknown };
  [CLIENT_CAPABILITIES_KEY]?: { elicitation?: { form?: unknown } | null; extensions?: Record<string, unknown> };
}

function envelopeOf(ctx: { mcpReq: { envelope?: unknown } }): Envelope {
  const envelope = ctx.mcpReq.envelope;
  return typeof envelope === 'object' && envelope !== null ? envelope : {};
}

/** The client declared form elicitation (an empty `elicitation` object means form, as in 2025-11-25). */
function canElicit(envelope: Envelope): boolean {
  const elicitation = envelope[CLIENT_CAPABILITIES_KEY]?.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  return Object.keys(elicitation).length === 0 || elicitation.form !== undefined;
}

/** A new round for a request: its answers, what its client can answer, and a signal the round can stop. */
function newRound(envelope: Envelope, responses: Record<string, unknown> | undefined, stop: () => void): InputRound {
  return { canElicit: canElicit(envelope), responses, pending: {}, stop };
}

/** Resolves true once `promise` settles, false when `ms` pass first (0: false at once, unless already settled). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whom a request acts for: the principal its verified token names (the HTTP transport passes it
 * as the request's auth info, and in its async context), else the toolkit's.
 */
function principalOf(ctx: unknown): string | undefined {
  const authInfo = (ctx as { http?: { authInfo?: Parameters<typeof principalOfAuth>[0] } } | undefined)?.http?.authInfo;
  return principalOfAuth(authInfo) ?? requestPrincipal();
}

/** A 2026-07-28 server over the toolkit `source` gives (a fresh one per HTTP request or stdio connection). */
export async function modernServer(
  serving: McpServing,
  source: ServerToolkit,
  root: string,
  options: { stdio?: boolean } = {},
): Promise<ModernServer> {
  const sdk = await loadModernSdk();
  const { Server, ProtocolError, inputRequired } = sdk.server;
  const identity = serving.identity(root);
  const server = new Server(identity.serverInfo, {
    capabilities: { tools: { listChanged: true }, logging: {}, extensions: { [TASKS_EXTENSION]: {} } },
    ...(identity.instructions ? { instructions: identity.instructions } : {}),
    // What is listed depends on the principal's policy and the client's capabilities: private.
    cacheHints: {
      'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
      'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
    },
  });
  const toolkitFor = async (): Promise<ToolkitOf> => {
    const toolkit = await source.get();
    serving.tasks.watch(toolkit); // a replica that serves keeps the store's task leases too
    serving.toolList.watch(toolkit);
    return toolkit;
  };
  if (options.stdio) announceListChanges(server, serving, toolkitFor);
  const quirkOf = (envelope: Envelope): ClientQuirk | undefined => {
    const name = envelope[CLIENT_INFO_KEY]?.name;
    return serving.quirks.for(typeof name === 'string' ? name : undefined);
  };

  // Listed per request: what can work depends on the client (ask_user needs elicitation).
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    const envelope = envelopeOf(ctx);
    const toolkit = await toolkitFor();
    const textOnly = quirkOf(envelope)?.textOnly === true;
    const name = envelope[CLIENT_INFO_KEY]?.name;
    const clientName = typeof name === 'string' ? name : undefined;
    warmUpAfterAnswer(serving, toolkit);
    // Inside the round: what is listed depends on whether this request's client can be asked.
    return withInputRound(
      newRound(envelope, undefined, () => undefined),
      () => {
        const listed = listedOperations(serving, toolkit.operations, clientName);
        return { tools: listed.map((op) => (textOnly ? factsOf(op).textOnly : factsOf(op).full)) } as never;
      },
    );
  });

  const callTool = async (params: unknown, ctx: ServerContext) => {
    const { name, arguments: given } = callToolParams(params);
    const envelope = envelopeOf(ctx);
    const toolkit = await toolkitFor();
    const op = toolkit.find(name);
    if (!op) {
      throw new ProtocolError(
        INVALID_PARAMS,
        `Unknown tool: ${name} (available: ${toolkit.operations.map((o) => o.name).join(', ')})`,
      );
    }
    const adapt = quirkOf(envelope);
    const args = clientArguments(adapt, given ?? {}, factsOf(op).params);
    const finish = (result: InvokeResult) =>
      clientResult(adapt, toCallToolResult(op, result, serving.maxResultBytes, adapt?.textOnly));
    // The call's own signal: the client's cancel stops it, and so does a round that stopped to ask.
    const controller = new AbortController();
    const onAbort = () => controller.abort(ctx.mcpReq.signal.reason);
    if (ctx.mcpReq.signal.aborted) onAbort();
    else ctx.mcpReq.signal.addEventListener('abort', onAbort, { once: true });
    const round = newRound(envelope, ctx.mcpReq.inputResponses, () => controller.abort());
    const principal = principalOf(ctx);
    const onProgress = progressSender(ctx.mcpReq._meta?.progressToken, (notification) =>
      ctx.mcpReq.notify(notification),
    );
    const takesTasks = op.longRunning && envelope[CLIENT_CAPABILITIES_KEY]?.extensions?.[TASKS_EXTENSION] !== undefined;
    // Only a call that may become a task is told when it is admitted or parked for an operator
    // (no promise and closures per call otherwise): either way the client's own rounds are over.
    let settled: (() => void) | undefined;
    const admittedOrParked = takesTasks ? new Promise<void>((resolve) => (settled = resolve)) : undefined;
    const wait = takesTasks ? new ApprovalWait() : undefined;
    const running = withInputRound(round, () =>
      toolkit.invoke(op.provider, op.name, args, {
        signal: controller.signal,
        ...(wait && settled
          ? {
              onAdmitted: () => {
                wait.onAdmitted();
                settled!();
              },
              onParked: (parked: ParkedApproval) => {
                wait.onParked(parked);
                settled!();
              },
            }
          : {}),
        ...(principal === undefined ? {} : { principal }),
        ...(onProgress ? { onProgress } : {}),
      }),
    );
    // A call becomes a task only once its input rounds are over (admitted, or parked for an
    // operator, when the task says so), and when it runs past the server's wait.
    if (
      admittedOrParked &&
      (await Promise.race([admittedOrParked.then(() => true), running.then(() => false)])) &&
      !(await settlesWithin(running, serving.taskAfterMs))
    ) {
      try {
        // From here the task's cancel stops the call, not this request's.
        const task = await serving.tasks.adopt(toolkit, op, running, controller, finish, principal, wait);
        ctx.mcpReq.signal.removeEventListener('abort', onAbort);
        return { resultType: 'task', ...extensionTask(task) };
      } catch {
        /* no task could be recorded (caps, store): the call is answered when it ends */
      }
    }
    try {
      const result = await running;
      if (Object.keys(round.pending).length > 0) return inputRequired({ inputRequests: round.pending as never });
      logWarningsWith((level, data) => ctx.mcpReq.log(level, data), op.name, result);
      return finish(result);
    } finally {
      ctx.mcpReq.signal.removeEventListener('abort', onAbort);
    }
  };
  if (options.stdio) {
    // The one server of a stdio connection takes tools/call through the protocol's fallback
    // handler, as 2025-11-25 does (rev2025/server.ts): its params are checked above and its result
    // is not parsed again with zod (some 15% of the server CPU of a small read). Over
    // HTTP the registered handler stays: the SDK answers a method nobody serves with HTTP 404 only
    // when no fallback is installed.
    server.fallbackRequestHandler = async (request, ctx: ServerContext) => {
      if (request.method !== 'tools/call') throw protocolError(METHOD_NOT_FOUND, 'Method not found');
      return callTool(request.params, ctx);
    };
  } else {
    server.setRequestHandler('tools/call', (request, ctx) => callTool(request.params, ctx) as never);
  }

  serveTaskExtension(sdk, server, serving.tasks, toolkitFor, principalOf);
  return server;
}

/** Sends list_changed from `server` on every change of the tool list until the server closes. */
function announceListChanges(
  server: import('@modelcontextprotocol/server').Server,
  serving: McpServing,
  toolkitFor: () => Promise<ToolkitOf>,
): void {
  toolkitFor().catch(() => undefined); // watched from the start, not from the first request that needs it
  const stop = serving.toolList.subscribe(() => {
    server.sendToolListChanged().catch(() => undefined); // a connection gone meanwhile misses nothing it could use
  });
  const closed = server.onclose;
  server.onclose = () => {
    stop();
    closed?.();
  };
}
