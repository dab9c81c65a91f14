// What the MCP task tests share: a task-augmented tools/call through the SDK's client, waiting
// for a condition, and reading and probing the pids a command wrote.
import { readFile } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateTaskResultSchema, type CallToolResult, type Task } from '@modelcontextprotocol/sdk/types.js';
import { scaled } from './time.js';

/** tools/call with `params.task`: resolves the task the server answered with. */
export async function createTask(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  ttl?: number,
): Promise<Task> {
  const created = await client.request(
    { method: 'tools/call', params: { name, arguments: args, task: ttl === undefined ? {} : { ttl } } },
    CreateTaskResultSchema,
  );
  return created.task;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Polls `probe` until it gives something truthy (every 50 ms, up to `ms` scaled to the machine); throws past that. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not so within ${scaled(ms)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid a command wrote to `file`, once it is there. */
export function waitForPid(file: string): Promise<number> {
  return waitFor(async () => {
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    return pid > 0 ? pid : undefined;
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
