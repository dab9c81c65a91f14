// adapters: what the MCP layer adds to a tool call (in-memory transport, so only protocol + capping
// cost is measured), what a stdio round trip through the real CLI costs, and how big the reply to a
// 6 MiB read_file is (it must stay far below the SDK client's 10 MiB stdio buffer).
import { writeFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, toCallToolResult } from '../../src/adapters/mcp/server.js';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import { toOpenAITools } from '../../src/adapters/openai.js';
import { createToolkit } from '../../src/toolkit.js';
import { medianMs, sideBySide, type BenchCase } from '../lib.js';

const CALLS = 200;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const bench: BenchCase = {
  name: 'mcp',
  async run(ctx) {
    await writeFile(join(ctx.tmp, 'a.txt'), 'hello\nworld\n'.repeat(50));
    const toolkit = createToolkit({ workspace: ctx.tmp });
    const server = await createMcpServer(toolkit);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(clientSide);
    await client.listTools(); // the client caches output-schema validators from this

    const perCall = await sideBySide(
      async () => {
        for (let i = 0; i < CALLS; i++) await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
      },
      async () => {
        for (let i = 0; i < CALLS; i++) await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
      },
      5,
    );
    ctx.row({
      case: 'MCP tools/call read_file (in-memory transport, incl. client output validation)',
      toolwright: (perCall.toolwright / CALLS) * 1000,
      baseline: (perCall.baseline / CALLS) * 1000,
      baselineName: 'toolkit.invoke',
      unit: 'µs',
    });

    const line = `${'x'.repeat(999)}\n`;
    await writeFile(join(ctx.tmp, 'big.txt'), line.repeat(6 * 1024));
    let big: unknown;
    const bigMs = await medianMs(async () => {
      big = await client.callTool({ name: 'read_file', arguments: { path: 'big.txt' } });
    }, 5);
    const kib = Buffer.byteLength(JSON.stringify(big)) / 1024;
    ctx.row({
      case: 'MCP read_file of a 6 MiB file (first window)',
      toolwright: bigMs,
      note: `reply ${kib.toFixed(0)} KiB (SDK stdio buffer: 10240 KiB)`,
    });
    await client.close();
    await server.close();

    const exportMs = await medianMs(() => toOpenAITools(toolkit, { strict: true }), 21, 3);
    ctx.row({
      case: `toOpenAITools strict (${toolkit.operations.length} tools)`,
      toolwright: exportMs * 1000,
      unit: 'µs',
    });

    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(root, 'src/cli.ts'), 'mcp', '-w', ctx.tmp],
      cwd: root,
      stderr: 'ignore',
    });
    const remote = new Client({ name: 'bench', version: '1' });
    const started = performance.now();
    await remote.connect(stdio);
    const startup = performance.now() - started;
    const stdioCall = await medianMs(() => remote.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }), 21, 3);
    await remote.close();
    ctx.row({
      case: 'MCP stdio (CLI via tsx): tools/call read_file round trip',
      toolwright: stdioCall * 1000,
      unit: 'µs',
      note: `server start + initialize ${startup.toFixed(0)} ms`,
    });

    await fitLargeResult(ctx, toolkit);
    await abandonedSessions(ctx);
  },
};

/** A 130k-match grep result fitted into the 1 MiB MCP cap, against one JSON.stringify of its output. */
async function fitLargeResult(
  ctx: Parameters<BenchCase['run']>[0],
  toolkit: ReturnType<typeof createToolkit>,
): Promise<void> {
  const op = toolkit.find('grep')!;
  // A provider's validators load on its first call; this measures fitting alone.
  await op.loadValidators?.();
  const matches = Array.from({ length: 130_000 }, (_, i) => ({
    path: `src/dir${i % 97}/file${i % 1013}.ts`,
    line: (i % 4000) + 1,
    text: `  const value${i} = compute(${i}, "needle", options); // TODO ${i}`,
  }));
  const output = { matches, truncated: false };
  const text = matches.map((m) => `${m.path}:${m.line}:${m.text}`).join('\n');
  const result: InvokeResult = {
    ok: true,
    output,
    text,
    meta: { operation: op.id, policy: { decision: 'allow', rule: 'default' }, duration_ms: 0 },
  };
  let reply: unknown;
  const times = await sideBySide(
    () => {
      reply = toCallToolResult(op, result);
    },
    () => JSON.stringify(output),
    7,
  );
  ctx.row({
    case: 'MCP result fitting: 130k grep matches into 1 MiB',
    toolwright: times.toolwright,
    baseline: times.baseline,
    baselineName: 'one JSON.stringify(output)',
    target: '<= 2x',
    note: `reply ${(Buffer.byteLength(JSON.stringify(reply)) / 1024).toFixed(0)} KiB, ${(reply as { structuredContent: { matches: unknown[] } }).structuredContent.matches.length} matches kept`,
  });
}

/** A real collection before each reading, so retained memory is measured, not garbage. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function retainedBytes(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** 1,000 `initialize` POSTs never closed (no DELETE): retained memory with the session cap vs without it. */
async function abandonedSessions(ctx: Parameters<BenchCase['run']>[0]): Promise<void> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  const growth = async (maxSessions: number): Promise<{ mib: number; live: number }> => {
    const server = await startMcpHttpServer(() => createToolkit({ workspace: ctx.tmp }), { maxSessions });
    const before = retainedBytes();
    for (let i = 0; i < 1000; i++) {
      const res = await fetch(server.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      });
      await res.text();
    }
    const after = retainedBytes();
    const live = server.sessionCount();
    await server.close();
    return { mib: (after - before) / 2 ** 20, live };
  };
  await growth(10); // warm-up: modules and JIT are not session memory
  const capped = await growth(100);
  const uncapped = await growth(1000);
  ctx.row({
    case: 'MCP HTTP: 1,000 abandoned initialize sessions, heap+external retained',
    toolwright: capped.mib,
    baseline: uncapped.mib,
    baselineName: 'cap 1000 (no eviction)',
    unit: 'MiB',
    note: `live sessions ${capped.live} (cap 100) vs ${uncapped.live}`,
  });
  ctx.row({
    case: 'MCP HTTP: memory retained per idle session (1,000 sessions, no eviction)',
    toolwright: uncapped.mib / uncapped.live,
    unit: 'MiB',
    target: '≤ 0.5 MiB',
    contract: true,
    note: 'heap + external after a full collection, per live session',
  });
}

export default bench;
