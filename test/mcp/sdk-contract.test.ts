// What the MCP adapter relies on in the SDK v2 packages (and in the runtime), pinned so an
// upgrade that changes it fails here, loudly, instead of in a client: the entry points imported
// are public; tools/call, answered through the protocol's fallback handler, arrives there
// unparsed and its result leaves unchecked, so the adapter's own params check takes exactly what
// CallToolRequestSchema takes and every result it builds is a valid CallToolResult (the
// 2025-11-25 wire schemas of the v1 SDK, a dev dependency, as the reference); a server uses
// the elicitation-answer validator it is given; and the runtime hands a caller's abort signal to
// the user channel as it is (how an elicitation finds the request it belongs to). The early
// `initialize` answer's copy of the protocol versions is pinned in test/mcp/early-init.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_QUIRKS, toCallToolResult } from '../../src/adapters/mcp/server.js';
import { callToolParams } from '../../src/adapters/mcp/call-params.js';
import { clientResult } from '../../src/adapters/mcp/quirks.js';
import { loadSdk, newSdkServer } from '../../src/adapters/mcp/sdk.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import { createToolkit } from '../../src/toolkit.js';
import type { UserChannel } from '../../src/runtime/services/user.js';
import { tempDir } from '../support/helpers.js';

const require = createRequire(import.meta.url);
const repoRoot = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const SDK_PACKAGES = ['@modelcontextprotocol/server', '@modelcontextprotocol/node'];
const srcRoot = join(repoRoot, 'src');

describe('the SDK entry points the adapter imports', () => {
  it('are all in the package exports, the versions are the pinned ones, and the v1 SDK is imported nowhere', async () => {
    const ours = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(ours.dependencies['@modelcontextprotocol/sdk']).toBeUndefined();
    const { execFileSync } = await import('node:child_process');
    const grep = (pattern: string) =>
      execFileSync('grep', ['-rhoE', pattern, srcRoot], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(() => grep("'@modelcontextprotocol/sdk[a-zA-Z/._-]*'")).toThrow(); // grep finds nothing: exit 1
    const used = new Set(grep("'@modelcontextprotocol/(server|node)[a-zA-Z/._-]*'").map((s) => s.slice(1, -1)));
    expect(used.size).toBeGreaterThan(2);
    for (const specifier of used) {
      const name = SDK_PACKAGES.find((p) => specifier === p || specifier.startsWith(`${p}/`));
      expect(name, specifier).toBeDefined();
      const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules', name!, 'package.json'), 'utf8')) as {
        version: string;
        exports: Record<string, unknown>;
      };
      expect(ours.dependencies[name!]).toBe(pkg.version);
      const subpath = specifier === name ? '.' : `./${specifier.slice(name!.length + 1)}`;
      expect(Object.hasOwn(pkg.exports, subpath), specifier).toBe(true);
      expect(() => require.resolve(specifier), specifier).not.toThrow();
    }
  });
});

describe('the SDK server', () => {
  async function connected(
    register: (server: ReturnType<typeof newSdkServer>, sdk: Awaited<ReturnType<typeof loadSdk>>) => void,
  ) {
    const sdk = await loadSdk();
    const server = newSdkServer(sdk, { name: 'contract', version: '1' }, { capabilities: { tools: {} } });
    register(server, sdk);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const replies = new Map<unknown, { result?: unknown; error?: { code: number; message: string } }>();
    clientSide.onmessage = (message) => {
      replies.set((message as { id?: unknown }).id, message as never);
    };
    await clientSide.start();
    await clientSide.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const send = async (id: number, params: unknown) => {
      await clientSide.send({ jsonrpc: '2.0', id, method: 'tools/call', params } as never);
      for (let i = 0; i < 100 && !replies.has(id); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return replies.get(id);
    };
    return { send, close: () => server.close() };
  }

  it('has no tools/call handler of its own: tools/call (and any method without a handler) reaches the fallback handler unparsed, and its answer is sent as it is', async () => {
    const seen: unknown[] = [];
    const s = await connected((server) => {
      server.fallbackRequestHandler = async (request) => {
        seen.push(request);
        return { custom: request.method, echoed: request.params };
      };
    });
    const params = { name: 'x', arguments: { a: [1, { b: null }] }, extra: 'kept', _meta: { progressToken: 3 } };
    expect((await s.send(1, params))?.result).toEqual({ custom: 'tools/call', echoed: params });
    expect(seen).toEqual([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params }]);
    await s.close();
  });

  it('answers a method no handler takes -32601 "Method not found" (what the fallback handler says for anything but tools/call)', async () => {
    const s = await connected(() => {});
    expect((await s.send(1, {}))?.error).toEqual({ code: -32601, message: 'Method not found' });
    await s.close();
  });

  it('checks an elicitation answer with the validator it is given (the process-wide one)', async () => {
    const sdk = await loadSdk();
    const server = newSdkServer(sdk, { name: 'contract', version: '1' }, { capabilities: {} });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { approve: 'yes please' },
    }));
    await client.connect(clientSide);
    const requestedSchema = {
      type: 'object' as const,
      properties: { approve: { type: 'boolean' as const } },
      required: ['approve'],
    };
    await expect(server.elicitInput({ message: 'ok?', requestedSchema })).rejects.toThrow(
      /does not match requested schema.*boolean/,
    );
    // The validator keeps no schema it compiled: the same question asked many times holds nothing.
    const ajv = (
      sdk.serverOptions.jsonSchemaValidator as unknown as {
        ajv: { schemas: Record<string, unknown>; _cache: Map<unknown, unknown> };
      }
    ).ajv;
    const cached = ajv._cache.size;
    for (let i = 0; i < 20; i++) sdk.serverOptions.jsonSchemaValidator!.getValidator({ ...requestedSchema });
    expect(ajv._cache.size).toBe(cached);
    await client.close();
    await server.close();
  });
});

/** Values shaped like tools/call params, then keys replaced, added or dropped. */
const key = fc.constantFrom(
  'name',
  'arguments',
  '_meta',
  'progressToken',
  'task',
  'ttl',
  'extra',
  '__proto__',
  'io.modelcontextprotocol/related-task',
);
const leaf = fc.oneof(
  fc.constantFrom('read_file', '', null, true, 0, -1, 1.5, 2 ** 53, 'p'),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), tie('object')),
  object: fc.dictionary(fc.oneof(key, fc.string()), tie('value'), { maxKeys: 4 }),
})).value;
const paramsLike = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>(
      { name: 'read_file', arguments: { path: 'a' } },
      { name: 'read_file' },
      { name: 'x', arguments: {}, _meta: { progressToken: 'p' } },
      { name: 'x', _meta: { progressToken: 7 } },
      { name: 'x', task: { ttl: 1000 } },
    ),
    fc.array(fc.tuple(key, fc.option(json, { nil: undefined })), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom('progressToken', 'extra'), fc.option(json, { nil: undefined })), {
      maxLength: 2,
    }),
  )
  .map(([base, edits, metaEdits]) => {
    const value: Record<string, unknown> = JSON.parse(JSON.stringify(base));
    for (const [k, v] of edits)
      if (v === undefined) delete value[k];
      else value[k] = v;
    if (typeof value._meta === 'object' && value._meta !== null && !Array.isArray(value._meta)) {
      for (const [k, v] of metaEdits)
        if (v === undefined) delete (value._meta as Record<string, unknown>)[k];
        else (value._meta as Record<string, unknown>)[k] = v;
    }
    return JSON.parse(JSON.stringify(value)) as unknown;
  });

describe('what the adapter checks in place of the SDK', () => {
  it('takes exactly the tools/call params CallToolRequestSchema takes', async () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(paramsLike, json), (params) => {
        const sdk = CallToolRequestSchema.safeParse({ method: 'tools/call', params }).success;
        let ours = true;
        try {
          callToolParams(params);
        } catch (error) {
          ours = false;
          expect((error as { code?: unknown }).code).toBe(-32602);
        }
        expect(ours, JSON.stringify(params)).toBe(sdk);
        if (ours) taken++;
      }),
      { numRuns: 4000 },
    );
    expect(taken).toBeGreaterThan(400); // not vacuous
  });

  it('builds only valid CallToolResults, in every shape, for every client', async () => {
    const toolkit = createToolkit({ workspace: '/tmp' });
    const op = toolkit.find('read_file')!;
    await op.loadValidators?.(); // as the call that produced these results would have
    const meta = { operation: op.id, policy: { decision: 'allow' as const, rule: 'default' as const }, duration_ms: 1 };
    const textFields = { start_line: 1, end_line: 1, total_lines_known: true, encoding: 'utf-8' };
    const results: InvokeResult[] = [
      {
        ok: true,
        output: { ...textFields, path: 'a', type: 'text', content: 'x', truncated: false },
        text: 'x',
        meta,
      },
      {
        ok: true,
        output: {
          path: 'p.png',
          type: 'image',
          content: 'an image',
          truncated: false,
          mime_type: 'image/png',
          data: 'iVBORw0KGgo=',
          width: 1,
          height: 1,
          original_width: 1,
          original_height: 1,
        },
        text: 'an image',
        meta,
      },
      {
        ok: true,
        output: { ...textFields, path: 'a', type: 'text', content: 'y'.repeat(5000), truncated: false },
        text: 'y'.repeat(5000),
        meta,
      },
      { ok: true, output: 'not an object', text: 'a host turned output validation off', meta },
      { ok: true, output: ['an', 'array'], text: 'neither is this', meta },
      {
        ok: false,
        error: { code: 'NOT_FOUND', message: 'a does not exist' },
        text: 'Error NOT_FOUND: a does not exist',
        meta,
      },
    ];
    const shapes = new Set<string>();
    for (const quirk of [undefined, ...DEFAULT_CLIENT_QUIRKS]) {
      for (const result of results) {
        for (const cap of [1024 * 1024, 2048]) {
          const sent = clientResult(quirk, toCallToolResult(op, result, cap));
          const parsed = CallToolResultSchema.safeParse(sent);
          expect(parsed.success, JSON.stringify(sent).slice(0, 200)).toBe(true);
          shapes.add(Object.keys(sent).sort().join(','));
        }
      }
    }
    // With and without structured content, capped, error, text only, an error as text only.
    expect(shapes).toEqual(
      new Set([
        'content,structuredContent',
        '_meta,content,structuredContent',
        '_meta,content',
        '_meta,content,isError',
        'content',
        'content,isError',
      ]),
    );
  });
});

describe('the runtime, as the elicitation channel relies on it', () => {
  it("hands the caller's abort signal to the user channel as it is", async () => {
    const seen: AbortSignal[] = [];
    const user: UserChannel = {
      ask: async () => {
        throw new Error('not asked');
      },
      approve: async (_call, { signal }) => {
        seen.push(signal);
        return true;
      },
    };
    const toolkit = createToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ operation: 'task_create', decision: 'ask' }] },
      user,
    });
    const signal = new AbortController().signal;
    expect((await toolkit.invoke('task', 'task_create', { title: 'x' }, { signal })).ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(signal);
  });
});
