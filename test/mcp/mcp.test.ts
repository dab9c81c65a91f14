import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createMcpServer, toCallToolResult } from '../../src/adapters/mcp.js';
import { startMcpHttpServer } from '../../src/adapters/mcp-http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp-user.js';
import { fitResult } from '../../src/adapters/result-size.js';
import { createToolkit } from '../../src/toolkit.js';
import type { Toolkit, ToolkitOptions } from '../../src/runtime/types.js';
import { goneWithin } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import { linkedClient } from '../support/mcp-memory.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const RISKS = ['read_only', 'low', 'moderate', 'high', 'critical'];

interface CatalogOperation {
  title: string;
  kind: string;
  risk: string;
  idempotent: boolean;
  open_world: boolean;
}

/** Expected annotations computed straight from catalog.yaml (not from the generated registry). */
async function catalogAnnotations(): Promise<Map<string, Record<string, unknown>>> {
  const catalog = parseYaml(await readFile(join(root, 'catalog.yaml'), 'utf8')) as {
    providers: Record<string, { operations: Record<string, CatalogOperation> }>;
  };
  const expected = new Map<string, Record<string, unknown>>();
  for (const provider of Object.values(catalog.providers)) {
    for (const [name, op] of Object.entries(provider.operations ?? {})) {
      expected.set(name, {
        title: op.title,
        readOnlyHint: op.kind === 'data_source' || op.kind === 'interactive',
        destructiveHint: op.kind === 'resource' && RISKS.indexOf(op.risk) >= RISKS.indexOf('moderate'),
        idempotentHint: op.idempotent,
        openWorldHint: op.open_world,
      });
    }
  }
  return expected;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** The protocol-level checks both transports must pass. */
async function exerciseServer(client: Client, toolkit: Toolkit, dir: string): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(toolkit.operations.map((op) => op.name).sort());
  const expected = await catalogAnnotations();
  for (const tool of tools) {
    const op = toolkit.find(tool.name)!;
    expect(tool.annotations, tool.name).toEqual(expected.get(tool.name));
    expect(tool.title).toBe(op.title);
    expect(tool.description).toBe(op.description);
    expect(tool.inputSchema).toEqual(op.params);
    expect(tool.outputSchema).toEqual(op.result);
    expect(tool._meta).toMatchObject({
      'toolwright/id': op.id,
      'toolwright/kind': op.kind,
      'toolwright/risk': op.risk,
    });
  }

  const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
  expect(read.isError).toBeFalsy();
  expect(read.structuredContent).toMatchObject({ path: 'a.txt', total_lines: 2, truncated: false });
  expect(textOf(read)).toContain('hello');

  const edit = (await client.callTool({
    name: 'edit_file',
    arguments: { path: 'a.txt', old_str: 'missing', new_str: 'x' },
  })) as CallToolResult;
  expect(edit.isError).toBe(true);
  expect(textOf(edit)).toMatch(/^Error NO_MATCH: /);
  expect(edit.structuredContent).toBeUndefined();
  expect(edit._meta?.['toolwright/error']).toMatchObject({ code: 'NO_MATCH' });

  const bad = (await client.callTool({
    name: 'read_file',
    arguments: { path: 'a.txt', offset: 'two' },
  })) as CallToolResult;
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/^Error INVALID_INPUT: offset must be an integer/);

  const write = (await client.callTool({
    name: 'write_file',
    arguments: { path: 'sub/new.txt', content: 'made by mcp\n' },
  })) as CallToolResult;
  expect(write.isError).toBeFalsy();
  expect(write.structuredContent).toMatchObject({ path: 'sub/new.txt', created: true });
  expect(await readFile(join(dir, 'sub/new.txt'), 'utf8')).toBe('made by mcp\n');

  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-'));
  await writeFile(join(dir, 'a.txt'), 'hello\nworld\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('MCP over stdio (the CLI as a child process)', () => {
  it(
    'lists tools with catalog annotations, calls them, reports tool errors and bad arguments',
    { timeout: scaled(60_000) },
    async () => {
      const stderr: string[] = [];
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', join(root, 'src/cli.ts'), 'mcp', '--workspace', dir],
        cwd: root,
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(transport);
      try {
        expect(client.getServerVersion()?.name).toBe('toolwright');
        expect(client.getInstructions()).toContain(dir.split('/').pop());
        await exerciseServer(client, createToolkit({ workspace: dir }), dir);

        // The reference filesystem server breaks its client on files over ~5 MB; this must not.
        const line = `${'x'.repeat(999)}\n`;
        await writeFile(join(dir, 'big.txt'), line.repeat(6 * 1024));
        const big = (await client.callTool({ name: 'read_file', arguments: { path: 'big.txt' } })) as CallToolResult;
        expect(big.isError).toBeFalsy();
        expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThan(1024 * 1024);
        expect(big.structuredContent).toMatchObject({ truncated: true, start_line: 1 });
        expect(textOf(big)).toMatch(/"offset":\d+/);
      } finally {
        await client.close();
      }
      expect(stderr.join('')).toContain('MCP server on stdio');
    },
  );
});

describe('MCP over stdio: lines that are not JSON-RPC', () => {
  it(
    'answers -32700 for a line that is not JSON and -32600 for JSON that is no message, and goes on',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tw-mcp-lines-'));
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli.ts'), 'mcp', '--workspace', dir], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
      });
      const replies = async (count: number) => {
        for (let i = 0; i < 600 && out.split('\n').filter(Boolean).length < count; i++)
          await new Promise((r) => setTimeout(r, 50));
        return out
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown });
      };
      try {
        child.stdin.write(
          '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n',
        );
        expect((await replies(1))[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'toolwright' } } });
        child.stdin.write(
          'not json\n{"jsonrpc":"2.0","id":2,"method":"x","extra":1\n{"hello":1}\n[1,2]\n{"jsonrpc":"2.0","id":3,"method":"tools/list"}\n',
        );
        const all = await replies(6);
        expect(all.slice(1, 4).map((r) => [r.id, r.error?.code])).toEqual([
          [null, -32700],
          [null, -32700],
          [null, -32600],
        ]);
        // [1,2] is not a message either; the good request after the bad lines is still answered.
        const last = all.find((r) => r.id === 3);
        expect(last?.result).toBeDefined();
        expect(all.filter((r) => r.error?.code === -32600)).toHaveLength(2);
      } finally {
        child.kill();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('MCP over Streamable HTTP', () => {
  let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
  const created: Toolkit[] = [];
  beforeAll(async () => {
    server = await startMcpHttpServer(() => {
      const toolkit = createToolkit({ workspace: dir });
      created.push(toolkit);
      return toolkit;
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('binds 127.0.0.1 and serves the same tools, one toolkit per session', { timeout: scaled(30_000) }, async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const first = new Client({ name: 'test', version: '1.0.0' });
    await first.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const second = new Client({ name: 'test', version: '1.0.0' });
    await second.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      await exerciseServer(first, createToolkit({ workspace: dir }), dir);
      const read = (await second.callTool({
        name: 'read_file',
        arguments: { path: 'sub/new.txt' },
      })) as CallToolResult;
      expect(read.structuredContent).toMatchObject({ content: expect.stringContaining('made by mcp') });
      expect(created.length).toBe(2);
      expect(created[0]!.session.id).not.toBe(created[1]!.session.id);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses foreign Host and Origin headers (DNS rebinding) and unknown sessions', async () => {
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(server.url);
        const req = request(
          {
            host: '127.0.0.1',
            port: url.port,
            path: '/mcp',
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
    expect(await post({ host: 'evil.example:80' })).toBe(403);
    expect(await post({ origin: 'http://evil.example' })).toBe(403);
    expect(await post({ 'mcp-session-id': 'not-a-session' })).toBe(404);
    expect(await post({})).toBe(400); // not an initialize request
  });
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

describe('CLI mcp --http', () => {
  it('prints its 127.0.0.1 URL and serves until SIGTERM', { timeout: scaled(60_000) }, async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'src/cli.ts'), 'mcp', '--http', '0', '--workspace', dir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stderr.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`exited early: ${seen}`)));
      });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const read = (await client.callTool({
        name: 'read_file',
        arguments: { path: 'a.txt', offset: 2 },
      })) as CallToolResult;
      expect(read.structuredContent).toMatchObject({ start_line: 2, content: expect.stringContaining('world') });
      await client.close();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
