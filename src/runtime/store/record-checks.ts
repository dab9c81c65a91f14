// What both engines check of a job or MCP task call before they touch their storage: one set of
// limits and messages, whichever store is configured.
import { checkId, checkKey, checkMs, checkText, invalidStoreInput, jsonText } from './errors.js';
import {
  JOB_RECORD_STATUSES,
  MAX_RESULT_BYTES,
  MCP_TASK_STATUSES,
  type JobEnd,
  type JobStart,
  type McpTaskPatch,
  type McpTaskStart,
  type StoreKey,
} from './types.js';

export function checkJobStart(key: StoreKey, start: JobStart): { owner: string; command: string; leaseMs: number } {
  checkKey(key);
  const owner = checkText('owner', start.owner, 256);
  const command = checkText('command', start.command, 64 * 1024, { empty: true });
  return { owner, command, leaseMs: checkMs('leaseMs', start.leaseMs) };
}

export function checkJobEnd(key: StoreKey, id: string, end: JobEnd): void {
  checkKey(key);
  checkId('job id', id);
  if ((end.status as string) === 'running' || !JOB_RECORD_STATUSES.includes(end.status))
    throw invalidStoreInput('a job ends as exited, killed, timed_out or failed');
}

export function checkMcpTaskStart(
  key: StoreKey,
  start: McpTaskStart,
): { operation: string; owner: string; ttlMs: number | null; leaseMs: number } {
  checkKey(key);
  const operation = checkText('operation', start.operation, 256);
  const owner = checkText('owner', start.owner, 256);
  const ttlMs = start.ttlMs === null ? null : checkMs('ttlMs', start.ttlMs);
  return { operation, owner, ttlMs, leaseMs: checkMs('leaseMs', start.leaseMs) };
}

/** A page of a task list: `after` is the seq the cursor names (0 for the first page). */
export function checkMcpTaskPage(
  key: StoreKey,
  page: { cursor?: string; limit?: number },
): { limit: number; after: number } {
  checkKey(key);
  const limit = page.limit === undefined ? 100 : page.limit;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
    throw invalidStoreInput('limit must be a whole number between 1 and 1000');
  const after = page.cursor === undefined ? 0 : Number(page.cursor);
  if (!Number.isSafeInteger(after) || after < 0) throw invalidStoreInput('the cursor is not one list returned');
  return { limit, after };
}

/** A task's changes: `message` as given (undefined keeps the old one), `resultText` the result as stored JSON. */
export function checkMcpTaskPatch(
  key: StoreKey,
  id: string,
  patch: McpTaskPatch,
): { status: McpTaskPatch['status']; message: string | null | undefined; resultText: string | undefined } {
  checkKey(key);
  checkId('task id', id);
  const status = patch.status;
  if (status !== undefined && !MCP_TASK_STATUSES.includes(status))
    throw invalidStoreInput(`status must be one of ${MCP_TASK_STATUSES.join(', ')}`);
  const message =
    patch.status_message === undefined || patch.status_message === null
      ? patch.status_message
      : checkText('status_message', patch.status_message, 4096, { empty: true });
  const resultText =
    patch.result === undefined ? undefined : jsonText('the task result', patch.result, MAX_RESULT_BYTES);
  return { status, message, resultText };
}
