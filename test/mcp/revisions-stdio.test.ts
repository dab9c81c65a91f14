// `toolwright mcp` over stdio to both revisions: the first message decides. A 2026-07-28 client
// (SDK v2, server/discover, envelope on every request) and a 2025-11-25 client (initialize) are
// served by the same command, with the same tools; a 2026-07-28 approval is an input_required
// round there too.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';
import { root, seededWorkspace, textOf } from './mcp-exercise.js';
import { modernClient } from '../support/mcp-modern.js';
import { builtCli } from '../support/built-cli.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const command = (extra: string[] = []) => ({
  command: process.execPath,
  args: [builtCli(), 'mcp', '--workspace', dir, ...extra],
  cwd: root,
  stderr: 'pipe' as const,
});

describe('toolwright mcp over stdio, both revisions', () => {
  it(
    'a 2026-07-28 client and a 2025-11-25 client list the same tools and call them',
    { timeout: scaled(120_000) },
    async () => {
      const modern = await modernClient(new ModernStdio(command()));
      const legacy = new Client({ name: 'legacy', version: '1.0.0' });
      await legacy.connect(new StdioClientTransport(command()));
      try {
        expect(modern.getProtocolEra()).toBe('modern');
        const [modernTools, legacyTools] = await Promise.all([modern.listTools(), legacy.listTools()]);
        expect(modernTools.tools.map((t) => t.name).sort()).toEqual(legacyTools.tools.map((t) => t.name).sort());
        for (const client of [modern, legacy]) {
          const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
          expect(read.isError, textOf(read)).toBeFalsy();
          expect(textOf(read)).toContain('hello');
          const missing = (await client.callTool({
            name: 'read_file',
            arguments: { path: 'nope.txt' },
          })) as CallToolResult;
          expect(textOf(missing)).toMatch(/^Error NOT_FOUND/);
        }
      } finally {
        await Promise.allSettled([modern.close(), legacy.close()]);
      }
    },
  );

  it(
    'an approval under --policy is an input_required round for a 2026-07-28 client',
    { timeout: scaled(120_000) },
    async () => {
      const modern = await modernClient(new ModernStdio(command(['--policy', 'askForRisky'])), { elicitation: true });
      const prompts: string[] = [];
      modern.setRequestHandler('elicitation/create', async (request) => {
        prompts.push(String((request.params as { message?: unknown }).message));
        return { action: 'accept', content: { approve: true } };
      });
      try {
        const written = (await modern.callTool({
          name: 'write_file',
          arguments: { path: 'w.txt', content: 'ok' },
        })) as CallToolResult;
        expect(written.isError, textOf(written)).toBeFalsy();
        expect(prompts.length).toBeGreaterThanOrEqual(1);
        expect(await readFile(join(dir, 'w.txt'), 'utf8')).toBe('ok');
      } finally {
        await modern.close();
      }
    },
  );
});
