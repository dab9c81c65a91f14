// The shell analyser loads only when a command rule has to be decided: a policy of path rules
// never loads it, and a command rule still decides exactly as before on the first call of a
// process, because deciding waits for the analyser rather than going on without it.
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { shellAnalyser, shellAnalyserLoaded } from '../../src/runtime/shell/analyser.js';
import { tempDir } from '../support/helpers.js';

const opNamed = (name: string) => operations.find((op) => op.name === name)!;
const bash = { workspaceRoot: '/nonexistent-workspace' };

describe('the shell analyser is loaded on first need', () => {
  it('is not loaded by compiling and deciding path rules, and refuses to be used before it is loaded', async () => {
    const policy = compilePolicy({ rules: [{ operation: 'read_file', path: 'secret/**', decision: 'deny' }] });
    const denied = await policy.decideCall(
      opNamed('read_file'),
      { path: 'secret/a.txt' },
      { workspaceRoot: await tempDir() },
    );
    expect(denied.decision).toBe('deny');
    expect(shellAnalyserLoaded()).toBe(false);
    expect(() => shellAnalyser()).toThrow(/before loadBashParser\(\) loaded it/);
  });

  it('decides command rules on the first call as a loaded analyser would: deny, allow, and ask for what is not allowed', async () => {
    const policy = compilePolicy({
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'bash', command: 'git status', decision: 'allow' },
      ],
      default: 'ask',
    });
    expect(shellAnalyserLoaded()).toBe(false);
    const op = opNamed('bash');
    const first = await policy.decideCall(op, { command: 'echo hi && rm -rf x' }, bash);
    expect(first.decision).toBe('deny');
    expect(shellAnalyserLoaded()).toBe(true);
    expect((await policy.decideCall(op, { command: 'git status' }, bash)).decision).toBe('allow');
    expect((await policy.decideCall(op, { command: 'git status; ls' }, bash)).decision).toBe('ask');
    expect((await policy.decideCall(op, { command: 'env rm x' }, bash)).decision).toBe('deny');
  });
});
