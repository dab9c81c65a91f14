// The credential broker from each surface that starts a toolkit in a process of its own: the CLI's
// `call bash`, and the MCP server over stdio and over Streamable HTTP, each given
// --network-allow and --network-credential. The real value is read from the server's own
// environment and reaches the bound host; the command, the answer the client gets, and what the
// process writes to its standard streams (its log) hold the placeholder or the secret mark, never
// the value, even when the command prints a file holding it and the server echoes it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { root } from '../support/cli.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpsServer, upstreamCaFile, type TestServer } from '../support/network.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';
import { useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const TOKEN = 'surface-secret-7d41c9a0e2b6';

/** The server's environment: the credential, and the test CA trusted for the proxy's upstream TLS. */
const serverEnv = () => ({ ...process.env, TW_SURFACE_TOKEN: TOKEN, NODE_EXTRA_CA_CERTS: upstreamCaFile });

const flags = [
  '--sandbox',
  'workspace-write',
  '--network-allow',
  '127.0.0.1',
  '--network-credential',
  'TW_SURFACE_TOKEN=127.0.0.1',
];

/** An HTTPS server (its certificate names 127.0.0.1) that echoes the Authorization it got. */
const echoServer = () =>
  httpsServer((req, res) => {
    res.setHeader('x-echo', String(req.headers.authorization));
    res.end(`got ${String(req.headers.authorization)}\n`);
  });

/** The command: a request with the placeholder, the variable, and a file holding the real value. */
function command(server: TestServer): string {
  writeFileSync(join(ws, 'leak.txt'), `the token: ${TOKEN}\n`);
  return [
    `curl -sS -D - -H "Authorization: Bearer $TW_SURFACE_TOKEN" https://127.0.0.1:${server.port}/e`,
    'echo "variable: $TW_SURFACE_TOKEN"',
    'cat leak.txt',
    'cat leak.txt >&2',
  ].join('; ');
}

function expectBrokered(server: TestServer, seen: string): void {
  expect(server.seen.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
  expect(seen).not.toContain(TOKEN);
  expect(seen).toMatch(/got Bearer toolwright-placeholder-[0-9a-f]{36}/);
  expect(seen).toMatch(/variable: toolwright-placeholder-[0-9a-f]{36}/);
  expect(seen).toContain(`the token: \u27easecret, ${TOKEN.length} chars\u27eb`);
}

function cliProcess(args: string[]) {
  return spawn(process.execPath, [builtCli(), ...args], {
    cwd: root,
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe.runIf(runSandboxTests)('credentials from every surface', () => {
  it(
    'CLI call bash: the value reaches the bound host and neither stdout nor stderr',
    { timeout: scaled(60_000) },
    async () => {
      const server = await echoServer();
      const child = cliProcess(['call', 'bash', JSON.stringify({ command: command(server) }), '-w', ws, ...flags]);
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect({ code, err: err.includes(TOKEN) }).toEqual({ code: 0, err: false });
      expectBrokered(server, out + err);
    },
  );

  it(
    'MCP over stdio: the value reaches the bound host and neither the result nor the log',
    { timeout: scaled(60_000) },
    async () => {
      const server = await echoServer();
      const log: string[] = [];
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [builtCli(), 'mcp', '--workspace', ws, ...flags],
        cwd: root,
        env: serverEnv(),
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const result = (await client.callTool({
          name: 'bash',
          arguments: { command: command(server) },
        })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        expectBrokered(server, JSON.stringify(result));
      } finally {
        await client.close();
      }
      expect(log.join('')).toContain('MCP server on stdio');
      expect(log.join('')).not.toContain(TOKEN);
    },
  );

  it(
    'MCP over Streamable HTTP: the value reaches the bound host and neither the result nor the log',
    { timeout: scaled(60_000) },
    async () => {
      const server = await echoServer();
      const child = cliProcess(['mcp', '--http', '0', '--workspace', ws, ...flags]);
      let log = '';
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stderr.on('data', (chunk: Buffer) => {
            log += chunk.toString();
            const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log);
            if (match) resolve(match[1]!);
          });
          child.once('exit', () => reject(new Error(`exited early: ${log}`)));
        });
        const client = new Client({ name: 'test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        const result = (await client.callTool({
          name: 'bash',
          arguments: { command: command(server) },
        })) as CallToolResult;
        await client.close();
        expect(result.isError).toBeFalsy();
        expectBrokered(server, JSON.stringify(result));
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(log).not.toContain(TOKEN);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
