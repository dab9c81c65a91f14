// How command rules match a bash line, decided without running it: exact words and stars,
// absolute and relative program paths, shell-style quoting in patterns, redirects, the strictest
// simple command deciding, opaque lines, privileged wrappers and su/runuser, and oversized or
// deeply nested lines that must be opaque rather than a crash.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, type PolicyOptions } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { tempDir } from '../support/helpers.js';

// Loaded up front, as in the bypass tests, so the first decision below does not also time a grammar load.
beforeAll(() => loadBashParser());

describe('matching semantics', () => {
  const bash = operations.find((o) => o.name === 'bash')!;
  const decide = async (policy: PolicyOptions, command: string) =>
    compilePolicy(policy).decideCall(bash, { command }, { workspaceRoot: '/ws' });

  it('words match exactly; * last matches zero or more words; * inside a word matches within it', async () => {
    const p: PolicyOptions = {
      rules: [
        {
          operation: 'bash',
          command: ['git status', 'ls *', 'npm run test:*', 'git log * --oneline'],
          decision: 'allow',
        },
      ],
      default: 'deny',
    };
    expect((await decide(p, 'git status')).decision).toBe('allow');
    expect((await decide(p, 'git status --short')).decision).toBe('deny');
    expect((await decide(p, 'ls')).decision).toBe('allow');
    expect((await decide(p, 'ls -la src')).decision).toBe('allow');
    expect((await decide(p, 'npm run test:unit')).decision).toBe('allow');
    expect((await decide(p, 'npm run test:unit --watch')).decision).toBe('deny');
    expect((await decide(p, 'npm run build')).decision).toBe('deny');
    expect((await decide(p, 'git log -n1 --oneline')).decision).toBe('allow');
    expect((await decide(p, 'git log -n1 -n2 --oneline')).decision).toBe('deny');
  });

  it('an absolute program path counts by its name and by its real target', async () => {
    const dir = await tempDir('tw-prog-');
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/bin/rm', path.join(dir, 'ls'));
    const p: PolicyOptions = {
      rules: [
        { operation: 'bash', command: 'ls *', decision: 'allow' },
        { operation: 'bash', command: 'rm *', decision: 'deny' },
      ],
      default: 'ask',
    };
    const compiled = compilePolicy(p);
    const bash = operations.find((o) => o.name === 'bash')!;
    const d = await compiled.decideCall(bash, { command: `${dir}/ls x` }, { workspaceRoot: '/ws' });
    expect(d.decision).toBe('deny');
    expect((await compiled.decideCall(bash, { command: '/bin/ls -la' }, { workspaceRoot: '/ws' })).decision).toBe(
      'allow',
    );
  });

  it('patterns quote like the shell: quoted words group, a quoted star is literal', async () => {
    const allow = (command: string) => ({
      rules: [{ operation: 'bash', command, decision: 'allow' as const }],
      default: 'deny' as const,
    });
    expect((await decide(allow('grep "a b" *'), 'grep "a b" f')).decision).toBe('allow');
    expect((await decide(allow('grep "a b" *'), 'grep a b f')).decision).toBe('deny');
    expect((await decide(allow("echo '*'"), "echo '*'")).decision).toBe('allow');
    expect((await decide(allow("echo '*'"), 'echo x')).decision).toBe('deny');
    // An unquoted glob in the line expands to file names: only a trailing * pattern word allows it.
    expect((await decide(allow("echo '*'"), 'echo *')).decision).toBe('deny');
    expect(() => compilePolicy(allow('echo "unterminated'))).toThrow(/unterminated " quote/);
  });

  it('redirects: true lets an allow rule write files; /dev/null and 2>&1 never count', async () => {
    const base = { operation: 'bash', command: 'npm test', decision: 'allow' as const };
    expect((await decide({ rules: [base], default: 'deny' }, 'npm test > log.txt')).decision).toBe('deny');
    expect(
      (await decide({ rules: [{ ...base, redirects: true }], default: 'deny' }, 'npm test > log.txt 2>&1')).decision,
    ).toBe('allow');
    expect((await decide({ rules: [base], default: 'deny' }, 'npm test 2>&1 >/dev/null')).decision).toBe('allow');
  });

  it('the strictest simple command decides, and every one is reported', async () => {
    const p: PolicyOptions = {
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'bash', command: 'git push *', decision: 'ask' },
        { operation: 'bash', command: 'ls *', decision: 'allow' },
      ],
      default: 'ask',
    };
    const d = await decide(p, 'ls && git push origin main; rm -rf x');
    expect(d.decision).toBe('deny');
    expect(d.rule).toBe(0);
    expect(d.commands!.map((c) => [c.command, c.decision])).toEqual([
      ['ls', 'allow'],
      ['git push origin main', 'ask'],
      ['rm -rf x', 'deny'],
    ]);
  });

  it('opaque lines are ask at best, never allowed by a command rule; a rule without command still decides them', async () => {
    const p: PolicyOptions = { rules: [{ operation: 'bash', command: 'echo *', decision: 'allow' }], default: 'allow' };
    expect((await decide(p, 'echo $(date)')).decision).toBe('ask');
    expect((await decide({ ...p, default: 'deny' }, 'echo $(date)')).decision).toBe('deny');
    expect((await decide({ rules: [{ operation: 'bash', decision: 'allow' }] }, 'echo $(date)')).decision).toBe(
      'allow',
    );
    const opaque = (await decide(p, 'eval ls')).commands![0]!;
    expect(opaque.opaque).toMatch(/eval/);
  });

  it('privileged wrappers are decided themselves and their inner command too', async () => {
    const p: PolicyOptions = { rules: [{ operation: 'bash', command: 'ls *', decision: 'allow' }], default: 'deny' };
    const d = await decide(p, 'sudo -u root ls');
    expect(d.decision).toBe('deny');
    expect(d.commands!.map((c) => c.command)).toEqual(['sudo -u root ls', 'ls']);
    expect(
      (
        await decide(
          { rules: [{ operation: 'bash', command: ['ls *', 'sudo *'], decision: 'allow' }], default: 'deny' },
          'sudo ls',
        )
      ).decision,
    ).toBe('allow');
  });

  it('su and runuser: the command they run is decided, however its options are spelled', async () => {
    const p: PolicyOptions = {
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'bash', command: ['su *', 'runuser *', 'ls *'], decision: 'allow' },
      ],
      default: 'ask',
    };
    for (const line of [
      "su -c 'ls -la'",
      "su -pc'ls'",
      'su --comm=ls root',
      "su - root -c 'ls'",
      'runuser -u nobody -- ls',
      "su -s /bin/bash -c 'ls' root",
    ]) {
      const d = await decide(p, line);
      expect(d.decision, line).toBe('allow');
      expect(d.commands!.map((c) => c.command).at(-1), line).toMatch(/^ls/);
    }
    for (const line of ["su -pc 'rm x'", "su --session-command='rm x'", 'runuser -u nobody rm x'])
      expect((await decide(p, line)).decision, line).toBe('deny');
    // What cannot be seen is opaque: never allowed by the su rule; the deny rule catches it (it may be rm), else ask.
    const withoutDeny: PolicyOptions = { rules: [p.rules![1]!], default: 'ask' };
    for (const line of [
      'su',
      'su root',
      'su root -s /bin/zsh -c ls',
      'su root script.sh',
      'su --frobnicate -c ls',
      'su -c "$CMD"',
    ]) {
      expect((await decide(p, line)).decision, line).toBe('deny');
      expect((await decide(withoutDeny, line)).decision, line).toBe('ask');
    }
  });

  it('a relative program path: deny and ask rules see the program it may be; allow rules only the path', async () => {
    const p: PolicyOptions = {
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'bash', command: ['./build.sh *', 'ls *'], decision: 'allow' },
      ],
      default: 'ask',
    };
    expect((await decide(p, '../../usr/bin/rm -rf x')).decision).toBe('deny');
    expect((await decide(p, 'bin/rm x')).decision).toBe('deny');
    expect((await decide(p, './build.sh --fast')).decision).toBe('allow');
    expect((await decide(p, './ls')).decision).toBe('ask');
    // Opaque (env may run anything): the deny rule catches it, since it may be rm.
    expect((await decide(p, 'x/../env ls')).decision).toBe('deny');
  });

  it('a 40 KB line, deep nesting and a timed-out parse are opaque, not a crash', async () => {
    const p: PolicyOptions = { rules: [{ operation: 'bash', command: 'echo *', decision: 'allow' }], default: 'deny' };
    expect((await decide(p, `echo ${'a'.repeat(40_000)}`)).decision).toBe('deny');
    expect((await decide(p, `${'('.repeat(3000)}echo${')'.repeat(3000)}`)).decision).toBe('deny');
    // 3,001 commands: each allowed, or the parse ran out of its budget and the line is opaque (denied).
    // How long it takes is measured in test/stress/linear-time.stress.test.ts.
    const long = await decide(p, `${'echo a && '.repeat(3000)}echo b`);
    if (long.decision === 'allow') expect(long.commands).toHaveLength(3001);
    else expect([long.decision, long.commands?.some((c) => c.opaque !== undefined)]).toEqual(['deny', true]);
  });
});
