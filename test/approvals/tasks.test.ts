// A parked call that runs as an MCP task says it waits for an operator, on both store engines:
// to a 2025-11-25 client the task is `input_required` with a message naming the approval, and
// `working` again once approved; to a 2026-07-28 client of the tasks extension the call becomes a
// task once parked (not when an operator decides), `working` with the same message. Approved, the
// task completes with the command's output; denied, it ends refused, naming who denied it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type Task } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import type { ApprovalRecord, Store } from '../../src/runtime/store/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { createTask, textOf, waitFor } from '../support/mcp-tasks.js';
import { rawModern } from '../support/mcp-modern.js';
import { scaled } from '../support/time.js';
import { contractEngines, storeOpener } from '../store/contract-engines.js';

const policy = { rules: [{ operation: 'bash', decision: 'ask' as const }], default: 'allow' as const };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

describe.each(contractEngines())('a parked call as an MCP task: $name', (engine) => {
  const open = storeOpener(engine);
  let dir: string;
  let server: RunningHttpServer | undefined;
  let store: Store;
  const clients: Client[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-park-task-'));
    store = open({ timeoutMs: scaled(5_000) });
    server = await startMcpHttpServer(
      ({ session }) =>
        createToolkit({
          workspace: dir,
          policy,
          session,
          store,
          approvals: true,
          approvalTimeout: 120,
          user: createMcpElicitationUserChannel(),
        }),
      { taskAfterMs: 0 },
    );
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    await server?.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  async function headless(): Promise<Client> {
    const client = new Client({ name: 'headless', version: '1.0.0' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(server!.url)));
    clients.push(client);
    return client;
  }

  async function pendingFor(command: string): Promise<ApprovalRecord> {
    return waitFor(async () =>
      (await store.approvals.list({ status: 'pending' })).find((record) => record.text.includes(command)),
    );
  }

  it('2025-11-25: input_required naming the approval while parked, working once approved, then the result', async () => {
    const client = await headless();
    const task = await createTask(client, 'bash', { command: 'echo parked-then-run' });
    const record = await pendingFor('parked-then-run');
    const waiting = await waitFor(async () => {
      const current = await client.experimental.tasks.getTask(task.taskId);
      return current.status === 'input_required' ? current : undefined;
    });
    expect(waiting.statusMessage).toContain(`approval ${record.id}`);
    expect(waiting.statusMessage).toContain(record.expires_at);
    expect(waiting.statusMessage).toContain('/approvals');
    // The task's list shows the same.
    const listed = (await client.experimental.tasks.listTasks()).tasks.find((t: Task) => t.taskId === task.taskId);
    expect(listed?.status).toBe('input_required');

    await store.approvals.decide(record.id, { status: 'approved', by: 'carol' });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('parked-then-run');
    const ended = await client.experimental.tasks.getTask(task.taskId);
    expect(ended.status).toBe('completed');
    expect(ended.statusMessage ?? null).toBeNull();
  });

  it('2025-11-25: denied while parked, the task ends refused, naming who denied it', async () => {
    const client = await headless();
    const task = await createTask(client, 'bash', { command: 'echo never-runs' });
    const record = await pendingFor('never-runs');
    await waitFor(async () => (await client.experimental.tasks.getTask(task.taskId)).status === 'input_required');
    await store.approvals.decide(record.id, { status: 'denied', by: 'carol', reason: 'not today' });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/DENIED_BY_POLICY.*denied by carol: not today/);
    const ended = await client.experimental.tasks.getTask(task.taskId);
    expect(ended.status).toBe('failed');
    expect(ended.statusMessage).toContain('denied by carol');
  });

  it('2026-07-28: the call becomes a task once parked, working with the approval named, completed once approved', async () => {
    // The request answers while the call is still parked: no operator has decided yet.
    const created = await rawModern(
      server!.url,
      'tools/call',
      { name: 'bash', arguments: { command: 'echo modern-parked' } },
      { capabilities: TASKS },
    );
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
    const { taskId } = created.result as { taskId: string };
    const [record] = await store.approvals.list({ status: 'pending' });
    expect(record?.text).toContain('modern-parked');
    const shown = await waitFor(async () => {
      const reply = await rawModern(server!.url, 'tasks/get', { taskId }, { capabilities: TASKS });
      return String(reply.result?.statusMessage ?? '').includes(record!.id) ? reply.result : undefined;
    });
    // The extension has no status for a wait the client cannot answer: it stays working.
    expect(shown).toMatchObject({ taskId, status: 'working' });

    await store.approvals.decide(record!.id, { status: 'approved', by: 'carol' });
    const done = await waitFor(async () => {
      const reply = await rawModern(server!.url, 'tasks/get', { taskId }, { capabilities: TASKS });
      return reply.result?.status === 'completed' ? reply.result : undefined;
    });
    expect(done.result.content[0].text).toContain('modern-parked');
    expect(done.statusMessage).toBeUndefined();
  });

  it('2026-07-28: without the tasks extension the parked call holds its request until decided', async () => {
    const call = rawModern(server!.url, 'tools/call', { name: 'bash', arguments: { command: 'echo held-open' } });
    const record = await pendingFor('held-open');
    let answered = false;
    void call.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    await store.approvals.decide(record.id, { status: 'approved', by: 'carol' });
    const reply = await call;
    expect(reply.result).toMatchObject({ resultType: 'complete' });
    expect(reply.result.content[0].text).toContain('held-open');
  });
});
