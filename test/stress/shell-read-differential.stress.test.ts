// The samples of shell-read-options.test.ts and shell-read-differential-sed.test.ts at scale: many
// more random option mixes run for real through shell_read (the workspace must stay unchanged), and
// ten times the sed scripts held against GNU sed --sandbox.
import { describe, expect, it } from 'vitest';
import { runOptionMixes } from '../shell/option-mixes.js';
import { hasSandboxedSed, sedSandboxMisses } from '../shell/sed-sandbox.js';
import { scaled } from '../support/time.js';

describe('shell_read against the real programs, at scale', () => {
  it('2,400 random mixes of safe and writing options change nothing', { timeout: scaled(1_200_000) }, async () => {
    const { accepted, refused, changed } = await runOptionMixes(2_400, 1234);
    expect(changed).toEqual([]);
    expect(accepted).toBeGreaterThan(400);
    expect(refused).toBeGreaterThan(400);
  });

  it.runIf(hasSandboxedSed())(
    '5,000 sed scripts: every one the scanner accepts compiles in sed --sandbox',
    { timeout: scaled(1_200_000) },
    () => {
      const { accepted, missed } = sedSandboxMisses(5_000);
      expect(missed).toEqual([]);
      expect(accepted).toBeGreaterThan(1_500);
    },
  );
});
