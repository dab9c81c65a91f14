// shell_read against the real programs: a sample of random option mixes (safe and writing ones)
// for sort, sed, find, uniq, awk and date; whatever the classifier accepts is run for real, and the
// workspace must be byte-for-byte unchanged afterwards. Many more: test/stress/shell-read-differential.stress.test.ts.
import { describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';
import { runOptionMixes } from './option-mixes.js';

const COUNT = 80;
const MIN_EACH = 25;

describe('shell_read: accepted option mixes run for real and change nothing', () => {
  it('random mixes of safe and writing options', { timeout: scaled(120_000) }, async () => {
    const { accepted, refused, changed } = await runOptionMixes(COUNT, 99);
    expect(changed).toEqual([]);
    // Both sides must be exercised for the check to mean something.
    expect(accepted).toBeGreaterThan(MIN_EACH);
    expect(refused).toBeGreaterThan(MIN_EACH);
  });
});
