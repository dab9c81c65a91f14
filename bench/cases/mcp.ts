// adapters: what the MCP layer adds to a tool call (in-memory transport, so only protocol + capping
// cost is measured), what a stdio round trip through the real CLI costs, and how big the reply to a
// 6 MiB read_file is (it must stay far below the SDK client's 10 MiB stdio buffer).
import { writeFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
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
    const server = createMcpServer(toolkit);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(clientSide);
    await client.listTools(); // the client caches output-schema validators from this

    const perCall = await sideBySide(
      async () => { for (let i = 0; i < CALLS; i++) await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }); },
      async () => { for (let i = 0; i < CALLS; i++) await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' }); },
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
    const bigMs = await medianMs(async () => { big = await client.callTool({ name: 'read_file', arguments: { path: 'big.txt' } }); }, 5);
    const kib = Buffer.byteLength(JSON.stringify(big)) / 1024;
    ctx.row({ case: 'MCP read_file of a 6 MiB file (first window)', toolwright: bigMs, note: `reply ${kib.toFixed(0)} KiB (SDK stdio buffer: 10240 KiB)` });
    await client.close();
    await server.close();

    const exportMs = await medianMs(() => toOpenAITools(toolkit, { strict: true }), 21, 3);
    ctx.row({ case: `toOpenAITools strict (${toolkit.operations.length} tools)`, toolwright: exportMs * 1000, unit: 'µs' });

    const stdio = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(root, 'src/cli.ts'), 'mcp', '-w', ctx.tmp], cwd: root, stderr: 'ignore' });
    const remote = new Client({ name: 'bench', version: '1' });
    const started = performance.now();
    await remote.connect(stdio);
    const startup = performance.now() - started;
    const stdioCall = await medianMs(() => remote.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }), 21, 3);
    await remote.close();
    ctx.row({ case: 'MCP stdio (CLI via tsx): tools/call read_file round trip', toolwright: stdioCall * 1000, unit: 'µs', note: `server start + initialize ${startup.toFixed(0)} ms` });
  },
};

export default bench;
