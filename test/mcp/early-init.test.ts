// `initialize` answered from the first stdin line before the MCP SDK loads (src/adapters/mcp/transports/stdio-early-init.ts):
// the early answer is the SDK's own, key for key; every byte read is handed to the SDK, in order;
// the SDK's duplicate answer is dropped; a request the SDK answers differently closes the server.
import { PassThrough } from 'node:stream';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import * as sdkTypes from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  EarlyInitialize,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  initializeRequestOf,
  initializeResult,
} from '../../src/adapters/mcp/transports/stdio-early-init.js';
import { createDeferredMcpServer, mcpServerIdentity } from '../../src/adapters/mcp/server.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

const init = (id: unknown, params: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' }, ...params },
  });

/** A server over a fake stdin/stdout with the early reader in front; `lines()` is what it wrote. */
async function harness(root: string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  let errors = '';
  stdout.on('data', (chunk) => {
    written += chunk;
  });
  const early = new EarlyInitialize(mcpServerIdentity(root), {
    stdin,
    stdout,
    stderr: {
      write: (text: string) => {
        errors += text;
      },
    },
  });
  const start = async () => {
    const server = await createDeferredMcpServer(async () => createToolkit({ workspace: root }), root);
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve;
    });
    const attached = await early.attach(server, (input) => new StdioServerTransport((input ?? stdin) as never, stdout));
    return { server, closed, attached };
  };
  const lines = () =>
    written
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { id?: unknown; result?: Record<string, unknown>; error?: { message: string } },
      );
  const until = async (count: number) => {
    for (let i = 0; i < 200 && lines().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return lines();
  };
  return { stdin, start, lines, until, errors: () => errors };
}

describe('initialize before the SDK loads', () => {
  it('knows the protocol versions the SDK supports', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe(sdkTypes.LATEST_PROTOCOL_VERSION);
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual([...sdkTypes.SUPPORTED_PROTOCOL_VERSIONS]);
  });

  it('answers exactly what the SDK server answers, for supported, older and unknown versions', async () => {
    const root = await tempDir();
    const identity = mcpServerIdentity(root, { instructions: 'extra line' });
    const load = async () => createToolkit({ workspace: root });
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const server = await createDeferredMcpServer(load, root, { instructions: 'extra line' });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await clientSide.start();
      const reply = new Promise<{ result: unknown }>((resolve) => {
        clientSide.onmessage = (message) => resolve(message as { result: unknown });
      });
      await clientSide.send(JSON.parse(init(7, { protocolVersion: version })));
      const request = initializeRequestOf(init(7, { protocolVersion: version }))!;
      expect(request.id).toBe(7);
      const answered = (await reply).result as { capabilities: Record<string, unknown> };
      expect(JSON.stringify(answered)).toBe(JSON.stringify(initializeResult(identity, request.protocolVersion)));
      // Tasks came with 2025-11-25: an older client is not told of them.
      expect('tasks' in answered.capabilities, version).toBe(version >= '2025-11-25');
      expect(answered.capabilities).toMatchObject({ tools: { listChanged: false }, logging: {} });
      await server.close();
    }
  });

  it('tells only 2025-11-25 clients of tasks, whatever the client sends next', () => {
    const identity = mcpServerIdentity('/w');
    expect(initializeResult(identity, '2025-11-25').capabilities).toEqual(identity.capabilities);
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']) {
      const capabilities = initializeResult(identity, version).capabilities as Record<string, unknown>;
      expect(Object.keys(capabilities).sort(), version).toEqual(['logging', 'tools']);
    }
    // The identity itself is left as it was (it answers the next client too).
    expect(identity.capabilities).toHaveProperty('tasks');
  });

  it('leaves a protocol version it does not know the SDK supports to the SDK', () => {
    expect(initializeRequestOf(init(1, { protocolVersion: LATEST_PROTOCOL_VERSION }))).toEqual({
      id: 1,
      protocolVersion: LATEST_PROTOCOL_VERSION,
    });
    for (const version of ['1999-01-01', '2099-12-31', ''])
      expect(initializeRequestOf(init(1, { protocolVersion: version })), version).toBeUndefined();
  });

  it('answers only a well-formed first-line initialize', () => {
    expect(initializeRequestOf(init('a'))).toEqual({ id: 'a', protocolVersion: '2025-06-18' });
    for (const line of [
      'not json',
      '[]',
      'null',
      init(1.5),
      init(null),
      init({}),
      init(1, { clientInfo: { name: 'x' } }),
      init(1, { clientInfo: 'x' }),
      init(1, { capabilities: [] }),
      init(1, { protocolVersion: 20250618 }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'initialize', params: JSON.parse(init(1)).params }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }),
    ])
      expect(initializeRequestOf(line), line).toBeUndefined();
  });

  it('replies at once, then the SDK handles everything read meanwhile, in order, without a second initialize reply', async () => {
    const root = await tempDir();
    const h = await harness(root);
    // Initialize and three more messages in one chunk, before the SDK is even loaded.
    h.stdin.write(
      `${init(1)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.lines().map((m) => m.id)).toEqual([1]);
    expect(h.lines()[0]!.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'toolwright' } });
    const { server } = await h.start();
    h.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} })}\n`);
    const replies = await h.until(3);
    expect(replies.map((m) => m.id)).toEqual([1, 2, 3]);
    expect((replies[1]!.result!.tools as unknown[]).length).toBeGreaterThan(5);
    // The SDK saw the initialize: it knows the client.
    expect(server.getClientVersion()).toEqual({ name: 'test', version: '1' });
    expect(h.errors()).toBe('');
    await server.close();
  });

  it('finds the first line across chunks, down to one byte each, CRLF included', async () => {
    const root = await tempDir();
    const h = await harness(root);
    for (const byte of Buffer.from(
      `${init('split')}\r\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`,
    ))
      h.stdin.write(Buffer.from([byte]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.lines().map((m) => m.id)).toEqual(['split']);
    const { server } = await h.start();
    expect((await h.until(2)).map((m) => m.id)).toEqual(['split', 2]);
    await server.close();
  });

  it('holds at most 10 MiB before the SDK is up, then leaves an endless first line to the SDK (which refuses it)', async () => {
    const root = await tempDir();
    const h = await harness(root);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 12; i++) h.stdin.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.stdin.isPaused()).toBe(true);
    expect(h.lines()).toEqual([]);
    const { closed } = await h.start();
    await closed; // the SDK's own stdio buffer limit (10 MiB) ends the connection
    expect(h.lines()).toEqual([]);
  });

  it('leaves a first message that is not initialize to the SDK', async () => {
    const root = await tempDir();
    const h = await harness(root);
    h.stdin.write('{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.lines()).toEqual([]);
    const { server } = await h.start();
    const [reply] = await h.until(1);
    expect(reply, JSON.stringify(reply)).toMatchObject({ id: 5, error: {} });
    await server.close();
  });

  it('closes when the SDK answers the early-answered request differently', async () => {
    const root = await tempDir();
    const h = await harness(root);
    // Passes the early check, but the SDK's schema refuses it (roots.listChanged must be a boolean).
    h.stdin.write(`${init(9, { capabilities: { roots: { listChanged: 'yes' } } })}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.lines().map((m) => m.id)).toEqual([9]);
    const { closed } = await h.start();
    await closed;
    expect(h.errors()).toContain('answers it differently');
    expect(h.lines().map((m) => m.id)).toEqual([9]);
  });

  it('serves what was read when stdin ended before the SDK loaded, then reports the end', async () => {
    const root = await tempDir();
    const h = await harness(root);
    h.stdin.end(`${init(1)}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { server, attached } = await h.start();
    expect(attached.ended).toBeInstanceOf(Promise);
    await attached.ended;
    expect((await h.until(2)).map((m) => m.id)).toEqual([1, 2]);
    await server.close();
  });
});
