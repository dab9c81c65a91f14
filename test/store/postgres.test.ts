// The PostgreSQL engine where it differs from the embedded one: migrations from two processes at
// once, a server that stops or freezes in the middle of a call, URLs that cannot work (never
// showing the password), and toolkits on two "replicas" sharing one task list.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect, promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { createToolkit } from '../../src/index.js';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { createPostgresStore, type PostgresStoreOptions } from '../../src/runtime/store/postgres.js';
import type { Store } from '../../src/runtime/store/types.js';
import { fixtureArgs } from '../support/built-cli.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';
import { collectingWarnings } from '../support/warnings.js';

const run = promisify(execFile);
let cluster: PgCluster;
let workspace: string;
const opened: Store[] = [];
const open = (url: string, options?: PostgresStoreOptions) => {
  const store = createPostgresStore(url, options);
  opened.push(store);
  return store;
};
let scopeCounter = 0;
const key = () => ({ scope: `pg-${++scopeCounter}`, principal: 'alice' });
const t0 = new Date('2026-01-01T00:00:00.000Z');

async function unavailable(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  expect((error as ToolError).code).toBe('UNAVAILABLE');
  return error as ToolError;
}

/** Nothing of the password in anything a caller or a log could show. */
function expectNoPassword(...shown: unknown[]): void {
  for (const value of shown) {
    const text =
      typeof value === 'string' ? value : `${inspect(value, { depth: 6, showHidden: true })} ${JSON.stringify(value)}`;
    expect(text).not.toContain(cluster.password);
  }
}

describePg('PostgreSQL store', () => {
  beforeAll(async () => {
    cluster = await startCluster();
    workspace = await mkdtemp(join(tmpdir(), 'tw-pg-ws-'));
  }, scaled(60_000));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await cluster?.destroy();
    await rm(workspace, { recursive: true, force: true });
  });

  it('two processes migrating a new database at once apply each version exactly once', async () => {
    const url = await cluster.createDatabase('race');
    const at = String(Date.now() + 1500);
    const outputs = await Promise.all(
      [0, 1].map(() => run(process.execPath, fixtureArgs('store-migrate.ts', url, at), { timeout: scaled(60_000) })),
    );
    const reports = outputs.map((o) => JSON.parse(o.stdout) as { applied: { version: number }[]; version: number });
    expect(reports.flatMap((r) => r.applied.map((a) => a.version))).toEqual([1, 2, 3, 4]);
    expect(reports.map((r) => r.version)).toEqual([4, 4]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM toolwright_schema_migrations');
    await client.end();
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
  });

  it('`toolwright store migrate` prints what it applied, then that the store is up to date, never the password', async () => {
    const url = await cluster.createDatabase('cli_migrate');
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } };
    expect(await runCli(['store', 'migrate', '--store', url], io)).toBe(0);
    expect(out.join('')).toMatch(
      /^applied 1: task lists.*\napplied 2: background jobs.*\napplied 3: input for background jobs.*\napplied 4: calls parked.*\npostgres:\/\/postgres@127\.0\.0\.1:\d+\/cli_migrate is at schema version 4\n$/,
    );
    out.length = 0;
    const previous = process.env.TOOLWRIGHT_STORE_URL;
    process.env.TOOLWRIGHT_STORE_URL = url;
    try {
      expect(await runCli(['store', 'migrate'], io)).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.TOOLWRIGHT_STORE_URL;
      else process.env.TOOLWRIGHT_STORE_URL = previous;
    }
    expect(out.join('')).toMatch(/is up to date \(schema version 4\)/);
    out.length = 0;
    expect(
      await runCli(['store', 'migrate', '--store', cluster.url('cli_migrate', { password: 'wrong-secret' })], io),
    ).toBe(1);
    expect(err.join('')).toMatch(/UNAVAILABLE|unavailable: password authentication failed/);
    expectNoPassword(out.join(''), err.join(''));
    expect(err.join('')).not.toContain('wrong-secret');
  });

  it(
    'a server stopped in the middle of a call: UNAVAILABLE within the bound, then it works again by itself',
    { timeout: scaled(60_000) },
    async () => {
      const store = open(cluster.url(), { timeoutMs: 4000 });
      const k = key();
      await store.tasks.create(k, { title: 'before' }, t0);
      // Hold the list's counter row so the next create waits on the server, then stop the server under it.
      const holder = new pg.Client({ connectionString: cluster.url() });
      holder.on('error', () => {});
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query(`SELECT * FROM toolwright_counters WHERE scope = $1 FOR UPDATE`, [k.scope]);
      const pending = unavailable(store.tasks.create(k, { title: 'during' }, t0));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cluster.stop('immediate');
      const error = await pending;
      expect(error.message).toContain(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
      expectNoPassword(error.message, error.details, error);
      // While it is down: refused at once, named, no password.
      const down = await unavailable(store.tasks.list(k));
      expect(down.message).toMatch(/connection refused|terminat|closed/i);
      await cluster.start();
      await holder.end().catch(() => {});
      expect((await store.tasks.list(k)).map((t) => t.title)).toEqual(['before']);
      expect((await store.tasks.create(k, { title: 'after' }, t0)).id).toBe('t2');
    },
  );

  it(
    'a frozen server (accepts, never answers): UNAVAILABLE after the bound, and back when it thaws',
    { timeout: scaled(60_000) },
    async () => {
      const store = open(cluster.url(), { timeoutMs: 1500 });
      const k = key();
      await store.tasks.create(k, { title: 'x' }, t0);
      cluster.pause();
      try {
        const error = await unavailable(store.tasks.list(k));
        expect(error.message).toMatch(/1500 ms/);
        expectNoPassword(error.message);
        const fresh = open(cluster.url(), { timeoutMs: 1500 });
        expect((await unavailable(fresh.tasks.list(k))).message).toMatch(/1500 ms/);
      } finally {
        cluster.resume();
      }
      expect((await store.tasks.list(k)).map((t) => t.id)).toEqual(['t1']);
    },
  );

  it(
    'a subscriber hears again after the server came back, and is told to re-check (onResume)',
    { timeout: scaled(60_000) },
    async () => {
      const listener = open(cluster.url(), { timeoutMs: 2000 });
      const publisher = open(cluster.url(), { timeoutMs: 2000 });
      const received: string[] = [];
      let resumed = 0;
      let wake = () => {};
      const arrived = (what: () => boolean) =>
        new Promise<void>((resolve) => {
          wake = () => {
            if (what()) resolve();
          };
          wake();
        });
      await listener.notifications.subscribe(
        'replica.kill',
        (payload) => {
          received.push(payload);
          wake();
        },
        {
          onResume: () => {
            resumed++;
            wake();
          },
        },
      );
      await publisher.notifications.publish('replica.kill', 'job-1');
      await arrived(() => received.length === 1);
      await cluster.stop('immediate');
      await cluster.start();
      await arrived(() => resumed === 1);
      await publisher.notifications.publish('replica.kill', 'job-2');
      await arrived(() => received.length === 2);
      expect(received).toEqual(['job-1', 'job-2']);
    },
  );

  it(
    'URLs that cannot work answer UNAVAILABLE naming the store and why, without the password',
    { timeout: scaled(60_000) },
    async () => {
      const blackHole: Server = createServer((socket: Socket) => {
        socket.on('error', () => {}); /* never answers */
      });
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      const holePort = (blackHole.address() as { port: number }).port;
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as { port: number }).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      try {
        const cases: [string, RegExp, string][] = [
          [cluster.url('postgres', { port: closedPort }), /connection refused/, `127.0.0.1:${closedPort}/postgres`],
          [
            cluster.url('postgres', { password: 'not-the-password' }),
            /password authentication failed for user "postgres"/,
            `127.0.0.1:${cluster.port}/postgres`,
          ],
          [cluster.url('no_such_db'), /database "no_such_db" does not exist/, '/no_such_db'],
          [
            cluster.url('postgres', { user: 'nobody_here' }),
            /password authentication failed for user "nobody_here"|role "nobody_here" does not exist/,
            'nobody_here@',
          ],
          [cluster.url('postgres', { port: holePort }), /no answer within 1000 ms|timeout/i, `127.0.0.1:${holePort}`],
          [
            `postgres://postgres@127.0.0.1:${cluster.port}/postgres?password=${encodeURIComponent(cluster.password)}x`,
            /password authentication failed/,
            `127.0.0.1:${cluster.port}/postgres`,
          ],
        ];
        for (const [url, reason, where] of cases) {
          const store = open(url, { timeoutMs: 1000 });
          const error = await unavailable(store.tasks.create(key(), { title: 'x' }, t0));
          expect(error.message, url).toMatch(reason);
          expect(error.message, url).toContain(where);
          expect(error.message, url).toMatch(/^the store postgres:\/\//);
          expectNoPassword(error.message, error.details, store);
          expect(error.message).not.toContain('not-the-password');
        }
      } finally {
        blackHole.close();
      }
    },
  );

  it("two toolkits (two replicas) over one URL see each other's tasks; another principal does not", async () => {
    const url = cluster.url();
    const replicaA = createToolkit({ workspace, store: url, storeScope: `team-${++scopeCounter}` });
    const replicaB = createToolkit({ workspace, store: url, storeScope: replicaA.options.storeScope });
    const stranger = createToolkit({
      workspace,
      store: url,
      storeScope: replicaA.options.storeScope,
      principal: 'mallory',
    });
    const created = await replicaA.invoke('task', 'task_create', { title: 'Ship the store' });
    expect(created).toMatchObject({ ok: true, output: { task: { id: 't1', title: 'Ship the store' } } });
    const updated = await replicaB.invoke('task', 'task_update', { id: 't1', status: 'in_progress' });
    expect(updated).toMatchObject({ ok: true, output: { changed: ['status'] } });
    const listed = await replicaA.invoke('task', 'task_list', {});
    expect(listed).toMatchObject({
      ok: true,
      output: { tasks: [{ id: 't1', status: 'in_progress' }], counts: { in_progress: 1 } },
    });
    expect(await stranger.invoke('task', 'task_list', {})).toMatchObject({ ok: true, output: { tasks: [] } });
    // The options show the store, not its URL.
    expectNoPassword(replicaA.options, replicaA.services.store);
    expect(replicaA.services.store).toBe(replicaB.services.store);
    // An explicit task store still wins over the store.
    const own = createToolkit({
      workspace,
      store: url,
      storeScope: replicaA.options.storeScope,
      tasks: { file: '.tw-tasks.json' },
    });
    expect(await own.invoke('task', 'task_list', {})).toMatchObject({ ok: true, output: { tasks: [] } });
    await Promise.all([replicaA, replicaB, stranger, own].map((t) => t.close()));
  });

  it(
    'two stateless MCP HTTP replicas, each with its own pool on one database, serve one task list',
    { timeout: scaled(30_000) },
    async () => {
      const { startMcpHttpServer } = await import('../../src/adapters/mcp/transports/http.js');
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const storeScope = `mcp-${++scopeCounter}`;
      const replicas = await Promise.all(
        [0, 1].map(() => {
          const store = open(cluster.url());
          return startMcpHttpServer(() => createToolkit({ workspace, store, storeScope }), { stateless: true });
        }),
      );
      const clients = await Promise.all(
        replicas.map(async (replica) => {
          const client = new Client({ name: 'test', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(replica.url)));
          return client;
        }),
      );
      try {
        const created = await clients[0]!.callTool({
          name: 'task_create',
          arguments: { title: 'through replica one' },
        });
        expect(created.structuredContent).toMatchObject({ task: { id: 't1' } });
        await clients[1]!.callTool({ name: 'task_update', arguments: { id: 't1', status: 'completed' } });
        const listed = await clients[0]!.callTool({ name: 'task_list', arguments: {} });
        expect(listed.structuredContent).toMatchObject({
          tasks: [{ id: 't1', title: 'through replica one', status: 'completed' }],
        });
      } finally {
        await Promise.all(clients.map((c) => c.close()));
        await Promise.all(replicas.map((r) => r.close()));
      }
    },
  );

  it('the task tools answer UNAVAILABLE through invoke when the store is unreachable', async () => {
    const store = open(cluster.url('postgres', { password: 'nope-nope' }), { timeoutMs: 1000 });
    // The audit entry of the call cannot be written either: reported once, as a process warning.
    const warnings = await collectingWarnings(async () => {
      const toolkit = createToolkit({ workspace, store });
      const result = await toolkit.invoke('task', 'task_create', { title: 'x' });
      expect(result).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
      expect(result.text).toMatch(/password authentication failed/);
      expectNoPassword(result);
      await toolkit.close();
    });
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^toolwright: audit entries could not be written: .*password authentication failed/),
    ]);
    expectNoPassword(warnings.map((w) => w.message).join('\n'));
  });

  it('`call --store` keeps tasks across runs in PostgreSQL', async () => {
    const url = cluster.url();
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
      readStdin: async () => '',
    };
    const ws = await mkdtemp(join(tmpdir(), 'tw-pg-cli-'));
    try {
      expect(await runCli(['call', 'task_create', '{"title":"from the CLI"}', '-w', ws, '--store', url], io)).toBe(0);
      expect(await runCli(['call', 'task_list', '{}', '-w', ws, '--store', url], io)).toBe(0);
      expect(out.join('')).toMatch(/Created task t1 \[pending\] from the CLI[\s\S]*t1 \[pending\] from the CLI/);
      expect(await runCli(['schema', '--json', '-w', ws, '--store', url], io)).toBe(0);
      expect(await runCli(['schema', 'task_list', '-w', ws, '--store', url], io)).toBe(0);
      expect(await runCli(['call', 'task_list', '{}', '-w', ws, '--store', 'ftp://x'], io)).toBe(2);
      expect(err.join('')).toMatch(/--store: the store URL scheme ftp is not supported/);
      expectNoPassword(out.join(''), err.join(''));
    } finally {
      await rm(ws, { recursive: true, force: true });
    }
  });
});
