// MCP tasks over Streamable HTTP and stdio, with the SDK's client: which tools declare task
// support, a task-augmented call answered at once and run on its own (past the session that
// started it), tasks/get, tasks/result, tasks/list with paging, tasks/cancel killing the whole
// process tree, errors for ids that name no task of the caller, and one principal never seeing
// another's tasks.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { alive, createTask, textOf, waitFor, waitForPid } from '../support/mcp-tasks.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;
let running: RunningHttpServer | undefined;
const clients: Client[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-tasks-'));
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A server whose sessions act for the principals given, in the order sessions open. */
async function serve(
  principals: string[] = [],
  options: { taskPageSize?: number; maxRunningTasks?: number; maxServerTasks?: number } = {},
): Promise<string> {
  let opened = 0;
  running = await startMcpHttpServer(
    ({ session }) => createToolkit({ workspace: dir, session, principal: principals[opened++] ?? 'local' }),
    options,
  );
  return running.url;
}

const transports = new WeakMap<Client, StreamableHTTPClientTransport>();

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'tasks-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  transports.set(client, transport);
  clients.push(client);
  return client;
}

async function longRunningInCatalog(): Promise<Set<string>> {
  const catalog = parseYaml(await readFile(join(root, 'catalog.yaml'), 'utf8')) as {
    providers: Record<string, { operations: Record<string, { long_running?: boolean }> }>;
  };
  const names = Object.values(catalog.providers).flatMap((p) =>
    Object.entries(p.operations).filter(([, op]) => op.long_running === true),
  );
  return new Set(names.map(([name]) => name));
}

describe('MCP tasks over Streamable HTTP', () => {
  it('declares the tasks capability, and task support only on the tools the catalog marks long_running', async () => {
    const client = await connect(await serve());
    expect(client.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const marked = await longRunningInCatalog();
    expect(marked.has('bash')).toBe(true);
    const { tools } = await client.listTools();
    for (const tool of tools) {
      if (marked.has(tool.name)) expect(tool.execution, tool.name).toEqual({ taskSupport: 'optional' });
      else expect(tool.execution, tool.name).toBeUndefined();
    }
    expect(tools.filter((t) => t.execution).length).toBeGreaterThanOrEqual(2);
  });

  it('answers with a working task at once; tasks/get shows it working, then completed; tasks/result gives what a plain call gives', async () => {
    const client = await connect(await serve());
    // The command cannot end before the test opens its gate: the answer came while it worked.
    const command = 'while [ ! -e go ]; do sleep 0.05; done; echo done';
    const task = await createTask(client, 'bash', { command }, 30_000);
    expect(task).toMatchObject({ status: 'working', ttl: 30_000, pollInterval: expect.any(Number) });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    await writeFile(join(dir, 'go'), '');
    const completed = await waitFor(async () => {
      const now = await client.experimental.tasks.getTask(task.taskId);
      return now.status === 'completed' ? now : undefined;
    });
    expect(Date.parse(completed.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(completed.createdAt));
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('done');
    expect(result.structuredContent).toMatchObject({ exit_code: 0, stdout: 'done\n' });
    expect(result._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
    const plain = (await client.callTool({ name: 'bash', arguments: { command: 'echo done' } })) as CallToolResult;
    expect(Object.keys(plain.structuredContent!).sort()).toEqual(Object.keys(result.structuredContent!).sort());
  });

  it('tasks/result waits for a task still working', async () => {
    const client = await connect(await serve());
    const task = await createTask(client, 'bash', { command: 'sleep 0.5; echo later' });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('later');
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
  });

  it('a call that fails ends its task failed, with the tool error as its result', async () => {
    const client = await connect(await serve());
    const task = await createTask(client, 'grep', { pattern: '(', path: '.' });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error INVALID_PATTERN/);
    const ended = await client.experimental.tasks.getTask(task.taskId);
    expect(ended.status).toBe('failed');
    expect(ended.statusMessage).toMatch(/^INVALID_PATTERN/);
  });

  it(
    'tasks/cancel kills the whole process tree and leaves the task cancelled',
    { timeout: scaled(30_000) },
    async () => {
      const client = await connect(await serve());
      const task = await createTask(client, 'bash', {
        command: '(sleep 30; echo late) & echo $! > child.pid; echo $$ > shell.pid; wait',
      });
      const shell = await waitForPid(join(dir, 'shell.pid'));
      const child = await waitForPid(join(dir, 'child.pid'));
      expect(alive(shell) && alive(child)).toBe(true);
      const cancelled = await client.experimental.tasks.cancelTask(task.taskId);
      expect(cancelled.status).toBe('cancelled');
      await waitFor(async () => !alive(shell) && !alive(child));
      expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
      const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Error CANCELLED/);
      // A task that ended cannot be cancelled again, and stays as it was.
      await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toThrow(/terminal status: cancelled/);
    },
  );

  it('runs on after the session that started it ends; another session of the principal reads its result', async () => {
    const url = await serve();
    const first = await connect(url);
    const task = await createTask(first, 'bash', { command: 'sleep 0.7; echo survived > out.txt; echo survived' });
    await transports.get(first)!.terminateSession(); // DELETE: the session and its toolkit end
    await first.close();
    expect(running!.sessionCount()).toBe(0);
    const second = await connect(url);
    const result = await second.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('survived');
    expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe('survived\n');
  });

  it('tasks/list pages through the principal’s tasks, oldest first', async () => {
    const client = await connect(await serve([], { taskPageSize: 2 }));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createTask(client, 'bash', { command: `echo ${i}` })).taskId);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.experimental.tasks.listTasks(cursor);
      expect(page.tasks.length).toBeLessThanOrEqual(2);
      seen.push(...page.tasks.map((t) => t.taskId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    await expect(client.experimental.tasks.listTasks('not-a-cursor')).rejects.toThrow(/cursor/);
  });

  it('ids that name no task get an invalid-params error, from every task method', async () => {
    const client = await connect(await serve());
    const unknown = ['nope', crypto.randomUUID(), 'x'.repeat(500), '', '../etc/passwd', 'a\u0000b'];
    for (const id of unknown) {
      for (const call of [
        () => client.experimental.tasks.getTask(id),
        () => client.experimental.tasks.getTaskResult(id, CallToolResultSchema),
        () => client.experimental.tasks.cancelTask(id),
      ]) {
        const error = (await call().then(
          () => undefined,
          (e: unknown) => e,
        )) as { code?: number; message?: string } | undefined;
        expect(error?.code, `${JSON.stringify(id)}: ${error?.message}`).toBe(-32602);
        expect(error?.message).toMatch(/not found/i);
      }
    }
  });

  it('refuses a task-augmented call of a tool without task support, and runs nothing', async () => {
    const client = await connect(await serve());
    for (const [name, args] of [
      ['write_file', { path: 'made.txt', content: 'x' }],
      ['read_file', { path: 'missing.txt' }],
    ] as const) {
      const error = (await createTask(client, name, args).then(
        () => undefined,
        (e: unknown) => e,
      )) as { code?: number; message?: string } | undefined;
      expect(error?.code).toBe(-32601);
      expect(error?.message).toMatch(new RegExp(`${name} does not run as a task`));
    }
    await expect(readFile(join(dir, 'made.txt'))).rejects.toThrow(/ENOENT/);
    expect((await client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('one principal sees nothing of another’s tasks: not by get, result, cancel nor list', async () => {
    const url = await serve(['alice', 'bob']);
    const alice = await connect(url);
    const bob = await connect(url);
    const task = await createTask(alice, 'bash', { command: 'sleep 1.5; echo alice' });
    for (const call of [
      () => bob.experimental.tasks.getTask(task.taskId),
      () => bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
      () => bob.experimental.tasks.cancelTask(task.taskId),
    ]) {
      await expect(call()).rejects.toThrow(/not found/i);
    }
    expect((await bob.experimental.tasks.listTasks()).tasks).toEqual([]);
    // Bob's cancel changed nothing: Alice's task is still working and completes.
    expect((await alice.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    const result = await alice.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('alice');
    expect((await alice.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it(
    'runs a bounded number of tasks at once: past it a new one is refused, naming the way out',
    { timeout: scaled(30_000) },
    async () => {
      const client = await connect(await serve([], { maxRunningTasks: 1 }));
      const first = await createTask(client, 'bash', { command: 'exec sleep 30' });
      await expect(createTask(client, 'bash', { command: 'echo second' })).rejects.toThrow(
        /Error LIMIT_REACHED: 1 MCP tasks of this principal are already working \(the limit is 1\); .*tasks\/cancel/,
      );
      expect((await client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([first.taskId]);
      await client.experimental.tasks.cancelTask(first.taskId);
      const again = await waitFor(() => createTask(client, 'bash', { command: 'echo again' }).catch(() => undefined));
      const result = await client.experimental.tasks.getTaskResult(again.taskId, CallToolResultSchema);
      expect(textOf(result)).toContain('again');
    },
  );

  it('closing the server kills the process of a task still running', { timeout: scaled(30_000) }, async () => {
    const client = await connect(await serve());
    await createTask(client, 'bash', { command: 'echo $$ > shell.pid; exec sleep 30' });
    const shell = await waitForPid(join(dir, 'shell.pid'));
    await running!.close();
    running = undefined;
    await waitFor(async () => !alive(shell));
  });
});

describe('MCP tasks over stdio (toolwright mcp)', () => {
  it(
    'a task-augmented bash call answers at once, is seen working then completed, and gives its text',
    { timeout: scaled(60_000) },
    async () => {
      const client = new Client({ name: 'tasks-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [builtCli(), 'mcp', '--workspace', dir],
          cwd: root,
          stderr: 'pipe',
        }),
      );
      clients.push(client);
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'bash')?.execution).toEqual({ taskSupport: 'optional' });
      expect(tools.find((t) => t.name === 'read_file')?.execution).toBeUndefined();
      const task = await createTask(client, 'bash', { command: 'sleep 1; echo done' });
      expect(task.status).toBe('working');
      expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('working');
      await waitFor(async () => (await client.experimental.tasks.getTask(task.taskId)).status === 'completed');
      const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(textOf(result)).toContain('done');
      expect((await client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
      await expect(client.experimental.tasks.getTask(crypto.randomUUID())).rejects.toThrow(/not found/i);
    },
  );
});
