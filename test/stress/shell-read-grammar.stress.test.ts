// The full sweep behind the sampled check in shell-read-grammar.test.ts: every short option, long
// option and long-option prefix of every getopt-style grammar, held against the installed binary.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/helpers.js';
import { compareWithBinaries, grammarCases } from '../support/grammar-binaries.js';
import { scaled } from '../support/time.js';

describe('shell_read option grammars agree with the binaries (full sweep)', () => {
  it('every word of every grammar', { timeout: scaled(300_000) }, async () => {
    const cases = grammarCases();
    expect(cases.length).toBeGreaterThan(2000);
    expect(await compareWithBinaries(cases, await tempDir('tw-grammar-'))).toEqual([]);
  });
});
