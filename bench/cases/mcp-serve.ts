// Serving MCP for real, as separate processes beside the reference servers: stdio tools/call of a
// small file (2,000 sequential calls, p50 and p99) against the reference filesystem server's
// read_text_file, and Streamable HTTP at 64 concurrent clients: sessions against the reference
// everything server's echo, stateless against sessions. Runs the built dist/ (`npm run bench`
// builds first). The load comes from this process over raw JSON-RPC (bench/mcp-wire.ts), so the
// SDK client's own schema checks are not in the numbers.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { median, type BenchCase, type BenchContext } from '../lib.js';
import { StdioWire, httpThroughput, percentile } from '../mcp-wire.js';

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
const ROUNDS = 3;

/** `tools/call` over stdio, sequential, in blocks alternating between the two servers. */
async function stdioRows(ctx: BenchContext): Promise<void> {
  await writeFile(path.join(ctx.tmp, 'small.txt'), 'hello\nworld\n'.repeat(20));
  const servers = [
    { name: 'toolwright', wire: await StdioWire.start(process.execPath, [cli, 'mcp', '--workspace', ctx.tmp], root), call: ['read_file', { path: 'small.txt' }] as const },
    { name: 'server-filesystem', wire: await StdioWire.start(process.execPath, [filesystemServer, ctx.tmp], root), call: ['read_text_file', { path: path.join(ctx.tmp, 'small.txt') }] as const },
  ];
  const times = servers.map(() => [] as number[]);
  const blocks = servers.map(() => [] as number[]);
  try {
    for (const s of servers) await s.wire.request('tools/list', {});
    for (let block = 0; block * BLOCK < STDIO_CALLS; block++) {
      for (const i of block % 2 ? [1, 0] : [0, 1]) {
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
  const paired = blocks[0]!.map((m, i) => m / blocks[1]![i]!);
  const spread = `block medians paired in time: ${median(paired).toFixed(2)}× (quartiles ${percentile(paired, 25).toFixed(2)}–${percentile(paired, 75).toFixed(2)})`;
  for (const [label, p] of [['p50', 50], ['p99', 99]] as const) {
    ctx.row({
      case: `MCP stdio tools/call read_file, small file, ${STDIO_CALLS} sequential calls: ${label}`,
      toolwright: percentile(times[0]!, p),
      baseline: percentile(times[1]!, p),
      baselineName: 'server-filesystem read_text_file',
      unit: 'µs',
      target: '<= 0.9x',
      ...(label === 'p50' ? { note: spread } : {}),
    });
  }
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
function startServer(args: string[], pattern: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; match: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) resolve({ child, match: match[1] ?? match[0] });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before serving: ${seen.slice(0, 500)}`)));
  });
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
    startServer([cli, 'mcp', '--http', '0', '--stateless', '--workspace', ctx.tmp], /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/),
    startServer(['--import', loopbackOnly, everythingServer, 'streamableHttp'], /listening on port \d+/, { ...process.env, PORT: String(port) }),
  ]);
  const targets = [
    { name: 'stateful', url: new URL(stateful.match), call: { name: 'read_file', arguments: { path: 'small.txt' } } },
    { name: 'stateless', url: new URL(stateless.match), call: { name: 'read_file', arguments: { path: 'small.txt' } } },
    { name: 'everything', url: new URL(`http://127.0.0.1:${port}/mcp`), call: { name: 'echo', arguments: { message: 'hello' } } },
  ];
  const rates = new Map(targets.map((t) => [t.name, [] as number[]]));
  try {
    for (const t of targets) await httpThroughput(t.url, CLIENTS, 1000, t.call); // warm-up: JIT, sessions, sockets
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of round % 2 ? [...targets].reverse() : targets) rates.get(t.name)!.push(await httpThroughput(t.url, CLIENTS, WINDOW_MS, t.call));
    }
  } finally {
    await Promise.all([stateful, stateless, everything].map((s) => stop(s.child)));
  }
  const perCall = (name: string) => 1e6 / median(rates.get(name)!);
  const callsPerSecond = (name: string) => rates.get(name)!.map((r) => r.toFixed(0)).join(', ');
  ctx.row({
    case: `MCP HTTP sessions, ${CLIENTS} concurrent clients, tools/call read_file (µs per call = 1/throughput)`,
    toolwright: perCall('stateful'),
    baseline: perCall('everything'),
    baselineName: 'server-everything echo, sessions',
    unit: 'µs',
    target: '<= 1.0x',
    note: `calls/s per round: toolwright ${callsPerSecond('stateful')}; server-everything ${callsPerSecond('everything')}`,
  });
  ctx.row({
    case: `MCP HTTP --stateless, ${CLIENTS} concurrent clients, tools/call read_file (µs per call = 1/throughput)`,
    toolwright: perCall('stateless'),
    baseline: perCall('stateful'),
    baselineName: 'toolwright sessions',
    unit: 'µs',
    target: '<= 1.25x (>= 0.8x the calls/s)',
    note: `calls/s per round: stateless ${callsPerSecond('stateless')}`,
  });
}

const bench: BenchCase = {
  name: 'mcp-serve',
  async run(ctx) {
    await stdioRows(ctx);
    await httpRows(ctx);
  },
};

export default bench;
