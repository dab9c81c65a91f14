// Plain tools/call requests over 2025-11-25 stdio are answered without the SDK's per-message
// parsing. Which lines are taken (and which go to the SDK), the answers' shapes against the SDK's,
// cancellation by notifications/cancelled and by the connection closing; and over the CLI, the
// answer to a plain call equals the SDK's answer to the same call sent the SDK's way.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectToolCalls, type DirectToolCall } from '../../src/adapters/mcp/transports/stdio-direct-calls.js';
import { builtCli } from '../support/built-cli.js';
import { scaled } from '../support/time.js';
import { root, seededWorkspace } from './mcp-exercise.js';

function direct(call: DirectToolCall, ready = () => true) {
  const sent: unknown[] = [];
  const errors: string[] = [];
  const calls = new DirectToolCalls(
    { call, ready },
    async (message) => {
      sent.push(message);
    },
    (error) => errors.push(error.message),
  );
  return { calls, sent, errors };
}

const line = (message: unknown) => JSON.stringify(message);
const call = (id: unknown, params: unknown, extra: Record<string, unknown> = {}) =>
  line({ jsonrpc: '2.0', id, method: 'tools/call', params, ...extra });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DirectToolCalls', () => {
  it('takes a plain call and answers { result, jsonrpc, id } with the id as sent', async () => {
    const seen: unknown[] = [];
    const { calls, sent } = direct(async (params, _signal, id) => {
      seen.push([params, id]);
      return { content: [{ type: 'text', text: 'ok' }] };
    });
    expect(calls.take(call(7, { name: 'read_file', arguments: { path: 'a' } }))).toBe(true);
    expect(calls.take(call('s-1', { name: 'read_file', _meta: { 'client/trace': 'x' } }))).toBe(true);
    await settle();
    expect(seen).toEqual([
      [{ name: 'read_file', arguments: { path: 'a' } }, 7],
      [{ name: 'read_file', _meta: { 'client/trace': 'x' } }, 's-1'],
    ]);
    expect(sent.map((m) => JSON.stringify(m))).toEqual([
      '{"result":{"content":[{"type":"text","text":"ok"}]},"jsonrpc":"2.0","id":7}',
      '{"result":{"content":[{"type":"text","text":"ok"}]},"jsonrpc":"2.0","id":"s-1"}',
    ]);
  });

  it('leaves to the SDK every line that is not a plain call on an initialized session', () => {
    let ready = false;
    const { calls } = direct(
      async () => ({}),
      () => ready,
    );
    const plain = call(1, { name: 'read_file' });
    expect(calls.take(plain)).toBe(false); // before initialize
    ready = true;
    const others = [
      'not json "tools/call"',
      line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      line({ jsonrpc: '1.0', id: 1, method: 'tools/call', params: { name: 'x' } }),
      line({ id: 1, method: 'tools/call', params: { name: 'x' } }),
      line([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }]),
      call(null, { name: 'x' }),
      call(1.5, { name: 'x' }),
      call({ n: 1 }, { name: 'x' }),
      call(1, { name: 'x' }, { extra: true }),
      call(1, undefined),
      call(1, ['x']),
      call(1, { name: 'x', task: { ttl: 1000 } }),
      call(1, { name: 'x', inputResponses: {} }),
      call(1, { name: 'x', requestState: 'abc' }),
      call(1, { name: 'x', _meta: { progressToken: 'p' } }),
      call(1, { name: 'x', _meta: { progressToken: 3 } }),
      call(1, { name: 'x', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } }),
      call(1, { name: 'x', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
      call(1, { name: 'x', _meta: [] }),
      line({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'x' } }),
    ];
    for (const other of others) expect(calls.take(other), other).toBe(false);
    expect(calls.take(plain)).toBe(true);
  });

  it('answers a thrown error as the SDK does: its code (-32002 as -32602), message and data; -32603 without a code', async () => {
    const thrown = [
      Object.assign(new Error('bad params'), { code: -32602 }),
      Object.assign(new Error('not found'), { code: -32002, data: { uri: 'x' } }),
      new Error('boom'),
      Object.assign(new Error('odd code'), { code: 1.5 }),
      Object.assign(new Error(''), { code: -32601 }),
    ];
    let next = 0;
    const { calls, sent } = direct(async () => {
      throw thrown[next++];
    });
    for (let id = 0; id < thrown.length; id++) calls.take(call(id, { name: 'x' }));
    await settle();
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'bad params' } },
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'not found', data: { uri: 'x' } } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'boom' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'odd code' } },
      { jsonrpc: '2.0', id: 4, error: { code: -32601, message: '' } },
    ]);
  });

  it('notifications/cancelled aborts the call with its reason, and the call answers nothing', async () => {
    const signals = new Map<unknown, AbortSignal>();
    const { calls, sent } = direct(
      (_params, signal, id) =>
        new Promise((resolve) => {
          signals.set(id, signal);
          signal.addEventListener('abort', () => resolve({ content: [] }));
          if (id === 'done') resolve({ content: [] });
        }),
    );
    calls.take(call(1, { name: 'x' }));
    calls.take(call('1', { name: 'x' }));
    calls.take(call(2, { name: 'x' }));
    // Still seen by the SDK (false), which cancels its own calls by the same notification.
    expect(
      calls.take(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } })),
    ).toBe(false);
    // A string id is another request; a malformed notification cancels nothing.
    calls.take(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 5 } }));
    calls.take(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: [2] } }));
    await settle();
    expect(signals.get(1)!.aborted).toBe(true);
    expect(signals.get(1)!.reason).toBe('user');
    expect(signals.get('1')!.aborted).toBe(false);
    expect(signals.get(2)!.aborted).toBe(false);
    expect(sent).toEqual([]);
    calls.take(call('done', { name: 'x' }));
    await settle();
    expect(sent).toEqual([{ result: { content: [] }, jsonrpc: '2.0', id: 'done' }]);
    // Closing aborts what is still in flight; nothing more is sent.
    calls.close();
    await settle();
    expect(signals.get('1')!.aborted).toBe(true);
    expect(signals.get(2)!.aborted).toBe(true);
    expect(sent).toHaveLength(1);
    // A call that ended is no longer cancellable (its id may be used again).
    calls.take(call('done', { name: 'x' }));
    await settle();
    expect(sent).toHaveLength(2);
  });

  it('reports a failed send and forgets the call', async () => {
    const errors: string[] = [];
    const calls = new DirectToolCalls(
      { call: async () => ({}), ready: () => true },
      () => Promise.reject(new Error('EPIPE')),
      (error) => errors.push(error.message),
    );
    calls.take(call(1, { name: 'x' }));
    await settle();
    expect(errors).toEqual(['Failed to send response: Error: EPIPE']);
  });
});

/** A raw JSON-RPC line client over `toolwright mcp` (the shared build). */
class Wire {
  readonly child: ChildProcessWithoutNullStreams;
  readonly answers = new Map<unknown, unknown>();
  #waiting = new Map<unknown, (answer: unknown) => void>();
  #rest = '';

  constructor(workspace: string) {
    this.child = spawn(process.execPath, [builtCli(), 'mcp', '--workspace', workspace], { cwd: root });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const lines = (this.#rest + chunk).split('\n');
      this.#rest = lines.pop()!;
      for (const text of lines) {
        const message = JSON.parse(text) as { id?: unknown };
        if (message.id === undefined) continue;
        this.answers.set(message.id, message);
        this.#waiting.get(message.id)?.(message);
      }
    });
  }

  send(message: unknown): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  answer(id: unknown): Promise<unknown> {
    if (this.answers.has(id)) return Promise.resolve(this.answers.get(id));
    return new Promise((resolve) => this.#waiting.set(id, resolve));
  }

  async request(id: unknown, method: string, params?: unknown): Promise<unknown> {
    this.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    return this.answer(id);
  }

  async initialize(): Promise<void> {
    await this.request(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}

describe('toolwright mcp over stdio: plain calls answered directly', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await seededWorkspace();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'answers a plain call exactly as the SDK answers the same call sent its way',
    { timeout: scaled(60_000) },
    async () => {
      const wire = new Wire(dir);
      try {
        await wire.initialize();
        const cases: [string, unknown][] = [
          ['read', { name: 'read_file', arguments: { path: 'a.txt' } }],
          ['missing file (isError)', { name: 'read_file', arguments: { path: 'nope.txt' } }],
          ['outside the workspace', { name: 'read_file', arguments: { path: '/etc/hostname' } }],
          ['bad argument', { name: 'read_file', arguments: { path: 5 } }],
          ['unknown argument', { name: 'read_file', arguments: { path: 'a.txt', bogus: 1 } }],
          ['unknown tool', { name: 'no_such_tool', arguments: {} }],
          ['arguments an array', { name: 'read_file', arguments: ['a.txt'] }],
          ['name not a string', { name: 7, arguments: {} }],
          ['no arguments', { name: 'read_file' }],
        ];
        let n = 0;
        for (const [label, params] of cases) {
          const plainId = `plain-${n}`;
          const sdkId = 100 + n++;
          const plain = (await wire.request(plainId, 'tools/call', params)) as Record<string, unknown>;
          // With a progress token, the same call goes through the SDK.
          const viaSdk = (await wire.request(sdkId, 'tools/call', {
            ...(params as object),
            _meta: { progressToken: `p-${sdkId}` },
          })) as Record<string, unknown>;
          expect(plain.id, label).toBe(plainId);
          expect(viaSdk.id, label).toBe(sdkId);
          expect(Object.keys(plain), label).toEqual(Object.keys(viaSdk));
          expect({ ...plain, id: undefined }, label).toEqual({ ...viaSdk, id: undefined });
        }
      } finally {
        await wire.close();
      }
    },
  );

  it(
    'notifications/cancelled stops a plain call: no answer for it, and the session goes on',
    { timeout: scaled(60_000) },
    async () => {
      const wire = new Wire(dir);
      try {
        await wire.initialize();
        wire.send({
          jsonrpc: '2.0',
          id: 'long',
          method: 'tools/call',
          params: { name: 'bash', arguments: { command: 'sleep 30' } },
        });
        wire.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'long', reason: 'stop' } });
        const after = (await wire.request('after', 'tools/call', {
          name: 'read_file',
          arguments: { path: 'a.txt' },
        })) as { result: { isError?: boolean } };
        expect(after.result.isError).toBeFalsy();
        expect(await wire.request('ping', 'ping')).toEqual({ jsonrpc: '2.0', id: 'ping', result: {} });
      } finally {
        await wire.close();
      }
      expect(wire.answers.has('long')).toBe(false);
    },
  );
});
