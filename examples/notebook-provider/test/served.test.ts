// The notebook provider served by the installed toolwright bin: `toolwright call --provider` and
// `toolwright mcp --provider` (the MCP SDK's client over stdio) confine, decide and redact by role
// exactly as createToolkit does. Needs the built package: `npm run build` first.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.join(here, '..', 'dist', 'index.js');
const bin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('toolwright/package.json')),
  'dist',
  'cli.js',
);

let parent: string;
let root: string;
let server: http.Server;
let origin: string;
beforeAll(async () => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` before these tests`);
  parent = await realpath(await mkdtemp(path.join(tmpdir(), 'notebook-served-')));
  root = path.join(parent, 'ws');
  await mkdir(path.join(root, 'notes'), { recursive: true });
  await mkdir(path.join(parent, 'outside'));
  await writeFile(path.join(parent, 'outside', 'secret.md'), 'OUTSIDE');
  await writeFile(path.join(root, 'notes', 'a.md'), 'alpha\n');
  await writeFile(path.join(root, '.credentials'), 'ann:correct horse battery');
  await symlink(path.join(parent, 'outside', 'secret.md'), path.join(root, 'link-out.md'));
  await writeFile(
    path.join(parent, 'no-rm.yaml'),
    'default: allow\nrules:\n  - operation: note_run\n    command: "rm *"\n    decision: deny\n',
  );
  await writeFile(path.join(parent, 'ask.yaml'), 'default: allow\nrules:\n  - provider: notebook\n    decision: ask\n');
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('up');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  if (parent) await rm(parent, { recursive: true, force: true });
});

/** `toolwright call TOOL JSON --provider dist/index.js --workspace ws --json ...`: exit code and result. */
function call(
  tool: string,
  input: unknown,
  ...flags: string[]
): Promise<{
  code: number;
  result: { ok: boolean; error?: { code: string; message: string }; output?: unknown; text: string };
}> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, 'call', tool, JSON.stringify(input), '--provider', entry, '--workspace', root, '--json', ...flags],
      (error, stdout, stderr) => {
        try {
          resolve({ code: error ? Number(error.code) : 0, result: JSON.parse(stdout) });
        } catch {
          reject(new Error(`toolwright call ${tool} printed no JSON: ${stdout}${stderr}`));
        }
      },
    );
  });
}

// Every test starts the bin as a process: a loaded machine needs more than the default 5 s, and
// the timeout stretches by TOOLWRIGHT_TIME_SCALE, else by the load per core (1 to 10), as
// toolwright's own tests do.
function scaled(ms: number): number {
  const given = Number(process.env.TOOLWRIGHT_TIME_SCALE);
  const perCore = Math.ceil((loadavg()[0] ?? 0) / Math.max(1, availableParallelism()));
  return Math.round(ms * (given > 0 ? given : Math.min(10, Math.max(1, perCore))));
}
const PROCESSES = { timeout: scaled(60_000) };

describe('toolwright call --provider', PROCESSES, () => {
  it('confines paths: ../x, a symlink out and an absolute path are OUTSIDE_WORKSPACE', async () => {
    for (const p of ['../outside/secret.md', 'link-out.md', path.join(parent, 'outside', 'secret.md')]) {
      const { code, result } = await call('note_read', { path: p });
      expect([p, code, result.error?.code]).toEqual([p, 1, 'OUTSIDE_WORKSPACE']);
    }
    expect((await call('note_read', { path: 'notes/a.md' })).result.output).toEqual({
      path: 'notes/a.md',
      text: 'alpha\n',
    });
  });

  it("applies a policy file's command rules to the notebook's shell line", async () => {
    const { result } = await call(
      'note_run',
      { line: 'ls; rm notes/a.md' },
      '--policy',
      path.join(parent, 'no-rm.yaml'),
    );
    expect(result.error?.code).toBe('DENIED_BY_POLICY');
    expect((await call('note_read', { path: 'notes/a.md' })).result.ok).toBe(true);
  });

  it('guards the url: 127.0.0.1 is refused unless --allow-private-network', async () => {
    expect((await call('url_check', { url: `${origin}/` })).result.error?.code).toBe('BLOCKED_URL');
    expect((await call('url_check', { url: `${origin}/` }, '--allow-private-network')).result.output).toEqual({
      status: 200,
      content_type: 'text/plain',
    });
  });

  it('never prints the password', async () => {
    const { result } = await call('sign_in', { user: 'ann', password: 'wrong horse battery' });
    expect(result.error?.code).toBe('BAD_CREDENTIALS');
    expect(JSON.stringify(result)).not.toContain('wrong horse');
  });
});

describe('toolwright mcp --provider (MCP SDK client over stdio)', PROCESSES, () => {
  async function connect(...flags: string[]) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--provider', entry, '--workspace', root, ...flags],
      stderr: 'ignore',
    });
    const client = new Client({ name: 'notebook-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const messages: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      messages.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    await client.connect(transport);
    return { client, messages, close: () => client.close() };
  }
  const text = (result: CallToolResult) =>
    (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

  it('lists the notebook tools without roles in their schemas, and confines and guards their arguments', async () => {
    const { client, close } = await connect();
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of ['note_read', 'note_find', 'note_run', 'url_check', 'sign_in', 'note_save', 'read_file'])
        expect(names).toContain(name);
      expect(JSON.stringify(tools)).not.toContain('"role"');
      const outside = (await client.callTool({
        name: 'note_read',
        arguments: { path: '../outside/secret.md' },
      })) as CallToolResult;
      expect(outside.isError).toBe(true);
      expect(text(outside)).toMatch(/OUTSIDE_WORKSPACE/);
      const glob = (await client.callTool({ name: 'note_find', arguments: { pattern: '../*' } })) as CallToolResult;
      expect(text(glob)).toMatch(/OUTSIDE_WORKSPACE/);
      const blocked = (await client.callTool({
        name: 'url_check',
        arguments: { url: `${origin}/` },
      })) as CallToolResult;
      expect(text(blocked)).toMatch(/BLOCKED_URL/);
    } finally {
      await close();
    }
  });

  it('an ask approval (elicitation) shows no secret and summarises content', async () => {
    const { client, messages, close } = await connect('--policy', path.join(parent, 'ask.yaml'));
    try {
      const signed = (await client.callTool({
        name: 'sign_in',
        arguments: { user: 'ann', password: 'correct horse battery' },
      })) as CallToolResult;
      expect(signed.isError).toBeFalsy();
      const long = `# Minutes\n${'- item\n'.repeat(300)}the last line`;
      const saved = (await client.callTool({
        name: 'note_save',
        arguments: { path: 'notes/m.md', text: long },
      })) as CallToolResult;
      expect(saved.isError).toBeFalsy();
      expect(messages).toHaveLength(2);
      expect(messages[0]).toContain('\u27easecret, 21 chars\u27eb');
      expect(messages.join('\n')).not.toContain('correct horse');
      expect(messages[1]).toContain(`\u27eacontent, ${long.length} chars, 302 lines`);
      expect(messages[1]).not.toContain('the last line');
    } finally {
      await close();
    }
  });
});
