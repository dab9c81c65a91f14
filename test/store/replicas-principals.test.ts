// JWT replicas over one PostgreSQL store, as docs/deployment.md sets them up: two `toolwright mcp
// --http --stateless --store --auth-jwks` processes behind a round-robin proxy. Each token's
// principal sees only its own background jobs through every replica; input typed through a
// replica that does not run the job reaches it; caps given on the command line are counted in the
// store, so calls racing through both replicas admit exactly the principal's cap.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killTagged, processesWith, tag, waitFor } from '../support/exec-helpers.js';
import { startIdentityProvider, type TestIdentityProvider } from '../support/jwks.js';
import { createTask, textOf } from '../support/mcp-tasks.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { startProxy, startReplica, type Proxy, type ReplicaProcess } from '../support/replica-fleet.js';
import { scaled } from '../support/time.js';

let cluster: PgCluster;
let idp: TestIdentityProvider;
let workspace: string;
let replicas: ReplicaProcess[] = [];
let proxy: Proxy;
const clients = new Map<string, Client>();
const tags: string[] = [];

async function clientOf(subject: string): Promise<Client> {
  let client = clients.get(subject);
  if (!client) {
    client = new Client({ name: 'replica-principals', version: '1.0.0' });
    const headers = { authorization: `Bearer ${await idp.token(subject)}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit: { headers } }));
    clients.set(subject, client);
  }
  return client;
}

async function call(subject: string, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await (await clientOf(subject)).callTool({ name, arguments: args })) as CallToolResult;
}
const codeOf = (result: CallToolResult) =>
  (result._meta?.['toolwright/error'] as { code?: string } | undefined)?.code ?? (result.isError ? '?' : 'ok');
const lastServed = () => proxy.served.at(-1)!;

/** Spends calls until the next one goes to replica `to`. */
async function steerTo(to: number): Promise<void> {
  while (proxy.next % proxy.backends.length !== to) await call('nobody', 'task_list');
}

describePg('JWT replicas over one PostgreSQL store', () => {
  beforeAll(async () => {
    [cluster, idp] = await Promise.all([startCluster(), startIdentityProvider()]);
    const storeUrl = await cluster.createDatabase('replica_principals');
    workspace = await mkdtemp(join(tmpdir(), 'tw-replica-principals-'));
    const args = [...idp.cliFlags, '--max-jobs', '2', '--max-running-tasks', '2'];
    replicas = await Promise.all([0, 1].map(() => startReplica(storeUrl, workspace, { args })));
    proxy = await startProxy(replicas.map((r) => r.url));
  }, scaled(120_000));

  afterAll(async () => {
    await Promise.allSettled([...clients.values()].map((c) => c.close()));
    await proxy?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    for (const t of tags) await killTagged(t);
    await idp?.close();
    await cluster?.destroy();
    await rm(workspace, { recursive: true, force: true });
  }, scaled(60_000));

  it(
    'another principal neither lists, reads, kills nor writes a job through any replica; its owner types into it through the other',
    { timeout: scaled(60_000) },
    async () => {
      const t = tag('replica-principal');
      tags.push(t);
      const started = await call('alice', 'bash', {
        command: `echo secret-of-alice; (exec -a ${t} sleep 300) & read line; echo got-$line; wait`,
        run_in_background: true,
      });
      const id = (started.structuredContent as { job_id: string }).job_id;
      const owner = lastServed();
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 1, 20_000, 'the job');
      for (const replica of [0, 1]) {
        await steerTo(replica);
        expect((await call('bob', 'bash_output')).structuredContent).toEqual({ jobs: [] });
        for (const [name, args] of [
          ['bash_output', { job_id: id }],
          ['bash_kill', { job_id: id }],
          ['bash_write', { job_id: id, input: 'from-bob\n' }],
        ] as const) {
          await steerTo(replica);
          const result = await call('bob', name, args);
          expect(codeOf(result), `${name} through replica ${replica}`).toBe('NOT_FOUND');
          expect(textOf(result)).not.toContain('secret-of-alice');
        }
      }
      expect(await processesWith(t, 'argv0')).toHaveLength(1);
      await steerTo(1 - owner);
      const wrote = await call('alice', 'bash_write', { job_id: id, input: 'hers\n' });
      expect(lastServed()).not.toBe(owner);
      expect(textOf(wrote)).toMatch(/^wrote 5 bytes to /);
      let seen = '';
      await waitFor(
        async () => {
          seen += textOf(await call('alice', 'bash_output', { job_id: id, wait_ms: 1000 }));
          return seen.includes('got-hers');
        },
        20_000,
        'the answer',
      );
      expect(seen).toContain('secret-of-alice');
      expect(seen).not.toContain('from-bob');
      await steerTo(1 - owner);
      expect(codeOf(await call('alice', 'bash_kill', { job_id: id }))).toBe('ok');
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 0, 10_000, 'the job to end');
    },
  );

  it(
    'background jobs and MCP tasks racing through both replicas admit exactly the principal’s caps',
    { timeout: scaled(60_000) },
    async () => {
      const t = tag('replica-caps');
      tags.push(t);
      const command = `exec -a ${t} sleep 60`;
      const jobs = await Promise.all(
        Array.from({ length: 6 }, () => call('carol', 'bash', { command, run_in_background: true })),
      );
      expect(jobs.map(codeOf).sort()).toEqual([
        'LIMIT_REACHED',
        'LIMIT_REACHED',
        'LIMIT_REACHED',
        'LIMIT_REACHED',
        'ok',
        'ok',
      ]);
      const client = await clientOf('dave');
      const tasks = await Promise.allSettled(Array.from({ length: 6 }, () => createTask(client, 'bash', { command })));
      expect(tasks.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect(new Set(proxy.served.slice(-6))).toEqual(new Set([0, 1]));
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 4, 20_000, 'two jobs and two tasks');
      for (const job of jobs.filter((r) => codeOf(r) === 'ok'))
        await call('carol', 'bash_kill', { job_id: (job.structuredContent as { job_id: string }).job_id });
    },
  );
});
