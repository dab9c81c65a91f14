// Only tools that can work are listed: a missing service (catalog `requires`), no way to reach a
// human, or a policy that denies outright leaves an operation out of every listing; listAll lists
// everything. Over MCP, what "a human can be reached" means depends on the client's elicitation.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toAnthropicTools } from '../../src/adapters/anthropic.js';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { toOpenAITools } from '../../src/adapters/openai.js';
import { operations as catalogOperations } from '../../src/generated/registry.js';
import { compilePolicy } from '../../src/index.js';
import type { SearchBackend } from '../../src/runtime/services/search/backends.js';
import { createProgrammaticUserChannel, createTerminalUserChannel } from '../../src/runtime/services/user.js';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOf, ToolkitOptions } from '../../src/runtime/contract/types.js';
import { linkedClient } from '../support/mcp-memory.js';

let dir: string;
const SEARCH_ENV = ['TOOLWRIGHT_SEARCH_URL', 'TOOLWRIGHT_BRAVE_API_KEY'];
const savedEnv: Record<string, string | undefined> = {};
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-avail-'));
  await writeFile(join(dir, 'a.txt'), 'alpha\n');
  // createToolkit falls back to a search backend from the environment: none here.
  for (const name of SEARCH_ENV) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
});
afterEach(async () => {
  for (const name of SEARCH_ENV) if (savedEnv[name] !== undefined) process.env[name] = savedEnv[name];
  await rm(dir, { recursive: true, force: true });
});

const search: SearchBackend = { name: 'fake', search: async () => [] };
const kernel = {
  runSession: async () => ({ session_id: 's', status: 'completed', output: 'done' }),
} as unknown as NonNullable<ToolkitOptions['kernel']>;
const human = createProgrammaticUserChannel({ answer: () => 'yes', approve: () => true });

function bare(options: Partial<ToolkitOptions> = {}): ToolkitOf {
  return createToolkit({ workspace: dir, ...options });
}

const names = (toolkit: ToolkitOf) => toolkit.operations.map((op) => op.name);
const schemaNames = (toolkit: ToolkitOf) => toolkit.getSchema().flatMap((p) => p.operations.map((op) => op.name));

describe('catalog requires', () => {
  it('is declared for the operations that need a kernel, a search backend, a human or checkpoints', () => {
    const requires = Object.fromEntries(
      catalogOperations.filter((op) => op.requires).map((op) => [op.name, op.requires]),
    );
    expect(requires).toEqual({
      web_search: ['search'],
      spawn_subagent: ['kernel'],
      ask_user: ['user'],
      diagnostics: ['language_server'],
      definition: ['language_server'],
      references: ['language_server'],
      hover: ['language_server'],
      symbols: ['language_server'],
      rename: ['language_server'],
      checkpoint_list: ['checkpoints'],
      checkpoint_diff: ['checkpoints'],
      checkpoint_restore: ['checkpoints'],
    });
  });

  it('leaves out exactly the operations whose required service is missing, in every listing', () => {
    const cases: [Partial<ToolkitOptions>, string[]][] = [
      [{}, ['kernel', 'search', 'user']],
      [{ kernel }, ['search', 'user']],
      [{ search }, ['kernel', 'user']],
      [{ user: human }, ['kernel', 'search']],
      [{ kernel, search, user: human }, []],
    ];
    for (const [options, missing] of cases) {
      const toolkit = bare(options);
      const expected = catalogOperations
        .filter((op) => !(op.requires ?? []).some((need) => missing.includes(need)))
        .map((op) => op.name);
      expect(names(toolkit), JSON.stringify(missing)).toEqual(expected);
      expect(schemaNames(toolkit)).toEqual(expected);
      expect(toOpenAITools(toolkit).map((t) => t.function.name)).toEqual(expected);
      expect(toAnthropicTools(toolkit).map((t) => t.name)).toEqual(expected);
      // listAll shows everything of the profile.
      expect(names(bare({ ...options, listAll: true }))).toEqual(catalogOperations.map((op) => op.name));
    }
  });

  it('an unlisted operation can still be found and called, and says why it cannot work', async () => {
    const toolkit = bare();
    expect(toolkit.find('ask_user')?.id).toBe('user.ask_user');
    const asked = await toolkit.invoke('user', 'ask_user', { question: 'ok?' });
    expect(asked).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    const spawned = await toolkit.invoke('agent', 'spawn_subagent', { prompt: 'x', description: 'y' });
    expect(spawned).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('a user channel that cannot reach a human does not count (terminal without a TTY, host without callbacks)', () => {
    const notTty = Object.assign(new PassThrough(), { isTTY: false });
    expect(
      names(bare({ user: createTerminalUserChannel({ input: notTty, output: new PassThrough() }) })),
    ).not.toContain('ask_user');
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    expect(names(bare({ user: createTerminalUserChannel({ input: tty, output: new PassThrough() }) }))).toContain(
      'ask_user',
    );
    expect(names(bare({ user: createProgrammaticUserChannel({}) }))).not.toContain('ask_user');
    const throwing = {
      ask: human.ask,
      approve: human.approve,
      unreachable: () => {
        throw new Error('probe broke');
      },
    };
    expect(names(bare({ user: throwing }))).not.toContain('ask_user');
  });
});

describe('policy denies outright', () => {
  it('leaves out what the policy always denies; ask and allow stay listed', () => {
    const toolkit = bare({
      user: human,
      policy: {
        rules: [
          { operation: 'bash', decision: 'deny' },
          { provider: 'web', decision: 'ask' },
        ],
        default: 'allow',
      },
    });
    expect(names(toolkit)).not.toContain('bash');
    expect(names(toolkit)).toContain('web_fetch');
    expect(names(toolkit)).toContain('read_file');
    const readOnly = bare({ policy: 'readOnly' });
    for (const op of readOnly.operations) expect(op.kind, op.name).toBe('data_source');
    // pyright, a dev dependency, is found beside toolwright, and checkpoints are on by default: the
    // code operations and the checkpoint reads can work here.
    expect(names(readOnly)).toEqual(
      catalogOperations
        .filter(
          (op) =>
            op.kind === 'data_source' &&
            (op.requires ?? []).every((need) => need === 'language_server' || need === 'checkpoints'),
        )
        .map((op) => op.name),
    );
    expect(names(bare({ policy: 'readOnly', listAll: true }))).toContain('write_file');
  });

  it('deniesOutright follows the decision of the compiled policy', () => {
    const policy = compilePolicy({
      rules: [{ kind: 'resource', risk: '>=moderate', decision: 'deny' }],
      default: 'ask',
    });
    for (const op of catalogOperations) {
      expect(policy.deniesOutright(op), op.name).toBe(policy.decide(op).decision === 'deny');
    }
  });
});

describe('over MCP', () => {
  async function connect(options: ToolkitOptions, capabilities: Record<string, unknown>) {
    const toolkit = createToolkit(options);
    return linkedClient(await createMcpServer(toolkit), 'test', capabilities);
  }

  it('lists ask_user only to a client that can elicit', async () => {
    const without = await connect({ workspace: dir, user: createMcpElicitationUserChannel() }, {});
    const withIt = await connect({ workspace: dir, user: createMcpElicitationUserChannel() }, { elicitation: {} });
    try {
      expect((await without.client.listTools()).tools.map((t) => t.name)).not.toContain('ask_user');
      expect((await withIt.client.listTools()).tools.map((t) => t.name)).toContain('ask_user');
    } finally {
      await without.close();
      await withIt.close();
    }
  });

  it('an ask refused because the client cannot elicit says so, not "the user did not approve it"', async () => {
    const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
    const plain = await connect({ workspace: dir, policy, user: createMcpElicitationUserChannel() }, {});
    const none = await connect({ workspace: dir, policy }, {});
    try {
      for (const { client } of [plain, none]) {
        const refused = (await client.callTool({
          name: 'write_file',
          arguments: { path: 'no.txt', content: 'x' },
        })) as CallToolResult;
        expect(refused.isError).toBe(true);
        const text = (refused.content as { text: string }[])[0]!.text;
        expect(text).toMatch(/^Error DENIED_BY_POLICY/);
        expect(text).toContain('no user channel is attached');
        expect(text).not.toContain('did not approve');
      }
      const plainText = (
        (await plain.client.callTool({
          name: 'write_file',
          arguments: { path: 'no.txt', content: 'x' },
        })) as CallToolResult
      ).content as { text: string }[];
      expect(plainText[0]!.text).toContain('cannot elicit');
      await expect(readFile(join(dir, 'no.txt'))).rejects.toThrow();
    } finally {
      await plain.close();
      await none.close();
    }
  });

  it('an unknown tool is one clear protocol error, not "MCP error -32602: MCP error -32602: …"', async () => {
    const session = await connect({ workspace: dir }, {});
    try {
      const error = await session.client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/^MCP error -32602: Unknown tool: no_such_tool \(available: read_file, /);
      expect(error?.message.match(/MCP error/g)).toHaveLength(1);
    } finally {
      await session.close();
    }
  });

  it('a human who says no is reported as such', async () => {
    const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
    const session = await connect(
      { workspace: dir, policy, user: createMcpElicitationUserChannel() },
      { elicitation: {} },
    );
    session.client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { approve: false },
    }));
    try {
      const refused = (await session.client.callTool({
        name: 'write_file',
        arguments: { path: 'no.txt', content: 'x' },
      })) as CallToolResult;
      expect((refused.content as { text: string }[])[0]!.text).toContain('the user did not approve it');
    } finally {
      await session.close();
    }
  });
});

describe('deferred MCP server (the CLI stdio start-up)', () => {
  it('answers initialize before loading the toolkit, then lists with the client known', async () => {
    const { createDeferredMcpServer } = await import('../../src/adapters/mcp/server.js');
    const events: string[] = [];
    const server = await createDeferredMcpServer(async () => {
      events.push('load');
      return createToolkit({ workspace: dir, user: createMcpElicitationUserChannel() });
    }, dir);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const send = serverSide.send.bind(serverSide);
    serverSide.send = async (message, options) => {
      if ('result' in message && (message.result as { protocolVersion?: string }).protocolVersion)
        events.push('initialize answered');
      return send(message, options);
    };
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    await client.connect(clientSide);
    expect(events[0]).toBe('initialize answered'); // the answer did not wait for the tools
    expect(client.getInstructions()).toContain(dir);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('ask_user'); // the elicitation channel was attached on load
    expect(events.filter((e) => e === 'load')).toHaveLength(1);
    await client.close();
    await server.close();
  });

  it('a toolkit that fails to load is reported on the request that needs it', async () => {
    const { createDeferredMcpServer } = await import('../../src/adapters/mcp/server.js');
    const server = await createDeferredMcpServer(async () => {
      throw new Error('bad --provider module');
    }, dir);
    const { client, close } = await linkedClient(server);
    await expect(client.listTools()).rejects.toThrow(/bad --provider module/);
    await close();
  });
});
