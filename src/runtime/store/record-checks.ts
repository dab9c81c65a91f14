// What both engines check of a job or MCP task call before they touch their storage: one set of
// limits and messages, whichever store is configured.
import { ToolError } from '../contract/errors.js';
import { checkId, checkKey, checkMs, checkText, invalidStoreInput, jsonText } from './errors.js';
import { checkChunk } from './output.js';
import {
  JOB_RECORD_STATUSES,
  MAX_PENDING_INPUT_BYTES,
  MAX_RESULT_BYTES,
  MCP_TASK_STATUSES,
  type JobEnd,
  type JobStart,
  type McpTaskLimits,
  type McpTaskPatch,
  type McpTaskStart,
  type StoreKey,
} from './types.js';

/** A cap as given: a whole number of at least 1 (undefined: no cap). */
function checkCap(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw invalidStoreInput(`${name} must be a whole number of at least 1`);
  return value;
}

export function checkJobStart(
  key: StoreKey,
  start: JobStart,
): { owner: string; command: string; leaseMs: number; maxRunning: number | undefined } {
  checkKey(key);
  const owner = checkText('owner', start.owner, 256);
  const command = checkText('command', start.command, 64 * 1024, { empty: true });
  return {
    owner,
    command,
    leaseMs: checkMs('leaseMs', start.leaseMs),
    maxRunning: checkCap('maxRunning', start.maxRunning),
  };
}

/** The refusal of a job past its key's cap of running jobs. */
export function jobLimitReached(running: number, max: number): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `${running} background jobs of this principal are already running (the limit is ${max})`,
    { limit: 'jobs', running, max },
  );
}

/** Input for a job as both engines take it: at most MAX_PENDING_INPUT_BYTES at once. */
export function checkJobInput(key: StoreKey, id: string, data: Uint8Array, eof: boolean): Buffer {
  checkKey(key);
  checkId('job id', id);
  const bytes = checkChunk(data);
  if (bytes.length > MAX_PENDING_INPUT_BYTES)
    throw invalidStoreInput(`input is ${bytes.length} bytes; at most ${MAX_PENDING_INPUT_BYTES} wait at once`);
  if (typeof eof !== 'boolean') throw invalidStoreInput('eof must be true or false');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The limits of an MCP task call, checked (undefined: none). */
export function checkMcpTaskLimits(limits: Partial<McpTaskLimits> | undefined): Partial<McpTaskLimits> | undefined {
  if (limits === undefined) return undefined;
  if (!limits || typeof limits !== 'object') throw invalidStoreInput('limits must be { running, stored, storedBytes }');
  return {
    running: checkCap('limits.running', limits.running),
    stored: checkCap('limits.stored', limits.stored),
    storedBytes: checkCap('limits.storedBytes', limits.storedBytes),
  };
}

/** The refusal of an MCP task past its principal's cap of running tasks. */
export function runningTasksLimitReached(running: number, max: number): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `${running} MCP tasks of this principal are already working (the limit is ${max}); ` +
      'wait for one to end (tasks/result) or cancel one (tasks/cancel)',
    { limit: 'running_tasks', running, max },
  );
}

/** The refusal of a task record when the principal's records are all still working. */
export function storedTasksLimitReached(stored: number, max: number): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `this principal holds ${stored} MCP task records, none of them ended (the limit is ${max}); ` +
      'wait for one to end (tasks/result) or cancel one (tasks/cancel)',
    { limit: 'stored_tasks', stored, max },
  );
}

/** The refusal of a result that does not fit the principal's bytes of stored results. */
export function storedBytesLimitReached(bytes: number, others: number, max: number): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `the result is ${bytes} bytes and this principal's other stored task results ${others}; ` +
      `at most ${max} bytes of results are kept per principal`,
    { limit: 'stored_task_bytes', bytes, others, max },
  );
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
): {
  operation: string;
  owner: string;
  ttlMs: number | null;
  leaseMs: number;
  limits: Partial<McpTaskLimits> | undefined;
} {
  checkKey(key);
  const operation = checkText('operation', start.operation, 256);
  const owner = checkText('owner', start.owner, 256);
  const ttlMs = start.ttlMs === null ? null : checkMs('ttlMs', start.ttlMs);
  return {
    operation,
    owner,
    ttlMs,
    leaseMs: checkMs('leaseMs', start.leaseMs),
    limits: checkMcpTaskLimits(start.limits),
  };
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
