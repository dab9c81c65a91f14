// The MCP server over its transports: stdio with the CLI as a child process (the shared protocol
// checks, and lines that are not JSON-RPC), Streamable HTTP in process (one toolkit per session,
// Host and Origin checks against DNS rebinding), and `mcp --http` from the CLI until SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/toolkit.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { scaled } from '../support/time.js';
import { exerciseServer, root, seededWorkspace, textOf } from './mcp-exercise.js';
import { builtCli } from '../support/built-cli.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
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
        args: [builtCli(), 'mcp', '--workspace', dir],
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
      const child = spawn(process.execPath, [builtCli(), 'mcp', '--workspace', dir], {
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
  const created: ToolkitOf[] = [];
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

describe('CLI mcp --http', () => {
  it('prints its 127.0.0.1 URL and serves until SIGTERM', { timeout: scaled(60_000) }, async () => {
    const child = spawn(process.execPath, [builtCli(), 'mcp', '--http', '0', '--workspace', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
