// MCP tasks across replicas: two `toolwright mcp --http --stateless` processes on one PostgreSQL
// store. A task created through one is read, awaited and cancelled through the other (the cancel
// reaches the owning process, which kills the process tree), and a task whose process died is
// marked failed by the live one once its lease has run out (made to run out in the database rather
// than waited for: ten seconds of a lease prove nothing more).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import { alive, createTask, textOf, waitFor, waitForPid } from '../support/mcp-tasks.js';
import { rawModern } from '../support/mcp-modern.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let cluster: PgCluster;
let dir: string;
let url: string;
let databases = 0;
const children: ChildProcess[] = [];
const clients: Client[] = [];

/** One replica: its own process, serving stateless MCP over the shared store. */
async function replica(extra: string[] = []): Promise<{ client: Client; child: ChildProcess; endpoint: string }> {
  const child = spawn(
    process.execPath,
    [builtCli(), 'mcp', '--http', '0', '--stateless', '--workspace', dir, ...extra],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TOOLWRIGHT_STORE_URL: url } },
  );
  children.push(child);
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`the replica exited early: ${seen}`)));
  });
  const client = new Client({ name: 'replica-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  clients.push(client);
  return { client, child, endpoint };
}

describePg('MCP tasks on replicas sharing a PostgreSQL store', () => {
  beforeAll(async () => {
    cluster = await startCluster();
  }, scaled(60_000));
  afterAll(async () => {
    await cluster?.destroy();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-mcp-tasks-pg-'));
    url = await cluster.createDatabase(`mcp_tasks_${++databases}`);
    const store = createPostgresStore(url);
    await store.migrate();
    await store.close();
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('created on one replica, read, awaited and listed through the other', { timeout: scaled(60_000) }, async () => {
    const [one, two] = await Promise.all([replica(), replica()]);
    const task = await createTask(one.client, 'bash', { command: 'sleep 1; echo done' });
    expect(task.status).toBe('working');
    expect((await two.client.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    const result = await two.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('done');
    expect((await two.client.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
    expect((await two.client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
    await expect(two.client.experimental.tasks.getTask(crypto.randomUUID())).rejects.toThrow(/not found/i);
  });

  it('cancelled through the other replica: the owner kills the process tree', { timeout: scaled(60_000) }, async () => {
    const [one, two] = await Promise.all([replica(), replica()]);
    const task = await createTask(one.client, 'bash', {
      command: '(sleep 30; echo late) & echo $! > child.pid; echo $$ > shell.pid; wait',
    });
    const shell = await waitForPid(join(dir, 'shell.pid'));
    const child = await waitForPid(join(dir, 'child.pid'));
    expect((await two.client.experimental.tasks.cancelTask(task.taskId)).status).toBe('cancelled');
    // Well within the owner's periodic re-check: the notification is what delivered it.
    await waitFor(async () => !alive(shell) && !alive(child), 4000);
    expect((await one.client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
  });

  it(
    'a task whose replica died is marked failed by the live one once its lease has run out',
    { timeout: scaled(60_000) },
    async () => {
      const [one, two] = await Promise.all([replica(), replica()]);
      const task = await createTask(one.client, 'bash', { command: 'echo $$ > orphan.pid; exec sleep 60' });
      const orphan = await waitForPid(join(dir, 'orphan.pid'));
      one.child.kill('SIGKILL');
      await new Promise((resolve) =>
        one.child.exitCode !== null || one.child.signalCode !== null
          ? resolve(undefined)
          : one.child.once('exit', resolve),
      );
      // The dead replica renews nothing: its task's lease runs out now instead of in ten seconds.
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const { rowCount } = await db.query(
          `UPDATE toolwright_mcp_tasks SET lease_expires_at = now() WHERE id = $1 AND status = 'working'`,
          [task.taskId],
        );
        expect(rowCount).toBe(1);
      } finally {
        await db.end();
      }
      // The live replica's next sweep (every few seconds) marks it failed.
      const failed = await waitFor(async () => {
        const now = await two.client.experimental.tasks.getTask(task.taskId);
        return now.status === 'failed' ? now : undefined;
      }, 15_000);
      expect(failed.statusMessage).toBeTruthy();
      const result = await two.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.isError).toBe(true);
      process.kill(orphan, 'SIGKILL'); // its server died without killing it
    },
  );

  it(
    '2026-07-28: an approval answered through the other replica, the call a task read through the first',
    { timeout: scaled(90_000) },
    async () => {
      const [one, two] = await Promise.all([
        replica(['--policy', 'askForRisky']),
        replica(['--policy', 'askForRisky']),
      ]);
      const capabilities = { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } };
      const call = { name: 'bash', arguments: { command: 'sleep 3; echo replicas' } };
      const asked = await rawModern(one.endpoint, 'tools/call', call, { capabilities });
      expect(asked.result.resultType).toBe('input_required');
      const [key] = Object.keys(asked.result.inputRequests as object);
      const answered = await rawModern(
        two.endpoint,
        'tools/call',
        { ...call, inputResponses: { [key!]: { action: 'accept', content: { approve: true } } } },
        { capabilities },
      );
      expect(answered.result).toMatchObject({ resultType: 'task', status: 'working' });
      const taskId = answered.result.taskId as string;
      let seen = await rawModern(one.endpoint, 'tasks/get', { taskId }, { capabilities });
      for (let i = 0; i < 100 && seen.result?.status === 'working'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = await rawModern(one.endpoint, 'tasks/get', { taskId }, { capabilities });
      }
      expect(seen.result.status).toBe('completed');
      expect(seen.result.result.content[0].text).toContain('replicas');
    },
  );
});
