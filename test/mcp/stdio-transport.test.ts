// The stdio transport the CLI serves MCP over (src/adapters/mcp-stdio-transport.ts): its structural
// check takes only messages the SDK's JSONRPCMessageSchema takes, unchanged, and leaves the rest to
// that schema; its framing matches the SDK's (lines split anywhere, CRLF, bad lines skipped, an
// over-long message closes); the SDK's Server runs over it; results the server sends without the
// SDK's re-validation are valid CallToolResults.
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMcpServer, toCallToolResult } from '../../src/adapters/mcp.js';
import { StdioJsonRpcTransport, plainJsonRpcMessage } from '../../src/adapters/mcp-stdio-transport.js';
import { createToolkit } from '../../src/index.js';
import type { InvokeResult } from '../../src/runtime/types.js';
import { tempDir } from '../support/helpers.js';

const sdkParse = (value: unknown) => JSONRPCMessageSchema.parse(value);

/** JSON values, with the keys and values JSON-RPC messages are made of over-represented. */
const key = fc.constantFrom('jsonrpc', 'id', 'method', 'params', 'result', 'error', '_meta', 'progressToken',
  'io.modelcontextprotocol/related-task', 'taskId', '__proto__', 'name', 'arguments', 'code', 'message', 'extra');
const leaf = fc.oneof(
  fc.constantFrom('2.0', '1.0', 'tools/call', 'ping', '', null, true, 0, -1, 1.5, 2 ** 53, -0, 42),
  fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), tie('object')),
  object: fc.dictionary(fc.oneof(key, fc.string()), tie('value'), { maxKeys: 5 }),
})).value;
/** Message-shaped values: a well-formed message of each kind, then keys replaced, added or dropped. */
const messageLike = fc.tuple(
  fc.constantFrom<Record<string, unknown>>(
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a' } } },
    { jsonrpc: '2.0', id: 'x', method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'r' } },
    { jsonrpc: '2.0', id: 2, result: {} },
    { jsonrpc: '2.0', id: 2, result: { action: 'accept', content: { a: 1 } } },
    { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'no' } },
    { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'n', _meta: { progressToken: 5 } } },
  ),
  fc.array(fc.tuple(fc.oneof(key, fc.constantFrom('params', 'result')), fc.option(json, { nil: undefined })), { maxLength: 3 }),
).map(([base, edits]) => {
  const value: Record<string, unknown> = JSON.parse(JSON.stringify(base));
  for (const [k, v] of edits) {
    if (v === undefined) delete value[k];
    else if (k === 'params' || k === 'result') value[k] = isObject(v) ? { ...(isObject(value[k]) ? value[k] : {}), ...v } : v;
    else value[k] = v;
  }
  // Through JSON, as the transport sees it (a "__proto__" key becomes an own property).
  return JSON.parse(JSON.stringify(value)) as unknown;
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A transport over fake stdin/stdout with what it delivered, reported and wrote. */
function harness(maxMessageBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new StdioJsonRpcTransport(sdkParse, stdin, stdout, maxMessageBytes);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = (message) => { messages.push(message); };
  transport.onerror = (error) => { errors.push(error); };
  transport.onclose = () => { closes++; };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { stdin, stdout, transport, messages, errors, closes: () => closes, settle };
}

describe('the structural message check', () => {
  it('takes only what the SDK schema takes, and takes it unchanged', () => {
    let taken = 0;
    fc.assert(fc.property(fc.oneof(messageLike, json), (value) => {
      const fast = plainJsonRpcMessage(value);
      if (fast === undefined) return;
      taken++;
      expect(fast).toBe(value);
      const parsed = JSONRPCMessageSchema.safeParse(value);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(value);
    }), { numRuns: 3000 });
    // Not vacuous: a good share of the message-shaped values are taken by the check itself.
    expect(taken).toBeGreaterThan(300);
  });

  it('takes the common shapes itself and leaves the rare and the malformed to the schema', () => {
    const taken = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {} } },
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 3, result: { content: [] } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { _meta: { progressToken: 'p' } } },
    ];
    for (const value of taken) expect(plainJsonRpcMessage(value)).toBe(value);
    const left = [
      { jsonrpc: '2.0', id: 3, error: { code: 1, message: 'm' } }, // valid, but the schema decides
      { jsonrpc: '2.0', id: 4, method: 'x', params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } } },
      { jsonrpc: '2.0', id: 1.5, method: 'x' },
      { jsonrpc: '2.0', id: 2 ** 53, method: 'x' },
      { jsonrpc: '2.0', id: null, method: 'x' },
      { jsonrpc: '1.0', id: 1, method: 'x' },
      { jsonrpc: '2.0', id: 1, method: 'x', extra: true },
      { jsonrpc: '2.0', id: 1, method: 'x', params: [] },
      { jsonrpc: '2.0', id: 1, method: 'x', params: null },
      { jsonrpc: '2.0', id: 1, method: 'x', result: {} },
      { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 1.5 } } },
      JSON.parse('{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{"polluted":true}}}'),
      { jsonrpc: '2.0', result: {} },
      [{ jsonrpc: '2.0', method: 'x' }],
      '{"jsonrpc":"2.0"}',
    ];
    for (const value of left) expect(plainJsonRpcMessage(value)).toBeUndefined();
  });
});

describe('the stdio transport', () => {
  it('delivers lines split anywhere, several per chunk, with CRLF, in order', async () => {
    const h = harness();
    await h.transport.start();
    const text = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, result: { ok: 'é✓' } },
      { jsonrpc: '2.0', id: 3, error: { code: -1, message: 'bad' } },
    ].map((m) => JSON.stringify(m)).join('\r\n') + '\n';
    const bytes = Buffer.from(text);
    // Every byte its own chunk, so multi-byte characters and the CR/LF pairs are split too.
    for (let i = 0; i < bytes.length; i++) h.stdin.write(bytes.subarray(i, i + 1));
    h.stdin.write(Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'a' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'b' })}\n`));
    await h.settle();
    expect(h.errors).toEqual([]);
    expect(h.messages.map((m) => ('id' in m ? m.id : 'note'))).toEqual([1, 'note', 2, 3, 4, 5]);
    expect(h.messages[2]).toEqual({ jsonrpc: '2.0', id: 2, result: { ok: 'é✓' } });
  });

  it('reports a bad line (not JSON, not JSON-RPC, empty) and goes on with the next', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('not json\n\n{"jsonrpc":"2.0","id":1,"method":"x","extra":1}\n{"jsonrpc":"2.0","id":7,"method":"ok"}\n');
    await h.settle();
    expect(h.errors).toHaveLength(3);
    expect(h.errors[0]).toBeInstanceOf(SyntaxError);
    expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 7, method: 'ok' }]);
    expect(h.closes()).toBe(0);
  });

  it('answers what JSON-RPC says to answer: -32700 for a line that is not JSON, -32600 for a request or notification it refuses', async () => {
    const h = harness();
    const written: string[] = [];
    h.stdout.on('data', (chunk: Buffer) => written.push(...chunk.toString().split('\n').filter(Boolean)));
    await h.transport.start();
    h.stdin.write([
      'not json', '', '   ', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":4,"method":"x","extra":1}', '{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"_meta":{"progressToken":{"x":1}}}}',
      '{"jsonrpc":"2.0","id":5,"result":5}', '{"jsonrpc":"2.0","id":6,"error":"nope"}', '{"jsonrpc":"2.0","id":7,"method":"ok"}',
    ].join('\n') + '\n');
    await h.settle();
    await h.settle();
    const replies = written.map((line) => JSON.parse(line) as { id: unknown; error: { code: number; message: string } });
    expect(replies.map((r) => [r.id, r.error.code])).toEqual([[null, -32700], [null, -32600], [null, -32600], [4, -32600], ['s', -32600]]);
    expect(replies[0]!.error.message).toMatch(/^Parse error: the line is not JSON/);
    expect(replies[1]!.error.message).toMatch(/^Invalid Request: /);
    // Each reply is itself a message the SDK's client schema reads as an error response (for the ids it can hold).
    for (const reply of replies.filter((r) => r.id !== null)) expect(JSONRPCMessageSchema.safeParse(reply).success).toBe(true);
    // Malformed responses are reported, never answered; the good request after them is delivered.
    expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 7, method: 'ok' }]);
    expect(h.errors).toHaveLength(9);
  });

  it('tools/call with bad params is -32602 naming what is wrong, not -32603 with a zod dump', async () => {
    const root = await tempDir();
    const server = await createMcpServer(createToolkit({ workspace: root }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const replies = new Map<unknown, { error?: { code: number; message: string } }>();
    clientSide.onmessage = (message) => { replies.set((message as { id?: unknown }).id, message as never); };
    await server.connect(serverSide);
    await clientSide.start();
    await clientSide.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const calls: [number, unknown, RegExp][] = [
      [1, { name: 'read_file', arguments: [1, 2] }, /arguments must be an object .* got an array/],
      [2, { name: 7 }, /name must be a string .* got number/],
      [3, { arguments: {} }, /name must be a string .* got nothing/],
      [5, { name: 'read_file', arguments: null }, /got null/],
      [6, { name: 'no_such_tool' }, /Unknown tool: no_such_tool/],
    ];
    for (const [id, params] of calls) await clientSide.send({ jsonrpc: '2.0', id, method: 'tools/call', params } as JSONRPCMessage);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const [id, , message] of calls) {
      expect(replies.get(id)?.error?.code, `${id} ${JSON.stringify(replies.get(id))}`).toBe(-32602);
      expect(replies.get(id)?.error?.message, String(id)).toMatch(message);
      expect(replies.get(id)?.error?.message).not.toMatch(/"expected"|\[\s*\{/);
    }
    await server.close();
  });

  it('reports a handler that throws and keeps reading', async () => {
    const h = harness();
    await h.transport.start();
    let calls = 0;
    h.transport.onmessage = () => { calls++; if (calls === 1) throw new Error('handler broke'); };
    h.stdin.write('{"jsonrpc":"2.0","id":1,"method":"x"}\n{"jsonrpc":"2.0","id":2,"method":"y"}\n');
    await h.settle();
    expect(calls).toBe(2);
    expect(h.errors.map((e) => e.message)).toEqual(['handler broke']);
  });

  it('closes on a message longer than the limit, whether it arrives in one chunk or many', async () => {
    for (const chunks of [1, 7]) {
      const h = harness(1000);
      await h.transport.start();
      h.stdin.write('{"jsonrpc":"2.0","id":1,"method":"fits"}\n');
      const long = Buffer.from(`{"jsonrpc":"2.0","id":2,"method":"${'x'.repeat(1200)}"}\n`);
      const size = Math.ceil(long.length / chunks);
      for (let at = 0; at < long.length; at += size) h.stdin.write(long.subarray(at, at + size));
      h.stdin.write('{"jsonrpc":"2.0","id":3,"method":"after"}\n');
      await h.settle();
      expect(h.messages.map((m) => ('id' in m ? m.id : undefined))).toEqual([1]);
      expect(h.errors.map((e) => e.message)).toEqual([expect.stringContaining('longer than 1000 bytes')]);
      expect(h.closes()).toBe(1);
      expect(h.stdin.listenerCount('data')).toBe(0);
    }
  });

  it('takes a message exactly at the limit', async () => {
    const line = `{"jsonrpc":"2.0","id":1,"method":"${'y'.repeat(100)}"}`;
    const h = harness(Buffer.byteLength(line));
    await h.transport.start();
    h.stdin.write(line.slice(0, 50));
    h.stdin.write(`${line.slice(50)}\n`);
    await h.settle();
    expect(h.errors).toEqual([]);
    expect(h.messages).toHaveLength(1);
  });

  it('closes once, pauses stdin only when it was the last reader, and refuses a second start', async () => {
    const h = harness();
    await h.transport.start();
    await expect(h.transport.start()).rejects.toThrow(/already started/);
    const other = () => {};
    h.stdin.on('data', other);
    await h.transport.close();
    await h.transport.close();
    expect(h.closes()).toBe(1);
    expect(h.stdin.isPaused()).toBe(false);
    const g = harness();
    await g.transport.start();
    await g.transport.close();
    expect(g.stdin.isPaused()).toBe(true);
  });

  it('writes one line per message and waits for drain when stdout is full', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough({ highWaterMark: 16 });
    const transport = new StdioJsonRpcTransport(sdkParse, stdin, stdout);
    let sent = false;
    const sending = transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'z'.repeat(100) } }).then(() => { sent = true; });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(false);
    const line = String(stdout.read());
    await sending;
    expect(sent).toBe(true);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ jsonrpc: '2.0', id: 1, result: { text: 'z'.repeat(100) } });
  });

  it('carries a whole MCP session for the SDK server: tools, calls, errors', async () => {
    const root = await tempDir();
    const toolkit = createToolkit({ workspace: root });
    const server = await createMcpServer(toolkit);
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    await server.connect(new StdioJsonRpcTransport(sdkParse, toServer, fromServer));
    // The client speaks over the SDK's in-memory pair, bridged to the byte streams.
    const [clientSide, bridge] = InMemoryTransport.createLinkedPair();
    bridge.onmessage = (message) => { toServer.write(`${JSON.stringify(message)}\n`); };
    let pending = '';
    fromServer.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      for (let at = pending.indexOf('\n'); at !== -1; at = pending.indexOf('\n')) {
        void bridge.send(JSON.parse(pending.slice(0, at)) as JSONRPCMessage);
        pending = pending.slice(at + 1);
      }
    });
    await bridge.start();
    const client = new Client({ name: 't', version: '1' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('write_file');
    const wrote = await client.callTool({ name: 'write_file', arguments: { path: 'n.txt', content: 'one\ntwo\n' } });
    expect(wrote.isError).toBeFalsy();
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'n.txt', offset: -1 } });
    expect(read.structuredContent).toMatchObject({ content: expect.stringContaining('two'), total_lines: 2 });
    const missing = await client.callTool({ name: 'read_file', arguments: { path: 'nope.txt' } });
    expect(missing.isError).toBe(true);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
    await client.close();
    await server.close();
  });
});

describe('results sent without the SDK re-validating them', () => {
  it('are valid CallToolResults in every shape toCallToolResult makes', () => {
    const toolkit = createToolkit({ workspace: '/tmp' });
    const op = toolkit.find('read_file')!;
    const meta = { operation: op.id, policy: { decision: 'allow' as const, rule: 'default' as const }, duration_ms: 1 };
    const results: InvokeResult[] = [
      { ok: true, output: { path: 'a', type: 'text', content: 'x', truncated: false }, text: 'x', meta },
      { ok: true, output: { path: 'p.png', type: 'image', content: 'an image', truncated: false, mime_type: 'image/png', data: 'iVBORw0KGgo=' }, text: 'an image', meta },
      { ok: true, output: { path: 'a', type: 'text', content: 'y'.repeat(5000), truncated: false }, text: 'y'.repeat(5000), meta },
      { ok: true, output: 'not an object', text: 'a host turned output validation off', meta },
      { ok: false, error: { code: 'NOT_FOUND', message: 'a does not exist' }, text: 'Error NOT_FOUND: a does not exist', meta },
    ];
    const shapes = new Set<string>();
    for (const result of results) {
      for (const cap of [1024 * 1024, 2048]) {
        const sent = toCallToolResult(op, result, cap);
        const parsed = CallToolResultSchema.safeParse(sent);
        expect(parsed.success, JSON.stringify(sent).slice(0, 200)).toBe(true);
        shapes.add(Object.keys(sent).sort().join(','));
      }
    }
    // ok with structured content, capped, error, and text only (no object to structure).
    expect(shapes).toEqual(new Set(['content,structuredContent', '_meta,content,structuredContent', '_meta,content,isError', 'content']));
  });
});
