// Identical replicas over one PostgreSQL store: three `toolwright mcp --http --stateless --store`
// processes behind a round-robin proxy, driven with the MCP SDK client. Task lists are shared; a
// background job started through one replica is read and killed through the others (its process
// really ends); a replica SIGKILLed mid-job has its job marked failed within the lease; a store
// outage answers UNAVAILABLE at once and the replicas recover when it returns; principals stay apart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { BashOutputResult } from '../../src/generated/types.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import { replicaFor } from '../../src/runtime/store/replica.js';
import { killTagged, processesWith, tag, waitFor } from '../support/exec-helpers.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { startProxy, startReplica, type Proxy, type ReplicaProcess } from '../support/replica-fleet.js';
import { scaled } from '../support/time.js';

let cluster: PgCluster;
let storeUrl: string;
let workspace: string;
let replicas: ReplicaProcess[] = [];
let proxy: Proxy;
let client: Client;
const tags: string[] = [];

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

async function structured<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  return result.structuredContent as T;
}

/** The replica (index) the next call goes to, made to be anything but `not` by spending calls on task_list. */
async function steerAwayFrom(not: number): Promise<void> {
  while (proxy.next % proxy.backends.length === not) await call('task_list');
}

const lastServed = () => proxy.served.at(-1)!;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function connect(): Promise<Client> {
  const next = new Client({ name: 'replicas-test', version: '1.0.0' });
  await next.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
  return next;
}

describePg('replicas over one PostgreSQL store', () => {
  beforeAll(async () => {
    cluster = await startCluster();
    storeUrl = await cluster.createDatabase('replicas');
    workspace = await mkdtemp(join(tmpdir(), 'tw-replicas-ws-'));
    replicas = await Promise.all([0, 1, 2].map(() => startReplica(storeUrl, workspace)));
    proxy = await startProxy(replicas.map((r) => r.url));
    client = await connect();
  }, scaled(120_000));

  afterAll(async () => {
    await client?.close().catch(() => {});
    await proxy?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    for (const t of tags) await killTagged(t);
    await cluster?.destroy();
    await rm(workspace, { recursive: true, force: true });
  }, scaled(60_000));

  it('three distinct replicas, each registered in the store', async () => {
    expect(new Set(replicas.map((r) => r.id)).size).toBe(3);
    const store = createPostgresStore(storeUrl);
    try {
      const ids = (await store.replicas.list()).map((r) => r.id);
      for (const replica of replicas) expect(ids).toContain(replica.id);
    } finally {
      await store.close();
    }
  });

  it('a task list written through one replica reads the same through every replica', async () => {
    const served = proxy.served.length;
    for (const title of ['Write the plan', 'Ship it', 'Tell the team']) await structured('task_create', { title });
    const lists: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const { tasks } = await structured<{ tasks: { id: string; title: string }[] }>('task_list');
      lists.push(tasks.map((t) => `${t.id} ${t.title}`));
    }
    expect(new Set(proxy.served.slice(served))).toEqual(new Set([0, 1, 2]));
    expect(new Set(proxy.served.slice(-3))).toEqual(new Set([0, 1, 2]));
    for (const list of lists) expect(list).toEqual(['t1 Write the plan', 't2 Ship it', 't3 Tell the team']);
  });

  it(
    'a background job started through one replica is read through the others and killed through another',
    { timeout: scaled(60_000) },
    async () => {
      const t = tag('replica-job');
      tags.push(t);
      const started = await structured<{ job_id: string }>('bash', {
        command: `echo pid $$; (exec -a ${t} sleep 300) & echo started; wait`,
        run_in_background: true,
      });
      const owner = lastServed();
      let seen = '';
      const readers = new Set<number>();
      await waitFor(
        async () => {
          const read = await structured<BashOutputResult>('bash_output', { job_id: started.job_id, wait_ms: 1000 });
          readers.add(lastServed());
          seen += read.output;
          expect(read.status).toBe('running');
          return seen.includes('started');
        },
        20_000,
        'the job to start',
      );
      // Two reads at least, so the proxy sent them elsewhere than the owner; nothing shown twice.
      if (readers.size < 2) await structured('bash_output', { job_id: started.job_id });
      expect(seen.match(/pid \d+/g)).toHaveLength(1);
      const pid = Number(/pid (\d+)/.exec(seen)![1]);
      expect(pidAlive(pid)).toBe(true);
      expect(await processesWith(t, 'argv0')).toHaveLength(1);
      await steerAwayFrom(owner);
      const killed = await structured<{ killed: boolean; status: string }>('bash_kill', { job_id: started.job_id });
      expect(lastServed()).not.toBe(owner);
      expect(killed).toMatchObject({ killed: true, status: 'killed' });
      await waitFor(() => !pidAlive(pid), 5_000, 'the job to be gone');
      expect(await processesWith(t, 'argv0')).toEqual([]);
      const after = await structured<BashOutputResult>('bash_output', { job_id: started.job_id });
      expect(after.status).toBe('killed');
    },
  );

  it(
    'a store outage answers UNAVAILABLE without hanging, and the replicas recover when it returns',
    { timeout: scaled(90_000) },
    async () => {
      const t = tag('replica-outage');
      tags.push(t);
      const job = await structured<{ job_id: string }>('bash', {
        command: `(exec -a ${t} sleep 300) & wait`,
        run_in_background: true,
      });
      // In flight when the store goes: it waits for news, then its next look at the record fails.
      const waiting = call('bash_output', { job_id: job.job_id, wait_ms: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cluster.stop('fast');
      try {
        const interrupted = await waiting;
        expect(interrupted.isError).toBe(true);
        expect(text(interrupted)).toMatch(/^Error UNAVAILABLE: the store postgres:/);
        for (const [name, args] of [
          ['task_list', {}],
          ['task_create', { title: 'during the outage' }],
          ['bash_output', {}],
          ['bash', { command: 'echo never', run_in_background: true }],
        ] as const) {
          const result = await call(name, args);
          expect(result.isError, name).toBe(true);
          expect(text(result), name).toMatch(
            /^Error UNAVAILABLE: the store postgres:\/\/postgres@127\.0\.0\.1:\d+\/replicas is unavailable/,
          );
          expect(text(result)).not.toContain(cluster.password);
        }
      } finally {
        await cluster.start();
      }
      const back = await waitFor(
        async () => {
          const result = await call('task_list');
          return !result.isError && (result.structuredContent as { tasks: { title: string }[] });
        },
        30_000,
        'the store to answer again',
      );
      expect(back.tasks.map((task) => task.title)).toEqual(['Write the plan', 'Ship it', 'Tell the team']);
      for (let i = 0; i < 3; i++) expect((await call('task_list')).isError ?? false).toBe(false);
      // The job lived through the outage; it is still killed through whichever replica answers.
      const killed = await structured<{ killed: boolean }>('bash_kill', { job_id: job.job_id });
      expect(killed.killed).toBe(true);
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 0, 5_000, 'the job to be gone');
    },
  );

  it(
    'a replica SIGKILLed mid-job has its job marked failed within the lease, read through the others',
    { timeout: scaled(120_000) },
    async () => {
      const t = tag('replica-dies');
      tags.push(t);
      const started = await structured<{ job_id: string }>('bash', {
        command: `(exec -a ${t} sleep 300) & echo running; wait`,
        run_in_background: true,
      });
      const owner = lastServed();
      const victim = replicas[owner]!;
      victim.child.kill('SIGKILL');
      await new Promise((resolve) => victim.child.once('exit', resolve));
      const failed = await waitFor(
        async () => {
          const read = await structured<BashOutputResult>('bash_output', { job_id: started.job_id });
          return read.status === 'failed' && read;
        },
        25_000,
        'the job to be marked failed',
      );
      expect(failed.status).toBe('failed');
      const detail = await call('bash_output', { job_id: started.job_id });
      expect(text(detail)).toContain('its replica stopped renewing its lease');
      // A replacement takes the dead one's place.
      const replacement = await startReplica(storeUrl, workspace);
      replicas[owner] = replacement;
      proxy.backends[owner] = replacement.url;
    },
  );

  it('two principals over one store never see each other’s jobs', { timeout: scaled(60_000) }, async () => {
    const alice = createToolkit({ workspace, store: storeUrl, principal: 'alice', storeScope: 'shared' });
    const bob = createToolkit({ workspace, store: storeUrl, principal: 'bob', storeScope: 'shared' });
    try {
      const started = await alice.invoke('exec', 'bash', {
        command: 'echo for-alice; sleep 300',
        run_in_background: true,
      });
      if (!started.ok) throw new Error(started.text);
      const id = started.output.job_id!;
      for (const [operation, input] of [
        ['bash_output', { job_id: id }],
        ['bash_kill', { job_id: id }],
      ] as const) {
        const result = await bob.invoke('exec', operation, input);
        expect(!result.ok && result.error.code, operation).toBe('NOT_FOUND');
      }
      const listed = await bob.invoke('exec', 'bash_output', {});
      expect(listed.ok && listed.output.jobs).toEqual([]);
      const own = await alice.invoke('exec', 'bash_output', { job_id: id, wait_ms: 2000 });
      expect(own.ok && own.output.status).toBe('running');
    } finally {
      await alice.close();
      await bob.close();
      await replicaFor(alice.services.store!).close();
      await alice.services.store!.close();
    }
  });
});
