// The long version of the grep race: hundreds of greps, side by side, while workspace folders keep
// being swapped for symlinks to a folder outside. Run with `npm run test:stress`.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { runSandboxTests, visibleOutsideBase } from '../support/exec-helpers.js';
import { fill, startSwapper } from '../support/confinement.js';
import { scaled } from '../support/time.js';

const SECRET = 'outside-secret-stress-91c2';
let ws: string;
let outside: string;
let toolkit: Toolkit;

beforeEach(async () => {
  ws = await tempDir('tw-confine-stress-');
  outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-confine-stress-outside-'));
  toolkit = createToolkit({ workspace: ws });
});

afterEach(async () => {
  await rm(outside, { recursive: true, force: true });
});

describe.runIf(runSandboxTests)('grep confinement under a long race', () => {
  it(
    'returns nothing of the outside folder in 400 answered greps, four at a time, with three folders swapping',
    { timeout: scaled(300_000) },
    async () => {
      for (let i = 0; i < 20; i++) await fill(path.join(ws, `a${i}`), 40, 'needle inside');
      for (const name of ['s0', 's1', 's2']) await fill(path.join(ws, name), 30, 'needle inside');
      await fill(outside, 300, `needle ${SECRET}`);
      const swappers = ['s0', 's1', 's2'].map((name) => startSwapper(path.join(ws, name), outside));
      const leaked: string[] = [];
      let answered = 0;
      const until = Date.now() + 240_000;
      const modes = ['content', 'files_with_matches', 'count'] as const;
      try {
        const worker = async (w: number) => {
          for (let i = 0; answered < 400 && Date.now() < until; i++) {
            const params =
              i % 4 === 3
                ? { pattern: 'needle', path: `s${i % 3}` }
                : { pattern: 'needle', output_mode: modes[i % 3], max_results: 20_000 };
            const result = await toolkit.invoke('search', 'grep', params);
            if (!result.ok) continue;
            answered++;
            const output = result.output;
            const files = [
              ...(output.files ?? []),
              ...(output.counts ?? []).map((c) => c.path),
              ...(output.matches ?? []).map((m) => m.path),
            ];
            if (
              JSON.stringify(output).includes(SECRET) ||
              files.some((file) => /^s\d\/f(3\d|[4-9]\d|\d{3})\.txt$/.test(file))
            )
              leaked.push(`worker ${w} grep ${i}`);
          }
        };
        await Promise.all([0, 1, 2, 3].map(worker));
      } finally {
        for (const swapper of swappers) await swapper.stop();
      }
      expect(answered).toBeGreaterThanOrEqual(400);
      expect(leaked).toEqual([]);
    },
  );
});
