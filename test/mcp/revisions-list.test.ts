// tools/list is the same on both revisions for the same toolkit and client: every tool's name,
// title, description, schemas and annotations, the edit operations the editFormat option leaves
// (apply_patch for a model whose format it is, by the name the client sends), ask_user where the
// client can elicit. 2026-07-28 adds its cache hints (ttlMs, cacheScope) and drops only
// `execution.taskSupport`, a field that revision no longer has (a long call becomes a task of the
// extension when the server decides).
import { rm } from 'node:fs/promises';
import { StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import type { EditFormatOption } from '../../src/adapters/edit-format.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { createToolkit } from '../../src/toolkit.js';
import { scaled } from '../support/time.js';
import { root, seededWorkspace } from './mcp-exercise.js';
import { modernClient, rawModern } from '../support/mcp-modern.js';
import { builtCli } from '../support/built-cli.js';

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

type Listed = { name: string }[];

/** Both revisions' lists for a client named `name`, tool by tool (2025-11-25 first). */
async function bothLists(url: string, name: string, elicitation: boolean): Promise<[Listed, Listed]> {
  const legacy = new Client({ name, version: '1.0.0' }, { capabilities: elicitation ? { elicitation: {} } : {} });
  await legacy.connect(new StreamableHTTPClientTransport(new URL(url)));
  const modern = await modernClient(new ModernHttp(new URL(url)), { name, elicitation });
  try {
    const [old, current] = await Promise.all([legacy.listTools(), modern.listTools()]);
    return [old.tools, current.tools];
  } finally {
    await Promise.allSettled([legacy.close(), modern.close()]);
  }
}

const names = (tools: Listed) => tools.map((tool) => tool.name);

/** A 2025-11-25 list as 2026-07-28 carries it: the same tools without `execution`, which some of them had. */
function withoutExecution(tools: Listed): Listed {
  expect(tools.some((tool) => 'execution' in tool)).toBe(true); // bash and the other long-running tools
  return tools.map((tool) => {
    const { execution: _execution, ...rest } = tool as Listed[number] & { execution?: unknown };
    return rest;
  });
}

describe('tools/list on 2026-07-28 carries what 2025-11-25 carries', () => {
  const cases: { editFormat: EditFormatOption | undefined; client: string; has: string[]; lacks: string[] }[] = [
    { editFormat: undefined, client: 'some-client', has: ['edit_file', 'multi_edit', 'apply_patch'], lacks: [] },
    { editFormat: 'apply_patch', client: 'some-client', has: ['apply_patch'], lacks: ['edit_file', 'multi_edit'] },
    { editFormat: 'str_replace', client: 'gpt-5', has: ['edit_file', 'multi_edit'], lacks: ['apply_patch'] },
    { editFormat: 'auto', client: 'gpt-5-codex', has: ['apply_patch'], lacks: ['edit_file', 'multi_edit'] },
    { editFormat: 'auto', client: 'claude-code', has: ['edit_file', 'multi_edit'], lacks: ['apply_patch'] },
  ];
  for (const { editFormat, client, has, lacks } of cases) {
    it(`editFormat ${editFormat ?? '(none)'}, a client named ${client}`, { timeout: scaled(60_000) }, async () => {
      server = await startMcpHttpServer(({ session }) => createToolkit({ workspace: dir, session }), {
        ...(editFormat ? { editFormat } : {}),
      });
      const [legacy, modern] = await bothLists(server.url, client, false);
      expect(modern).toEqual(withoutExecution(legacy));
      for (const tool of has) expect(names(modern)).toContain(tool);
      for (const tool of lacks) expect(names(modern)).not.toContain(tool);
      expect(names(modern)).not.toContain('ask_user'); // neither client can elicit
    });
  }

  it(
    'ask_user on both for clients that can elicit; cache hints on 2026-07-28 alone',
    { timeout: scaled(60_000) },
    async () => {
      server = await startMcpHttpServer(
        ({ session }) => createToolkit({ workspace: dir, session, user: createMcpElicitationUserChannel() }),
        { editFormat: 'auto' },
      );
      const [legacy, modern] = await bothLists(server.url, 'gpt-5', true);
      expect(modern).toEqual(withoutExecution(legacy));
      expect(names(modern)).toContain('ask_user');
      expect(names(modern)).toContain('apply_patch');
      const raw = await rawModern(server.url, 'tools/list', {}, { name: 'gpt-5' });
      expect(raw.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
      expect(raw.result.ttlMs).toBeGreaterThan(0);
      expect(raw.result.tools).toEqual(withoutExecution(legacy).filter((tool) => tool.name !== 'ask_user'));
    },
  );

  it(
    'over stdio, `toolwright mcp --edit-format auto` lists the same for both revisions',
    { timeout: scaled(120_000) },
    async () => {
      const command = {
        command: process.execPath,
        args: [builtCli(), 'mcp', '--workspace', dir, '--edit-format', 'auto'],
        cwd: root,
        stderr: 'pipe' as const,
      };
      const legacy = new Client({ name: 'gpt-5.1-codex', version: '1.0.0' });
      await legacy.connect(new StdioClientTransport(command));
      const modern = await modernClient(new ModernStdio(command), { name: 'gpt-5.1-codex' });
      try {
        const [old, current] = await Promise.all([legacy.listTools(), modern.listTools()]);
        expect(current.tools).toEqual(withoutExecution(old.tools));
        expect(names(current.tools)).toContain('apply_patch');
        expect(names(current.tools)).not.toContain('edit_file');
      } finally {
        await Promise.allSettled([legacy.close(), modern.close()]);
      }
    },
  );
});
