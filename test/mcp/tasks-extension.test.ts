// Tasks as the io.modelcontextprotocol/tasks extension (2026-07-28): a long-running call from a
// client that declares the extension is answered with a task (resultType "task") once it has run
// past the server's wait; tasks/get shows it working, then completed with the result inlined;
// tasks/cancel stops it. The records are the core tasks' own: a 2025-11-25 client of the same
// principal reads a task a 2026-07-28 client started.
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/toolkit.js';
import { shellEndedWithin, waitForFile } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import { seededWorkspace, textOf } from './mcp-exercise.js';
import { rawModern, type RawReply } from '../support/mcp-modern.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

let dir: string;
let server: RunningHttpServer;
beforeEach(async () => {
  dir = await seededWorkspace();
  server = await startMcpHttpServer(() => createToolkit({ workspace: dir }), { taskAfterMs: 0 });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** tasks/get until the task is no longer working. */
export async function settled(url: string, taskId: string): Promise<RawReply> {
  const deadline = Date.now() + scaled(30_000);
  for (;;) {
    const reply = await rawModern(url, 'tasks/get', { taskId }, { capabilities: TASKS });
    if (reply.error || reply.result.status !== 'working' || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the tasks extension (2026-07-28)', () => {
  it('a long call becomes a task; tasks/get gives its result once completed', { timeout: scaled(60_000) }, async () => {
    const created = await rawModern(
      server.url,
      'tools/call',
      { name: 'bash', arguments: { command: 'sleep 1; echo done' } },
      { capabilities: TASKS },
    );
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: expect.any(Number) });
    expect(created.result.ttlMs).toBeGreaterThan(0);
    const { taskId } = created.result as { taskId: string };
    const working = await rawModern(server.url, 'tasks/get', { taskId }, { capabilities: TASKS });
    expect(working.result).toMatchObject({ taskId, resultType: 'complete' });
    const done = await settled(server.url, taskId);
    expect(done.result).toMatchObject({ taskId, status: 'completed' });
    expect(done.result.result.content[0].text).toContain('done');
    // A 2025-11-25 client of the same principal reads the same record through core tasks.
    const legacy = new Client({ name: 'legacy', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      expect((await legacy.experimental.tasks.getTask(taskId)).status).toBe('completed');
      expect(textOf(await legacy.experimental.tasks.getTaskResult(taskId, CallToolResultSchema))).toContain('done');
    } finally {
      await legacy.close();
    }
  });

  it(
    'no task for a client without the extension, nor for a tool that is not long-running',
    { timeout: scaled(60_000) },
    async () => {
      const plain = await rawModern(server.url, 'tools/call', { name: 'bash', arguments: { command: 'echo plain' } });
      expect(plain.result.resultType).toBe('complete');
      expect(plain.result.content[0].text).toContain('plain');
      const read = await rawModern(
        server.url,
        'tools/call',
        { name: 'read_file', arguments: { path: 'a.txt' } },
        { capabilities: TASKS },
      );
      expect(read.result.resultType).toBe('complete');
      expect(read.result.taskId).toBeUndefined();
    },
  );

  it('a tool error ends the task completed with the error as its result', { timeout: scaled(60_000) }, async () => {
    const created = await rawModern(
      server.url,
      'tools/call',
      { name: 'grep', arguments: { pattern: '(', path: '.' } },
      { capabilities: TASKS },
    );
    const done = await settled(server.url, created.result.taskId);
    expect(done.result.status).toBe('completed');
    expect(done.result.result.isError).toBe(true);
    expect(done.result.result.content[0].text).toMatch(/^Error INVALID_PATTERN/);
  });

  it(
    'tasks/cancel stops the command; unknown ids are an invalid-params error',
    { timeout: scaled(60_000) },
    async () => {
      const marker = join(dir, 'finished');
      const created = await rawModern(
        server.url,
        'tools/call',
        {
          name: 'bash',
          arguments: { command: `echo $$ > ${marker}.pid; touch ${marker}.started; sleep 3; touch ${marker}` },
        },
        { capabilities: TASKS },
      );
      const { taskId } = created.result as { taskId: string };
      // Cancelled while it runs.
      await waitForFile(`${marker}.started`);
      const cancelled = await rawModern(server.url, 'tasks/cancel', { taskId }, { capabilities: TASKS });
      expect(cancelled.error).toBeUndefined();
      const after = await settled(server.url, taskId);
      expect(after.result.status).toBe('cancelled');
      // The command's shell ends, so its last `touch` never runs.
      expect(await shellEndedWithin(`${marker}.pid`)).toBe(true);
      await expect(stat(marker)).rejects.toThrow();
      for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
        for (const id of [crypto.randomUUID(), '../etc', '']) {
          const reply = await rawModern(
            server.url,
            method,
            { taskId: id, ...(method === 'tasks/update' ? { inputResponses: {} } : {}) },
            { capabilities: TASKS },
          );
          expect(reply.error?.code, `${method} ${id}`).toBe(-32602);
        }
      }
    },
  );
});
