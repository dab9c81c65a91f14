// `toolwright mcp --approvals --store DIR` over stdio, as a headless agent runs it: a client that
// cannot elicit (2025-11-25 through the v1 SDK, 2026-07-28 through the v2 SDK) calls a tool the
// policy asks about; the call is parked in the store and waits, an operator decides it with
// `toolwright approvals` on the same store, and the client gets the result (approved) or the
// refusal naming who denied it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, root, seededWorkspace } from '../support/cli.js';
import { cliArgs } from '../support/built-cli.js';
import { modernClient } from '../support/mcp-modern.js';
import { waitFor } from '../support/mcp-tasks.js';
import { scaled } from '../support/time.js';
import { textOf } from '../mcp/mcp-exercise.js';

let dir: string;
let storeDir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
  storeDir = await mkdtemp(join(tmpdir(), 'tw-park-stdio-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(storeDir, { recursive: true, force: true, maxRetries: 5 });
});

const server = () => ({
  command: process.execPath,
  args: cliArgs('mcp', '--workspace', dir, '--policy', 'askForRisky', '--approvals', '--store', storeDir),
  cwd: root,
  stderr: 'pipe' as const,
});

/** The id of the one pending approval, as `toolwright approvals list --json` shows it. */
async function pendingId(): Promise<string> {
  return waitFor(async () => {
    const listed = await cli(['approvals', 'list', '--json', '--store', storeDir]);
    const rows = listed.out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; status: string });
    return rows.find((row) => row.status === 'pending')?.id;
  });
}

describe('parked approvals over stdio', () => {
  it(
    '2025-11-25: approved with `toolwright approvals approve`, the call runs',
    { timeout: scaled(120_000) },
    async () => {
      const client = new Client({ name: 'headless', version: '1.0.0' }, { capabilities: {} });
      await client.connect(new StdioClientTransport(server()));
      try {
        const call = client.callTool(
          { name: 'write_file', arguments: { path: 'w.txt', content: 'parked' } },
          undefined,
          {
            timeout: scaled(60_000),
          },
        );
        call.catch(() => undefined); // awaited below; a failure before then must not go unhandled
        const id = await pendingId();
        await expect(readFile(join(dir, 'w.txt'), 'utf8')).rejects.toThrow();
        const approved = await cli(['approvals', 'approve', id, '--as', 'ops-erin', '--store', storeDir]);
        expect(approved.code, approved.err).toBe(0);
        const result = (await call) as CallToolResult;
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(await readFile(join(dir, 'w.txt'), 'utf8')).toBe('parked');
      } finally {
        await client.close();
      }
    },
  );

  it('2026-07-28: denied with a reason, the call is refused naming who', { timeout: scaled(120_000) }, async () => {
    const client = await modernClient(new ModernStdio(server()));
    try {
      const call = client.callTool(
        { name: 'write_file', arguments: { path: 'no.txt', content: 'x' } },
        {
          timeout: scaled(60_000),
        },
      );
      call.catch(() => undefined); // awaited below; a failure before then must not go unhandled
      const id = await pendingId();
      const denied = await cli([
        'approvals',
        'deny',
        id,
        '--reason',
        'not now',
        '--as',
        'ops-erin',
        '--store',
        storeDir,
      ]);
      expect(denied.code, denied.err).toBe(0);
      const result = (await call) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/DENIED_BY_POLICY.*denied by ops-erin: not now/);
      await expect(readFile(join(dir, 'no.txt'), 'utf8')).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
