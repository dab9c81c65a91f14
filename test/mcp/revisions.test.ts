// One server, both revisions: a 2026-07-28 client (SDK v2, no session, envelope in every request)
// and a 2025-11-25 client (SDK v1, initialize and a session) against the same Streamable HTTP
// server and over stdio: listing (ttlMs/cacheScope on 2026-07-28), calls, tool errors as text,
// quirks by the client's name, the result bound, progress and cancellation.
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/toolkit.js';
import { shellEndedWithin, waitForFile } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import { seededWorkspace, textOf } from './mcp-exercise.js';
import { modernClient, rawModern } from '../support/mcp-modern.js';

let dir: string;
let server: RunningHttpServer | undefined;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('Streamable HTTP: a 2026-07-28 and a 2025-11-25 client on one server', () => {
  it(
    'both list and call; 2026-07-28 gets no session and cache hints on the list',
    { timeout: scaled(60_000) },
    async () => {
      server = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
      const modern = await modernClient(new ModernHttp(new URL(server.url)));
      const legacy = new Client({ name: 'legacy', version: '1.0.0' });
      await legacy.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      try {
        expect(modern.getProtocolEra()).toBe('modern');
        const [modernTools, legacyTools] = await Promise.all([modern.listTools(), legacy.listTools()]);
        expect(modernTools.tools.map((t) => t.name)).toEqual(legacyTools.tools.map((t) => t.name));
        expect(modernTools.tools.find((t) => t.name === 'read_file')?.annotations).toEqual(
          legacyTools.tools.find((t) => t.name === 'read_file')?.annotations,
        );
        const listed = await rawModern(server.url, 'tools/list', {});
        expect(listed.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
        expect(listed.result.ttlMs).toBeGreaterThan(0);
        expect(listed.headers.get('mcp-session-id')).toBeNull();
        expect(server.sessionCount()).toBe(1); // the 2025-11-25 client's only

        for (const client of [modern, legacy] as const) {
          const read = (await client.callTool({
            name: 'read_file',
            arguments: { path: 'a.txt' },
          })) as CallToolResult;
          expect(read.isError, textOf(read)).toBeFalsy();
          expect(textOf(read)).toContain('hello');
          const missing = (await client.callTool({
            name: 'read_file',
            arguments: { path: 'nope.txt' },
          })) as CallToolResult;
          expect(missing.isError).toBe(true);
          expect(textOf(missing)).toMatch(/^Error NOT_FOUND/);
        }
      } finally {
        await Promise.allSettled([modern.close(), legacy.close()]);
      }
    },
  );

  it('quirks by the name each request carries, and the same result bound', { timeout: scaled(60_000) }, async () => {
    server = await startMcpHttpServer(() => createToolkit({ workspace: dir }), { maxResultBytes: 4096 });
    await writeFile(join(dir, 'big.txt'), `${'x'.repeat(99)}\n`.repeat(2000));
    // Claude Code gets the text alone; Gemini CLI its argument dropped and its errors as text alone.
    const claude = await rawModern(
      server.url,
      'tools/call',
      { name: 'read_file', arguments: { path: 'a.txt' } },
      { name: 'claude-code' },
    );
    expect(claude.result.structuredContent).toBeUndefined();
    expect(claude.result.content[0].text).toContain('hello');
    const plain = await rawModern(server.url, 'tools/call', { name: 'read_file', arguments: { path: 'a.txt' } });
    expect(plain.result.structuredContent).toMatchObject({ path: 'a.txt', type: 'text' });
    const gemini = await rawModern(
      server.url,
      'tools/call',
      { name: 'read_file', arguments: { path: 'nope.txt', wait_for_previous: true } },
      { name: 'gemini-cli-mcp-client' },
    );
    expect(gemini.result.isError).toBe(true);
    expect(gemini.result.content[0].text).toMatch(/^Error NOT_FOUND/);
    expect(Object.keys(gemini.result._meta ?? {}).filter((k) => k.startsWith('toolwright/'))).toEqual([]);
    const other = await rawModern(server.url, 'tools/call', { name: 'read_file', arguments: { path: 'nope.txt' } });
    expect(other.result._meta['toolwright/error']).toMatchObject({ code: 'NOT_FOUND' });
    const big = await rawModern(server.url, 'tools/call', { name: 'read_file', arguments: { path: 'big.txt' } });
    expect(big.result.isError).toBeFalsy();
    expect(
      Buffer.byteLength(
        JSON.stringify({ content: big.result.content, structuredContent: big.result.structuredContent }),
      ),
    ).toBeLessThanOrEqual(4096);
    expect(big.result.structuredContent).toMatchObject({ truncated: true });
  });

  it(
    'progress reaches the 2026-07-28 client, and its cancel stops the command',
    { timeout: scaled(60_000) },
    async () => {
      server = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
      const modern = await modernClient(new ModernHttp(new URL(server.url)));
      try {
        const events: { progress: number }[] = [];
        const ticking = await modern.callTool(
          { name: 'bash', arguments: { command: 'for i in $(seq 1 12); do echo tick $i; sleep 0.1; done' } },
          { onprogress: (progress) => events.push(progress), timeout: scaled(30_000) },
        );
        expect(ticking.isError).toBeFalsy();
        expect(events.length).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);

        const marker = join(dir, 'still-running');
        const controller = new AbortController();
        const call = modern.callTool(
          {
            name: 'bash',
            arguments: {
              command: `echo $$ > ${marker}.pid; sleep 1; touch ${marker}.started; sleep 3; touch ${marker}`,
            },
          },
          { signal: controller.signal, timeout: scaled(30_000) },
        );
        await waitForFile(`${marker}.started`);
        controller.abort();
        await expect(call).rejects.toThrow();
        // The command's shell ends, so its last `touch` never runs.
        expect(await shellEndedWithin(`${marker}.pid`)).toBe(true);
        await expect(stat(marker)).rejects.toThrow();
      } finally {
        await modern.close();
      }
    },
  );
});
