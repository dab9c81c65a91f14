// A resume (GET with Last-Event-ID) of a stream that has ended: some clients reconnect after every
// POST answered as an event stream, whether or not they received its answer. With nothing left after
// the cursor the server answers 405 (no stream to resume) rather than an empty stream closed at once,
// which sent such clients to reconnect without Last-Event-ID into the session's open GET stream
// (409, retried). A resume with events left still replays them, and real resumption keeps working.
import type { IncomingMessage } from 'node:http';
import { rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { SessionEventStore } from '../../src/adapters/mcp/transports/http-event-store.js';
import { mcpRequest, mcpResponse } from '../support/mcp-http.js';
import { scaled } from '../support/time.js';

let dir: string;
let running: RunningHttpServer | undefined;

beforeEach(async () => {
  dir = await tempDir('tw-mcp-resume-ended-');
  await writeFile(`${dir}/a.txt`, 'alpha\n');
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

interface SseEvent {
  id?: string;
  data: string;
}

/** Reads a whole SSE body (until it ends, or `stop` says so). */
function readEvents(res: IncomingMessage, stop: (event: SseEvent) => boolean = () => false): Promise<SseEvent[]> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const [field, value] = [line.slice(0, colon), line.slice(colon + 1).trimStart()];
          if (field === 'id') event.id = value;
          else if (field === 'data') event.data += value;
        }
        events.push(event);
        if (stop(event)) {
          res.destroy();
          resolve(events);
          return;
        }
      }
    });
    res.on('error', reject);
    res.on('end', () => resolve(events));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a session at `version`; its id and the event id of the initialize answer. */
async function session(url: string, version: string): Promise<{ id: string; initEventId: string }> {
  const init = await mcpResponse(
    url,
    'POST',
    {},
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'resume-ended', version: '1' } },
    },
  );
  const id = init.headers['mcp-session-id'] as string;
  const events = await readEvents(init);
  const answer = events.find((event) => event.data.includes('"id":0'));
  expect(answer?.id, JSON.stringify(events)).toBeDefined();
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': version };
  const initialized = await mcpRequest(url, 'POST', headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
  expect(initialized.status).toBe(202);
  return { id, initEventId: answer!.id! };
}

describe('resuming an ended stream', () => {
  it('a 2025-06-18 session: resumes of answered POST streams get 405, never an empty stream, and no 409 follows', async () => {
    running = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const { id, initEventId } = await session(running.url, '2025-06-18');
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    const standalone = await mcpResponse(running.url, 'GET', { ...headers, accept: 'text/event-stream' });
    expect(standalone.statusCode).toBe(200);
    try {
      const list = await mcpResponse(running.url, 'POST', headers, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const listEvents = await readEvents(list);
      const listEventId = listEvents.find((event) => event.data.includes('"id":1'))?.id;
      expect(listEventId).toBeDefined();

      for (const cursor of [initEventId, listEventId!]) {
        const resume = await mcpRequest(running.url, 'GET', {
          ...headers,
          accept: 'text/event-stream',
          'last-event-id': cursor,
        });
        expect(resume.status, resume.body).toBe(405);
        expect(resume.headers.allow).toMatch(/\bPOST\b/);
        expect(JSON.parse(resume.body).error.message).toMatch(/ended/);
      }
      // The session is as usable as before, its GET stream still the one open.
      const again = await mcpRequest(running.url, 'POST', headers, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
      expect(again.status).toBe(200);
      expect(again.body).toContain('read_file');
      const unknown = await mcpRequest(running.url, 'GET', {
        ...headers,
        accept: 'text/event-stream',
        'last-event-id': `${Number(listEventId) + 1000}`,
      });
      expect(unknown.status).toBe(400);
    } finally {
      standalone.destroy();
    }
  });

  it('a resume with events left replays them first; a resume past the last one then gets 405', async () => {
    running = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const { id } = await session(running.url, '2025-11-25');
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const call = await mcpResponse(running.url, 'POST', headers, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'bash', arguments: { command: 'echo replayed-after-the-end' } },
    });
    // Only the priming event is read; the connection drops before the answer.
    const [priming] = await readEvents(call, () => true);
    expect(priming!.data).toBe('');
    // Let the call finish while no stream is attached.
    await sleep(scaled(500));
    const resumed = await mcpResponse(running.url, 'GET', {
      ...headers,
      accept: 'text/event-stream',
      'last-event-id': priming!.id!,
    });
    expect(resumed.statusCode).toBe(200);
    const events = await readEvents(resumed, (event) => event.data.includes('"id":3'));
    const answer = events.find((event) => event.data.includes('"id":3'));
    expect(answer, JSON.stringify(events)).toBeDefined();
    expect(answer!.data).toContain('replayed-after-the-end');

    const past = await mcpRequest(running.url, 'GET', {
      ...headers,
      accept: 'text/event-stream',
      'last-event-id': answer!.id!,
    });
    expect(past.status).toBe(405);
    // The priming cursor still has the answer after it: replayed again, not refused.
    const fromPriming = await mcpResponse(running.url, 'GET', {
      ...headers,
      accept: 'text/event-stream',
      'last-event-id': priming!.id!,
    });
    expect(fromPriming.statusCode).toBe(200);
    const replayed = await readEvents(fromPriming, (event) => event.data.includes('"id":3'));
    expect(replayed.some((event) => event.data.includes('replayed-after-the-end'))).toBe(true);
  });

  it('an SDK client that resumes after every answered request sees no 409 and no error over a session', async () => {
    running = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const statuses: { method: string; resume: boolean; status: number }[] = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const headers = new Headers(init?.headers);
      statuses.push({
        method: init?.method ?? 'GET',
        resume: headers.has('last-event-id'),
        status: response.status,
      });
      return response;
    };
    const transport = new StreamableHTTPClientTransport(new URL(running.url), {
      fetch: counting,
      reconnectionOptions: {
        initialReconnectionDelay: 20,
        maxReconnectionDelay: 50,
        reconnectionDelayGrowFactor: 1,
        maxRetries: 2,
      },
    });
    const errors: string[] = [];
    const client = new Client({ name: 'resume-after-each', version: '1' });
    client.onerror = (error) => errors.push(error.message);
    await client.connect(transport);
    try {
      // What some clients do: resume each answered POST stream from its last event id.
      const afterEach = async (run: (onresumptiontoken: (token: string) => void) => Promise<unknown>) => {
        let token: string | undefined;
        await run((t) => (token = t));
        expect(token).toBeDefined();
        await transport.resumeStream(token!);
      };
      await afterEach((onresumptiontoken) => client.listTools(undefined, { onresumptiontoken }));
      for (const path of ['a.txt', 'a.txt']) {
        await afterEach((onresumptiontoken) =>
          client.callTool({ name: 'read_file', arguments: { path } }, undefined, { onresumptiontoken }),
        );
      }
      // Time for any reconnection the client would schedule (the server asks for 1 s between tries).
      await sleep(scaled(2500));
      expect(statuses.filter((entry) => entry.status >= 400 && entry.status !== 405)).toEqual([]);
      const resumes = statuses.filter((entry) => entry.method === 'GET' && entry.resume);
      expect(resumes.map((entry) => entry.status)).toEqual([405, 405, 405]);
      expect(statuses.filter((entry) => entry.method === 'GET' && !entry.resume).map((e) => e.status)).toEqual([200]);
      expect(errors).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('SessionEventStore: which streams have ended', () => {
  const answer = (id: number | string) => ({ jsonrpc: '2.0' as const, id, result: {} });
  const note = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };

  it('a stream ends once every request its POST carried is answered, a batch only with its last answer', async () => {
    const store = new SessionEventStore();
    store.expectRequests([
      { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      { jsonrpc: '2.0', id: 'two', method: 'tools/call' },
      { jsonrpc: '2.0', method: 'notifications/cancelled' },
    ]);
    const progress = await store.storeEvent('s', note);
    const first = await store.storeEvent('s', answer(1));
    expect(store.finishedAfter(progress)).toBe(false);
    expect(store.finishedAfter(first)).toBe(false);
    const second = await store.storeEvent('s', answer('two'));
    expect(store.finishedAfter(second)).toBe(true);
    // Events left after the cursor: not finished for it (they are replayed).
    expect(store.finishedAfter(first)).toBe(false);
    expect(store.finishedAfter('no-such-event')).toBe(false);
  });

  it('a stream whose requests it never saw, the GET stream, and an answer on another stream never count as ended', async () => {
    const store = new SessionEventStore();
    const unknown = await store.storeEvent('s', answer(9));
    expect(store.finishedAfter(unknown)).toBe(false);
    const standalone = await store.storeEvent('_GET_stream', note);
    expect(store.finishedAfter(standalone)).toBe(false);
    store.expectRequests({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    const priming = await store.storeEvent('t', {} as never);
    expect(store.finishedAfter(priming)).toBe(false);
    const done = await store.storeEvent('t', answer(4));
    expect(store.finishedAfter(done)).toBe(true);
    // The id answered again (on any stream) ends nothing more: it is no longer awaited.
    const again = await store.storeEvent('u', answer(4));
    expect(store.finishedAfter(again)).toBe(false);
  });

  it('forgets an ended stream once its events are dropped', async () => {
    const store = new SessionEventStore({ events: 2, bytes: 1 << 20 });
    store.expectRequests({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const done = await store.storeEvent('a', answer(1));
    expect(store.finishedAfter(done)).toBe(true);
    for (let n = 0; n < 4; n++) await store.storeEvent('b', note);
    expect(store.finishedAfter(done)).toBe(false);
  });
});
