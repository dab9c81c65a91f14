// In-process invoke of read_file on a tiny file beside raw fs.promises.readFile of the same file:
// rounds of calls alternated (A B, B A, …) so drift in the machine's load hits both, the ratio
// taken per round (both ran back to back under the same load) and its median reported.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createToolkit } from '../../src/index.js';
import { median, type BenchCase } from '../lib.js';

const CALLS = 4000;
const ROUNDS = 11;

const bench: BenchCase = {
  name: 'invoke',
  async run(ctx) {
    await writeFile(path.join(ctx.tmp, 'small.txt'), 'one\ntwo\nthree\n');
    const file = path.join(ctx.tmp, 'small.txt');
    const toolkit = createToolkit({ workspace: ctx.tmp });
    const variants = {
      invoke: async () => {
        const result = await toolkit.invoke('filesystem', 'read_file', { path: 'small.txt' });
        if (!result.ok) throw new Error(result.text);
      },
      readFile: () => readFile(file, 'utf8'),
    };
    for (const run of Object.values(variants)) for (let i = 0; i < 2000; i++) await run();
    const times: Record<keyof typeof variants, number[]> = { invoke: [], readFile: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const name of r % 2 ? (['readFile', 'invoke'] as const) : (['invoke', 'readFile'] as const)) {
        const started = performance.now();
        for (let i = 0; i < CALLS; i++) await variants[name]();
        times[name].push(((performance.now() - started) * 1000) / CALLS);
      }
    }
    const ratios = times.invoke.map((t, i) => t / times.readFile[i]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    ctx.row({
      case: 'invoke read_file (3-line file) vs fs.promises.readFile',
      toolwright: median(times.invoke),
      baseline: median(times.readFile),
      baselineName: 'fs.promises.readFile',
      unit: 'µs',
      target: '≤ 1.3×',
      contract: true,
      note: `per-round ratio median ${median(ratios).toFixed(2)}× (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}), ${ROUNDS} alternated rounds of ${CALLS} calls`,
    });
  },
};

export default bench;
