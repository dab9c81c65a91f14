// Where MCP tasks are kept: in memory without a store (bounded, gone past their ttl, one key never
// seeing another's), and in a store shared by two servers, which then act as replicas: a task
// created through one is read, awaited and cancelled through the other, and a task whose replica
// died is marked failed by a live one.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { MemoryTaskRecords } from '../../src/adapters/mcp/tasks/memory.js';
import {
  DEFAULT_TASK_TTL_MS,
  grantedTtl,
  MAX_TASK_TTL_MS,
  McpTaskRunner,
  MIN_TASK_TTL_MS,
} from '../../src/adapters/mcp/tasks/runner.js';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { McpTaskPatch, Store } from '../../src/runtime/store/types.js';
import { createToolkit } from '../../src/index.js';
import { alive, createTask, textOf, waitFor, waitForPid } from '../support/mcp-tasks.js';
import { scaled } from '../support/time.js';
import { collectingWarnings } from '../support/warnings.js';

const alice = { scope: 'ws', principal: 'alice' };
const bob = { scope: 'ws', principal: 'bob' };
const start = (ttlMs: number | null = 60_000) => ({ operation: 'exec.bash', owner: 'me', ttlMs, leaseMs: 15_000 });

describe('MCP task records in memory', () => {
  it('a task is gone once its ttl has passed, from get, update and list', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const records = new MemoryTaskRecords(10, () => now);
    const short = await records.create(alice, start(1000));
    const forever = await records.create(alice, start(null));
    now += 999;
    expect((await records.get(alice, short.id))?.status).toBe('working');
    now += 1;
    expect(await records.get(alice, short.id)).toBeUndefined();
    expect(await records.update(alice, short.id, { status: 'completed' })).toBeUndefined();
    now += 365 * 24 * 3600 * 1000;
    expect((await records.list(alice)).tasks.map((t) => t.id)).toEqual([forever.id]);
  });

  it('holds at most its bound in all: past it a new task is refused, and another key’s ended task is never evicted', async () => {
    const records = new MemoryTaskRecords(2);
    const first = await records.create(alice, start());
    const second = await records.create(bob, start());
    await records.update(bob, second.id, { status: 'completed', result: { content: [] } });
    const full = await records.create(alice, start()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(full).toBeInstanceOf(ToolError);
    expect((full as ToolError).code).toBe('UNAVAILABLE');
    expect((full as ToolError).message).toMatch(/keeps 2 MCP tasks in memory/);
    expect((await records.get(bob, second.id))?.status).toBe('completed');
    // Alice's own ended task makes room for her next one under her own cap.
    await records.update(alice, first.id, { status: 'completed' });
    const limits = { running: 5, stored: 1, storedBytes: 1024 };
    const third = await records.create(alice, { ...start(), limits });
    expect(await records.get(alice, first.id)).toBeUndefined();
    expect((await records.list(alice)).tasks.map((t) => t.id)).toEqual([third.id]);
    expect((await records.get(bob, second.id))?.status).toBe('completed');
  });

  it('one key never reads, changes nor lists another key’s task', async () => {
    const records = new MemoryTaskRecords();
    const task = await records.create(alice, start());
    for (const other of [bob, { scope: 'elsewhere', principal: 'alice' }]) {
      expect(await records.get(other, task.id)).toBeUndefined();
      expect(await records.update(other, task.id, { status: 'cancelled' })).toBeUndefined();
      expect((await records.list(other)).tasks).toEqual([]);
    }
    expect((await records.get(alice, task.id))?.status).toBe('working');
  });

  it('a task that ended never changes again, and a result is a copy', async () => {
    const records = new MemoryTaskRecords();
    const task = await records.create(alice, start());
    const result = { content: [{ type: 'text', text: 'x' }] };
    expect((await records.update(alice, task.id, { status: 'completed', result }))?.applied).toBe(true);
    result.content[0]!.text = 'changed';
    const again = await records.update(alice, task.id, { status: 'cancelled', status_message: 'late' });
    expect(again?.applied).toBe(false);
    expect(again?.task).toMatchObject({
      status: 'completed',
      status_message: null,
      result: { content: [{ text: 'x' }] },
    });
  });

  it('pages by cursor; a cursor it did not give, or a bad limit, is INVALID_INPUT', async () => {
    const records = new MemoryTaskRecords();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await records.create(alice, start())).id);
    const one = await records.list(alice, { limit: 3 });
    const two = await records.list(alice, { limit: 3, cursor: one.next_cursor! });
    expect([...one.tasks, ...two.tasks].map((t) => t.id)).toEqual(ids);
    expect(two.next_cursor).toBeUndefined();
    for (const page of [{ cursor: 'abc' }, { cursor: '-1' }, { cursor: '1e3' }, { limit: 0 }, { limit: 1.5 }]) {
      await expect(records.list(alice, page)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  it('grants a ttl within bounds', () => {
    expect(grantedTtl(undefined)).toBe(DEFAULT_TASK_TTL_MS);
    expect(grantedTtl(Number.NaN)).toBe(DEFAULT_TASK_TTL_MS);
    expect(grantedTtl(1)).toBe(MIN_TASK_TTL_MS);
    expect(grantedTtl(-5)).toBe(MIN_TASK_TTL_MS);
    expect(grantedTtl(Number.MAX_SAFE_INTEGER)).toBe(MAX_TASK_TTL_MS);
    expect(grantedTtl(12_345.7)).toBe(12_345);
  });
});

describe('MCP tasks in a store two servers share', () => {
  let dir: string;
  let folder: string;
  const servers: RunningHttpServer[] = [];
  const clients: Client[] = [];
  const stores: Store[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-mcp-task-store-'));
    folder = await mkdtemp(join(tmpdir(), 'tw-mcp-task-store-db-'));
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await Promise.allSettled(servers.splice(0).map((s) => s.close()));
    await Promise.allSettled(stores.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  });

  /** A "replica": its own server and its own store instance on the shared folder. */
  async function replica(): Promise<{ client: Client; store: Store }> {
    const store = createEmbeddedStore(folder);
    stores.push(store);
    await store.migrate();
    const server = await startMcpHttpServer(({ session }) => createToolkit({ workspace: dir, session, store }), {
      stateless: true,
    });
    servers.push(server);
    const client = new Client({ name: 'replica-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return { client, store };
  }

  it(
    'a record whose start never completed is not renewed by its replica: it fails at its first lease',
    { timeout: scaled(30_000) },
    async () => {
      const store = createEmbeddedStore(folder);
      stores.push(store);
      const runner = new McpTaskRunner();
      try {
        runner.watch(createToolkit({ workspace: dir, store }));
        // What a create the caller gave up on leaves: a working task of this replica it does not run.
        const lost = await store.mcpTasks.create(alice, { ...start(), owner: runner.owner, leaseMs: 300 });
        const ended = await waitFor(async () => {
          const now = await store.mcpTasks.get(alice, lost.id);
          return now?.status === 'failed' ? now : undefined;
        });
        expect(ended.status_message).toMatch(/stopped renewing its lease/);
      } finally {
        await runner.close();
      }
    },
  );

  it('created on one, read, awaited and listed through the other', async () => {
    const [one, two] = [await replica(), await replica()];
    const task = await createTask(one.client, 'bash', { command: 'sleep 0.5; echo from-one' });
    expect((await two.client.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    const result = await two.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('from-one');
    expect((await two.client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it('cancelled through the other: the owner kills the process tree', { timeout: scaled(30_000) }, async () => {
    const [one, two] = [await replica(), await replica()];
    const task = await createTask(one.client, 'bash', {
      command: '(sleep 30; echo late) & echo $! > child.pid; echo $$ > shell.pid; wait',
    });
    const shell = await waitForPid(join(dir, 'shell.pid'));
    const child = await waitForPid(join(dir, 'child.pid'));
    expect((await two.client.experimental.tasks.cancelTask(task.taskId)).status).toBe('cancelled');
    await waitFor(async () => !alive(shell) && !alive(child));
    expect((await one.client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
  });

  it(
    'a replica that closes marks the tasks it runs failed, as the other replica sees',
    { timeout: scaled(30_000) },
    async () => {
      const [one, two] = [await replica(), await replica()];
      const task = await createTask(one.client, 'bash', { command: 'echo $$ > shell.pid; exec sleep 30' });
      const shell = await waitForPid(join(dir, 'shell.pid'));
      await servers[0]!.close();
      const ended = await two.client.experimental.tasks.getTask(task.taskId);
      expect(ended.status).toBe('failed');
      expect(ended.statusMessage).toMatch(/server stopped/);
      await waitFor(async () => !alive(shell));
    },
  );

  /** A stateless server over `store`, and a client of it. */
  async function serveOver(store: Store): Promise<Client> {
    const server = await startMcpHttpServer(({ session }) => createToolkit({ workspace: dir, session, store }), {
      stateless: true,
    });
    servers.push(server);
    const client = new Client({ name: 'replica-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return client;
  }

  async function endOf(client: Client, taskId: string) {
    return waitFor(async () => {
      const now = await client.experimental.tasks.getTask(taskId);
      return now.status !== 'working' ? now : undefined;
    });
  }

  it('a result the store refuses to keep ends the task failed, saying so, instead of working for ever', async () => {
    const store = createEmbeddedStore(folder);
    stores.push(store);
    const client = await serveOver(
      refusingStore(store, (patch) =>
        JSON.stringify(patch.result).includes('REFUSE-ME')
          ? new ToolError('TOO_LARGE', 'too large to keep')
          : undefined,
      ),
    );
    const task = await createTask(client, 'bash', { command: 'echo REFUSE-ME' });
    const ended = await endOf(client, task.taskId);
    expect(ended.status).toBe('failed');
    expect(ended.statusMessage).toMatch(/the call ended \(completed\) but its result could not be kept: too large/);
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toMatch(/^Error TOO_LARGE: /);
  });

  it(
    'the end of a task is written once the store answers again, however many tries that takes',
    { timeout: scaled(30_000) },
    async () => {
      const store = createEmbeddedStore(folder);
      stores.push(store);
      let refusals = 0;
      const client = await serveOver(
        refusingStore(store, () => (++refusals <= 3 ? new ToolError('UNAVAILABLE', 'the store is down') : undefined)),
      );
      let ended!: Awaited<ReturnType<typeof endOf>>;
      // The third refusal is reported once, as a process warning (collected here, not printed).
      const warnings = await collectingWarnings(async () => {
        const task = await createTask(client, 'bash', { command: 'echo finally' });
        ended = await endOf(client, task.taskId);
      });
      expect(warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(/^toolwright: the end of MCP task .* is not recorded yet: the store is down$/),
      ]);
      expect(ended.status).toBe('completed');
      expect(refusals).toBe(4);
      const result = await client.experimental.tasks.getTaskResult(ended.taskId, CallToolResultSchema);
      expect(textOf(result)).toContain('finally');
    },
  );

  it(
    'a task whose replica stopped renewing its lease is marked failed by a live one',
    { timeout: scaled(30_000) },
    async () => {
      const live = await replica();
      // A task as a replica that died leaves it: working, its lease run out.
      const dead = await live.store.mcpTasks.create(
        { scope: await realpath(dir), principal: 'local' },
        { operation: 'exec.bash', owner: 'a-replica-that-died', ttlMs: 60_000, leaseMs: 0 },
      );
      await live.client.listTools(); // serving is enough for a replica to keep the store's leases
      const failed = await waitFor(async () => {
        const task = await live.client.experimental.tasks.getTask(dead.id);
        return task.status === 'failed' ? task : undefined;
      });
      expect(failed.statusMessage).toBeTruthy();
      const result = await live.client.experimental.tasks.getTaskResult(dead.id, CallToolResultSchema);
      expect(result.isError).toBe(true);
    },
  );
});

/** The store, except that writing a task's end throws what `refuse` gives for it (nothing: written). */
function refusingStore(store: Store, refuse: (patch: McpTaskPatch) => ToolError | undefined): Store {
  const kept = store.mcpTasks;
  const mcpTasks: Store['mcpTasks'] = {
    ...kept,
    update: async (key, id, patch) => {
      const refused = patch.result !== undefined ? refuse(patch) : undefined;
      if (refused) throw refused;
      return kept.update(key, id, patch);
    },
  };
  return Object.create(store, { mcpTasks: { value: mcpTasks } }) as Store;
}
