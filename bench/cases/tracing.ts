// What the tracing hook costs a call when no OpenTelemetry SDK is registered: invoke of read_file on
// a tiny file by a toolkit as built, beside the same build with tracing turned off
// (TOOLWRIGHT_TRACING=off), in alternated rounds; the per-round ratio's median is reported.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createToolkit } from '../../src/index.js';
import { median, type BenchCase } from '../lib.js';

const CALLS = 4000;
const ROUNDS = 11;

const bench: BenchCase = {
  name: 'tracing',
  async run(ctx) {
    await writeFile(path.join(ctx.tmp, 'small.txt'), 'one\ntwo\nthree\n');
    const traced = createToolkit({ workspace: ctx.tmp });
    const saved = process.env.TOOLWRIGHT_TRACING;
    process.env.TOOLWRIGHT_TRACING = 'off';
    const untraced = createToolkit({ workspace: ctx.tmp });
    if (saved === undefined) delete process.env.TOOLWRIGHT_TRACING;
    else process.env.TOOLWRIGHT_TRACING = saved;
    const call = (toolkit: typeof traced) => async () => {
      const result = await toolkit.invoke('filesystem', 'read_file', { path: 'small.txt' });
      if (!result.ok) throw new Error(result.text);
    };
    const variants = { traced: call(traced), untraced: call(untraced) };
    for (const run of Object.values(variants)) for (let i = 0; i < 2000; i++) await run();
    const times: Record<keyof typeof variants, number[]> = { traced: [], untraced: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const name of r % 2 ? (['untraced', 'traced'] as const) : (['traced', 'untraced'] as const)) {
        const started = performance.now();
        for (let i = 0; i < CALLS; i++) await variants[name]();
        times[name].push(((performance.now() - started) * 1000) / CALLS);
      }
    }
    const ratios = times.traced.map((t, i) => t / times.untraced[i]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    ctx.row({
      case: 'invoke read_file, no OpenTelemetry SDK registered, vs tracing turned off',
      toolwright: median(times.traced),
      baseline: median(times.untraced),
      baselineName: 'TOOLWRIGHT_TRACING=off',
      unit: 'µs',
      target: '≤ 1.02×',
      note: `per-round ratio median ${median(ratios).toFixed(3)}× (${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}), ${ROUNDS} alternated rounds of ${CALLS} calls`,
    });
    await Promise.all([traced.close(), untraced.close()]);
  },
};

export default bench;
