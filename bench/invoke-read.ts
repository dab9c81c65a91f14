// In-process `invoke` of a tiny read_file beside raw `fs.promises.readFile` of the same file, and
// optionally beside another runtime's src folder (before/after), rounds alternated so drift in the
// machine's load hits every variant alike. Usage:
//   npx tsx bench/invoke-read.ts [SRC ...]     (default: this checkout's src)
// Prints, per variant, the median wall µs per call with the spread (quartiles of the rounds), and
// the median of the per-round ratios to readFile (each round runs every variant back to back, so a
// ratio compares runs under the same load).
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './lib.js';

interface Kit {
  invoke(provider: string, operation: string, input: unknown): Promise<{ ok: boolean; text: string }>;
}

const CALLS = Number(process.env.CALLS ?? 4000);
const ROUNDS = Number(process.env.ROUNDS ?? 11);
const sources = process.argv.slice(2);
if (sources.length === 0) sources.push(path.resolve(import.meta.dirname, '../src'));

const ws = await mkdtemp(path.join(tmpdir(), 'toolwright-invoke-read-'));
await writeFile(path.join(ws, 'small.txt'), 'one\ntwo\nthree\n');
const file = path.join(ws, 'small.txt');

const variants: Record<string, () => Promise<unknown>> = {
  'fs.promises.readFile': () => readFile(file, 'utf8'),
};
for (const [i, src] of sources.entries()) {
  const mod = (await import(pathToFileURL(path.join(src, 'index.ts')).href)) as {
    createToolkit(o: { workspace: string }): Kit;
  };
  const kit = mod.createToolkit({ workspace: ws });
  const check = await kit.invoke('filesystem', 'read_file', { path: 'small.txt' });
  if (!check.ok) throw new Error(check.text);
  variants[`invoke #${i} ${path.relative(process.cwd(), src) || src}`] = () =>
    kit.invoke('filesystem', 'read_file', { path: 'small.txt' });
}

const names = Object.keys(variants);
for (const name of names) for (let i = 0; i < 2000; i++) await variants[name]!();
const wall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [...names].reverse() : names;
  for (const name of order) {
    const fn = variants[name]!;
    const started = performance.now();
    const used = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await fn();
    const spent = process.cpuUsage(used);
    wall[name]!.push(((performance.now() - started) * 1000) / CALLS);
    cpu[name]!.push((spent.user + spent.system) / CALLS);
  }
}
const quartile = (values: number[], q: number) =>
  [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) * q)]!;
const ratios = (of: number[], to: number[]) => of.map((v, i) => v / to[i]!);
const [base] = names;
for (const name of names) {
  const w = wall[name]!;
  const c = cpu[name]!;
  const r = ratios(w, wall[base!]!);
  const rc = ratios(c, cpu[base!]!);
  console.log(
    `${name.padEnd(44)} wall ${median(w).toFixed(1)} µs (${quartile(w, 0.25).toFixed(1)}–${quartile(w, 0.75).toFixed(1)})  ×readFile ${median(r).toFixed(2)} (${quartile(r, 0.25).toFixed(2)}–${quartile(r, 0.75).toFixed(2)})  cpu ${median(c).toFixed(1)} µs ×readFile ${median(rc).toFixed(2)}`,
  );
}
