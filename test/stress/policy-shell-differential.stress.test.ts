// The differential check of the shell analyzer at scale: 20,000 generated lines, 10,000 mutations
// of hostile, generated and assigning lines (characters inserted and removed at random), each line
// the analyzer claims to model run under real bash and traced; and shell_read's classifier against
// 6,000 random lines run with logging shims. Minutes, not seconds: not part of the quick suite.
import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { tempDir } from '../support/helpers.js';
import { assigningLine, generatedLine, mutatedAny, random } from '../shell/corpus.js';
import { differential } from '../shell/differential.js';
import { shellReadAgainstShims } from '../shell/shims.js';
import { runTracingTests } from '../shell/trace.js';
import { scaled } from '../support/time.js';

describe.runIf(runTracingTests())('shell analyzer against bash, at scale', () => {
  it(
    '20,000 generated lines: bash runs only what the analyzer lists; allowed lines write nothing',
    { timeout: scaled(3_600_000) },
    async () => {
      await loadBashParser();
      const rand = random(424242);
      const lines = Array.from({ length: 20_000 }, () => generatedLine(rand));
      const report = await differential(await tempDir('tw-stress-'), lines);
      expect(report.failures).toEqual([]);
      expect(report.claimed).toBeGreaterThan(6_000);
    },
  );

  it(
    '10,000 mutated lines (characters inserted and removed) and 3,000 assigning builtins: the same',
    { timeout: scaled(3_600_000) },
    async () => {
      await loadBashParser();
      const rand = random(777);
      const lines = [
        ...Array.from({ length: 10_000 }, () => mutatedAny(rand)),
        ...Array.from({ length: 3_000 }, () => assigningLine(rand)),
      ];
      const report = await differential(await tempDir('tw-stress-'), lines);
      expect(report.failures).toEqual([]);
      expect(report.claimed).toBeGreaterThan(1_000);
    },
  );
});

describe('shell_read against bash with logging shims, at scale', () => {
  it(
    '6,000 random lines: every one shell_read accepts runs only inspection programs',
    { timeout: scaled(1_800_000) },
    async () => {
      const { accepted, wrong } = await shellReadAgainstShims(6_000, 4243);
      expect(wrong).toEqual([]);
      expect(accepted).toBeGreaterThan(400);
    },
  );
});
