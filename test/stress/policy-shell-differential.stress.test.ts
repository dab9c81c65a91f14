// The differential check of the shell analyzer at scale: 20,000 generated lines and 10,000
// mutations of hostile and generated lines (characters inserted and removed at random), each line
// the analyzer claims to model run under real bash and traced. Minutes, not seconds: not part of
// the quick suite.
import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { tempDir } from '../helpers.js';
import { HOSTILE, generatedLine, mutatedLine, random } from '../policy-shell-corpus.js';
import { differential } from '../shell-differential.js';
import { tracingAvailable } from '../shell-trace.js';

describe.skipIf(!tracingAvailable())('shell analyzer against bash, at scale', () => {
  it('20,000 generated lines: bash runs only what the analyzer lists; allowed lines write nothing', async () => {
    await loadBashParser();
    const rand = random(424242);
    const lines = Array.from({ length: 20_000 }, () => generatedLine(rand));
    const report = await differential(await tempDir('tw-stress-'), lines);
    expect(report.failures).toEqual([]);
    expect(report.claimed).toBeGreaterThan(6_000);
  }, 3_600_000);

  it('10,000 mutated lines (inserted and removed characters): the same', async () => {
    await loadBashParser();
    const rand = random(777);
    const hostile = Object.values(HOSTILE).flat();
    const lines = Array.from({ length: 10_000 }, () => mutatedLine(rand, rand() < 0.5 ? hostile[Math.floor(rand() * hostile.length)]! : generatedLine(rand)));
    const report = await differential(await tempDir('tw-stress-'), lines);
    expect(report.failures).toEqual([]);
    expect(report.claimed).toBeGreaterThan(1_000);
  }, 3_600_000);
});
