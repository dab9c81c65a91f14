// apply_patch and the checkpoint operations through the CLI, MCP over stdio and MCP over HTTP: a
// patch applied and undone within one MCP session, a path outside refused on every surface, a
// second HTTP session seeing none of the first one's checkpoints, and --no-checkpoints.
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { cli, root } from '../support/cli.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

async function workspace(): Promise<{ dir: string; outside: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tw-patch-surface-'));
  const outside = await mkdtemp(join(tmpdir(), 'tw-patch-outside-'));
  await writeFile(join(dir, 'a.txt'), 'one\ntwo\nthree\n');
  return { dir, outside };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const structured = (result: CallToolResult) => result.structuredContent as Record<string, any>;

/** A patch applied, listed, undone; then one that reaches outside, refused. */
async function exercise(client: Client, dir: string, outside: string): Promise<void> {
  const applied = await call(client, 'apply_patch', {
    input: patch('*** Update File: a.txt', '*** Move to: b/a.txt', '@@', ' one', '-two', '+TWO'),
  });
  expect(applied.isError ?? false).toBe(false);
  expect(await readFile(join(dir, 'b/a.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
  const listed = structured(await call(client, 'checkpoint_list', {}));
  expect(listed.total).toBe(1);
  const restored = await call(client, 'checkpoint_restore', { id: listed.checkpoints[0].id });
  expect(restored.isError ?? false).toBe(false);
  expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
  for (const input of [
    patch('*** Add File: ../escaped.txt', '+x'),
    patch('*** Update File: a.txt', `*** Move to: ${join(outside, 'a.txt')}`, '@@', '-one', '+x'),
  ]) {
    const refused = await call(client, 'apply_patch', { input });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('OUTSIDE_WORKSPACE');
  }
  expect(await readdir(outside)).toEqual([]);
}

describe('apply_patch and checkpoints on every surface', () => {
  it('the CLI applies a patch, refuses one reaching outside, and --no-checkpoints serves no checkpoint tool', async () => {
    const { dir, outside } = await workspace();
    const ok = await cli([
      'call',
      'apply_patch',
      JSON.stringify({ input: patch('*** Update File: a.txt', '@@', '-two', '+2') }),
      '--workspace',
      dir,
    ]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('M a.txt');
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('one\n2\nthree\n');
    const refused = await cli([
      'call',
      'apply_patch',
      JSON.stringify({ input: patch(`*** Add File: ${join(outside, 'x.txt')}`, '+x') }),
      '--workspace',
      dir,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.out + refused.err).toContain('OUTSIDE_WORKSPACE');
    expect(await readdir(outside)).toEqual([]);
    const listed = await cli(['call', 'checkpoint_list', '{}', '--workspace', dir]);
    expect(listed.code).toBe(0);
    const off = await cli(['call', 'checkpoint_list', '{}', '--workspace', dir, '--no-checkpoints']);
    expect(off.code).not.toBe(0);
  });

  it(
    'MCP over stdio: applied, listed and undone in one session; outside refused',
    { timeout: scaled(60_000) },
    async () => {
      const { dir, outside } = await workspace();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [builtCli(), 'mcp', '--workspace', dir],
        cwd: root,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(transport);
      try {
        await exercise(client, dir, outside);
      } finally {
        await client.close();
      }
    },
  );

  it('MCP over HTTP: each session has its own checkpoints', { timeout: scaled(60_000) }, async () => {
    const { dir, outside } = await workspace();
    const server = await startMcpHttpServer(() => createToolkit({ workspace: dir }));
    const first = new Client({ name: 'test', version: '1.0.0' });
    const second = new Client({ name: 'test', version: '1.0.0' });
    try {
      await first.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      await second.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      await exercise(first, dir, outside);
      const theirs = structured(await call(second, 'checkpoint_list', {}));
      expect(theirs.total).toBe(0);
      const refused = await call(second, 'checkpoint_restore', { id: 'cp-1' });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('NOT_FOUND');
    } finally {
      await first.close();
      await second.close();
      await server.close();
    }
  });
});
