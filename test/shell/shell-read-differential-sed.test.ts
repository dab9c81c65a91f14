// shell_read's sed script scanner, checked against GNU sed itself: random scripts built from pieces
// that move where a command starts (brackets, labels, text, comments) are scanned, and every script
// the scanner accepts must compile under `sed --sandbox`, which refuses the e, r and w commands.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sedScriptProblem } from '../../src/runtime/shell/read-only/classify.js';
import { scaled } from '../support/time.js';
import { sedScripts } from './shell-read-corpus-generated.js';

describe('sed scripts against GNU sed --sandbox', () => {
  const hasSed = spawnSync('sed', ['--sandbox', '-n', 'p'], { input: '' }).status === 0;
  it.runIf(hasSed)(
    'every script the scanner accepts (without a sandbox) compiles in sed --sandbox, which refuses e, r and w',
    { timeout: scaled(60_000) },
    () => {
      let accepted = 0;
      const missed: string[] = [];
      for (const script of sedScripts(1500)) {
        if (sedScriptProblem(script, true) !== undefined) continue;
        accepted++;
        const result = spawnSync('sed', ['--sandbox', '-n', '-e', script], { input: '', encoding: 'utf8' });
        if (/disabled in sandbox mode/.test(result.stderr)) missed.push(JSON.stringify(script));
      }
      expect(missed).toEqual([]);
      expect(accepted).toBeGreaterThan(150);
    },
  );
});
