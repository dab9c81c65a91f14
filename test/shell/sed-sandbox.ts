// shell_read's sed script scanner held against GNU sed itself: every script the scanner accepts (as
// needing no sandbox) must compile under `sed --sandbox`, which refuses the e, r and w commands. A
// sample in the quick suite (shell-read-differential-sed.test.ts), more in the stress suite.
import { spawnSync } from 'node:child_process';
import { sedScriptProblem } from '../../src/runtime/policy/shell/read-only.js';
import { sedScripts } from './shell-read-corpus-generated.js';

/** Whether a GNU sed with --sandbox is installed. */
export const hasSandboxedSed = (): boolean => spawnSync('sed', ['--sandbox', '-n', 'p'], { input: '' }).status === 0;

/** Scans the first `count` generated scripts; `missed` are the accepted ones sed --sandbox refuses. */
export function sedSandboxMisses(count: number): { accepted: number; missed: string[] } {
  let accepted = 0;
  const missed: string[] = [];
  for (const script of sedScripts(count)) {
    if (sedScriptProblem(script, true) !== undefined) continue;
    accepted++;
    const result = spawnSync('sed', ['--sandbox', '-n', '-e', script], { input: '', encoding: 'utf8' });
    if (/disabled in sandbox mode/.test(result.stderr)) missed.push(JSON.stringify(script));
  }
  return { accepted, missed };
}
