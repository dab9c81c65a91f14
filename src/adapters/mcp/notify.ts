// What the MCP server tells a client besides a call's result: progress of a call that carried a
// progress token (notifications/progress), and warnings worth reading (notifications/message, at
// the level the client set with logging/setLevel; the SDK keeps that level per session).
import { inertText } from '../../runtime/text/control-text.js';
import type { Server } from '@modelcontextprotocol/server';
import type { ServerNotification } from '@modelcontextprotocol/server';
import type { ProgressEvent } from '../../runtime/invoke/progress.js';
import type { InvokeResult } from '../../runtime/contract/types.js';

type SendNotification = (notification: ServerNotification) => Promise<void>;

/** invoke's onProgress for a request that asked for progress (its `_meta.progressToken`), else undefined. */
export function progressSender(token: unknown, send: SendNotification): ((event: ProgressEvent) => void) | undefined {
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  return (event) => {
    const params: { progressToken: string | number; progress: number; total?: number; message?: string } = {
      progressToken: token,
      progress: event.progress,
    };
    if (event.total !== undefined) params.total = event.total;
    if (event.message !== undefined) params.message = event.message;
    // A client gone meanwhile is no failure of the call.
    send({ method: 'notifications/progress', params }).catch(() => undefined);
  };
}

interface ResultNote {
  code?: unknown;
  path?: unknown;
  action?: unknown;
  message?: unknown;
}

/**
 * Warnings a call leaves (notes such as what a sandboxed command left behind, an INTERNAL
 * failure) sent as log messages; the level the client set decides which it receives.
 */
export function logWarnings(server: Server, tool: string, result: InvokeResult, sessionId?: string): void {
  logWarningsWith(
    (level, data) => server.sendLoggingMessage({ level, logger: 'toolwright', data }, sessionId),
    tool,
    result,
  );
}

/** logWarnings through `send` (a 2026-07-28 request's own log, at the level its envelope names). */
export function logWarningsWith(
  send: (level: 'warning' | 'error', data: Record<string, unknown>) => Promise<void>,
  tool: string,
  result: InvokeResult,
): void {
  const messages: { level: 'warning' | 'error'; data: Record<string, unknown> }[] = [];
  if (!result.ok) {
    if (result.error.code === 'INTERNAL')
      messages.push({ level: 'error', data: { tool, code: result.error.code, message: result.error.message } });
  } else {
    const notes = (result.output as { notes?: unknown } | null)?.notes;
    if (Array.isArray(notes)) {
      for (const note of notes as ResultNote[]) {
        if (typeof note?.message === 'string')
          messages.push({
            level: 'warning',
            data: {
              tool,
              code: note.code,
              path: typeof note.path === 'string' ? inertText(note.path) : note.path,
              message: inertText(note.message),
            },
          });
      }
    }
  }
  for (const { level, data } of messages) send(level, data).catch(() => undefined);
}
