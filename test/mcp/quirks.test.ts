// Client quirks as data (src/adapters/mcp/quirks.ts): Gemini CLI's injected wait_for_previous is
// dropped for it alone, Claude Code gets the text alone (it would show the model the structured
// JSON), `off` and a table of one's own replace the default, and a table whose examples do not
// hold is refused when it is compiled. Real SDK clients, over stdio (the CLI) and in process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CLIENT_QUIRKS,
  createMcpServer,
  type ClientQuirk,
  type McpServerOptions,
} from '../../src/adapters/mcp/server.js';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { compileQuirks } from '../../src/adapters/mcp/quirks.js';
import { createToolkit } from '../../src/toolkit.js';
import { scaled } from '../support/time.js';
import { linkedClient } from '../support/mcp-memory.js';
import { builtCli } from '../support/built-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GEMINI = 'gemini-cli-mcp-client';
const CLAUDE = 'claude-code';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-quirks-'));
  await writeFile(join(dir, 'a.txt'), 'hello\tworld\nsecond line\n');
  await writeFile(join(dir, 'long.txt'), Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

async function inProcess(clientName: string, options: McpServerOptions = {}) {
  return linkedClient(await createMcpServer(createToolkit({ workspace: dir }), options), clientName);
}

async function overStdio(clientName: string, extra: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtCli(), 'mcp', '--workspace', dir, ...extra],
    cwd: root,
    stderr: 'ignore',
  });
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** What the default table does, as a client sees it. */
async function expectQuirksOn(
  connect: (name: string) => Promise<{ client: Client; close(): Promise<void> }>,
): Promise<void> {
  const gemini = await connect(GEMINI);
  const claude = await connect(CLAUDE);
  const other = await connect('some-other-client');
  try {
    const withFlag = { path: 'a.txt', wait_for_previous: true };
    const dropped = (await gemini.client.callTool({ name: 'read_file', arguments: withFlag })) as CallToolResult;
    expect(dropped.isError, textOf(dropped)).toBeFalsy();
    expect(textOf(dropped)).toContain('hello');
    const refused = (await other.client.callTool({ name: 'read_file', arguments: withFlag })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^Error INVALID_INPUT: unknown property "wait_for_previous"/);
    // Claude Code gets the text, as rendered: line numbers, a real tab and newline, the way on.
    const listed = (await claude.client.listTools()).tools;
    expect(listed.find((t) => t.name === 'read_file')?.outputSchema).toBeUndefined();
    expect((await other.client.listTools()).tools.find((t) => t.name === 'read_file')?.outputSchema).toBeDefined();
    const text = (await claude.client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
    expect(text.structuredContent).toBeUndefined();
    expect(textOf(text)).toMatch(/^\s*1\thello\tworld\n\s*2\tsecond line/);
    const cut = (await claude.client.callTool({
      name: 'read_file',
      arguments: { path: 'long.txt', limit: 10 },
    })) as CallToolResult;
    expect(cut.structuredContent).toBeUndefined();
    expect(textOf(cut)).toMatch(/"offset":11/);
    const structured = (await other.client.callTool({
      name: 'read_file',
      arguments: { path: 'a.txt' },
    })) as CallToolResult;
    expect(structured.structuredContent).toMatchObject({ path: 'a.txt' });
    // Errors are text for everyone.
    const missing = (await claude.client.callTool({
      name: 'read_file',
      arguments: { path: 'nope.txt' },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^Error NOT_FOUND/);
  } finally {
    await Promise.all([gemini.close(), claude.close(), other.close()]);
  }
}

/** With quirks off, both known clients get what everyone gets. */
async function expectQuirksOff(
  connect: (name: string) => Promise<{ client: Client; close(): Promise<void> }>,
): Promise<void> {
  const gemini = await connect(GEMINI);
  const claude = await connect(CLAUDE);
  try {
    const refused = (await gemini.client.callTool({
      name: 'read_file',
      arguments: { path: 'a.txt', wait_for_previous: true },
    })) as CallToolResult;
    expect(textOf(refused)).toMatch(/^Error INVALID_INPUT: unknown property "wait_for_previous"/);
    expect((await claude.client.listTools()).tools.find((t) => t.name === 'read_file')?.outputSchema).toBeDefined();
    const structured = (await claude.client.callTool({
      name: 'read_file',
      arguments: { path: 'a.txt' },
    })) as CallToolResult;
    expect(structured.structuredContent).toMatchObject({ path: 'a.txt' });
  } finally {
    await Promise.all([gemini.close(), claude.close()]);
  }
}

describe('the default quirk table', () => {
  it('adapts Gemini CLI and Claude Code, and no other client, in process', async () => {
    await expectQuirksOn((name) => inProcess(name));
  });

  it(
    'adapts them over stdio through the CLI, and --client-quirks off turns it off',
    { timeout: scaled(120_000) },
    async () => {
      await expectQuirksOn((name) => overStdio(name));
      await expectQuirksOff((name) => overStdio(name, ['--client-quirks', 'off']));
    },
  );

  it(
    'adapts them over Streamable HTTP sessions, and clientQuirks: "off" turns it off',
    { timeout: scaled(60_000) },
    async () => {
      for (const clientQuirks of ['auto', 'off'] as const) {
        const server = await startMcpHttpServer(({ session }) => createToolkit({ workspace: dir, session }), {
          clientQuirks,
        });
        try {
          const connect = async (name: string) => {
            const client = new Client({ name, version: '1.0.0' });
            await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
            return { client, close: () => client.close() };
          };
          await (clientQuirks === 'auto' ? expectQuirksOn(connect) : expectQuirksOff(connect));
        } finally {
          await server.close();
        }
      }
    },
  );

  it('a text-only client gets the whole budget for the text: a read that fits alone is not cut to share it', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `line ${String(i + 1).padStart(24, '.')}`);
    await writeFile(join(dir, 'wide.txt'), `${lines.join('\n')}\n`);
    const options = { maxResultBytes: 100_000 };
    const claude = await inProcess(CLAUDE, options);
    const other = await inProcess('some-other-client', options);
    try {
      await claude.client.listTools();
      await other.client.listTools();
      const args = { name: 'read_file', arguments: { path: 'wide.txt' } };
      const forClaude = (await claude.client.callTool(args)) as CallToolResult;
      expect(forClaude.isError).toBeFalsy();
      expect(forClaude.structuredContent).toBeUndefined();
      expect(forClaude._meta?.['toolwright/capped']).toBeUndefined();
      expect(textOf(forClaude)).toContain(lines.at(-1)!);
      expect(textOf(forClaude)).not.toContain('more characters not shown');
      // Text and structured output together are over the budget: a client that gets both gets them cut.
      const forOther = (await other.client.callTool(args)) as CallToolResult;
      expect(forOther._meta?.['toolwright/capped']).toBe(true);
      expect(forOther.structuredContent).toBeDefined();
      expect(textOf(forOther)).not.toContain(lines.at(-1)!);
    } finally {
      await claude.close();
      await other.close();
    }
  });

  it('is turned off by clientQuirks: "off" on createMcpServer', async () => {
    await expectQuirksOff((name) => inProcess(name, { clientQuirks: 'off' }));
  });

  it('names the clients by the clientInfo.name they send', () => {
    expect(DEFAULT_CLIENT_QUIRKS.map((q) => q.client)).toEqual([GEMINI, CLAUDE]);
    const table = compileQuirks('auto');
    expect(table.for(GEMINI)?.dropArguments).toEqual(['wait_for_previous']);
    expect(table.for(CLAUDE)?.textOnly).toBe(true);
    for (const name of ['gemini-cli', 'Gemini-CLI-MCP-Client', 'claude', 'claude-ai', undefined])
      expect(table.for(name), String(name)).toBeUndefined();
  });
});

describe("a table of one's own", () => {
  const own = (entry: Partial<ClientQuirk>): ClientQuirk[] => [
    {
      client: 'my-client',
      why: 'test',
      examples: [{ arguments: { a: 1, trace_id: 'x' }, expect: { a: 1 } }],
      dropArguments: ['trace_id'],
      ...entry,
    },
  ];

  it('replaces the default: its client is adapted, Gemini CLI no longer is', async () => {
    const options = { clientQuirks: own({}) };
    const mine = await inProcess('my-client', options);
    const gemini = await inProcess(GEMINI, options);
    try {
      const ok = (await mine.client.callTool({
        name: 'read_file',
        arguments: { path: 'a.txt', trace_id: 'abc' },
      })) as CallToolResult;
      expect(ok.isError, textOf(ok)).toBeFalsy();
      const refused = (await gemini.client.callTool({
        name: 'read_file',
        arguments: { path: 'a.txt', wait_for_previous: true },
      })) as CallToolResult;
      expect(textOf(refused)).toMatch(/unknown property "wait_for_previous"/);
    } finally {
      await Promise.all([mine.close(), gemini.close()]);
    }
  });

  it('never drops an argument the tool declares', async () => {
    const session = await inProcess('my-client', {
      clientQuirks: own({ dropArguments: ['path'], examples: [{ arguments: { path: 'p', x: 1 }, expect: { x: 1 } }] }),
    });
    try {
      const read = (await session.client.callTool({
        name: 'read_file',
        arguments: { path: 'a.txt' },
      })) as CallToolResult;
      expect(read.isError, textOf(read)).toBeFalsy();
      expect(read.structuredContent).toMatchObject({ path: 'a.txt' });
    } finally {
      await session.close();
    }
  });

  it('is refused when an example does not hold, or an entry is malformed, before any client connects', async () => {
    const toolkit = createToolkit({ workspace: dir });
    const bad: [ClientQuirk[], RegExp][] = [
      [
        own({ examples: [{ arguments: { a: 1, trace_id: 'x' }, expect: { a: 1, trace_id: 'x' } }] }),
        /client quirk 0 \("my-client"\): example 0 gives \{"a":1\} for/,
      ],
      [
        own({
          textOnly: true,
          dropArguments: undefined,
          examples: [
            {
              result: { content: [], structuredContent: { a: 1 } },
              expect: { content: [], structuredContent: { a: 1 } },
            },
          ],
        }),
        /example 0 gives \{"content":\[\]\}/,
      ],
      [own({ examples: [] }), /needs at least one example/],
      [own({ dropArguments: [] }), /adapts nothing/],
      [own({ dropArguments: [''] as never }), /dropArguments must be a list of argument names/],
      [own({ client: '' }), /client must be the clientInfo.name/],
      [[...own({}), ...own({})], /a second entry for "my-client"/],
    ];
    for (const [table, message] of bad)
      await expect(createMcpServer(toolkit, { clientQuirks: table }), String(message)).rejects.toThrow(message);
    await expect(createMcpServer(toolkit, { clientQuirks: 'on' as never })).rejects.toThrow(/"auto", "off" or a list/);
  });
});
