// The params of a tools/call as MCP defines them (CallToolRequestSchema), checked here with the
// SDK's rules and errors a client can act on, and errors the SDK sends as they are.
import type { CallToolRequest } from '@modelcontextprotocol/server';

/** JSON-RPC "invalid params": the code MCP uses for an unknown tool. */
export const INVALID_PARAMS = -32602;
/** JSON-RPC "method not found", worded as the SDK words it. */
export const METHOD_NOT_FOUND = -32601;
/** The `_meta` key of a request that belongs to a task (RELATED_TASK_META_KEY). */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** An error the SDK sends as is (code and message, no "MCP error" prefix added on this side). */
export function protocolError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** INVALID_PARAMS naming what is wrong (a module function: no closure made per call). */
function bad(what: string): Error {
  return protocolError(INVALID_PARAMS, `Invalid tools/call params: ${what}`);
}

/** tools/call params as MCP defines them (CallToolRequestSchema), or INVALID_PARAMS saying which part is wrong. */
/** @internal */
export function callToolParams(params: unknown): CallToolRequest['params'] {
  if (!isPlainObject(params)) throw bad('params must be an object with the tool name and its arguments');
  if (typeof params.name !== 'string')
    throw bad(
      `name must be a string (the tool's name), got ${params.name === undefined ? 'nothing' : typeof params.name}`,
    );
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) {
    throw bad(
      `arguments must be an object of named arguments, got ${Array.isArray(params.arguments) ? 'an array' : params.arguments === null ? 'null' : typeof params.arguments}`,
    );
  }
  const { task, _meta: meta } = params;
  if (task !== undefined && !(isPlainObject(task) && (task.ttl === undefined || typeof task.ttl === 'number')))
    throw bad('task must be an object ({ ttl?: number })');
  if (meta !== undefined && !isPlainObject(meta)) throw bad('_meta must be an object');
  if (
    meta &&
    meta.progressToken !== undefined &&
    typeof meta.progressToken !== 'string' &&
    !Number.isSafeInteger(meta.progressToken)
  ) {
    throw bad('_meta.progressToken must be a string or an integer');
  }
  const related = meta?.[RELATED_TASK];
  if (related !== undefined && !(isPlainObject(related) && typeof related.taskId === 'string'))
    throw bad(`_meta["${RELATED_TASK}"] must be { taskId: string }`);
  return params as CallToolRequest['params'];
}
