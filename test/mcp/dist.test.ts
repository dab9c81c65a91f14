// The published bin: compile with tsconfig.build.json (into a scratch folder, not dist/) and drive
// `node dist/cli.js mcp` with the MCP SDK client, so ESM/require problems of the emitted JS show up.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('built CLI (tsc + bundle → dist/cli.js)', () => {
  let build: string;
  let workspace: string;
  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'tw-dist-'));
    workspace = await mkdtemp(join(tmpdir(), 'tw-dist-ws-'));
    await writeFile(join(workspace, 'a.txt'), 'from the built bin\n');
    await symlink(join(root, 'node_modules'), join(build, 'node_modules'));
    await copyFile(join(root, 'package.json'), join(build, 'package.json'));
    // Other modules' type errors must not hide ours: tsc still emits; we check the emitted files run.
    spawnSync(
      join(root, 'node_modules/.bin/tsc'),
      ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(build, 'dist')],
      { cwd: root, encoding: 'utf8' },
    );
    // Then bundled, as `npm run build` ships it.
    const bundled = spawnSync(process.execPath, [join(root, 'scripts/bundle.mjs'), join(build, 'dist')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bundled.status, bundled.stderr).toBe(0);
  }, scaled(120_000));
  afterAll(async () => {
    await rm(build, { recursive: true, force: true });
    await rm(workspace, { recursive: true, force: true });
  });

  it('starts with a shebang and serves MCP over stdio with plain node', { timeout: scaled(60_000) }, async () => {
    const cli = join(build, 'dist/cli.js');
    expect((await readFile(cli, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node');
    const version = spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(
      (await import(join(root, 'package.json'), { with: { type: 'json' } })).default.version,
    );

    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, 'mcp', '--workspace', workspace],
        stderr: 'ignore',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('read_file');
      const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
      expect(read.isError).toBeFalsy();
      expect(read.structuredContent).toMatchObject({ content: expect.stringContaining('from the built bin') });
    } finally {
      await client.close();
    }
  });
});
