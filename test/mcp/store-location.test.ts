// `toolwright mcp` over stdio and HTTP with the embedded store: the store (tasks, jobs, audit) lives
// in the workspace's state folder and nothing of it in the workspace; an old in-workspace store is
// moved out when the server first uses it; a store folder inside the workspace stops the server
// before it serves (exit 2).
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { stateFolderFor } from '../../src/index.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';
import { root } from './mcp-exercise.js';
import { builtCli } from '../support/built-cli.js';

const cliArgs = (...args: string[]) => [builtCli(), 'mcp', ...args];
/** The child's environment: this one's (the tests' temporary XDG_STATE_HOME included). */
const childEnv = () => ({ ...process.env }) as Record<string, string>;

/** Calls that use every part of the store: a task, a background job, an audited read. */
async function useTheStore(client: Client): Promise<void> {
  const created = (await client.callTool({ name: 'task_create', arguments: { title: 'from MCP' } })) as CallToolResult;
  expect(created.isError).toBeFalsy();
  const job = (await client.callTool({
    name: 'bash',
    arguments: { command: 'echo in the background', run_in_background: true },
  })) as CallToolResult;
  expect(job.isError).toBeFalsy();
  const id = (job.structuredContent as { job_id: string }).job_id;
  for (let i = 0; i < 50; i++) {
    const out = (await client.callTool({ name: 'bash_output', arguments: { job_id: id } })) as CallToolResult;
    if ((out.structuredContent as { status: string }).status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
}

async function expectStoreOutside(workspace: string, minimumCalls: number): Promise<void> {
  expect(await readdir(workspace)).toEqual(['a.txt']);
  const folder = stateFolderFor(workspace);
  expect(await readdir(folder)).toEqual(expect.arrayContaining(['audit.jsonl', 'jobs', 'store.json', 'tasks']));
  const lines = (await readFile(join(folder, 'audit.jsonl'), 'utf8')).trim().split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(minimumCalls);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function seeded(): Promise<string> {
  const workspace = await tempDir('toolwright-mcp-store-');
  await writeFile(join(workspace, 'a.txt'), 'alpha\n');
  return workspace;
}

describe('mcp with the embedded store', () => {
  it(
    'over stdio: tasks, jobs and the audit land in the state folder, nothing in the workspace',
    { timeout: scaled(60_000) },
    async () => {
      const workspace = await seeded();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: cliArgs('--workspace', workspace, '--store', 'embedded'),
        cwd: root,
        env: childEnv(),
        stderr: 'pipe',
      });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(transport);
      const pid = transport.pid!;
      try {
        await useTheStore(client);
      } finally {
        await client.close();
      }
      // The server writes what its audit queue still holds before it exits.
      for (let i = 0; i < 200 && isRunning(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await expectStoreOutside(workspace, 4);
    },
  );

  it('over HTTP: the same, and an old in-workspace store is moved out first', { timeout: scaled(60_000) }, async () => {
    const workspace = await seeded();
    const old = createEmbeddedStore(join(workspace, '.toolwright', 'store'));
    await old.tasks.create({ scope: workspace, principal: 'local' }, { title: 'from before' }, new Date());
    await old.close();
    const child = spawn(process.execPath, cliArgs('--http', '0', '--workspace', workspace, '--store', 'embedded'), {
      cwd: root,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seen = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`exited early: ${seen}`)));
      });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      await useTheStore(client);
      const list = (await client.callTool({ name: 'task_list', arguments: {} })) as CallToolResult;
      expect((list.structuredContent as { tasks: { title: string }[] }).tasks.map((t) => t.title)).toEqual([
        'from before',
        'from MCP',
      ]);
      await client.close();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(seen).toMatch(/TOOLWRIGHT_STORE_MOVED.*was moved to/);
    await expectStoreOutside(workspace, 5);
  });

  for (const transport of ['stdio', 'http'] as const) {
    it(
      `over ${transport}: a store folder inside the workspace is refused before serving (exit 2)`,
      { timeout: scaled(30_000) },
      async () => {
        const workspace = await seeded();
        await mkdir(join(workspace, 'sub'));
        const outside = await tempDir();
        await symlink(join(workspace, 'sub'), join(outside, 'link'));
        for (const store of ['.toolwright/store', join(outside, 'link', 'store')]) {
          const child = spawn(
            process.execPath,
            cliArgs(...(transport === 'http' ? ['--http', '0'] : []), '--workspace', workspace, '--store', store),
            { cwd: root, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
          );
          let err = '';
          child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
          const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
          expect(code, err).toBe(2);
          expect(err).toMatch(/--store: the store folder .* is inside the workspace/);
        }
        expect((await readdir(workspace)).sort()).toEqual(['a.txt', 'sub']);
        expect(await readdir(join(workspace, 'sub'))).toEqual([]);
      },
    );
  }
});
