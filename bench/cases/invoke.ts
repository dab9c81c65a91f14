// In-process invoke of read_file on a tiny file beside raw fs.promises.readFile of the same file,
// each side in a fresh process per round (bench/fixtures/invoke-read.mjs, the built dist/): in this
// process, after the other cases, readFile alone ran five times slower than in a fresh one, which
// hid the invoke path's own overhead. Rounds alternate which side runs first (A B, B A, …); the
// ratio is taken per round and its median reported.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { median, type BenchCase } from '../lib.js';

const run = promisify(execFile);
const child = path.join(import.meta.dirname, '..', 'fixtures', 'invoke-read.mjs');
const CALLS = 4000;
const ROUNDS = 11;

const bench: BenchCase = {
  name: 'invoke',
  async run(ctx) {
    await writeFile(path.join(ctx.tmp, 'small.txt'), 'one\ntwo\nthree\n');
    const side = async (mode: 'invoke' | 'readFile') =>
      JSON.parse((await run(process.execPath, [child, mode, ctx.tmp, String(CALLS)])).stdout) as {
        wall: number;
        cpu: number;
      };
    const times = { invoke: [] as number[], readFile: [] as number[] };
    const cpu = { invoke: [] as number[], readFile: [] as number[] };
    for (let r = 0; r < ROUNDS; r++)
      for (const mode of r % 2 ? (['readFile', 'invoke'] as const) : (['invoke', 'readFile'] as const)) {
        const took = await side(mode);
        times[mode].push(took.wall);
        cpu[mode].push(took.cpu);
      }
    const ratios = times.invoke.map((t, i) => t / times.readFile[i]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    const cpuRatio = median(cpu.invoke) / median(cpu.readFile);
    ctx.row({
      case: 'invoke read_file (3-line file) vs fs.promises.readFile, each in a fresh process',
      toolwright: median(times.invoke),
      baseline: median(times.readFile),
      baselineName: 'fs.promises.readFile',
      unit: 'µs',
      target: '≤ 1.3×',
      contract: true,
      note: `per-round ratio median ${median(ratios).toFixed(2)}× (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}), ${ROUNDS} alternated rounds of ${CALLS} calls after 2,000 warm-up calls; CPU ${median(cpu.invoke).toFixed(0)} vs ${median(cpu.readFile).toFixed(0)} µs per call (${cpuRatio.toFixed(2)}×)`,
    });
  },
};

export default bench;
