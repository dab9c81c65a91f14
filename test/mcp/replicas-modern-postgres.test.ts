// 2026-07-28 clients of stateless replicas sharing a PostgreSQL store: a listen stream opened on
// one replica hears list_changed when the list of another changes (through the store's
// notifications), and a call through one replica reports progress and is stopped by its cancel.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport as ModernHttp, type Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import type { UserChannel } from '../../src/runtime/services/user.js';
import { createToolkit } from '../../src/toolkit.js';
import { modernClient } from '../support/mcp-modern.js';
import { waitFor } from '../support/mcp-tasks.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { shellEndedWithin, waitForFile } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

let cluster: PgCluster;
let dir: string;
let url: string;
let databases = 0;
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];

/** One stateless replica over the shared store, in this process (its own toolkit, store connection and watch). */
async function replica(user?: UserChannel): Promise<RunningHttpServer> {
  const server = await startMcpHttpServer(
    ({ session }) => createToolkit({ workspace: dir, session, store: url, ...(user ? { user } : {}) }),
    { stateless: true },
  );
  servers.push(server);
  return server;
}

async function client(server: RunningHttpServer): Promise<Client> {
  const connected = await modernClient(new ModernHttp(new URL(server.url)));
  clients.push(connected);
  return connected;
}

describePg('2026-07-28 on stateless replicas sharing a PostgreSQL store', () => {
  beforeAll(async () => {
    cluster = await startCluster();
  }, scaled(60_000));
  afterAll(async () => {
    await cluster?.destroy();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-mcp-modern-pg-'));
    url = await cluster.createDatabase(`mcp_modern_${++databases}`);
    const store = createPostgresStore(url);
    await store.migrate();
    await store.close();
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await Promise.allSettled(servers.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('a listener on one replica hears the list of another change', { timeout: scaled(90_000) }, async () => {
    const gate = { reachable: false };
    const changing = await replica({
      ask: () => Promise.reject(new Error('nobody answers in this test')),
      approve: () => Promise.resolve(false),
      unreachable: () => (gate.reachable ? undefined : 'no person is there yet'),
    });
    const listening = await replica();
    const changer = await client(changing);
    expect((await changer.listTools()).tools.map((t) => t.name)).not.toContain('ask_user'); // its toolkit is served now
    const listener = await client(listening);
    let heard = 0;
    listener.setNotificationHandler('notifications/tools/list_changed', () => {
      heard++;
    });
    await listener.listen({ toolsListChanged: true });
    // The listening replica subscribes to the store as it serves; a change made before that
    // reached it would be missed, so the list keeps changing until one is heard.
    let flipped = Date.now();
    gate.reachable = true;
    await waitFor(async () => {
      if (Date.now() - flipped > scaled(3_000)) {
        gate.reachable = !gate.reachable;
        flipped = Date.now();
      }
      return heard > 0;
    }, 30_000);
    expect((await listener.listTools()).tools.map((t) => t.name)).not.toContain('ask_user'); // its own list is its own
  });

  it(
    'a call through one replica reports progress, and its cancel stops the command',
    { timeout: scaled(90_000) },
    async () => {
      const [one] = await Promise.all([replica(), replica()]);
      const modern = await client(one);
      const events: { progress: number }[] = [];
      const ticking = await modern.callTool(
        { name: 'bash', arguments: { command: 'for i in $(seq 1 12); do echo tick $i; sleep 0.1; done' } },
        { onprogress: (progress) => events.push(progress), timeout: scaled(30_000) },
      );
      expect(ticking.isError).toBeFalsy();
      expect(events.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);

      const marker = join(dir, 'still-running');
      const controller = new AbortController();
      const call = modern.callTool(
        {
          name: 'bash',
          arguments: { command: `echo $$ > ${marker}.pid; touch ${marker}.started; sleep 3; touch ${marker}` },
        },
        { signal: controller.signal, timeout: scaled(30_000) },
      );
      await waitForFile(`${marker}.started`);
      controller.abort();
      await expect(call).rejects.toThrow();
      // The command's shell ends, so its last `touch` never runs.
      expect(await shellEndedWithin(`${marker}.pid`)).toBe(true);
      await expect(stat(marker)).rejects.toThrow();
    },
  );
});
