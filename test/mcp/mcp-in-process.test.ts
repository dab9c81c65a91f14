// The MCP server in process over a linked client: the result cap (text and structured output cut
// to fit and still valid), malformed tools/call params, the toolkit profile, cancellation that
// stops the running tool, and ask_user and policy approvals routed through elicitation.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer, toCallToolResult } from '../../src/adapters/mcp/server.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { fitResult } from '../../src/adapters/result-size.js';
import { createToolkit } from '../../src/toolkit.js';
import type { ToolkitOptions } from '../../src/runtime/contract/types.js';
import { goneWithin } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import { linkedClient } from '../support/mcp-memory.js';
import { seededWorkspace, textOf } from './mcp-exercise.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('MCP server in process: result cap, cancellation, elicitation', () => {
  async function connect(options: ToolkitOptions, maxResultBytes: number, capabilities = {}) {
    const toolkit = createToolkit(options);
    const server = await createMcpServer(toolkit, { maxResultBytes });
    return { ...(await linkedClient(server, 'test', capabilities)), toolkit };
  }

  it('cuts text and structured output to fit, still valid against the output schema', async () => {
    await writeFile(join(dir, 'wide.txt'), `${'y'.repeat(150)}\n`.repeat(400));
    const { client, close } = await connect({ workspace: dir }, 8192);
    try {
      // callTool validates structuredContent against the tool's outputSchema itself.
      const result = (await client.callTool({ name: 'read_file', arguments: { path: 'wide.txt' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(8192);
      expect(result.structuredContent).toMatchObject({ truncated: true });
      expect(result._meta).toMatchObject({ 'toolwright/capped': true });
      expect(textOf(result)).toMatch(/more characters not shown: the result exceeded this server's 8192-byte limit/);
      expect(textOf(result)).toMatch(/^\s*1\ty{150}\n/);
    } finally {
      await close();
    }
  });

  it('leaves results under the cap untouched and refuses outputs that cannot be shortened validly', () => {
    const toolkit = createToolkit({ workspace: dir });
    const op = toolkit.find('read_file')!;
    const output = { path: 'a.txt', content: 'hello\n', start_line: 1, end_line: 1, total_lines: 1, truncated: false };
    const small = toCallToolResult(op, {
      ok: true,
      output,
      text: 'hello',
      meta: { operation: op.id, policy: { decision: 'allow', rule: 'default' }, duration_ms: 1 },
    });
    expect(small).toEqual({ content: [{ type: 'text', text: 'hello' }], structuredContent: output });
    // A number-only output cannot shrink: the cap reports TOO_LARGE instead of sending it.
    const fake = { ...op, result: { type: 'object' }, validateResult: Object.assign(() => true, { errors: null }) };
    const numbers = { values: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])) };
    expect(fitResult(fake, 'x', numbers, 4096)).toMatchObject({
      ok: false,
      message: expect.stringContaining('4096-byte result limit'),
    });
  });

  it('shortens long arrays and strings anywhere in an output and flags truncated', () => {
    const toolkit = createToolkit({ workspace: dir });
    const result = {
      type: 'object',
      additionalProperties: false,
      required: ['matches', 'truncated'],
      properties: {
        matches: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'text'],
            properties: { path: { type: 'string' }, text: { type: 'string' } },
          },
        },
        truncated: { type: 'boolean' },
      },
    };
    const validateResult = Object.assign((value: unknown) => new Ajv().validate(result, value), { errors: null });
    const op = { ...toolkit.find('read_file')!, result, validateResult };
    const output = {
      matches: Array.from({ length: 5000 }, (_, i) => ({
        path: `src/file${i}.ts`,
        text: `line ${i} ${'z'.repeat(i % 7 === 0 ? 3000 : 20)}`,
      })),
      truncated: false,
    };
    const fitted = fitResult(op, 'x'.repeat(300_000), output, 64 * 1024);
    expect(fitted.ok).toBe(true);
    if (!fitted.ok) return;
    expect(
      Buffer.byteLength(JSON.stringify(fitted.output)) + Buffer.byteLength(JSON.stringify(fitted.text)),
    ).toBeLessThan(64 * 1024);
    const shrunk = fitted.output as typeof output;
    expect(shrunk.truncated).toBe(true);
    expect(shrunk.matches.length).toBeGreaterThan(10);
    expect(shrunk.matches.length).toBeLessThan(5000);
    expect(shrunk.matches[0]!.path).toBe('src/file0.ts'); // the head is kept
    expect(output.matches.length).toBe(5000); // the input is not modified
    expect(fitted.text).toMatch(/^x+\n\n\[… \d+ more characters not shown/);
  });

  it('answers tools/call with malformed params -32602 (invalid params) naming the part, not -32603 with a zod dump', async () => {
    const toolkit = createToolkit({ workspace: dir });
    const server = await createMcpServer(toolkit);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const replies = new Map<unknown, { error?: { code: number; message: string }; result?: CallToolResult }>();
    clientSide.onmessage = (message) => {
      replies.set((message as { id?: unknown }).id, message as never);
    };
    await server.connect(serverSide);
    await clientSide.start();
    await clientSide.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const calls: [number, unknown, RegExp][] = [
      [1, { name: 'read_file', arguments: [1, 2] }, /arguments must be an object .* got an array/],
      [2, { name: 7 }, /name must be a string .* got number/],
      [3, { arguments: {} }, /name must be a string .* got nothing/],
      [4, { name: 'read_file', arguments: null }, /got null/],
      [5, { name: 'no_such_tool' }, /^Unknown tool: no_such_tool \(available: /],
      [8, { name: 'read_file', task: 'later' }, /task must be an object/],
    ];
    for (const [id, params] of calls)
      await clientSide.send({ jsonrpc: '2.0', id, method: 'tools/call', params } as never);
    await clientSide.send({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'read_file', arguments: { path: 'a.txt' } },
    });
    for (let i = 0; i < 100 && replies.size < 8; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const [id, , message] of calls) {
      expect(replies.get(id)?.error?.code, `${id} ${JSON.stringify(replies.get(id))}`).toBe(-32602);
      expect(replies.get(id)?.error?.message, String(id)).toMatch(message);
      expect(replies.get(id)?.error?.message).not.toMatch(/"expected"|\[\s*\{/);
    }
    // A method nobody serves is still the SDK's -32601.
    await clientSide.send({ jsonrpc: '2.0', id: 9, method: 'resources/list', params: {} });
    for (let i = 0; i < 100 && !replies.has(9); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies.get(9)?.error).toEqual({ code: -32601, message: 'Method not found' });
    // The server goes on serving after them.
    expect(replies.get(6)?.result?.structuredContent).toMatchObject({ path: 'a.txt' });
    await server.close();
  });

  it('lists only the operations of the toolkit profile and refuses the others as unknown tools', async () => {
    const { client, close } = await connect(
      { workspace: dir, profile: ['filesystem.read_file', 'search.*'] },
      1024 * 1024,
    );
    try {
      const { tools } = await client.listTools();
      const expected = createToolkit({ workspace: dir, profile: ['filesystem.read_file', 'search.*'] }).operations.map(
        (op) => op.name,
      );
      expect(tools.map((t) => t.name)).toEqual(expected);
      expect(expected).toContain('read_file');
      expect(expected).not.toContain('write_file');
      await expect(client.callTool({ name: 'write_file', arguments: { path: 'x', content: 'y' } })).rejects.toThrow(
        /Unknown tool: write_file/,
      );
    } finally {
      await close();
    }
  });

  it('cancels the running tool when the client cancels the request', { timeout: scaled(30_000) }, async () => {
    const { client, toolkit, close } = await connect({ workspace: dir }, 1024 * 1024);
    if (!toolkit.find('bash')) return close();
    try {
      const controller = new AbortController();
      const call = client.callTool(
        { name: 'bash', arguments: { command: 'echo $$ > pid.txt; exec sleep 30' } },
        undefined,
        { signal: controller.signal },
      );
      let pid = 0;
      for (let i = 0; i < 100 && !pid; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        pid = Number((await readFile(join(dir, 'pid.txt'), 'utf8').catch(() => '')).trim());
      }
      expect(pid).toBeGreaterThan(0);
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(await goneWithin(pid)).toBe(true);
      // The server keeps serving after a cancellation.
      const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
      expect(read.isError).toBeFalsy();
    } finally {
      await close();
    }
  });

  it('routes ask_user through MCP elicitation when the client supports it', async () => {
    const user = createMcpElicitationUserChannel();
    const { client, toolkit, close } = await connect({ workspace: dir, user }, 1024 * 1024, { elicitation: {} });
    if (!toolkit.find('ask_user')) return close();
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { answer: 'blue' } };
    });
    try {
      const result = (await client.callTool({
        name: 'ask_user',
        arguments: { question: 'Which colour?', options: [{ label: 'red' }, { label: 'blue' }] },
      })) as CallToolResult;
      expect(asked).toEqual(['Which colour?']);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ answer: 'blue', selected: ['blue'] });
    } finally {
      await close();
    }
  });

  it('asks for approval over elicitation for policy "ask" rules, and refuses without client support', async () => {
    const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }] };
    const approving = await connect({ workspace: dir, policy, user: createMcpElicitationUserChannel() }, 1024 * 1024, {
      elicitation: {},
    });
    approving.client.setRequestHandler(ElicitRequestSchema, async (req) => ({
      action: 'accept',
      content: { approve: req.params.message.startsWith('Allow write_file') },
    }));
    const plain = await connect({ workspace: dir, policy, user: createMcpElicitationUserChannel() }, 1024 * 1024);
    try {
      const ok = (await approving.client.callTool({
        name: 'write_file',
        arguments: { path: 'ok.txt', content: 'x' },
      })) as CallToolResult;
      expect(ok.isError).toBeFalsy();
      const refused = (await plain.client.callTool({
        name: 'write_file',
        arguments: { path: 'no.txt', content: 'x' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^Error DENIED_BY_POLICY/);
      expect(await readFile(join(dir, 'ok.txt'), 'utf8')).toBe('x');
      await expect(readFile(join(dir, 'no.txt'))).rejects.toThrow();
    } finally {
      await approving.close();
      await plain.close();
    }
  });
});
