// shell_read under a path rule from every surface: the CLI's `call` and `policy check` with a
// policy file, MCP over stdio (the CLI as a child process) and over HTTP. The secret never comes
// back, and what is refused says why.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createToolkit } from '../../src/index.js';
import { cli, root } from '../support/cli.js';
import { builtCli } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const POLICY_YAML =
  'extends: readOnly\nrules:\n  - path: "**/.env"\n    decision: deny\n    reason: env files are private\n';
const REFUSED = ['cat .env', 'head .e*', "cat './sub/../.env'", 'grep -r SECRET .', 'cat sub/.env', 'ls -a sub'];

async function workspace(): Promise<string> {
  const dir = await tempDir('tw-sr-surfaces-');
  await mkdir(join(dir, 'sub'));
  await writeFile(join(dir, '.env'), 'SECRET=hunter2\n');
  await writeFile(join(dir, 'sub', '.env'), 'SECRET=hunter2-sub\n');
  await writeFile(join(dir, 'notes.txt'), 'SECRET is mentioned\n');
  await writeFile(join(dir, 'policy.yaml'), POLICY_YAML);
  return dir;
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

async function exercise(client: Client): Promise<void> {
  for (const command of REFUSED) {
    const result = (await client.callTool({ name: 'shell_read', arguments: { command } })) as CallToolResult;
    expect(result.isError, command).toBe(true);
    expect(JSON.stringify(result), command).not.toContain('hunter2');
    expect(textOf(result), command).toMatch(/DENIED_BY_POLICY|not run/);
  }
  const allowed = (await client.callTool({
    name: 'shell_read',
    arguments: { command: 'cat notes.txt' },
  })) as CallToolResult;
  expect(textOf(allowed)).toContain('mentioned');
}

describe('shell_read path rules on every surface', () => {
  it('the CLI: call exits 1 without printing the secret; policy check shows the decision and the refusal', async () => {
    const dir = await workspace();
    const policy = join(dir, 'policy.yaml');
    for (const command of REFUSED) {
      const run = await cli(['call', 'shell_read', JSON.stringify({ command }), '-w', dir, '--policy', policy]);
      expect(run.code, command).toBe(1);
      expect(run.err, command).toMatch(/^Error DENIED_BY_POLICY: /);
      expect(run.out + run.err, command).not.toContain('hunter2');
    }
    const ok = await cli(['call', 'shell_read', '{"command":"cat notes.txt"}', '-w', dir, '--policy', policy]);
    expect(ok.code).toBe(0);
    const named = await cli(['policy', 'check', '--policy', policy, '-w', dir, 'shell_read', '{"command":"cat .e*"}']);
    expect(named.code).toBe(1);
    expect(named.out).toMatch(/^decision: deny$/m);
    expect(named.out).toMatch(/cat reads \.e\* \(\.env\): rule 0 denies it \(env files are private\)/);
    const walked = await cli([
      'policy',
      'check',
      '--policy',
      policy,
      '-w',
      dir,
      'shell_read',
      '{"command":"grep -r x ."}',
    ]);
    expect(walked.code).toBe(1);
    expect(walked.out).toMatch(/^shell_read: refused: .*grep reads 2 paths a path rule keeps from reads/m);
  });

  it('MCP over stdio', { timeout: scaled(60_000) }, async () => {
    const dir = await workspace();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtCli(), 'mcp', '--workspace', dir, '--policy', join(dir, 'policy.yaml')],
      cwd: root,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it('MCP over HTTP', { timeout: scaled(60_000) }, async () => {
    const dir = await workspace();
    const server = await startMcpHttpServer(() =>
      createToolkit({
        workspace: dir,
        policy: {
          extends: 'readOnly',
          rules: [{ path: '**/.env', decision: 'deny', reason: 'env files are private' }],
        },
      }),
    );
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      await exercise(client);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
