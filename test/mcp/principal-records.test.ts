// What each JWT principal of an MCP HTTP server holds, in both store engines: its background jobs
// (another principal's are not listed, read, killed nor written, stateless or in sessions), its
// MCP tasks (not found for another), its caps (concurrent task-augmented calls admit exactly the
// principal's cap, also through two servers over one store, and over stdio; past its cap of stored
// tasks only its own oldest ended task goes), and its sessions (capped per principal, room made
// from its own).
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startMcpHttpServer,
  type McpHttpOptions,
  type RunningHttpServer,
} from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import { replicaFor } from '../../src/runtime/store/replica.js';
import type { Store } from '../../src/runtime/store/types.js';
import { killTagged, processesWith, tag } from '../support/exec-helpers.js';
import { startIdentityProvider, type TestIdentityProvider } from '../support/jwks.js';
import { createTask, textOf, waitFor } from '../support/mcp-tasks.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

/** The store's bound on each call, stretched like every other timeout on a loaded machine. */
const STORE_TIMEOUT_MS = scaled(5_000);

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let idp: TestIdentityProvider;
let dir = '';
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];
const stores: Store[] = [];
const tags: string[] = [];

beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(() => idp.close());
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const server of servers.splice(0)) await server.close();
  // Commands the tests left running write into the store until they are gone.
  for (const t of tags.splice(0)) await killTagged(t);
  for (const store of stores.splice(0)) {
    await replicaFor(store).close();
    await store.close();
  }
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  dir = '';
});

interface Engine {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  open(): Store;
}

function engines(): Engine[] {
  let folder = '';
  let cluster: PgCluster | undefined;
  let url = '';
  const embedded: Engine = {
    name: 'embedded',
    setup: async () => {
      folder = await mkdtemp(join(tmpdir(), 'tw-mcp-principal-store-'));
    },
    teardown: () => rm(folder, { recursive: true, force: true, maxRetries: 5 }),
    open: () => createEmbeddedStore(folder, { timeoutMs: STORE_TIMEOUT_MS }),
  };
  const postgres: Engine = {
    name: 'postgres',
    setup: async () => {
      cluster = await startCluster();
      url = await cluster.createDatabase('mcp_principals');
    },
    teardown: async () => {
      await cluster?.destroy();
    },
    open: () => createPostgresStore(url, { timeoutMs: STORE_TIMEOUT_MS }),
  };
  return pgBinaries || requirePg ? [embedded, postgres] : [embedded];
}

/** A server over `store` (a new workspace each test, so a scope of its own) requiring the test's tokens. */
async function serve(store: Store | undefined, options: Partial<McpHttpOptions> = {}): Promise<RunningHttpServer> {
  dir ||= await mkdtemp(join(tmpdir(), 'tw-mcp-principal-'));
  const workspace = dir;
  const server = await startMcpHttpServer(
    ({ session }) => createToolkit({ workspace, session, ...(store ? { store } : {}) }),
    { authJwt: idp.authJwt, ...options },
  );
  servers.push(server);
  return server;
}

function opened(engine: Engine): Store {
  const store = engine.open();
  stores.push(store);
  return store;
}

async function clientOf(server: RunningHttpServer, subject: string): Promise<Client> {
  const client = new Client({ name: 'principal-test', version: '1.0.0' });
  const headers = { authorization: `Bearer ${await idp.token(subject)}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const codeOf = (result: CallToolResult) =>
  (result._meta?.['toolwright/error'] as { code?: string } | undefined)?.code ?? (result.isError ? '?' : 'ok');

describe.each(engines())('records of JWT principals over MCP HTTP: $name', (engine) => {
  beforeAll(() => engine.setup(), scaled(60_000));
  afterAll(() => engine.teardown());

  for (const stateless of [true, false]) {
    it(`another principal's background jobs do not exist for it (${stateless ? 'stateless' : 'sessions'})`, async () => {
      const server = await serve(opened(engine), stateless ? { stateless: true } : {});
      const [alice, bob] = [await clientOf(server, 'alice'), await clientOf(server, 'bob')];
      const t = tag('mcp-principal-job');
      tags.push(t);
      const started = await call(alice, 'bash', {
        command: `echo secret-of-alice; (exec -a ${t} sleep 300) & read line; echo got-$line; wait`,
        run_in_background: true,
      });
      const id = (started.structuredContent as { job_id: string }).job_id;
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 1);
      const listed = await call(bob, 'bash_output', {});
      expect(listed.structuredContent).toEqual({ jobs: [] });
      for (const [name, args] of [
        ['bash_output', { job_id: id }],
        ['bash_output', { job_id: id, wait_ms: 100 }],
        ['bash_kill', { job_id: id }],
        ['bash_write', { job_id: id, input: 'from-bob\n' }],
      ] as const) {
        const result = await call(bob, name, args);
        expect(codeOf(result), name).toBe('NOT_FOUND');
        expect(textOf(result), name).not.toContain('secret-of-alice');
      }
      expect(await processesWith(t, 'argv0')).toHaveLength(1);
      expect(codeOf(await call(alice, 'bash_write', { job_id: id, input: 'hers\n' }))).toBe('ok');
      let seen = '';
      await waitFor(async () => {
        seen += textOf(await call(alice, 'bash_output', { job_id: id, wait_ms: 1000 }));
        return seen.includes('got-hers');
      });
      expect(seen).toContain('secret-of-alice');
      expect(seen).not.toContain('from-bob');
      expect(codeOf(await call(alice, 'bash_kill', { job_id: id }))).toBe('ok');
    });
  }

  it("another principal's MCP tasks are not found by get, result, cancel nor list", async () => {
    const server = await serve(opened(engine), { stateless: true });
    const [alice, bob] = [await clientOf(server, 'alice'), await clientOf(server, 'bob')];
    const task = await createTask(alice, 'bash', { command: 'sleep 0.3; echo from-alice' });
    for (const attempt of [
      () => bob.experimental.tasks.getTask(task.taskId),
      () => bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
      () => bob.experimental.tasks.cancelTask(task.taskId),
    ])
      await expect(attempt()).rejects.toThrow(/not found/i);
    expect((await bob.experimental.tasks.listTasks()).tasks).toEqual([]);
    const result = await alice.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(textOf(result)).toContain('from-alice');
  });

  it(
    'concurrent task-augmented calls admit exactly the principal’s cap, through one server and through two over the store',
    { timeout: scaled(60_000) },
    async () => {
      const store = opened(engine);
      const caps = { stateless: true, maxRunningTasks: 3 } as const;
      const [one, two] = [await serve(store, caps), await serve(opened(engine), caps)];
      const t = tag('mcp-task-cap');
      tags.push(t);
      const args = { command: `exec -a ${t} sleep 30` };
      const through = [await clientOf(one, 'alice'), await clientOf(two, 'alice')];
      const raced = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => createTask(through[i % 2]!, 'bash', args)),
      );
      const admitted = raced.filter((r) => r.status === 'fulfilled');
      expect(admitted).toHaveLength(3);
      for (const refused of raced.filter((r) => r.status === 'rejected'))
        expect(String(refused.reason)).toMatch(
          /Error LIMIT_REACHED: 3 MCP tasks of this principal are already working \(the limit is 3\); wait for one to end/,
        );
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 3);
      // Bob's cap is his own.
      const bob = await clientOf(two, 'bob');
      expect((await createTask(bob, 'bash', { command: 'echo bob' })).status).toBe('working');
      // A cancel frees one of Alice's.
      const first = (admitted[0] as PromiseFulfilledResult<{ taskId: string }>).value;
      await through[0]!.experimental.tasks.cancelTask(first.taskId);
      await waitFor(() => createTask(through[1]!, 'bash', { command: 'echo again' }).catch(() => undefined));
    },
  );

  it(
    'past a principal’s cap of stored tasks its own oldest ended task goes; another principal’s result stays',
    { timeout: scaled(60_000) },
    async () => {
      const server = await serve(opened(engine), { stateless: true, maxStoredTasks: 3 });
      const [alice, bob] = [await clientOf(server, 'alice'), await clientOf(server, 'bob')];
      const ended = async (client: Client, text: string) => {
        const task = await createTask(client, 'bash', { command: `echo ${text}` });
        await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
        return task.taskId;
      };
      const bobs = await ended(bob, 'result-of-bob');
      const hers: string[] = [];
      for (let i = 1; i <= 5; i++) hers.push(await ended(alice, `alice-${i}`));
      expect((await alice.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual(hers.slice(2));
      await expect(alice.experimental.tasks.getTask(hers[0]!)).rejects.toThrow(/not found/i);
      const kept = await bob.experimental.tasks.getTaskResult(bobs, CallToolResultSchema);
      expect(textOf(kept)).toContain('result-of-bob');
    },
  );
});

describe('MCP sessions of JWT principals', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sessions-test', version: '1' } },
  };

  /** One POST; its status and the session it opened (for an initialize). */
  function post(
    url: string,
    subject: string,
    body: unknown,
    session?: string,
  ): Promise<{ status: number; session: string | undefined; text: string }> {
    return idp.token(subject).then(
      (jwt) =>
        new Promise((resolve, reject) => {
          const target = new URL(url);
          const req = request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: 'POST',
              headers: {
                authorization: `Bearer ${jwt}`,
                'content-type': 'application/json',
                accept: 'application/json, text/event-stream',
                'mcp-protocol-version': '2025-06-18',
                ...(session ? { 'mcp-session-id': session } : {}),
              },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string, text }),
              );
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify(body));
        }),
    );
  }
  const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

  it('a principal past its cap gives up its own idle session; another principal’s is never evicted', async () => {
    const server = await serve(undefined, { maxSessions: 3, maxSessionsPerPrincipal: 2 });
    const bobs = (await post(server.url, 'bob', initialize)).session!;
    const hers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const opened = await post(server.url, 'alice', initialize);
      expect(opened.status).toBe(200);
      hers.push(opened.session!);
    }
    expect(server.sessionCount()).toBe(3);
    expect((await post(server.url, 'bob', listTools, bobs)).status).toBe(200);
    expect((await post(server.url, 'alice', listTools, hers[0])).status).toBe(404);
    expect((await post(server.url, 'alice', listTools, hers[1])).status).toBe(404);
    for (const session of hers.slice(2)) expect((await post(server.url, 'alice', listTools, session)).status).toBe(200);
  });

  it('concurrent initializes of one principal never leave it more than its cap, and no one else’s session goes', async () => {
    const server = await serve(undefined, { maxSessions: 10, maxSessionsPerPrincipal: 2 });
    const bobs = (await post(server.url, 'bob', initialize)).session!;
    const raced = await Promise.all(Array.from({ length: 8 }, () => post(server.url, 'alice', initialize)));
    const statuses = raced.map((r) => r.status).sort();
    // Two open at once; each later one either made room from her own idle sessions or was refused.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const refused of raced.filter((r) => r.status === 503)) expect(refused.text).toContain('for this principal');
    expect(server.sessionCount()).toBe(3);
    expect((await post(server.url, 'bob', listTools, bobs)).status).toBe(200);
  });
});

describe('MCP task caps over stdio (toolwright mcp)', () => {
  it(
    'concurrent task-augmented calls admit exactly --max-running-tasks; an ended one frees its place',
    { timeout: scaled(60_000) },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'tw-mcp-stdio-caps-'));
      const client = new Client({ name: 'stdio-caps', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [builtCli(), 'mcp', '--workspace', dir, '--max-running-tasks', '2'],
          cwd: root,
          stderr: 'pipe',
        }),
      );
      clients.push(client);
      const t = tag('stdio-task-cap');
      tags.push(t);
      const raced = await Promise.allSettled(
        Array.from({ length: 6 }, () => createTask(client, 'bash', { command: `exec -a ${t} sleep 30` })),
      );
      const admitted = raced.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(admitted).toHaveLength(2);
      for (const refused of raced.filter((r) => r.status === 'rejected'))
        expect(String(refused.reason)).toContain('Error LIMIT_REACHED: 2 MCP tasks');
      await waitFor(async () => (await processesWith(t, 'argv0')).length === 2);
      await client.experimental.tasks.cancelTask(admitted[0]!.taskId);
      const next = await waitFor(() => createTask(client, 'bash', { command: 'echo freed' }).catch(() => undefined));
      const result = await client.experimental.tasks.getTaskResult(next.taskId, CallToolResultSchema);
      expect(textOf(result)).toContain('freed');
    },
  );
});
