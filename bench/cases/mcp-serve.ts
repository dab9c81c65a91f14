// Serving MCP for real, as separate processes beside the reference servers: stdio tools/call of a
// small file (2,000 sequential calls, p50 and p99) against the reference filesystem server's
// read_text_file, and Streamable HTTP at 64 concurrent clients: sessions against the reference
// everything server's echo, stateless against sessions. Each on both revisions: 2025 (initialize,
// sessions) and 2026-07-28 (no initialize, the envelope in every request), and 2026-07-28 against
// 2025 on the same server (the reference servers speak 2025 only). Runs the built dist/ (`npm run bench`
// builds first). The load comes from this process over raw JSON-RPC (bench/mcp-wire.ts), so the
// SDK client's own schema checks are not in the numbers. One row is in process: tools/call
// through the protocol's fallback handler (what toolwright does) against the same handler
// registered with the SDK Server's setRequestHandler, which parses each call twice more and each
// result once with zod.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createMcpServer, toCallToolResult } from '../../src/adapters/mcp/server.js';
import { createToolkit } from '../../src/toolkit.js';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { median, type BenchCase, type BenchContext } from '../lib.js';
import { StdioWire, httpThroughput, percentile, type Revision } from '../mcp-wire.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const require = createRequire(import.meta.url);
const filesystemServer = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const everythingServer = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const loopbackOnly = path.join(root, 'bench/fixtures/loopback-listen.mjs');

const STDIO_CALLS = 2000;
const BLOCK = 50;
const CLIENTS = 64;
const WINDOW_MS = 3000;
const ROUNDS = 5;

/** `tools/call` over stdio, sequential, in blocks rotating between the servers. */
async function stdioRows(ctx: BenchContext): Promise<void> {
  await writeFile(path.join(ctx.tmp, 'small.txt'), 'hello\nworld\n'.repeat(20));
  const toolwright = (revision: Revision) =>
    StdioWire.start(process.execPath, [cli, 'mcp', '--workspace', ctx.tmp], root, undefined, revision);
  const servers = [
    { name: 'toolwright 2025', wire: await toolwright('legacy'), call: ['read_file', { path: 'small.txt' }] as const },
    {
      name: 'server-filesystem',
      wire: await StdioWire.start(process.execPath, [filesystemServer, ctx.tmp], root),
      call: ['read_text_file', { path: path.join(ctx.tmp, 'small.txt') }] as const,
    },
    { name: 'toolwright 2026', wire: await toolwright('modern'), call: ['read_file', { path: 'small.txt' }] as const },
  ];
  const times = servers.map(() => [] as number[]);
  const blocks = servers.map(() => [] as number[]);
  try {
    for (const s of servers) await s.wire.request('tools/list', {});
    for (let block = 0; block * BLOCK < STDIO_CALLS; block++) {
      for (let turn = 0; turn < servers.length; turn++) {
        const i = (block + turn) % servers.length;
        const s = servers[i]!;
        const taken: number[] = [];
        for (let n = 0; n < BLOCK; n++) taken.push(await s.wire.timedCall(s.call[0], { ...s.call[1] }));
        times[i]!.push(...taken);
        blocks[i]!.push(median(taken));
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.wire.close()));
  }
  const spread = (a: number, b: number) => {
    const paired = blocks[a]!.map((m, i) => m / blocks[b]![i]!);
    return `block medians paired in time: ${median(paired).toFixed(2)}× (quartiles ${percentile(paired, 25).toFixed(2)}–${percentile(paired, 75).toFixed(2)})`;
  };
  for (const [revision, index] of [
    ['', 0],
    [', 2026-07-28', 2],
  ] as const) {
    for (const [label, p] of [
      ['p50', 50],
      ['p99', 99],
    ] as const) {
      ctx.row({
        case: `MCP stdio tools/call read_file, small file, ${STDIO_CALLS} sequential calls${revision}: ${label}`,
        toolwright: percentile(times[index]!, p),
        baseline: percentile(times[1]!, p),
        baselineName: 'server-filesystem read_text_file',
        unit: 'µs',
        target: '≤ 0.9×',
        contract: true,
        ...(label === 'p50' ? { note: spread(index, 1) } : {}),
      });
    }
  }
  ctx.row({
    case: `MCP stdio tools/call read_file, ${STDIO_CALLS} sequential calls: 2026-07-28 against 2025, same server, p50`,
    toolwright: percentile(times[2]!, 50),
    baseline: percentile(times[0]!, 50),
    baselineName: 'toolwright on 2025 (initialize)',
    unit: 'µs',
    target: '≤ 1.1×',
    note: `${spread(2, 0)}; p99 ${(percentile(times[2]!, 99) / percentile(times[0]!, 99)).toFixed(2)}×`,
  });
}

/** A free loopback port (for a server that takes its port from the environment). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns `args` and resolves once `pattern` shows on its stderr (its first group, if any). */
function startServer(
  args: string[],
  pattern: RegExp,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; match: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let seen = '';
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) resolve({ child, match: match[1] ?? match[0] });
    });
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited (${code}) before serving: ${seen.slice(0, 500)}`)),
    );
  });
}

/** CPU time (user + system, ms) a child has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(child: ChildProcess): number | undefined {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/** Calls per second at 64 concurrent clients, as µs per call (lower is better), rounds alternated. */
async function httpRows(ctx: BenchContext): Promise<void> {
  await writeFile(path.join(ctx.tmp, 'small.txt'), 'hello\nworld\n'.repeat(20));
  const port = await freePort();
  const [stateful, stateless, everything] = await Promise.all([
    startServer([cli, 'mcp', '--http', '0', '--workspace', ctx.tmp], /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/),
    startServer(
      [cli, 'mcp', '--http', '0', '--stateless', '--workspace', ctx.tmp],
      /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
    ),
    startServer(['--import', loopbackOnly, everythingServer, 'streamableHttp'], /listening on port \d+/, {
      ...process.env,
      PORT: String(port),
    }),
  ]);
  const readFile: { name: string; arguments: Record<string, unknown> } = {
    name: 'read_file',
    arguments: { path: 'small.txt' },
  };
  const targets: { name: string; url: URL; call: typeof readFile; revision: Revision; child: ChildProcess }[] = [
    { name: 'stateful', url: new URL(stateful.match), call: readFile, revision: 'legacy', child: stateful.child },
    { name: 'stateless', url: new URL(stateless.match), call: readFile, revision: 'legacy', child: stateless.child },
    {
      name: 'everything',
      url: new URL(`http://127.0.0.1:${port}/mcp`),
      call: { name: 'echo', arguments: { message: 'hello' } },
      revision: 'legacy',
      child: everything.child,
    },
    // 2026-07-28 has no sessions: the same requests to either server, each self-contained.
    { name: 'modern', url: new URL(stateful.match), call: readFile, revision: 'modern', child: stateful.child },
    {
      name: 'modern stateless',
      url: new URL(stateless.match),
      call: readFile,
      revision: 'modern',
      child: stateless.child,
    },
  ];
  const rates = new Map(targets.map((t) => [t.name, [] as number[]]));
  // The server's own CPU per call: on a loaded machine throughput also measures the neighbours.
  const cpuPerCall = new Map(targets.map((t) => [t.name, [] as number[]]));
  try {
    for (const t of targets) await httpThroughput(t.url, CLIENTS, 2000, t.call, t.revision); // warm-up: JIT, sessions, sockets
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of round % 2 ? [...targets].reverse() : targets) {
        const before = cpuMs(t.child);
        const rate = await httpThroughput(t.url, CLIENTS, WINDOW_MS, t.call, t.revision);
        const after = cpuMs(t.child);
        rates.get(t.name)!.push(rate);
        if (before !== undefined && after !== undefined)
          cpuPerCall.get(t.name)!.push(((after - before) * 1000) / ((rate * WINDOW_MS) / 1000));
      }
    }
  } finally {
    await Promise.all([stateful, stateless, everything].map((s) => stop(s.child)));
  }
  const perCall = (name: string) => 1e6 / median(rates.get(name)!);
  const cpuNote = (name: string) => {
    const values = cpuPerCall.get(name)!;
    return values.length ? `${median(values).toFixed(0)} µs (${values.map((v) => v.toFixed(0)).join(', ')})` : 'n/a';
  };
  const callsPerSecond = (name: string) =>
    rates
      .get(name)!
      .map((r) => r.toFixed(0))
      .join(', ');
  ctx.row({
    case: `MCP HTTP sessions, ${CLIENTS} concurrent clients, tools/call read_file (µs per call = 1/throughput)`,
    toolwright: perCall('stateful'),
    baseline: perCall('everything'),
    baselineName: 'server-everything echo, sessions',
    unit: 'µs',
    target: '≤ 1.0×',
    contract: true,
    note: `calls/s per round: toolwright ${callsPerSecond('stateful')}; server-everything ${callsPerSecond('everything')}; server CPU per call: toolwright ${cpuNote('stateful')}, server-everything ${cpuNote('everything')}`,
  });
  ctx.row({
    case: `MCP HTTP --stateless, ${CLIENTS} concurrent clients, tools/call read_file (µs per call = 1/throughput)`,
    toolwright: perCall('stateless'),
    baseline: perCall('stateful'),
    baselineName: 'toolwright sessions',
    unit: 'µs',
    target: '≤ 1.25× (≥ 0.8× the calls/s)',
    contract: true,
    note: `calls/s per round: stateless ${callsPerSecond('stateless')}; server CPU per call: stateless ${cpuNote('stateless')}, sessions ${cpuNote('stateful')}`,
  });
  ctx.row({
    case: `MCP HTTP 2026-07-28, ${CLIENTS} concurrent clients, tools/call read_file (µs per call = 1/throughput)`,
    toolwright: perCall('modern'),
    baseline: perCall('everything'),
    baselineName: 'server-everything echo, sessions (2025)',
    unit: 'µs',
    target: '≤ 1.0×',
    contract: true,
    note: `calls/s per round: toolwright ${callsPerSecond('modern')}; server CPU per call: toolwright ${cpuNote('modern')}`,
  });
  ctx.row({
    case: `MCP HTTP, ${CLIENTS} concurrent clients: 2026-07-28 against 2025 sessions, same server`,
    toolwright: perCall('modern'),
    baseline: perCall('stateful'),
    baselineName: 'toolwright sessions (2025)',
    unit: 'µs',
    target: '≤ 1.1×',
    note: `server CPU per call: 2026-07-28 ${cpuNote('modern')}, 2025 sessions ${cpuNote('stateful')}`,
  });
  ctx.row({
    case: `MCP HTTP --stateless, ${CLIENTS} concurrent clients: 2026-07-28 against 2025, same server`,
    toolwright: perCall('modern stateless'),
    baseline: perCall('stateless'),
    baselineName: 'toolwright --stateless (2025)',
    unit: 'µs',
    target: '≤ 1.1×',
    note: `calls/s per round: 2026-07-28 ${callsPerSecond('modern stateless')}; server CPU per call: 2026-07-28 ${cpuNote('modern stateless')}, 2025 ${cpuNote('stateless')}`,
  });
}

/** A server over an in-process byte pipe, framed as stdio; `call()` is one tools/call round trip. */
async function piped(server: Server) {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  await server.connect(new StdioServerTransport(toServer, fromServer));
  const waiting = new Map<number, () => void>();
  let pending = '';
  fromServer.setEncoding('utf8');
  fromServer.on('data', (chunk: string) => {
    pending += chunk;
    for (let at = pending.indexOf('\n'); at !== -1; at = pending.indexOf('\n')) {
      const reply = JSON.parse(pending.slice(0, at)) as { id: number; error?: unknown };
      pending = pending.slice(at + 1);
      if (reply.error) throw new Error(JSON.stringify(reply.error));
      waiting.get(reply.id)?.();
      waiting.delete(reply.id);
    }
  });
  let id = 0;
  const request = (method: string, params: unknown) =>
    new Promise<void>((resolve) => {
      waiting.set(++id, resolve);
      toServer.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  toServer.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return {
    call: () => request('tools/call', { name: 'read_file', arguments: { path: 'small.txt' } }),
    close: () => server.close(),
  };
}

/** CPU µs per tools/call, fallback handler against Server.setRequestHandler, blocks alternated. */
async function registrationRow(ctx: BenchContext): Promise<void> {
  await writeFile(path.join(ctx.tmp, 'small.txt'), 'hello\nworld\n'.repeat(20));
  const toolkit = createToolkit({ workspace: ctx.tmp });
  const op = toolkit.find('read_file')!;
  const viaSdk = new Server({ name: 'sdk-registered', version: '1' }, { capabilities: { tools: {} } });
  viaSdk.setRequestHandler('tools/list', async () => ({ tools: [] }));
  viaSdk.setRequestHandler('tools/call', async (request, ctx) =>
    toCallToolResult(
      op,
      await toolkit.invoke(op.provider, op.name, request.params.arguments ?? {}, { signal: ctx.mcpReq.signal }),
    ),
  );
  const servers = [await piped(await createMcpServer(toolkit)), await piped(viaSdk)];
  const cpu: number[][] = [[], []];
  for (const s of servers) for (let i = 0; i < 500; i++) await s.call();
  for (let round = 0; round < 40; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const start = process.cpuUsage();
      for (let n = 0; n < 100; n++) await servers[i]!.call();
      const used = process.cpuUsage(start);
      cpu[i]!.push((used.user + used.system) / 100);
    }
  }
  await Promise.all(servers.map((s) => s.close()));
  ctx.row({
    case: 'MCP tools/call read_file in process: through the fallback handler (as served)',
    toolwright: median(cpu[0]!),
    baseline: median(cpu[1]!),
    baselineName: 'the same handler via Server.setRequestHandler',
    unit: 'µs',
    note: `CPU per call incl. the client side, 40 alternated blocks of 100; quartiles ${percentile(cpu[0]!, 25).toFixed(0)}–${percentile(cpu[0]!, 75).toFixed(0)} vs ${percentile(cpu[1]!, 25).toFixed(0)}–${percentile(cpu[1]!, 75).toFixed(0)}`,
  });
}

const bench: BenchCase = {
  name: 'mcp-serve',
  async run(ctx) {
    await registrationRow(ctx);
    await stdioRows(ctx);
    await httpRows(ctx);
  },
};

export default bench;
