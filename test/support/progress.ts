// What the progress tests share: a toolkit served over MCP to the SDK's own client, calls that
// collect the progress they are sent (over MCP and through invoke's onProgress), and the check
// that what was sent grows.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProgressNotificationSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import type { InvokeResult, ProgressEvent, Toolkit } from '../../src/index.js';
import { PROGRESS_INTERVAL_MS } from '../../src/runtime/invoke/progress.js';
import { linkedClient } from './mcp-memory.js';
import { scaled } from './time.js';

/** The SDK's client, connected in memory to an MCP server over `toolkit`. */
export async function progressClient(toolkit: Toolkit): Promise<Client> {
  return (await linkedClient(await createMcpServer(toolkit), 'progress-test')).client;
}

/**
 * Every progress notification `client` receives from now on, whatever request it is for (this
 * replaces the SDK's routing to onprogress: for calls that send no token).
 */
export function everyProgressNotification(client: Client): unknown[] {
  const seen: unknown[] = [];
  client.setNotificationHandler(ProgressNotificationSchema, (notification) => void seen.push(notification));
  return seen;
}

/**
 * A listener that keeps what it is given and holds the thread for just over the throttle's
 * interval on each of its first `slow` events: the call's next report then always passes the
 * throttle, so a short call still sends several events, however fast the machine.
 */
export function slowListener<E>(events: E[], slow = 3): (event: E) => void {
  return (event) => {
    events.push(event);
    if (events.length > slow) return;
    const until = performance.now() + PROGRESS_INTERVAL_MS + 10;
    while (performance.now() < until) {
      // busy: the call's own work waits meanwhile
    }
  };
}

/** tools/call through the SDK with an onprogress (so the request carries a progress token). */
export async function callOverMcp(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  slow = 3,
): Promise<{ result: CallToolResult; events: Progress[] }> {
  const events: Progress[] = [];
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    onprogress: slowListener(events, slow),
    timeout: scaled(60_000),
  })) as CallToolResult;
  return { result, events };
}

/** toolkit.invoke with an onProgress listener (a slow one: slowListener). */
export async function invokeFollowed(
  toolkit: Toolkit,
  provider: string,
  operation: string,
  input: unknown,
  slow = 3,
): Promise<{ result: InvokeResult; events: ProgressEvent[] }> {
  const events: ProgressEvent[] = [];
  const result = await toolkit.invoke(provider, operation, input, { onProgress: slowListener(events, slow) });
  return { result, events };
}

/** At least `count` events, each larger than the one before, every message matching `message`. */
export function expectGrowing(
  events: readonly { progress: number; message?: string }[],
  count: number,
  message: RegExp,
) {
  expect(events.length).toBeGreaterThanOrEqual(count);
  for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
  for (const event of events) expect(event.message).toMatch(message);
}
