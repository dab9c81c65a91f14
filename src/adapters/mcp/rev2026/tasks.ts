// Tasks as the `io.modelcontextprotocol/tasks` extension (2026-07-28) over the same records as
// the core tasks of 2025-11-25: a tools/call answered with a task (`resultType: "task"`), then
// tasks/get (the result inlined once there is one), tasks/update and tasks/cancel, from any
// replica that shares the store. A task belongs to the principal that started it; another's is
// not found.
import type { McpTaskRecord } from '../../../runtime/store/types.js';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import { TASK_POLL_INTERVAL_MS, type McpTaskRunner } from '../tasks/runner.js';
import type { ModernSdk } from './sdk.js';

/** JSON-RPC "invalid params": an unknown task. */
const INVALID_PARAMS = -32602;
/** JSON-RPC "internal error": what a task that ended without a result failed with. */
const INTERNAL_ERROR = -32603;
const TASK_ID = /^[0-9A-Za-z-]{1,128}$/;

/** A record as the extension shows a task (no result). */
export function extensionTask(record: McpTaskRecord): Record<string, unknown> {
  return {
    taskId: record.id,
    status: record.status === 'input_required' ? 'working' : record.status,
    ...(record.status_message !== null ? { statusMessage: record.status_message } : {}),
    createdAt: record.created_at,
    lastUpdatedAt: record.updated_at,
    ttlMs: record.ttl_ms,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/**
 * A record as tasks/get shows it. A call that ended with a tool error is `completed` with that
 * result (isError), as the extension says; `failed` is for a task that ended without one.
 */
export function detailedTask(record: McpTaskRecord): Record<string, unknown> {
  const task = extensionTask(record);
  const result = record.result !== null && typeof record.result === 'object' ? record.result : undefined;
  if ((record.status === 'completed' || record.status === 'failed') && result)
    return { ...task, status: 'completed', result };
  if (record.status === 'failed')
    return {
      ...task,
      error: { code: INTERNAL_ERROR, message: record.status_message ?? 'the task ended without a result' },
    };
  return task;
}

/** The extension's request schemas: made once (every HTTP request builds a server, and zod schemas cost to build). */
let extensionSchemas: unknown;
function schemasOf(z: ModernSdk['z']): never {
  return (extensionSchemas ??= {
    params: z.object({ taskId: z.string() }).passthrough(),
    result: z.object({}).passthrough(),
  }) as never;
}

/** Registers tasks/get, tasks/update and tasks/cancel on `server`. */
export function serveTaskExtension(
  { server: sdk, z }: ModernSdk,
  server: import('@modelcontextprotocol/server').Server,
  runner: McpTaskRunner,
  toolkitFor: () => Promise<ToolkitOf>,
  principalOf: (ctx: unknown) => string | undefined,
): void {
  const notFound = (id: string) =>
    new sdk.ProtocolError(INVALID_PARAMS, `Task not found: ${id} (it never existed, expired, or is not yours)`);
  // A task is looked up under the principal of the request asking: another's is not found.
  const record = async (id: string, ctx: unknown): Promise<McpTaskRecord> => {
    if (!TASK_ID.test(id)) throw notFound(id);
    const { records, key } = runner.recordsOf(await toolkitFor(), principalOf(ctx));
    const found = await records.get(key, id);
    if (!found) throw notFound(id);
    return found;
  };
  const schemas = schemasOf(z);
  server.setRequestHandler('tasks/get' as never, schemas, (async ({ taskId }: { taskId: string }, ctx: unknown) =>
    detailedTask(await record(taskId, ctx))) as never);
  // No task of this server waits for input from its client (its rounds are over before it is a
  // task; a wait for an operator is shown working, with a message): an answer is acknowledged.
  server.setRequestHandler('tasks/update' as never, schemas, (async ({ taskId }: { taskId: string }, ctx: unknown) => {
    await record(taskId, ctx);
    return {};
  }) as never);
  server.setRequestHandler('tasks/cancel' as never, schemas, (async ({ taskId }: { taskId: string }, ctx: unknown) => {
    const found = await record(taskId, ctx);
    if (found.status === 'working' || found.status === 'input_required')
      await runner.setStatus(await toolkitFor(), taskId, 'cancelled', 'cancelled by the client', principalOf(ctx));
    return {};
  }) as never);
}
