// Command rules against shell syntax, run for real: every bypass line (drawn from public bypass
// reports of agent harness allowlists, by class) is a real bash invoke with default deny and no user
// channel, and must be refused with the canary in the workspace intact (nothing ran); every line the
// allowlist must allow, separators inside quotes included, runs and prints what it should.
// The matching semantics of command patterns are in analyzer-matching.test.ts.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, createToolkit, type PolicyOptions } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const ALLOWLIST: PolicyOptions = {
  rules: [{ operation: 'bash', command: ['ls *', 'git status', 'echo *', 'cat *'], decision: 'allow' }],
  default: 'deny',
};
const CANARY = 'canary - must survive\n';

async function workspace(): Promise<string> {
  const root = await tempDir('tw-shell-');
  await writeFile(path.join(root, 'canary.txt'), CANARY);
  // A program named like an allowed one, inside the workspace: `./ls` is never `ls`.
  await writeFile(path.join(root, 'ls'), '#!/bin/sh\nrm -f canary.txt\ntouch pwned\n');
  await chmod(path.join(root, 'ls'), 0o755);
  await writeFile(path.join(root, 'evil.sh'), 'rm -f canary.txt\ntouch pwned\n');
  return root;
}

async function expectSurvived(root: string, line: string): Promise<void> {
  expect(await readFile(path.join(root, 'canary.txt'), 'utf8'), line).toBe(CANARY);
  expect((await readdir(root)).sort(), line).toEqual(['canary.txt', 'evil.sh', 'ls']);
}

// Drawn from public bypass reports of agent harness allowlists, by class.
const BYPASSES: string[] = [
  // compound commands and separators
  'ls && rm canary.txt',
  'ls; rm canary.txt',
  'ls || rm canary.txt',
  'ls & rm canary.txt',
  'ls\nrm canary.txt',
  'ls |& rm canary.txt',
  'echo ok;rm canary.txt',
  'ls -la\n\nrm -f canary.txt',
  'ls *; rm canary.txt',
  // pipes into shells
  'echo rm canary.txt | sh',
  'echo rm canary.txt | bash',
  'echo "rm canary.txt" | sh -s',
  'cat evil.sh | bash',
  'ls | bash -c "rm canary.txt"',
  // substitution in all its forms
  'ls $(rm canary.txt)',
  'ls `rm canary.txt`',
  'ls <(rm canary.txt)',
  'echo >(rm canary.txt)',
  'ls "$(rm canary.txt)"',
  'echo ${x:-$(rm canary.txt)}',
  'echo $((x[$(rm canary.txt)]))',
  'ls --color=$(rm canary.txt)',
  'echo "`rm canary.txt`"',
  'cat <<EOF\n$(rm canary.txt)\nEOF',
  // wrappers
  'env rm canary.txt',
  'env -i rm canary.txt',
  'env FOO=1 rm canary.txt',
  '/usr/bin/env rm canary.txt',
  'timeout 5 rm canary.txt',
  'nice rm canary.txt',
  'nice -n 5 rm canary.txt',
  'nohup rm canary.txt',
  'command rm canary.txt',
  'builtin eval "rm canary.txt"',
  'exec rm canary.txt',
  'echo canary.txt | xargs rm',
  'xargs rm <<< canary.txt',
  'time rm canary.txt',
  'stdbuf -o0 rm canary.txt',
  'setsid rm canary.txt',
  'sudo rm canary.txt',
  'ls; find . -name canary.txt -exec rm {} \\;',
  'find . -delete',
  'bash -c "rm canary.txt"',
  "sh -c 'ls; rm canary.txt'",
  'bash -c "ls && rm canary.txt"',
  'bash -c \'bash -c "rm canary.txt"\'',
  'xargs -I{} sh -c "rm {}" <<< canary.txt',
  'echo rm canary.txt | xargs -I % bash -c %',
  'coproc rm canary.txt',
  // quoting, escapes and ANSI-C strings in the program name
  '/bin/rm canary.txt',
  '\\rm canary.txt',
  "'r''m' canary.txt",
  '"rm" canary.txt',
  'r\\m canary.txt',
  "$'\\x72\\x6d' canary.txt",
  "$'rm' canary.txt",
  'r"m" canary.txt',
  "$'\\162m' canary.txt",
  // eval, source and code read from input
  'eval "rm canary.txt"',
  'source ./evil.sh',
  '. ./evil.sh',
  'source /dev/stdin <<< "rm canary.txt"',
  "bash <<< 'rm canary.txt'",
  'bash <<EOF\nrm canary.txt\nEOF',
  'cat <<EOF | sh\nrm canary.txt\nEOF',
  'bash evil.sh',
  'sh ./evil.sh',
  // variables, IFS and expansion in command position
  "mapfile -C 'rm canary.txt' -c 1 a <<< x",
  "readarray -tC 'rm canary.txt' -c 1 a <<< x; ls",
  'x=rm; $x canary.txt',
  '${x:-rm} canary.txt',
  'IFS=,; cmd=rm,canary.txt; $cmd',
  '${IFS}rm canary.txt',
  'read x <<< rm; $x canary.txt',
  '{rm,canary.txt}',
  'r? canary.txt',
  '$0 -c "rm canary.txt"',
  // functions and aliases
  'f() { rm canary.txt; }; f',
  'ls() { rm canary.txt; }; ls',
  'function ls { rm canary.txt; }; ls',
  "alias ls='rm canary.txt'; ls",
  "shopt -s expand_aliases\nalias ls='rm canary.txt'\nls",
  "trap 'rm canary.txt' EXIT; ls",
  // a changed PATH or a path into the workspace is not the program
  './ls',
  'PATH=. ls',
  'PATH=.:$PATH ls',
  'export PATH=.:$PATH; ls',
  'printf -v PATH .; ls',
  'declare -n p=PATH; p=.; ls',
  'BASH_ENV=./evil.sh bash -c ls',
  'export BASH_ENV=./evil.sh; bash -c ls',
  'hash -p ./ls ls; ls',
  // redirections make a write, also inside lists and groups
  'echo hi > canary.txt',
  'echo hi >> canary.txt',
  'ls > canary.txt',
  'ls && echo x > canary.txt',
  'cat /dev/null > canary.txt',
  'echo x >| canary.txt',
  'ls &> canary.txt',
  '{ echo x; } > canary.txt',
  '(echo x) > canary.txt',
  'ls 2> canary.txt',
  'echo x | tee canary.txt',
  'echo x > pwned',
  'ls >> pwned 2>&1',
  // a newline before a backslash-escaped word (tree-sitter-bash reads the two lines as one command)
  'ls x\n\\rm canary.txt',
  'echo a\n\\rm -f canary.txt',
  "echo $'a' 'b'\n\\rm canary.txt &",
  'cat canary.txt\n\\sh evil.sh',
  'ls\rrm canary.txt',
  'ls\r\nrm canary.txt',
  'ls\f; rm canary.txt',
  // comments and line continuations
  'ls # ok\nrm canary.txt',
  'echo "a" ; rm canary.txt # "',
  'r\\\nm canary.txt',
  'ls \\\n&& rm canary.txt',
  'l\\\ns; rm canary.txt',
  // control flow bodies
  'if ls; then rm canary.txt; fi',
  'for i in 1; do rm canary.txt; done',
  'while false; do :; done; rm canary.txt',
  'case x in x) rm canary.txt;; esac',
  '{ ls; rm canary.txt; }',
  '(ls; rm canary.txt)',
  '! rm canary.txt',
  'ls && { rm canary.txt; }',
  // arguments beyond the allowed form, and git's own code paths
  'git status --short && rm canary.txt',
  "git -c core.pager='rm canary.txt' status",
  'git status; git clean -fdx',
  // arithmetic evaluation: array subscripts inside a variable's value run code
  "x='a[$(rm canary.txt)]'; [[ x -eq 1 ]]; ls",
  "printf -v 'a[$(rm canary.txt)]' x; ls",
  "x='b[$(rm canary.txt)]'; a=([x]=1); ls",
  "test -v 'a[$(rm canary.txt)]'; ls",
  "read 'a[$(rm canary.txt)]' <<< x; ls",
  "x='b[$(rm canary.txt)]'; declare -i y; y=x; ls",
  "x='b[$(rm canary.txt)]'; let x; ls",
  "x='b[$(rm canary.txt)]'; ((x)); ls",
  "x='b[$(rm canary.txt)]'; echo ${y:x}",
  "[ -v 'a[$(rm canary.txt)]' ] || ls; [[ -v x ]]",
  // su and runuser as their getopt reads them: glued values, clusters, abbreviations, permuted
  // options, another shell, words handed to the shell, commands from standard input
  "su -c'rm canary.txt'",
  "su -pc 'rm canary.txt'",
  "su --comm='rm canary.txt'",
  "su --session-command='rm canary.txt'",
  "runuser -c'rm canary.txt'",
  'runuser -u root -- rm canary.txt',
  'runuser -u root rm canary.txt',
  'su root -s /bin/rm canary.txt',
  "echo 'rm canary.txt' | su",
  "su root -c 'ls' canary.txt",
  "su - root -c 'rm canary.txt'",
  "su -l -c 'rm canary.txt' root",
  'su root --shell=/bin/rm canary.txt',
  "su -c ls -c 'rm canary.txt'",
  'su root evil.sh',
  // a relative path to a system program is that program, whatever the working directory
  '../../../../usr/bin/rm canary.txt',
  '../../../../bin/rm canary.txt',
  'cd / && usr/bin/rm canary.txt',
  '../../../../usr/bin/env rm canary.txt',
  './../../../../usr/bin/sudo rm canary.txt',
  '../../../../bin/bash -c "rm canary.txt"',
  'cd /usr && bin/xargs rm <<< canary.txt',
  // unparseable lines
  'ls "unterminated',
  'ls )',
  'ls &&',
];

describe('command rules: bypass attempts are refused and run nothing', () => {
  beforeAll(() => loadBashParser());

  it(`holds against ${BYPASSES.length} bypass attempts (at least 60)`, { timeout: scaled(60_000) }, async () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(60);
    const root = await workspace();
    const toolkit = createToolkit({ workspace: root, policy: ALLOWLIST });
    const leaked: string[] = [];
    for (const command of BYPASSES) {
      const result = await toolkit.invoke('exec', 'bash', { command });
      if (result.ok || result.error.code !== 'DENIED_BY_POLICY') leaked.push(command);
      await expectSurvived(root, command);
    }
    expect(leaked).toEqual([]);
  });

  it('the same lines are never allowed by a default-allow policy that denies rm and the shells', async () => {
    const policy: PolicyOptions = {
      rules: [{ operation: 'bash', command: ['rm *', 'bash *', 'sh *', 'tee *', 'find * -delete'], decision: 'deny' }],
      default: 'allow',
    };
    const compiled = compilePolicy(policy);
    const bash = operations.find((o) => o.name === 'bash')!;
    const root = await workspace();
    const allowed: string[] = [];
    // Lines whose only harm is rm/bash/sh through syntax tricks (not the ones that need an allowlist).
    const wrapperOptions = [
      'RM canary.txt',
      'Rm -f canary.txt',
      'echo canary.txt | xargs -e rm',
      'echo canary.txt | xargs -i rm {}',
      'echo canary.txt | xargs -l rm',
      'echo canary.txt | xargs -0 -n1 -P2 rm',
      'timeout -k 1 5 rm x',
      'nice -n 5 rm x',
      'stdbuf -oL rm x',
      'env -u HOME rm x',
      'sudo -u root -g wheel rm x',
    ];
    const harmful = [...wrapperOptions, ...BYPASSES].filter(
      (l) =>
        /\brm\b|\bsh\b|bash|tee|-delete|\$|`|eval|source|\. \.|PATH|alias|trap|f\(\)|function/.test(l) &&
        !/^(echo hi|ls >|ls 2>|cat \/dev|echo x >|ls &>|\{ echo|\(echo|ls >>)/.test(l),
    );
    for (const command of harmful) {
      const d = await compiled.decideCall(bash, { command }, { workspaceRoot: root });
      if (d.decision === 'allow') allowed.push(command);
    }
    // ./ls and `find . -delete` through an unlisted program are what a deny list cannot see.
    expect(allowed.filter((l) => !['./ls', 'find . -delete', 'hash -p ./ls ls; ls'].includes(l))).toEqual([]);
  });
});

// Lines the allowlist must allow, separators inside quotes included (they do not split).
const ALLOWED: [string, RegExp?][] = [
  ['ls'],
  ['ls -la'],
  ['git status'],
  ['echo hello', /hello/],
  ['echo "a; rm canary.txt"', /a; rm canary\.txt/],
  ["echo 'a && b || c'", /a && b \|\| c/],
  ['echo "x | sh"', /x \| sh/],
  ['ls && echo done', /done/],
  ['ls | cat', /canary\.txt/],
  ['cat canary.txt', /must survive/],
  ['echo a; echo b', /a\nb/],
  ['ls # ; rm canary.txt'],
  ["echo '$(rm canary.txt)'", /\$\(rm/],
  ['echo "\\$(rm canary.txt)"', /\$\(rm/],
  ['echo hi >/dev/null'],
  ['echo hi 2>&1', /hi/],
  ['ls 2>/dev/null'],
  ['timeout 5 ls'],
  ['env LANG=C ls'],
  ['nice ls'],
  ['LC_ALL=C ls'],
  ['/bin/ls'],
  ['/usr/bin/env ls'],
  ['echo a\\ b', /a b/],
  ['ls \\\n -la'],
  ["bash -c 'ls && echo ok'", /ok/],
  ['echo "a\nb"', /a\nb/],
  ['echo a;echo b', /a\nb/],
  ['ls *.txt', /canary/],
  ['command ls'],
  ['cat <<EOF\nhello\nEOF', /hello/],
  ['echo $HOME'],
  ['echo "; & | && ||"', /; & \| && \|\|/],
];

describe('command rules: lines that must be allowed', () => {
  it(`runs ${ALLOWED.length} allowed lines (at least 20)`, { timeout: scaled(60_000) }, async () => {
    expect(ALLOWED.length).toBeGreaterThanOrEqual(20);
    const root = await workspace();
    const toolkit = createToolkit({ workspace: root, policy: ALLOWLIST });
    const refused: string[] = [];
    for (const [command, stdout] of ALLOWED) {
      const result = await toolkit.invoke('exec', 'bash', { command });
      if (!result.ok) {
        refused.push(`${command} → ${result.error.message}`);
        continue;
      }
      if (stdout) expect((result.output as { stdout: string }).stdout, command).toMatch(stdout);
      expect(result.meta.policy.decision).toBe('allow');
      await expectSurvived(root, command);
    }
    expect(refused).toEqual([]);
  });
});

describe('command rules: variables a program reads as its settings', () => {
  beforeAll(() => loadBashParser());

  // npm takes `npm_config_*` from the environment as options: `npm_config_node_options` becomes the
  // NODE_OPTIONS of the script it runs, which loads any code.
  const inject = (marker: string) =>
    `'--import=data:text/javascript,import{writeFileSync}from%22fs%22;writeFileSync(%22${marker}%22,%22%22)'`;
  const lines: string[] = [
    `npm_config_node_options=${inject('p1')} npm test`,
    `env npm_config_node_options=${inject('p2')} npm test`,
    `export npm_config_node_options=${inject('p3')}; npm test`,
    `npm_config_node_options=${inject('p4')}; export npm_config_node_options; npm test`,
    `declare -x npm_config_node_options=${inject('p5')}; npm test`,
    `NPM_CONFIG_NODE_OPTIONS=${inject('p6')} npm test`,
    `npm_config_script_shell=/bin/false npm test`,
    `unknown_setting=1 npm test`,
  ];

  it('an assignment that reaches the program is allowed only for the variables known to change nothing', async () => {
    const root = await tempDir('tw-shell-npm-');
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'probe', version: '1.0.0', scripts: { test: 'node test.js' } }),
    );
    await writeFile(path.join(root, 'test.js'), "console.log('tests ok');\n");
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'bash', command: ['npm test'], decision: 'allow' }], default: 'deny' },
    });
    const allowed: string[] = [];
    for (const command of lines) {
      const result = await toolkit.invoke('exec', 'bash', { command });
      if (result.ok || result.error.code !== 'DENIED_BY_POLICY') allowed.push(command);
    }
    expect(allowed).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['package.json', 'test.js']);
    // What stays allowed: the named harmless variables, and the line's own lower-case variables.
    for (const command of ['npm test', 'CI=1 NO_COLOR=1 npm test', 'for f in a; do npm test; done', 'x=1; npm test']) {
      const result = await toolkit.invoke('exec', 'bash', { command, timeout_ms: scaled(60_000) });
      expect(result.ok ? (result.output as { stdout: string }).stdout : result.error.message, command).toContain(
        'tests ok',
      );
    }
  });
});
