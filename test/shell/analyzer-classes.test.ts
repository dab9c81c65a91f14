// Bypass classes of the shell analyzer, several spellings each: a line that runs `touch` through
// a construct bash expands or a program that runs its arguments is never allowed by an allowlist
// that covers only the harmless-looking program, and a deny rule on `touch` denies it.
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { readdir } from 'node:fs/promises';
import { compilePolicy, createToolkit, type PolicyOptions } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { analyzeShell } from '../../src/runtime/shell/split.js';
import { createProgrammaticUserChannel } from '../../src/runtime/services/user.js';
import { wrapperTable } from '../../src/runtime/shell/wrapper-check.js';
import { TOOL_WRAPPERS } from '../../src/runtime/shell/wrapper-table-tools.js';
import { WRAPPERS } from '../../src/runtime/shell/wrapper-table.js';
import { tempDir } from '../support/helpers.js';

const bash = operations.find((o) => o.name === 'bash')!;
const context = { workspaceRoot: '/nonexistent-workspace' };
/** The programs the lines appear to run, allowed on top of the unattended preset. */
const COVER = [
  'echo *',
  'printf *',
  'read *',
  'cat *',
  'ls *',
  'declare *',
  'typeset *',
  'export *',
  'unset *',
  'test *',
  '[ *',
  'wait *',
  'getopts *',
  'mapfile *',
  'readarray *',
  'compgen *',
  'jobs *',
  'true',
  'true *',
  'coproc *',
  'time *',
  'foo *',
];
const UNATTENDED: PolicyOptions = {
  extends: 'unattended',
  rules: [{ operation: 'bash', command: COVER, decision: 'allow' }],
};
const DENY_TOUCH: PolicyOptions = {
  rules: [{ operation: 'bash', command: 'touch *', decision: 'deny' }],
  default: 'allow',
};

const CLASSES: Record<string, string[]> = {
  'expansions in unquoted here-document bodies': [
    'echo hi <<EOF\n`touch pwned`\nEOF',
    'echo hi <<-EOF\n\t`touch pwned`\n\tEOF',
    'echo hi <<EOF\n${x:-`touch pwned`}\nEOF',
    'cat <<EOF | cat\n`touch pwned`\nEOF',
    'echo hi <<E\nx `touch pwned` y\nE',
    'echo hi <<EOF\nx\\\\`touch pwned`\nEOF',
    'cat <<EOF >/dev/null\n${y:=`touch pwned`}\nEOF',
    'echo <<-X\n\t\ta`touch pwned`\n\tX',
  ],
  'expansions the parser leaves in leaves': ['[[ x =~ `touch pwned` ]]', '[[ x =~ a${y:-`touch pwned`} ]]'],
  'builtins that take a variable name, in glued and quoted spellings': [
    "printf '-va[$(touch pwned)]' y",
    "printf -v'a[$(touch pwned)]' y",
    'printf "-va[\\$(touch pwned)]" y',
    'printf -va\\[\\$\\(touch\\ pwned\\)\\] y',
    'printf -v"a[\\$(touch pwned)]" y',
    'x=\'-va[$(touch pwned)]\'; printf "$x" y',
    "true & wait -n -p 'a[$(touch pwned)]'",
    "true & wait -np'a[$(touch pwned)]'",
    'x=-v; y=\'a[$(touch pwned)]\'; test "$x" "$y"',
    "x='-v a[$(touch pwned)]'; test $x",
  ],
  'declarations read as compound assignments': [
    'declare -a q="(\\$(touch pwned))"',
    'y=\'($(touch pwned))\'; declare -a q="$y"',
    "y='($(touch pwned))'; q=(); declare q=$y",
    "export -a q='($(touch pwned))'",
    'read -a q <<< x; y=\'($(touch pwned))\'; declare q="$y"',
  ],
  'builtins whose arguments are code': [
    "compgen -W '$(touch pwned)' x",
    "compgen -C 'touch pwned' x",
    "compgen -Wx'$(touch pwned)' x",
    'jobs -x touch pwned',
    'jobs -lx touch pwned',
  ],
  'coproc and time with a compound body': [
    'coproc foo { touch pwned; }',
    'coproc { touch pwned; }',
    'coproc if true; then touch pwned; fi',
    'coproc while true; do touch pwned; break; done',
    'coproc until false; do touch pwned; break; done',
    'coproc for i in 1; do touch pwned; done',
    'coproc foo while true; do touch pwned; break; done',
    'time { touch pwned; }',
    'time -p { touch pwned; }',
    'time if true; then touch pwned; fi',
    'time for i in 1; do touch pwned; done',
    '! time { touch pwned; }',
    'ls | time { touch pwned; }',
    'time X=1 touch pwned',
    'coproc X=1 touch pwned',
    'time -p X=1 touch pwned',
    '! time A=b touch pwned',
  ],
  'env words with a = before the command': ['env =-i touch pwned', 'env =x touch pwned', 'env -i a.b=1 touch pwned'],
  '[ ] where bash reads < and > as redirections': ['[ x > pwned ]', '[ a = b -o x > pwned ]', '[ x >> pwned ]'],
};

// Allowed on top of the cover, these lines must still not be allowed: they change which program a later `ls` is.
const STEERING = [
  'for PATH in .; do ls; done',
  'printf -vPATH .; ls',
  'exec {PATH}>/dev/null; ls',
  'coproc PATH { :; }; ls',
  'select PATH in .; do ls; done',
  'read -r PATH <<< .; ls',
  'mapfile -t PATH <<< .; ls',
  'getopts a PATH; ls',
];

/** Programs that run their arguments: a deny rule on the inner program must see it. */
const WRAPPED = [
  'chrt 1 touch pwned',
  'chrt -o 0 touch pwned',
  'chrt -rR 1 touch pwned',
  'taskset 1 touch pwned',
  'taskset -c 0 touch pwned',
  'flock lk touch pwned',
  "flock -n lk -c 'touch pwned'",
  "flock lk --command 'touch pwned'",
  'unshare -r touch pwned',
  'setpriv --nnp touch pwned',
  "script -qc 'touch pwned' /dev/null",
  "script /dev/null -qc 'touch pwned'",
  "script --command='touch pwned' -q /dev/null",
  'prlimit --nofile=100 touch pwned',
  'prlimit -n touch pwned',
  "sg root -c 'touch pwned'",
  "sg root 'touch pwned'",
  '/usr/bin/chrt 1 touch pwned',
  'timeout 5 chrt 1 taskset 1 touch pwned',
  'watch -x touch pwned',
  "watch -n1 'touch pwned'",
  'strace -f -o /dev/null touch pwned',
  'valgrind -q --tool=none touch pwned',
  'nsenter -t 1 -m touch pwned',
  'ssh host touch pwned',
  'numactl -N 0 touch pwned',
  'faketime +1d touch pwned',
  'xvfb-run -a touch pwned',
  'busybox touch pwned',
  "entr -s 'touch pwned'",
  'catchsegv touch pwned',
  'torsocks touch pwned',
  'proxychains4 -q touch pwned',
  'dbus-launch --exit-with-session touch pwned',
  'unbuffer touch pwned',
  'rlwrap touch pwned',
  'caffeinate -i touch pwned',
  'cgexec -g cpu:a touch pwned',
  'systemd-run --user touch pwned',
  'bwrap --ro-bind / / touch pwned',
  'firejail --quiet touch pwned',
  'ltrace -f touch pwned',
  'gdb --args touch pwned',
  'parallel touch ::: pwned',
  'tmux new-session touch pwned',
];

describe('shell analyzer bypass classes', () => {
  beforeAll(() => loadBashParser());

  for (const [name, lines] of Object.entries(CLASSES)) {
    it(`${name}: never allowed by an allowlist, denied by a deny rule on the program (${lines.length} variants)`, async () => {
      const unattended = compilePolicy(UNATTENDED);
      const denyTouch = compilePolicy(DENY_TOUCH);
      for (const command of lines) {
        expect((await unattended.decideCall(bash, { command }, context)).decision, command).toBe('deny');
        expect((await denyTouch.decideCall(bash, { command }, context)).decision, command).toBe('deny');
      }
    });
  }

  it(`assigning PATH through a loop, a builtin, a descriptor or coproc is never allowed (${STEERING.length} variants)`, async () => {
    const unattended = compilePolicy(UNATTENDED);
    for (const command of STEERING)
      expect((await unattended.decideCall(bash, { command }, context)).decision, command).toBe('deny');
  });

  it(`programs that run their arguments are unwrapped: a deny rule on the inner program decides (${WRAPPED.length} variants)`, async () => {
    const denyTouch = compilePolicy(DENY_TOUCH);
    const allowWrappers = compilePolicy({
      rules: [{ operation: 'bash', command: ['touch *'], decision: 'allow' }],
      default: 'deny',
    });
    for (const command of WRAPPED) {
      const d = await denyTouch.decideCall(bash, { command }, context);
      expect(d.decision, command).toBe('deny');
      // Allowing touch never allows the wrapper around it unless the wrapper is harmless (or itself allowed).
      const a = await allowWrappers.decideCall(bash, { command }, context);
      if (a.decision === 'allow')
        expect(
          d.commands!.some((c) => c.command.startsWith('touch pwned')),
          command,
        ).toBe(true);
    }
  });

  it('an unknown option of a known wrapper makes the line opaque, and every ask or deny rule catches it', async () => {
    const p = compilePolicy({
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'bash', command: ['timeout *', 'chrt *', 'flock *'], decision: 'allow' },
      ],
      default: 'ask',
    });
    for (const command of [
      'timeout --frobnicate 5 ls',
      'chrt -Q 1 ls',
      'flock -c ls lk',
      'timeout "$opt" 5 ls',
      'nice $n ls',
    ]) {
      const d = await p.decideCall(bash, { command }, context);
      expect(d.decision, command).toBe('deny');
      expect(
        d.commands!.some((c) => c.opaque),
        command,
      ).toBe(true);
    }
    const ask = compilePolicy({
      rules: [
        { operation: 'bash', command: 'git push *', decision: 'ask' },
        { operation: 'bash', command: 'timeout *', decision: 'allow' },
      ],
      default: 'allow',
    });
    expect((await ask.decideCall(bash, { command: 'timeout --frobnicate 5 ls' }, context)).decision).toBe('ask');
  });

  it('the harmless forms stay allowed, with the variables they assign understood', async () => {
    const p = compilePolicy({
      rules: [{ operation: 'bash', command: [...COVER, 'touch *', 'chrt *', 'exec'], decision: 'allow' }],
      default: 'deny',
    });
    for (const command of [
      'printf -v x %s y; echo "$x"',
      'read -r a b <<< "1 2"',
      'mapfile -t lines < /dev/null',
      'wait $!',
      // Exported: only a variable known to change nothing (any other may be a program's setting).
      'declare -a arr=(1 2); export LC_ALL=C',
      'test -f victim && ls',
      '[ -n "$x" ] || ls',
      '[[ -f $x && $y == a* ]] && ls',
      '[[ $# -eq 0 ]] || ls',
      'cat <<EOF\nhello $USER ${HOME}\nEOF',
      "cat <<'EOF'\n`not run` $(x)\nEOF",
      'timeout 5 ls',
      'chrt 1 touch x',
      'coproc cat',
      'time ls',
      'time -p ls',
      'for f in a b; do echo $f; done',
      'getopts ab opt',
      'unset -v x y',
      'exec {fd}>/dev/null',
    ]) {
      const d = await p.decideCall(bash, { command }, context);
      expect(d.decision, `${command}: ${JSON.stringify(d.commands)}`).toBe('allow');
    }
  });

  it('lists the commands a coproc or time compound runs, and what every spelling of printf -v assigns', () => {
    const programs = (line: string) =>
      analyzeShell(line, '/ws')
        .commands.filter((c) => !c.neutral)
        .map((c) => (c.opaque ? 'OPAQUE' : c.words.map((w) => w.text).join(' ')));
    expect(programs('coproc foo { touch a; ls; }')).toEqual(['touch a', 'ls']);
    expect(programs('time ( touch a )')).toEqual(['touch a']);
    expect(programs('coproc foo touch a')).toEqual(['foo touch a']);
    for (const spelling of ["printf -v 'a[1]' x", "printf '-va[1]' x", 'printf -va\\[1\\] x', 'printf -v"a[1]" x'])
      expect(programs(spelling), spelling).toEqual(['OPAQUE']);
    expect(analyzeShell('printf -vPATH x; ls', '/ws').opaque).toMatch(/PATH/);
  });
});

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(args, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (out += t) },
    readStdin: async () => '',
  });
  return { code, out };
}

describe('toolwright policy check on lines the analyzer cannot model', () => {
  it('prints deny with the opaque reason under the unattended preset (here-document, printf -v, coproc)', async () => {
    const cases: [string, RegExp][] = [
      ['echo hi <<EOF\n`touch pwned`\nEOF', /here-document body: backquoted command `touch pwned` runs code/],
      [
        'echo hi <<-EOF\n\t$(touch pwned)\n\tEOF',
        /here-document body: command substitution \$\(touch pwned\) runs code/,
      ],
      ["printf '-va[$(rm x)]' y", /printf -v .* evaluates an array subscript/],
      ['coproc foo { rm x; }', /deny +rm x/],
    ];
    for (const [command, reason] of cases) {
      const { code, out } = await cli([
        'policy',
        'check',
        '--policy',
        'unattended',
        'bash',
        JSON.stringify({ command }),
      ]);
      expect(code, command).toBe(1);
      expect(out, command).toMatch(/^decision: deny$/m);
      expect(out, command).toMatch(reason);
    }
    const { out } = await cli([
      'policy',
      'check',
      '--policy',
      'unattended',
      '--json',
      'bash',
      JSON.stringify({ command: 'echo hi <<EOF\n`touch pwned`\nEOF' }),
    ]);
    const decision = JSON.parse(out) as { decision: string; commands: { opaque?: string; decision: string }[] };
    expect(decision.decision).toBe('deny');
    expect(decision.commands.find((c) => c.opaque)).toMatchObject({
      decision: 'deny',
      opaque: expect.stringMatching(/here-document/),
    });
  });
});

describe('an opaque line asks a human who can answer, and is denied where none can', () => {
  const line = 'echo hi <<EOF\n`touch pwned`\nEOF';

  it('unattended: denied before anything runs, naming what could not be checked', async () => {
    const root = await tempDir('tw-opaque-');
    const toolkit = createToolkit({ workspace: root, policy: 'unattended' });
    const result = await toolkit.invoke('exec', 'bash', { command: line });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('DENIED_BY_POLICY');
    expect(result.error.message).toMatch(/here-document body: backquoted command `touch pwned` runs code/);
    expect(await readdir(root)).toEqual([]);
  });

  it('askForRisky with a user channel: the human is asked, and a refusal runs nothing', async () => {
    const root = await tempDir('tw-opaque-');
    const asked: unknown[] = [];
    const user = createProgrammaticUserChannel({
      approve: (request) => {
        asked.push(request);
        return false;
      },
    });
    const toolkit = createToolkit({ workspace: root, policy: 'askForRisky', user });
    const result = await toolkit.invoke('exec', 'bash', { command: line });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ operation: 'bash', input: { command: line } });
    expect(result.ok).toBe(false);
    expect(await readdir(root)).toEqual([]);
    // Without the opaque part the same preset allows the line without asking.
    expect((await toolkit.invoke('exec', 'bash', { command: 'echo hi' })).ok).toBe(true);
    expect(asked).toHaveLength(1);
  });
});

describe('the wrapper table', () => {
  it("checks every entry's examples when it loads: a broken entry throws", () => {
    const entries = [...WRAPPERS, ...TOOL_WRAPPERS];
    expect(wrapperTable(entries).size).toBeGreaterThanOrEqual(55);
    const timeout = WRAPPERS.find((e) => e.names.includes('timeout'))!;
    // The duration is not the command: an entry that forgot `before: 1` says `5 rm x` runs.
    expect(() => wrapperTable([{ ...timeout, before: 0 }])).toThrow(
      /timeout example "timeout 5 rm x" unwraps to inner: 5 rm x, but the entry says inner: rm x/,
    );
    expect(() => wrapperTable([{ ...timeout, examples: [] }])).toThrow(/has no examples/);
    expect(() => wrapperTable([timeout, timeout])).toThrow(/two entries/);
    const flock = WRAPPERS.find((e) => e.names.includes('flock'))!;
    expect(() => wrapperTable([{ ...flock, commandWords: [] }])).toThrow(/flock example/);
  });
});
