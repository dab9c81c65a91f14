// Differential checks against bash itself. The analyzer's claim ("this line runs exactly these
// programs") is tested on hostile lines of every bypass class and on generated lines: each line it
// claims to model runs under real bash, traced with strace inside a read-only sandbox
// (differential.ts). shell_read's classifier is checked with a PATH of logging shims.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { tempDir } from '../support/helpers.js';
import { HOSTILE, assigningLine, generatedLine, mutatedAny, random as seeded } from './corpus.js';
import { differential } from './differential.js';
import { shellReadAgainstShims } from './shims.js';
import { runTracingTests, traceLines } from './trace.js';
import { scaled } from '../support/time.js';

/** Random lines held against the logging shims in the quick suite (the stress suite runs 6,000). */
const SHIMMED = 600;

describe('policy decisions agree with what bash runs', () => {
  it('shell_read: every line it accepts runs only inspection programs', { timeout: scaled(120_000) }, async () => {
    const { accepted, wrong } = await shellReadAgainstShims(SHIMMED, 4242);
    expect(wrong).toEqual([]);
    expect(accepted).toBeGreaterThan(40);
  });
});

/**
 * Samples in the quick suite beside every hostile line: generated lines (the stress suite runs
 * 20,000), lines of builtins that assign a name (3,000 there) and mutated lines (10,000 there).
 */
const GENERATED = 500;
const ASSIGNING = 100;
const MUTATED = 100;

describe.runIf(runTracingTests())('the shell analyzer agrees with bash (strace in a read-only sandbox)', () => {
  it(
    'the tracer sees programs run by name, by path, through wrappers, in the background and from the folder, and every write',
    { timeout: scaled(60_000) },
    async () => {
      const root = await tempDir('tw-trace-');
      const traces = await traceLines(
        root,
        [
          'ls',
          '/bin/true; ls | cat',
          'timeout 3 env rm victim',
          'ls & cat victim',
          'echo x > /etc/x',
          'echo hi > f',
          'PATH=. ls',
        ],
        {
          real: ['timeout', 'env'],
          noop: ['ls', 'cat', 'rm', 'touch'],
        },
      );
      // Sorted: the programs of a pipeline or a background job start in any order.
      const ran = traces.map((t) => t.execs.map((e) => path.basename(e.path)).sort());
      expect(ran.slice(0, 5)).toEqual([['ls'], ['cat', 'ls', 'true'], ['env', 'rm', 'timeout'], ['cat', 'ls'], []]);
      // Outside its folder nothing is writable; the attempt is seen.
      expect(traces[4]!.writes.filter((w) => !w.path.startsWith('/dev/')).map((w) => [w.path, w.result])).toEqual([
        ['/etc/x', expect.stringMatching(/EROFS/)],
      ]);
      expect(traces[5]!.changed).toEqual(['f']);
      // No ./ls in that folder: bash looked there (PATH=.), found nothing, ran nothing.
      expect(traces[6]!.execs).toEqual([]);
    },
  );

  it(
    `the hostile lines of every class, ${GENERATED} generated, ${ASSIGNING} assigning builtins and ${MUTATED} mutated lines: bash runs only what the analyzer lists; allowed lines write nothing`,
    { timeout: scaled(600_000) },
    async () => {
      await loadBashParser();
      const rand = seeded(20261201);
      const lines = [
        ...Object.values(HOSTILE).flat(),
        ...Array.from({ length: GENERATED }, () => generatedLine(rand)),
        ...Array.from({ length: ASSIGNING }, () => assigningLine(rand)),
        ...Array.from({ length: MUTATED }, () => mutatedAny(rand)),
      ];
      expect(lines.length).toBeGreaterThanOrEqual(900);
      const report = await differential(await tempDir('tw-diff-'), lines);
      expect(report.failures).toEqual([]);
      // Enough lines are claimed (and allowed) for the check to mean something.
      expect(report.claimed).toBeGreaterThan(300);
      expect(report.allowed).toBeGreaterThan(45);
    },
  );
});
