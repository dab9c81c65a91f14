// shell_read's sed script scanner, checked against GNU sed itself: random scripts built from pieces
// that move where a command starts (brackets, labels, text, comments) are scanned, and every script
// the scanner accepts must compile under `sed --sandbox`, which refuses the e, r and w commands.
// A sample here; test/stress/shell-read-differential.stress.test.ts runs ten times as many.
import { describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';
import { hasSandboxedSed, sedSandboxMisses } from './sed-sandbox.js';

const SCRIPTS = 500;
const MIN_ACCEPTED = 100;

describe('sed scripts against GNU sed --sandbox', () => {
  it.runIf(hasSandboxedSed())(
    'every script the scanner accepts (without a sandbox) compiles in sed --sandbox, which refuses e, r and w',
    { timeout: scaled(60_000) },
    () => {
      const { accepted, missed } = sedSandboxMisses(SCRIPTS);
      expect(missed).toEqual([]);
      expect(accepted).toBeGreaterThan(MIN_ACCEPTED);
    },
  );
});
