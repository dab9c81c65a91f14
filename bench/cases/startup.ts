// start-up: what loading toolwright costs a host and a user, as whole processes in a clean
// environment (only PATH, so no extra CA certificates or NODE_OPTIONS), beside bare node and the
// MCP reference filesystem server. Runs the built dist/ (`npm run bench` builds first).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, pairsNote, sideBySide, type BenchCase } from '../lib.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const cleanEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const RUNS = 11;

/** Runs node with args to completion; resolves its stdout (rejects on a non-zero exit). */
function runNode(args: string[], cwd = root): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}

/** Peak RSS (MiB) of a node process that runs `script` (ESM) and then reports process.resourceUsage(). */
async function peakRssMiB(script: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const out = await runNode([
      '--input-type=module',
      '-e',
      `${script}\nconsole.log(/VmHWM:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1])`,
    ]);
    samples.push(Number(out.trim().split('\n').pop()) / 1024);
  }
  return median(samples);
}

/** Spawn → MCP `initialize` answered (the SDK client's connect), then → tools/list answered; ms. */
async function mcpStartup(command: string, args: string[]): Promise<{ initialize: number; list: number }> {
  const transport = new StdioClientTransport({ command, args, cwd: root, env: cleanEnv, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1' });
  const started = performance.now();
  await client.connect(transport);
  const initialize = performance.now() - started;
  await client.listTools();
  const list = performance.now() - started;
  await client.close();
  return { initialize, list };
}

const bench: BenchCase = {
  name: 'startup',
  async run(ctx) {
    await writeFile(join(ctx.tmp, 'a.txt'), 'hello\nworld\n');
    const index = join(dist, 'index.js');

    const importTime = await sideBySide(
      () => runNode(['--input-type=module', '-e', `await import(${JSON.stringify(index)})`]),
      () => runNode(['-e', '0']),
      RUNS,
      2,
    );
    const [importRss, bareRss] = [await peakRssMiB(`await import(${JSON.stringify(index)});`), await peakRssMiB('')];
    ctx.row({
      case: "import 'toolwright' (whole process, clean env)",
      toolwright: importTime.toolwright,
      baseline: importTime.baseline,
      baselineName: 'node -e 0',
      note: `peak RSS ${importRss.toFixed(1)} MiB vs ${bareRss.toFixed(1)} MiB bare node (+${(importRss - bareRss).toFixed(1)} MiB)`,
    });

    const cli = join(dist, 'cli.js');
    const call = await sideBySide(
      () => runNode([cli, 'call', 'read_file', '{"path":"a.txt"}', '-w', ctx.tmp]),
      () => runNode(['-e', '0']),
      RUNS,
      2,
    );
    ctx.row({
      case: 'CLI `call read_file` (whole process, clean env)',
      toolwright: call.toolwright,
      baseline: call.baseline,
      baselineName: 'node -e 0',
      target: '≤ 2.5×',
      contract: true,
      note: pairsNote(call.pairs),
    });

    const version = await sideBySide(
      () => runNode([cli, '--version']),
      () => runNode(['-e', '0']),
      RUNS,
      1,
    );
    ctx.row({
      case: 'CLI `--version` (whole process, clean env)',
      toolwright: version.toolwright,
      baseline: version.baseline,
      baselineName: 'node -e 0',
      target: '≤ 1.5×',
      contract: true,
      note: pairsNote(version.pairs),
    });

    const help = await sideBySide(
      () => runNode([cli, '--help']),
      () => runNode(['-e', '0']),
      RUNS,
      1,
    );
    ctx.row({
      case: 'CLI `--help` (whole process)',
      toolwright: help.toolwright,
      baseline: help.baseline,
      baselineName: 'node -e 0',
      note: pairsNote(help.pairs),
    });

    // The peer, started the way its README says (node + its bin), on the same folder.
    const require = createRequire(import.meta.url);
    const peerBin = join(
      dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
      'dist',
      'index.js',
    );
    const ours: { initialize: number; list: number }[] = [];
    const peer: { initialize: number; list: number }[] = [];
    await mcpStartup(process.execPath, [cli, 'mcp', '-w', ctx.tmp]);
    await mcpStartup(process.execPath, [peerBin, ctx.tmp]);
    // Which server starts first swaps every round (see sideBySide).
    for (let i = 0; i < RUNS; i++) {
      const runOurs = async () => {
        ours.push(await mcpStartup(process.execPath, [cli, 'mcp', '-w', ctx.tmp]));
      };
      const runPeer = async () => {
        peer.push(await mcpStartup(process.execPath, [peerBin, ctx.tmp]));
      };
      if (i % 2 === 0) {
        await runOurs();
        await runPeer();
      } else {
        await runPeer();
        await runOurs();
      }
    }
    ctx.row({
      case: 'MCP stdio: spawn → initialize answered',
      toolwright: median(ours.map((r) => r.initialize)),
      baseline: median(peer.map((r) => r.initialize)),
      baselineName: 'server-filesystem',
      target: '<= 1.0x',
    });
    ctx.row({
      case: 'MCP stdio: spawn → tools/list answered',
      toolwright: median(ours.map((r) => r.list)),
      baseline: median(peer.map((r) => r.list)),
      baselineName: 'server-filesystem',
      note: 'toolwright loads its tools after answering initialize',
    });
  },
};

export default bench;
