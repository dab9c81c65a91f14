// What the MCP adapter relies on in @modelcontextprotocol/sdk (and in the runtime), pinned so an
// upgrade that changes it fails here, loudly, instead of in a client: the entry points imported
// are public, the SDK server checks every tools/call and its result itself, a server uses the
// elicitation-answer validator it is given, and the runtime hands a caller's abort signal to the
// user channel as it is (how an elicitation finds the request it belongs to). The early
// `initialize` answer's copy of the protocol versions is pinned in test/mcp-early-init.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { loadSdk, newSdkServer } from '../src/adapters/mcp-sdk.js';
import { createToolkit } from '../src/toolkit.js';
import type { UserChannel } from '../src/runtime/services/user.js';
import { tempDir } from './helpers.js';

const require = createRequire(import.meta.url);
const repoRoot = join(dirname(new URL(import.meta.url).pathname), '..');
const sdkRoot = join(repoRoot, 'node_modules/@modelcontextprotocol/sdk');
const srcRoot = join(repoRoot, 'src');

describe('the SDK entry points the adapter imports', () => {
  it('are all in the package exports, and the version is the pinned one', async () => {
    const pkg = JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8')) as { version: string; exports: Record<string, unknown> };
    const ours = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(ours.dependencies['@modelcontextprotocol/sdk']).toBe(pkg.version);
    const { execFileSync } = await import('node:child_process');
    const used = new Set(execFileSync('grep', ['-rhoE', '@modelcontextprotocol/sdk/[a-zA-Z/._-]+', srcRoot], { encoding: 'utf8' }).trim().split('\n'));
    expect(used.size).toBeGreaterThan(3);
    for (const specifier of used) {
      const subpath = `./${specifier.slice('@modelcontextprotocol/sdk/'.length)}`;
      const explicit = Object.hasOwn(pkg.exports, subpath.replace(/\.js$/, '')) || Object.hasOwn(pkg.exports, subpath);
      // The `./*` pattern maps a subpath to its file in dist/esm: it must exist there.
      expect(explicit || Object.hasOwn(pkg.exports, './*'), specifier).toBe(true);
      expect(() => require.resolve(specifier), specifier).not.toThrow();
    }
  });
});

describe('the SDK server', () => {
  async function connected(register: (server: ReturnType<typeof newSdkServer>, sdk: Awaited<ReturnType<typeof loadSdk>>) => void) {
    const sdk = await loadSdk();
    const server = newSdkServer(sdk, { name: 'contract', version: '1' }, { capabilities: { tools: {} } });
    register(server, sdk);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const replies = new Map<unknown, { result?: unknown; error?: { code: number; message: string } }>();
    clientSide.onmessage = (message) => { replies.set((message as { id?: unknown }).id, message as never); };
    await clientSide.start();
    await clientSide.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const send = async (id: number, params: unknown) => {
      await clientSide.send({ jsonrpc: '2.0', id, method: 'tools/call', params } as never);
      for (let i = 0; i < 100 && !replies.has(id); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return replies.get(id);
    };
    return { send, close: () => server.close() };
  }

  it('checks a tools/call registered with the lax schema against CallToolRequestSchema before the handler runs (-32602)', async () => {
    let ran = 0;
    const s = await connected((server, sdk) => server.setRequestHandler(sdk.callToolRequest, async () => { ran++; return { content: [] }; }));
    for (const [id, params] of [[1, { name: 'x', arguments: [1] }], [2, { name: 7 }], [3, { arguments: {} }]] as const) {
      const reply = await s.send(id, params);
      expect(reply?.error?.code, `${id}: ${JSON.stringify(reply)}`).toBe(-32602);
    }
    expect(ran).toBe(0);
    expect((await s.send(4, { name: 'x', arguments: {} }))?.result).toEqual({ content: [] });
    expect(ran).toBe(1);
    await s.close();
  });

  it('refuses a handler\'s result that is not a CallToolResult instead of sending it', async () => {
    const s = await connected((server, sdk) => server.setRequestHandler(sdk.callToolRequest, async () => ({ content: 'not a list' }) as never));
    const reply = await s.send(1, { name: 'x', arguments: {} });
    expect(reply?.result).toBeUndefined();
    expect(reply?.error?.message).toMatch(/Invalid tools\/call result/);
    await s.close();
  });

  it('checks an elicitation answer with the validator it is given (the process-wide one)', async () => {
    const sdk = await loadSdk();
    const server = newSdkServer(sdk, { name: 'contract', version: '1' }, { capabilities: {} });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { approve: 'yes please' } }));
    await client.connect(clientSide);
    const requestedSchema = { type: 'object' as const, properties: { approve: { type: 'boolean' as const } }, required: ['approve'] };
    await expect(server.elicitInput({ message: 'ok?', requestedSchema })).rejects.toThrow(/does not match requested schema.*boolean/);
    // The validator keeps no schema it compiled: the same question asked many times holds nothing.
    const ajv = (sdk.serverOptions.jsonSchemaValidator as unknown as { ajv: { schemas: Record<string, unknown>; _cache: Map<unknown, unknown> } }).ajv;
    const cached = ajv._cache.size;
    for (let i = 0; i < 20; i++) sdk.serverOptions.jsonSchemaValidator!.getValidator({ ...requestedSchema });
    expect(ajv._cache.size).toBe(cached);
    await client.close();
    await server.close();
  });
});

describe('the runtime, as the elicitation channel relies on it', () => {
  it('hands the caller\'s abort signal to the user channel as it is', async () => {
    const seen: AbortSignal[] = [];
    const user: UserChannel = {
      ask: async () => { throw new Error('not asked'); },
      approve: async (_call, { signal }) => { seen.push(signal); return true; },
    };
    const toolkit = createToolkit({ workspace: await tempDir(), policy: { rules: [{ operation: 'task_create', decision: 'ask' }] }, user });
    const signal = new AbortController().signal;
    expect((await toolkit.invoke('task', 'task_create', { title: 'x' }, { signal })).ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(signal);
  });
});
