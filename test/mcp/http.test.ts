// MCP over Streamable HTTP for real: session cap and idle expiry (toolkits closed with their
// session), bearer auth, refusing a non-loopback bind without a token, and the stateless mode
// (test/mcp/stateless.test.ts: what its requests share and what they do not).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  startMcpHttpServer,
  type McpHttpOptions,
  type RunningHttpServer,
} from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { mcpRequest, type HttpReply } from '../support/mcp-http.js';
import { scaled } from '../support/time.js';

const TOKEN = 'k'.repeat(20) + '0123456789abcdef';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

let dir: string;
let running: RunningHttpServer | undefined;
let created: ToolkitOf[];
let closed: ToolkitOf[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-http-'));
  await writeFile(join(dir, 'a.txt'), 'alpha\n');
  created = [];
  closed = [];
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function serve(options: McpHttpOptions = {}): Promise<RunningHttpServer> {
  running = await startMcpHttpServer(() => {
    const toolkit = createToolkit({ workspace: dir });
    toolkit.onClose(() => {
      closed.push(toolkit);
    });
    created.push(toolkit);
    return toolkit;
  }, options);
  return running;
}

type Reply = HttpReply;

/** A raw HTTP request (the Host header under our control); resolves when the response ends. */
function raw(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  return mcpRequest(url, method, headers, body);
}

async function initialize(url: string, headers: Record<string, string> = {}): Promise<string> {
  const reply = await raw(url, 'POST', headers, INIT);
  expect(reply.status, reply.body).toBe(200);
  const id = reply.headers['mcp-session-id'];
  expect(typeof id).toBe('string');
  return id as string;
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + scaled(timeoutMs);
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('session cap and idle expiry', () => {
  it(
    '1,000 abandoned initialize sessions never exceed the cap; evicted ones are closed with their toolkits',
    { timeout: scaled(120_000) },
    async () => {
      const server = await serve({ maxSessions: 20 });
      const ids: string[] = [];
      let peak = 0;
      for (let i = 0; i < 1000; i++) {
        ids.push(await initialize(server.url));
        peak = Math.max(peak, server.sessionCount());
      }
      expect(peak).toBeLessThanOrEqual(20);
      expect(server.sessionCount()).toBe(20);
      await until(() => closed.length === 980);
      expect(created.length).toBe(1000);
      // The oldest were evicted: their ids are gone; the newest still answer.
      const listIn = (session: string) =>
        raw(
          server.url,
          'POST',
          { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        );
      expect((await listIn(ids[0]!)).status).toBe(404);
      const recent = await listIn(ids[999]!);
      expect(recent.status).toBe(200);
      expect(recent.body).toContain('read_file');
    },
  );

  it(
    'reaps idle sessions (and closes their toolkits) but keeps a session that is in use',
    { timeout: scaled(60_000) },
    async () => {
      const server = await serve({ sessionIdleTimeoutMs: 1500 });
      const busy = await initialize(server.url);
      const idle = await initialize(server.url);
      expect(server.sessionCount()).toBe(2);
      const stopAt = Date.now() + 4000;
      while (Date.now() < stopAt) {
        const ping = await raw(
          server.url,
          'POST',
          { 'mcp-session-id': busy, 'mcp-protocol-version': '2025-06-18' },
          { jsonrpc: '2.0', id: 3, method: 'ping' },
        );
        expect(ping.status).toBe(200);
        await new Promise((r) => setTimeout(r, 200));
      }
      await until(() => server.sessionCount() === 1);
      expect(
        (
          await raw(
            server.url,
            'POST',
            { 'mcp-session-id': idle, 'mcp-protocol-version': '2025-06-18' },
            { jsonrpc: '2.0', id: 4, method: 'ping' },
          )
        ).status,
      ).toBe(404);
      expect(closed.length).toBe(1);
      await until(() => server.sessionCount() === 0);
      expect(closed.length).toBe(2);
    },
  );

  it(
    'DELETE ends the session and closes its toolkit; close() closes the rest',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve();
      const first = await initialize(server.url);
      await initialize(server.url);
      const deleted = await raw(server.url, 'DELETE', {
        'mcp-session-id': first,
        'mcp-protocol-version': '2025-06-18',
      });
      expect(deleted.status).toBe(200);
      await until(() => closed.length === 1);
      expect(closed[0]).toBe(created[0]);
      expect(server.sessionCount()).toBe(1);
      await server.close();
      running = undefined;
      expect(closed.length).toBe(2);
    },
  );

  it(
    'does not evict a session with a request in flight: a new one gets 503 until it is idle',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ maxSessions: 1 });
      const id = await initialize(server.url);
      // A tool call that takes a while: the session is busy until its answer is sent.
      const call = raw(
        server.url,
        'POST',
        { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'bash', arguments: { command: 'sleep 1.5; echo slept' } },
        },
      );
      await new Promise((r) => setTimeout(r, 300));
      const refused = await raw(server.url, 'POST', {}, INIT);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toContain('Too many MCP sessions');
      expect((await call).body).toContain('slept');
      await initialize(server.url);
      expect(server.sessionCount()).toBe(1);
      await until(() => closed.length === 1);
    },
  );

  it('refuses bad limits', async () => {
    await expect(startMcpHttpServer(createToolkit({ workspace: dir }), { maxSessions: 0 })).rejects.toThrow(
      /maxSessions/,
    );
    await expect(startMcpHttpServer(createToolkit({ workspace: dir }), { sessionIdleTimeoutMs: -1 })).rejects.toThrow(
      /sessionIdleTimeoutMs/,
    );
    await expect(
      startMcpHttpServer(createToolkit({ workspace: dir }), { sessionIdleTimeoutMs: Number.NaN }),
    ).rejects.toThrow(/sessionIdleTimeoutMs/);
  });
});

describe('bearer authentication', () => {
  it(
    'answers 401 to every wrong or missing credential, and serves the right one',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ authToken: TOKEN });
      const wrong = [
        {},
        { authorization: '' },
        { authorization: 'Bearer' },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${'z'.repeat(TOKEN.length)}` },
        { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` },
        { authorization: `Token ${TOKEN}` },
        { authorization: `Bearer ${TOKEN} extra` },
        { authorization: `Bearer ${TOKEN.toUpperCase()}` },
        { 'x-auth-token': TOKEN },
      ];
      for (const headers of wrong) {
        const reply = await raw(server.url, 'POST', headers as Record<string, string>, INIT);
        expect(reply.status, JSON.stringify(headers)).toBe(401);
        expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      expect(server.sessionCount()).toBe(0);
      expect(created.length).toBe(0); // nothing was built for them
      const id = await initialize(server.url, { authorization: `bearer ${TOKEN}` }); // the scheme is case-insensitive
      // A session id is not a credential.
      const noToken = await raw(
        server.url,
        'POST',
        { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      );
      expect(noToken.status).toBe(401);

      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      );
      try {
        const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
        expect(read.structuredContent).toMatchObject({ content: expect.stringContaining('alpha') });
      } finally {
        await client.close();
      }
    },
  );

  it('refuses to bind a non-loopback address without a token, and refuses weak tokens', async () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '10.1.2.3',
      '192.168.0.1',
      'example.com',
      '127.0.0.1.nip.io',
      'localhost.evil.com',
    ]) {
      await expect(startMcpHttpServer(createToolkit({ workspace: dir }), { host }), host).rejects.toThrow(
        /refusing to serve MCP on .* without authentication.*--auth-token or TOOLWRIGHT_MCP_TOKEN/,
      );
    }
    for (const authToken of ['', 'short', 'x'.repeat(15), `${'x'.repeat(20)} ${'y'.repeat(5)}`]) {
      await expect(startMcpHttpServer(createToolkit({ workspace: dir }), { authToken }), authToken).rejects.toThrow(
        /at least 16 characters/,
      );
    }
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.5.6.7', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '128.0.0.1', '127.0.0.1.nip.io', 'localhost.', '::2'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('binds every interface with a token, still checking Host and Origin', { timeout: scaled(30_000) }, async () => {
    const server = await serve({ host: '0.0.0.0', authToken: TOKEN });
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await raw(url, 'POST', { ...auth, host: 'evil.example' }, INIT)).status).toBe(403);
    expect((await raw(url, 'POST', { ...auth, origin: 'http://evil.example' }, INIT)).status).toBe(403);
    expect((await raw(url, 'POST', { host: 'evil.example' }, INIT)).status).toBe(403);
    await initialize(url, auth);
  });
});

describe('stateless mode', () => {
  it(
    'serves each POST on its own (no session id) over one toolkit for every request, and refuses GET',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ stateless: true });
      const init = await raw(server.url, 'POST', {}, INIT);
      expect(init.status).toBe(200);
      expect(init.headers['mcp-session-id']).toBeUndefined();
      const list = await raw(
        server.url,
        'POST',
        { 'mcp-protocol-version': '2025-06-18' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      );
      expect(list.status).toBe(200);
      const tools = (JSON.parse(list.body) as { result: { tools: { name: string }[] } }).result.tools.map(
        (t) => t.name,
      );
      expect(tools).toContain('read_file');
      expect(tools).not.toContain('ask_user'); // no elicitation without a session
      const call = await raw(
        server.url,
        'POST',
        { 'mcp-protocol-version': '2025-06-18' },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a.txt' } } },
      );
      expect(call.body).toContain('alpha');
      expect((await raw(server.url, 'GET', {})).status).toBe(405);
      expect((await raw(server.url, 'DELETE', {})).status).toBe(405);
      expect(server.sessionCount()).toBe(0);
      expect(created.length).toBe(1);
      expect(closed.length).toBe(0);

      // The SDK client works against it too.
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      try {
        const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
        expect(read.structuredContent).toMatchObject({ content: expect.stringContaining('alpha') });
      } finally {
        await client.close();
      }
      expect(created.length).toBe(1);
      await server.close();
      running = undefined;
      expect(closed).toEqual(created);
    },
  );
});
