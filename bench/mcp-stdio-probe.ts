// Quick A/B probe (not a bench case): MCP stdio `tools/call` read_file of a small file, sequential,
// over any number of toolwright builds beside the reference filesystem server, calls interleaved
// in blocks so load drift hits every server alike.
// Usage: tsx bench/mcp-stdio-probe.ts [calls=2000] [label=path/to/cli.js[@2026] …] [--prof DIR]
// (`@2026`: that build is spoken to on 2026-07-28, without initialize.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StdioWire, percentile, type Revision } from './mcp-wire.js';
import { median } from './lib.js';
import { readFile } from 'node:fs/promises';

/** CPU time (user + system) a process has used so far, ms (clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const argv = process.argv.slice(2);
const profAt = argv.indexOf('--prof');
const profDir = profAt === -1 ? undefined : argv.splice(profAt, 2)[1];
const calls = Number(/^\d+$/.test(argv[0] ?? '') ? argv.shift() : 2000);
const root = path.resolve(import.meta.dirname, '..');
const builds =
  argv.length > 0
    ? argv.map((spec) => spec.split('=') as [string, string])
    : [['toolwright', path.join(root, 'dist/cli.js')] as [string, string]];
const revisionOf = (cli: string): [string, Revision] =>
  cli.endsWith('@2026') ? [cli.slice(0, -'@2026'.length), 'modern'] : [cli, 'legacy'];
const peerEntry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const dir = await mkdtemp(path.join(tmpdir(), 'toolwright-stdio-probe-'));
await writeFile(path.join(dir, 'a.txt'), 'hello\nworld\n'.repeat(20));
const prof = (label: string) =>
  profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${label}.cpuprofile`] : [];

const servers = await Promise.all([
  ...builds.map(async ([label, spec]) => ({
    label,
    wire: await StdioWire.start(
      process.execPath,
      [...prof(label), revisionOf(spec)[0], 'mcp', '--workspace', dir],
      root,
      undefined,
      revisionOf(spec)[1],
    ),
    call: ['read_file', { path: 'a.txt' }] as const,
  })),
  (async () => ({
    label: 'server-filesystem',
    wire: await StdioWire.start(process.execPath, [...prof('peer'), peerEntry, dir], root),
    call: ['read_text_file', { path: path.join(dir, 'a.txt') }] as const,
  }))(),
]);
for (const s of servers) await s.wire.request('tools/list', {});
const times = new Map(servers.map((s) => [s.label, [] as number[]]));
const cpu = new Map(servers.map((s) => [s.label, 0]));
/** Per block: each server's median, so ratios compare calls made at nearly the same time. */
const blockMedians = new Map(servers.map((s) => [s.label, [] as number[]]));
const BLOCK = 50;
for (let block = 0; block * BLOCK < calls; block++) {
  const order = block % 2 ? [...servers].reverse() : servers;
  for (const s of order) {
    const before = await cpuMs(s.wire.child.pid!);
    const block: number[] = [];
    for (let i = 0; i < BLOCK; i++) block.push(await s.wire.timedCall(s.call[0], { ...s.call[1] }));
    times.get(s.label)!.push(...block);
    blockMedians.get(s.label)!.push(median(block));
    cpu.set(s.label, cpu.get(s.label)! + (await cpuMs(s.wire.child.pid!)) - before);
  }
}
const peer = times.get('server-filesystem')!;
for (const s of servers) {
  const t = times.get(s.label)!;
  const line = `${s.label.padEnd(18)} p50 ${median(t).toFixed(0).padStart(5)} µs  p99 ${percentile(t, 99).toFixed(0).padStart(5)} µs`;
  const paired = blockMedians.get(s.label)!.map((m, i) => m / blockMedians.get('server-filesystem')![i]!);
  const ratio =
    s.label === 'server-filesystem'
      ? ''
      : `  (p50 ${(median(t) / median(peer)).toFixed(2)}×, p99 ${(percentile(t, 99) / percentile(peer, 99)).toFixed(2)}× the peer; block-paired p50 ratio ${median(paired).toFixed(2)}× [${percentile(paired, 25).toFixed(2)}–${percentile(paired, 75).toFixed(2)}])`;
  console.log(`${line}  CPU ${((cpu.get(s.label)! / t.length) * 1000).toFixed(0).padStart(4)} µs/call${ratio}`);
}
await Promise.all(servers.map((s) => s.wire.close()));
await rm(dir, { recursive: true, force: true });
