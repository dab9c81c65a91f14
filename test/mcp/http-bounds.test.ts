// MCP over HTTP: a session slot is held only by requests, whole. An idle GET event stream does
// not pin a session, a request whose body never arrives counts for nothing (and gets a 408), and
// headers and bodies are bounded in time and size. Real sockets on 127.0.0.1.
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startMcpHttpServer,
  type McpHttpOptions,
  type RunningHttpServer,
} from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { mcpRequest, type HttpReply } from '../support/mcp-http.js';
import { until } from '../support/clock.js';
import { scaled } from '../support/time.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const INIT_TEXT = JSON.stringify(INIT);

let dir: string;
let running: RunningHttpServer | undefined;
const sockets: Socket[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-bounds-'));
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function serve(options: McpHttpOptions): Promise<RunningHttpServer> {
  running = await startMcpHttpServer(() => createToolkit({ workspace: dir }), options);
  return running;
}

type Reply = HttpReply;

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return mcpRequest(url, 'POST', headers, body);
}

async function initialize(url: string): Promise<string> {
  const reply = await post(url, INIT);
  expect(reply.status, reply.body).toBe(200);
  return reply.headers['mcp-session-id'] as string;
}

/** Opens a GET event stream on a session; `ended` settles when the server ends it. */
async function openStream(url: string, sessionId: string): Promise<{ ended: Promise<void> }> {
  const target = new URL(url);
  const req = request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'GET',
    headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
  });
  req.on('error', () => {
    /* the server ending the stream may reset it */
  });
  const res = await new Promise<IncomingMessage>((resolve) => {
    req.on('response', resolve);
    req.end();
  });
  expect(res.statusCode).toBe(200);
  res.resume();
  return {
    ended: new Promise<void>((resolve) => {
      res.on('close', () => resolve());
    }),
  };
}

/** A raw connection: what it sends is up to the test; `closed` gives everything the server said. */
function rawSocket(port: number, text: string): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {
    /* reset by the server */
  });
  socket.write(text);
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

const postHead = (extra: string, contentLength: number) =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${extra}Content-Length: ${contentLength}\r\n\r\n`;

describe('what holds a session slot', () => {
  it(
    'sessions that only hold a GET event stream are evicted for a new one, and the stream ends',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ maxSessions: 3, sessionIdleTimeoutMs: 60_000 });
      const ids = [await initialize(server.url), await initialize(server.url), await initialize(server.url)];
      const streams = await Promise.all(ids.map((id) => openStream(server.url, id)));
      let firstEnded = false;
      void streams[0]!.ended.then(() => {
        firstEnded = true;
      });
      // All three slots hold nothing but a stream: a new session takes the oldest one's at once.
      const fourth = await initialize(server.url);
      expect(server.sessionCount()).toBe(3);
      await streams[0]!.ended;
      expect(firstEnded).toBe(true);
      const evicted = await post(
        server.url,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { 'mcp-session-id': ids[0]!, 'mcp-protocol-version': '2025-06-18' },
      );
      expect(evicted.status).toBe(404);
      const kept = await post(
        server.url,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { 'mcp-session-id': fourth, 'mcp-protocol-version': '2025-06-18' },
      );
      expect(kept.status).toBe(200);
    },
  );

  it(
    'an open event stream is no activity: sessions that only hold one expire, and their streams end',
    { timeout: scaled(30_000) },
    async () => {
      // Each stream opens right after its session starts, within the (scaled) idle timeout.
      const server = await serve({ sessionIdleTimeoutMs: scaled(1000) });
      const streams = [];
      for (let i = 0; i < 2; i++) streams.push(await openStream(server.url, await initialize(server.url)));
      const deadline = Date.now() + scaled(15_000);
      while (server.sessionCount() > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(server.sessionCount()).toBe(0);
      await Promise.all(streams.map((stream) => stream.ended));
    },
  );

  it(
    'initialize POSTs whose bodies never finish hold no slot, and get a 408 at the body deadline',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ maxSessions: 3, bodyTimeoutMs: 1500 });
      const stalled = [0, 1, 2].map(() =>
        rawSocket(server.port, postHead('', INIT_TEXT.length) + INIT_TEXT.slice(0, 10)),
      );
      await new Promise((resolve) => setTimeout(resolve, 100)); // their headers are in
      const events: string[] = [];
      stalled.forEach(({ closed }, i) => void closed.then(() => events.push(`stalled ${i} closed`)));
      await initialize(server.url);
      events.push('initialized');
      const answers = await Promise.all(stalled.map(({ closed }) => closed));
      for (const answer of answers) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('did not arrive within 1500 ms');
      }
      expect(events[0]).toBe('initialized');
      expect(server.sessionCount()).toBe(1);
    },
  );

  it(
    'a request on a session whose body never finishes does not keep it from eviction',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ maxSessions: 1, bodyTimeoutMs: 1500 });
      const id = await initialize(server.url);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      const stalled = rawSocket(
        server.port,
        postHead(`Mcp-Session-Id: ${id}\r\nMcp-Protocol-Version: 2025-06-18\r\n`, body.length) + body.slice(0, 5),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const replacement = await initialize(server.url);
      expect(replacement).not.toBe(id);
      expect(await stalled.closed).toMatch(/^HTTP\/1\.1 408 /);
      expect(server.sessionCount()).toBe(1);
    },
  );

  it('a body that arrives in pieces within the deadline is served', { timeout: scaled(30_000) }, async () => {
    const server = await serve({ bodyTimeoutMs: 5000 });
    const reply = await mcpRequest(
      server.url,
      'POST',
      { 'content-length': String(INIT_TEXT.length) },
      undefined,
      (req) => {
        void (async () => {
          for (let at = 0; at < INIT_TEXT.length; at += 40) {
            req.write(INIT_TEXT.slice(at, at + 40));
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
          req.end();
        })();
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers['mcp-session-id']).toBeTypeOf('string');
  });
});

describe('bounds on requests', () => {
  it('headers that never finish get a 408 and the connection is closed', { timeout: scaled(30_000) }, async () => {
    const server = await serve({ headersTimeoutMs: 400 });
    const { closed } = rawSocket(server.port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: app');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(server.sessionCount()).toBe(0);
  });

  it('a body larger than the cap is 413, announced or sent', { timeout: scaled(30_000) }, async () => {
    const server = await serve({ maxBodyBytes: 1024 });
    const announced = rawSocket(server.port, postHead('', 10 * 1024 * 1024));
    expect(await announced.closed).toMatch(/^HTTP\/1\.1 413 .*[\s\S]*larger than the 1024 bytes/);
    const chunked = rawSocket(
      server.port,
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    for (let i = 0; i < 4; i++) chunked.socket.write(`200\r\n${'x'.repeat(0x200)}\r\n`);
    expect(await chunked.closed).toMatch(/^HTTP\/1\.1 413 /);
    // Within the cap, the same server answers.
    expect((await post(server.url, INIT)).status).toBe(200);
  });

  it(
    'a body that is not JSON is a JSON-RPC parse error, and counts for nothing',
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve({ maxSessions: 1 });
      const reply = await post(server.url, '{"jsonrpc": "2.0", "method": ');
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ error: { code: -32700 } });
      expect(server.sessionCount()).toBe(0);
      await initialize(server.url);
    },
  );

  it('stateless mode reads bodies with the same bounds', { timeout: scaled(30_000) }, async () => {
    const server = await serve({ stateless: true, bodyTimeoutMs: 300, maxBodyBytes: 1024 });
    expect(await rawSocket(server.port, postHead('', INIT_TEXT.length) + INIT_TEXT.slice(0, 3)).closed).toMatch(
      /^HTTP\/1\.1 408 /,
    );
    expect(await rawSocket(server.port, postHead('', 4096)).closed).toMatch(/^HTTP\/1\.1 413 /);
    expect((await post(server.url, INIT)).status).toBe(200);
  });

  it('refuses bad limits', async () => {
    for (const option of ['headersTimeoutMs', 'bodyTimeoutMs', 'maxBodyBytes'] as const) {
      for (const value of [0, -1, Number.NaN, Infinity]) {
        await expect(
          startMcpHttpServer(createToolkit({ workspace: dir }), { [option]: value }),
          `${option} ${value}`,
        ).rejects.toThrow(new RegExp(option));
      }
    }
  });
});

describe('request ids and nesting', () => {
  it(
    'refuses a request whose id is in flight in the session (409), and takes the id again once it is answered',
    { timeout: scaled(60_000) },
    async () => {
      const server = await serve({});
      const session = await initialize(server.url);
      const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      const call = (id: number, command: string) =>
        post(
          server.url,
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'bash', arguments: { command } } },
          headers,
        );
      // The first call waits for the test to let it go, once it has said it runs.
      const first = call(7, 'touch started; while [ ! -f go ]; do sleep 0.05; done; echo first-done');
      await until(() => existsSync(join(dir, 'started')), 'the first call to start');
      const second = await call(7, 'echo second');
      expect(second.status).toBe(409);
      expect(second.body).toMatch(/id 7 is already in use/);
      // A batch naming one id twice is refused the same way.
      const twice = await post(
        server.url,
        [
          { jsonrpc: '2.0', id: 8, method: 'tools/list' },
          { jsonrpc: '2.0', id: 8, method: 'tools/list' },
        ],
        headers,
      );
      expect(twice.status).toBe(409);
      writeFileSync(join(dir, 'go'), '');
      expect((await first).body).toContain('first-done');
      const again = await call(7, 'echo again');
      expect(again.status).toBe(200);
      expect(again.body).toContain('again');
    },
  );

  it('answers a body nested deeper than 128 levels with a 400 parse error, a batch of batches too', async () => {
    const server = await serve({});
    const text = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const deep = await mcpRequest(server.url, 'POST', {}, undefined, (req) => req.end(text));
    expect(deep.status).toBe(400);
    expect(deep.body).toMatch(/nests deeper than 128 levels/);
    let params: unknown = {};
    for (let i = 0; i < 300; i++) params = { a: params };
    const nested = await post(server.url, { ...INIT, params: { ...INIT.params, capabilities: params } });
    expect(nested.status).toBe(400);
    const batchOfBatches = await post(server.url, [[INIT]]);
    expect(batchOfBatches.status).toBeGreaterThanOrEqual(400);
    expect(batchOfBatches.status).toBeLessThan(500);
    // A session opens afterwards: nothing above harmed the server.
    await initialize(server.url);
  });
});
