// `subscriptions/listen` for 2026-07-28 clients: a listener hears notifications/tools/list_changed
// once the toolkit's list changes (a user channel that becomes reachable lists ask_user), over
// Streamable HTTP (sessions and stateless) and stdio; a closed listen hears nothing more; a filter
// asking only for what a tools-only server does not offer is acknowledged empty and ended, and a
// malformed one is refused.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StreamableHTTPClientTransport as ModernHttp, type Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import type { UserChannel } from '../../src/runtime/services/user.js';
import { createToolkit } from '../../src/toolkit.js';
import { fixtureArgs } from '../support/built-cli.js';
import { scaled } from '../support/time.js';
import { root, seededWorkspace } from './mcp-exercise.js';
import { envelope, MODERN, modernClient } from '../support/mcp-modern.js';
import { waitFor } from '../support/mcp-tasks.js';

let dir: string;
let server: RunningHttpServer | undefined;
const clients: Client[] = [];
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A user channel that reaches a person only while `gate.reachable` is true. */
function gatedUser(gate: { reachable: boolean }): UserChannel {
  return {
    ask: () => Promise.reject(new Error('nobody answers in this test')),
    approve: () => Promise.resolve(false),
    unreachable: () => (gate.reachable ? undefined : 'no person is there yet'),
  };
}

/** A 2026-07-28 client that counts the list_changed notifications it receives. */
async function countingClient(transport: ConstructorParameters<typeof ModernHttp>[0] | ModernStdio) {
  const client = await modernClient(transport instanceof ModernStdio ? transport : new ModernHttp(transport));
  clients.push(client);
  const heard = { count: 0 };
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    heard.count++;
  });
  return { client, heard };
}

const listed = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

describe('subscriptions/listen over Streamable HTTP', () => {
  for (const stateless of [false, true]) {
    it(
      `${stateless ? 'stateless' : 'with sessions'}: a listener hears list_changed after the list changes, a closed one nothing more`,
      { timeout: scaled(60_000) },
      async () => {
        const gate = { reachable: false };
        server = await startMcpHttpServer(
          ({ session }) => createToolkit({ workspace: dir, session, user: gatedUser(gate) }),
          {
            stateless,
          },
        );
        const first = await countingClient(new URL(server.url));
        expect(await listed(first.client)).not.toContain('ask_user');
        const subscription = await first.client.listen({ toolsListChanged: true });
        expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });

        gate.reachable = true;
        await waitFor(async () => first.heard.count > 0, 15_000);
        expect(await listed(first.client)).toContain('ask_user');

        // Closed, the first hears nothing of the next change; a second listener, open, does.
        await subscription.close();
        expect(await subscription.closed).toBe('local');
        const heardBefore = first.heard.count;
        const second = await countingClient(new URL(server.url));
        await second.client.listen({ toolsListChanged: true });
        gate.reachable = false;
        await waitFor(async () => second.heard.count > 0, 15_000);
        expect(first.heard.count).toBe(heardBefore);
        expect(await listed(second.client)).not.toContain('ask_user');
      },
    );
  }

  it(
    'acknowledges only what a tools-only server sends, ends a listen that asks for nothing else, refuses a malformed filter',
    {
      timeout: scaled(30_000),
    },
    async () => {
      server = await startMcpHttpServer(({ session }) => createToolkit({ workspace: dir, session }));
      // Prompts, resources and a kind no revision defines: acknowledged as nothing, and the stream ends.
      const nothing = await rawListen(server.url, {
        promptsListChanged: true,
        resourceSubscriptions: ['file:///a'],
        fooChanged: true,
      });
      expect(nothing.messages[0]).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: {} },
      });
      expect(nothing.messages.at(-1)).toMatchObject({ id: nothing.id, result: { resultType: 'complete' } });

      for (const notifications of [{ toolsListChanged: 'yes' }, undefined, ['toolsListChanged']]) {
        const refused = await rawListen(server.url, notifications);
        expect(refused.messages.at(-1)).toMatchObject({ id: refused.id, error: { code: -32602 } });
      }
    },
  );
});

describe('subscriptions/listen over stdio', () => {
  it(
    'a listener hears list_changed once the list changes, and nothing after it closed',
    { timeout: scaled(90_000) },
    async () => {
      const transport = new ModernStdio({
        command: process.execPath,
        args: fixtureArgs('listen-stdio-host.ts', dir),
        cwd: root,
        stderr: 'pipe',
      });
      const { client, heard } = await countingClient(transport);
      expect(await listed(client)).not.toContain('ask_user');
      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });

      await writeFile(join(dir, 'reachable'), '');
      await waitFor(async () => heard.count > 0, 15_000);
      expect(await listed(client)).toContain('ask_user');

      // Closed, nothing more reaches it: a second subscription on the same connection hears the
      // next change, the first's count stays (each notification names its subscription).
      await subscription.close();
      const perSubscription = new Map<unknown, number>();
      client.setNotificationHandler('notifications/tools/list_changed', (notification) => {
        const id = notification.params?._meta?.['io.modelcontextprotocol/subscriptionId'];
        perSubscription.set(id, (perSubscription.get(id) ?? 0) + 1);
      });
      await client.listen({ toolsListChanged: true });
      await rm(join(dir, 'reachable'));
      await waitFor(async () => perSubscription.size > 0, 15_000);
      expect(perSubscription.size).toBe(1);
      expect([...perSubscription.keys()]).not.toContain(undefined);
      expect(await listed(client)).not.toContain('ask_user');
    },
  );
});

let nextId = 1;

/** One raw `subscriptions/listen` POST whose stream ends by itself: every message it carried. */
async function rawListen(
  url: string,
  notifications: unknown,
): Promise<{ id: number; messages: Record<string, unknown>[] }> {
  const id = nextId++;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: { ...(notifications === undefined ? {} : { notifications }), _meta: envelope() },
    }),
  });
  const text = await response.text();
  const messages = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>)
    : [JSON.parse(text) as Record<string, unknown>];
  return { id, messages };
}
