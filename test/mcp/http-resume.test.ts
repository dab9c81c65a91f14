// Resumable streams over Streamable HTTP sessions: a POST's SSE stream starts with a priming event
// (an id and a retry interval), a client whose stream dropped mid-call reconnects with
// Last-Event-ID and receives the call's result, an unknown cursor is refused, and each session's
// event store stays within its bounds.
import type { IncomingMessage } from 'node:http';
import { rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionEventStore } from '../../src/adapters/mcp/transports/http-event-store.js';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { mcpResponse } from '../support/mcp-http.js';

let dir: string;
let running: RunningHttpServer | undefined;

beforeEach(async () => {
  dir = await tempDir('tw-mcp-resume-');
  await writeFile(`${dir}/a.txt`, 'alpha\n');
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

const open = mcpResponse;

interface SseEvent {
  id?: string;
  retry?: string;
  data: string;
}

/** Reads SSE events from `res` until `stop` says so; returns them all. */
function readEvents(res: IncomingMessage, stop: (event: SseEvent) => boolean): Promise<SseEvent[]> {
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
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const [field, value] = [line.slice(0, colon), line.slice(colon + 1).trimStart()];
          if (field === 'id') event.id = value;
          else if (field === 'retry') event.retry = value;
          else if (field === 'data') event.data += value;
        }
        if (block.startsWith(':')) continue; // a keep-alive comment
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

async function session(url: string): Promise<string> {
  const init = await open(
    url,
    'POST',
    {},
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'resume-test', version: '1' } },
    },
  );
  const id = init.headers['mcp-session-id'] as string;
  await readEvents(init, (event) => event.data.includes('"id":1'));
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
  const initialized = await open(url, 'POST', headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
  initialized.resume();
  expect(initialized.statusCode).toBe(202);
  return id;
}

describe('resumable SSE streams', () => {
  it('a call whose stream dropped after the priming event delivers its result on reconnection', async () => {
    running = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const id = await session(running.url);
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const call = await open(running.url, 'POST', headers, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'bash', arguments: { command: 'sleep 1; echo finished-after-the-drop' } },
    });
    // The first event primes the stream: an id to resume from, no message, and a retry interval.
    const [priming] = await readEvents(call, () => true);
    expect(priming!.id).toMatch(/\S/);
    expect(priming!.data).toBe('');
    expect(Number(priming!.retry)).toBeGreaterThan(0);

    // A client waits the retry interval before reconnecting, as the priming event asks.
    await new Promise((resolve) => setTimeout(resolve, Number(priming!.retry)));
    const resumed = await open(running.url, 'GET', {
      ...headers,
      'last-event-id': priming!.id!,
      accept: 'text/event-stream',
    });
    expect(resumed.statusCode).toBe(200);
    const events = await readEvents(resumed, (event) => event.data.includes('"id":2'));
    const result = events.find((event) => event.data.includes('"id":2'));
    expect(result, JSON.stringify(events)).toBeDefined();
    expect(JSON.parse(result!.data).result.content[0].text).toContain('finished-after-the-drop');
  });

  it('refuses a Last-Event-ID the session never issued, and another session’s', async () => {
    running = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const first = await session(running.url);
    const second = await session(running.url);
    const call = await open(
      running.url,
      'POST',
      { 'mcp-session-id': first, 'mcp-protocol-version': '2025-11-25' },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a.txt' } } },
    );
    const events = await readEvents(call, (event) => event.data.includes('"id":5'));
    const issued = events.find((event) => event.id !== undefined && event.data !== '')!.id!;
    for (const [sessionId, cursor] of [
      [first, 'no-such-event'],
      [second, `${Number(issued) + 1000}`],
    ] as const) {
      const reply = await open(running.url, 'GET', {
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
        'last-event-id': cursor,
        accept: 'text/event-stream',
      });
      reply.resume();
      expect(reply.statusCode).toBe(400);
    }
  });
});

describe('SessionEventStore', () => {
  const message = (n: number, text = '') => ({ jsonrpc: '2.0' as const, id: n, result: { text } });

  it('replays only the events of the cursor’s stream that came after it, in order', async () => {
    const store = new SessionEventStore();
    const a1 = await store.storeEvent('a', message(1));
    await store.storeEvent('b', message(2));
    await store.storeEvent('a', message(3));
    await store.storeEvent('a', message(4));
    const sent: unknown[] = [];
    const stream = await store.replayEventsAfter(a1, {
      send: (_id, m) => {
        sent.push((m as { id: number }).id);
        return Promise.resolve();
      },
    });
    expect(stream).toBe('a');
    expect(sent).toEqual([3, 4]);
  });

  it('drops the oldest events past its count or byte bound, keeps the newest however large, forgets their cursors', async () => {
    const byCount = new SessionEventStore({ events: 3, bytes: 1 << 20 });
    const ids = [];
    for (let n = 0; n < 10; n++) ids.push(await byCount.storeEvent('s', message(n)));
    expect(byCount.size.events).toBe(3);
    expect(await byCount.getStreamIdForEventId(ids[0]!)).toBeUndefined();
    expect(await byCount.getStreamIdForEventId(ids[9]!)).toBe('s');
    await expect(byCount.replayEventsAfter(ids[0]!, { send: () => Promise.resolve() })).rejects.toThrow(/unknown/);

    const byBytes = new SessionEventStore({ events: 100, bytes: 1000 });
    for (let n = 0; n < 10; n++) await byBytes.storeEvent('s', message(n, 'x'.repeat(300)));
    expect(byBytes.size.bytes).toBeLessThanOrEqual(1000);
    expect(byBytes.size.events).toBe(2);
    await byBytes.storeEvent('s', message(99, 'y'.repeat(5000)));
    expect(byBytes.size.events).toBe(1);
  });
});
