// Quick probe (not a bench case): head/tail of a 1 GiB file over MCP stdio, toolwright vs the
// reference filesystem server, many interleaved runs. Usage: tsx bench/mcp-window-probe.ts DIR [runs] [--prof]
import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeBigFile, median } from './lib.js';

const [dir, runsArg, prof] = process.argv.slice(2) as [string, string?, string?];
const runs = Number(runsArg ?? 61);
const root = path.resolve(import.meta.dirname, '..');
const peerEntry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const file = path.join(dir, 'big.txt');
if (!existsSync(file)) await makeBigFile(file);
async function connect(args: string[]) {
  const client = new Client({ name: 'probe', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'inherit' }));
  await client.listTools();
  return client;
}
const ours = await connect([
  ...(prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/hb/prof'] : []),
  path.join(root, 'dist/cli.js'),
  'mcp',
  '--workspace',
  dir,
]);
const peer = await connect([peerEntry, dir]);
let stamp = Date.now() / 1000;
const cold = async () => {
  stamp += 1;
  await utimes(file, stamp, stamp);
};
for (const [label, a, b] of [
  ['head', { path: 'big.txt', limit: 50 }, { path: file, head: 50 }],
  ['tail', { path: 'big.txt', offset: -50 }, { path: file, tail: 50 }],
] as const) {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const runOurs = async () => {
      await cold();
      const t = performance.now();
      await ours.callTool({ name: 'read_file', arguments: a });
      return performance.now() - t;
    };
    const runPeer = async () => {
      await cold();
      const t = performance.now();
      await peer.callTool({ name: 'read_text_file', arguments: b });
      return performance.now() - t;
    };
    let dx: number, dy: number;
    if (i % 2 === 1) {
      dy = await runPeer();
      dx = await runOurs();
    } else {
      dx = await runOurs();
      dy = await runPeer();
    }
    if (i >= 3) {
      x.push(dx);
      y.push(dy);
    }
  }
  console.log(
    `${label}: toolwright ${median(x).toFixed(3)} ms, peer ${median(y).toFixed(3)} ms, ratio ${(median(x) / median(y)).toFixed(2)}`,
  );
}
await ours.close();
await peer.close();
