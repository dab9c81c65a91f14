// The toolkit's numeric limits are whole numbers in range, or createToolkit throws naming the
// option: NaN or a string compares false with everything, so such a limit would have limited
// nothing (sub-agents nesting without end, background jobs past the cap).
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

describe('numeric toolkit limits', () => {
  it('refuses NaN, strings, fractions, negatives and zero where a count must be positive', async () => {
    const workspace = await tempDir('tw-limits-');
    const bad: [string, Record<string, unknown>][] = [
      ['maxDepth', { maxDepth: Number.NaN }],
      ['maxDepth', { maxDepth: 'three' }],
      ['maxDepth', { maxDepth: -1 }],
      ['maxDepth', { maxDepth: 1.5 }],
      ['exec.maxJobs', { exec: { maxJobs: Number.NaN } }],
      ['exec.maxJobs', { exec: { maxJobs: 'x' } }],
      ['exec.maxJobs', { exec: { maxJobs: 0 } }],
      ['exec.maxJobs', { exec: { maxJobs: Infinity } }],
      ['exec.outputLimit', { exec: { outputLimit: Number.NaN } }],
      ['exec.outputLimit', { exec: { outputLimit: -5 } }],
    ];
    for (const [name, options] of bad)
      expect(() => createToolkit({ workspace, ...options }), JSON.stringify(options)).toThrow(
        new RegExp(`options\\.${name.replace('.', '\\.')} must be a whole number`),
      );
    for (const options of [{ maxDepth: 0 }, { maxDepth: 3 }, { exec: { maxJobs: 1, outputLimit: 1000 } }]) {
      const toolkit = createToolkit({ workspace, ...options });
      await toolkit.close();
    }
  });
});
