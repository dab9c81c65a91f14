// shell_read's claim, checked against bash itself: a hostile corpus (write and exec spellings of
// sed, awk, sort, find, git, rg, diff, file, uniq, tree …) and generated option spellings
// (clusters, glued values, abbreviated long options, options after operands) is classified; every
// line shell_read accepts then runs under real bash, traced with strace, in a scratch workspace
// whose PATH holds only the allowed programs. The check fails if an accepted line executed any
// other program or opened a file for writing.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { classifyReadOnly, sedScriptProblem } from '../../src/runtime/policy/shell/read-only.js';
import { GIT_HARDENING_ENV } from '../../src/runtime/policy/shell/read-only-git.js';
import { checkRepositories } from '../../src/handlers/exec/shell-read/git-repositories.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const hasStrace = spawnSync('/usr/bin/strace', ['-V'], { stdio: 'ignore' }).status === 0;

/** Programs the scratch PATH holds (shell_read's allowlist, as installed here), and the helpers they run. */
const ALLOWED = [
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'stat',
  'du',
  'df',
  'tr',
  'cut',
  'nl',
  'rev',
  'fold',
  'paste',
  'join',
  'comm',
  'cmp',
  'diff',
  'tac',
  'column',
  'whoami',
  'id',
  'uname',
  'printenv',
  'which',
  'seq',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'cksum',
  'base64',
  'od',
  'hexdump',
  'strings',
  'grep',
  'egrep',
  'fgrep',
  'jq',
  'date',
  'sort',
  'uniq',
  'find',
  'sed',
  'awk',
  'mawk',
  'gawk',
  'nawk',
  'rg',
  'tree',
  'file',
  'git',
  'true',
  'false',
  'test',
  'printf',
  'echo',
  'pwd',
];

const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** Write and exec spellings, class by class. */
function hostile(): string[] {
  const lines: string[] = [];
  const sedBad = [
    'w pwned',
    'W pwned',
    'e touch pwned',
    '1e touch pwned',
    's/a/b/w pwned',
    's/.*/touch pwned/e',
    's/[/]/#/;w pwned',
    's/[[:alpha:]/]/#/;w pwned',
    ':x;w pwned',
    'b x w pwned',
    '/a/I w pwned',
    '$!{p};w pwned',
    'y/a/b/;W pwned',
    's|a|b|gw pwned',
    '1!G;h;$!d;e touch pwned',
    '0~1w pwned',
    '/a/,/b/w pwned',
    '1,$w pwned',
    's/a/b/2w pwned',
    's/a/touch pwned/pe',
  ];
  const sedForms = (s: string) => [
    `sed -n -e ${q(s)} f.txt`,
    `sed -ne ${q(s)} f.txt`,
    `sed -nse ${q(s)} f.txt`,
    `sed --expression=${q(s)} f.txt`,
    `sed --expr ${q(s)} f.txt`,
    `sed --e=${q(s)} f.txt`,
    `sed f.txt -ne ${q(s)}`,
    `sed -n ${q(s)} f.txt`,
    `sed -- ${q(s)} f.txt`,
    `sed -E -n -- ${q(s)} f.txt`,
    `sed -ze ${q(s)} f.txt`,
    `sed -u -s -e p -e ${q(s)} f.txt`,
  ];
  for (const script of sedBad) lines.push(...sedForms(script));
  // With the script taken from -e, the file name (c…, a…, i…) must not be read as one.
  for (const script of ['w pwned', 'e touch pwned', 's/x/y/w pwned'])
    lines.push(`sed -ne ${q(script)} canary.txt`, `sed -n -e ${q(script)} a.txt`, `sed -ne ${q(script)} -- canary.txt`);
  lines.push(
    'sed -i d f.txt',
    'sed -ni p f.txt',
    'sed --in-pl d f.txt',
    'sed -f script.sed f.txt',
    'sed --fi=script.sed f.txt',
    'sed -s -f script.sed f.txt',
  );
  const awkCode = 'BEGIN{system("touch pwned")}';
  lines.push(
    `awk -W source ${q(awkCode)}`,
    `awk -Wsource=${q(awkCode)}`,
    `awk -W exec prog.awk`,
    `mawk -W exec prog.awk`,
    'awk -f prog.awk f.txt',
    'awk -fprog.awk f.txt',
    `awk --source ${q(awkCode)}`,
    `awk -e ${q(awkCode)}`,
    'awk -vx=1 -f prog.awk',
    'awk -F, -f prog.awk',
    `awk ${q(awkCode)}`,
    `awk ${q('{print > "pwned"}')} f.txt`,
    `awk ${q('BEGIN{printf "x" > "pwned"}')}`,
    `awk ${q('BEGIN{print "x" >> "pwned"}')}`,
    `awk ${q('BEGIN{print "touch pwned" | "sh"}')}`,
    `awk ${q('BEGIN{"touch pwned" | getline}')}`,
    `awk ${q('BEGIN { print "a;b" > "pwned" }')}`,
    `awk ${q('{ print $1,\n $2 > "pwned" }')} f.txt`,
    `awk ${q('BEGIN { x = "#"; print x >> "pwned" }')}`,
    `awk ${q('BEGIN{ARGV[1]="/etc/hostname";ARGC=2}{print > "pwned"}')}`,
  );
  for (const program of [
    '{print > "pwned"}',
    'BEGIN{system("touch pwned")}',
    '{print | "sh"}',
    'BEGIN{while (("ls" | getline) > 0) print}',
    '{ printf("%s", $1) >> "pwned" }',
  ]) {
    for (const before of ['-F,', '-v x=1', '-vx=1', '--', '-F : --']) lines.push(`awk ${before} ${q(program)} f.txt`);
  }
  const out = [
    '-o pwned',
    '-opwned',
    '-ro pwned',
    '-rno pwned',
    '-nropwned',
    '--output=pwned',
    '--output pwned',
    '--o=pwned',
    '--ou=pwned',
    '--out=pwned',
    '--outp pwned',
    '--outpu=pwned',
    '-y -o pwned',
    '-y0 -o pwned',
    '-k1 -o pwned',
    '-t, -o pwned',
    '-S 1K -o pwned',
  ];
  for (const o of out) lines.push(`sort ${o} f.txt`, `sort f.txt ${o}`, `sort -u ${o} f.txt g.txt`);
  lines.push(
    'sort --compress-program=./evil.sh -S 1K f.txt',
    'sort --comp=./evil.sh f.txt',
    'sort -T . f.txt',
    'sort -Tsub f.txt',
    'sort --temp=. f.txt',
  );
  for (const primary of [
    '-exec touch pwned ;',
    '-execdir touch pwned ;',
    '-ok touch pwned ;',
    '-okdir touch pwned ;',
    '-fprint pwned',
    '-fprint0 pwned',
    '-fprintf pwned %p',
    '-fls pwned',
  ]) {
    lines.push(
      `find . ${primary}`,
      `find . -name f.txt ${primary}`,
      `find -L . -type f ${primary}`,
      `find . ( -name x -o ${primary} )`,
      `find sub -maxdepth 1 ${primary}`,
    );
  }
  const pager = [
    "-O'touch pwned'",
    "-nO'touch pwned'",
    "-iO'touch pwned'",
    '-nOtouch',
    "--open-files-in-pager='touch pwned'",
    '--open-files-in-pager=touch',
    "--open-f='touch pwned'",
    '--open-files-in-pager',
    '-O',
    '-Oecho',
  ];
  for (const p of pager) lines.push(`git grep ${p} line`, `git grep -e line ${p}`, `git grep line ${p} -- f.txt`);
  for (const o of [
    '--output=pwned',
    '--output pwned',
    '--out=pwned',
    '-p --ext-diff',
    '--ext-diff',
    '--textconv -p',
    '--show-signature',
    '--remerge-diff',
    '-Oorder -p',
    '--submodule=diff',
    '--submodule',
    '-c core.pager=sh',
    '--no-pager --output=pwned',
  ]) {
    lines.push(`git log ${o}`, `git diff ${o}`, `git show ${o}`);
  }
  lines.push(
    'git -c core.pager=./evil.sh log',
    'git -ccore.pager=./evil.sh log',
    'git --bare log',
    'git -p log',
    'git --paginate log',
    'git --exec-path=. status',
    'git --config-env=core.pager=PAGER log',
    'git -C sub status',
    'git --git-dir=.git log',
    'git tag -v v1',
    'git branch -D x',
    'git config x.y z',
    'git config --add x.y z',
    'git describe --dirty',
    'git cat-file --textconv HEAD:f.txt',
    'git cat-file --filters HEAD:f.txt',
    'git blame --contents g.txt f.txt',
    'git stash',
    'git reflog expire --all',
    'git help log',
    'git status --help',
    'git log --help',
  );
  for (const r of [
    '--pre ./evil.sh',
    '--pre=./evil.sh',
    '--pre=sh',
    '-z',
    '-nz',
    '-inzA1',
    '--search-zip',
    "--pre-glob '*'",
    '--hostname-bin=./evil.sh',
    '--pr=./evil.sh',
  ]) {
    lines.push(`rg ${r} line`, `rg line ${r}`, `rg -e line ${r} .`);
  }
  lines.push(
    'file -z f.txt.gz',
    'file -Z f.txt.gz',
    'file -zb f.txt.gz',
    'file --uncompress f.txt.gz',
    'file -C -m magic',
    'file --no-sandbox f.txt',
    'tree -o pwned',
    'tree -aL 1 -o pwned',
    'tree -La 1 -R',
    'diff -l f.txt g.txt',
    'diff --paginate f.txt g.txt',
    'diff --pag f.txt g.txt',
    'uniq f.txt pwned',
    'uniq -c f.txt pwned',
    'uniq -- f.txt pwned',
    "printf -v x 'a'",
    "printf -vx 'a'",
    'ls f.txt > pwned',
    'cat f.txt >> pwned',
    'ls | sh',
    'ls && touch pwned',
    'xargs touch < f.txt',
    'tee pwned < f.txt',
    'cp f.txt pwned',
    'ls $(touch pwned)',
    'ls `touch pwned`',
    'cat <(touch pwned)',
    'ls & touch pwned',
    './evil.sh',
    'ls; touch pwned',
    'bash -c "touch pwned"',
    'env touch pwned',
    'awk ARGV f.txt',
    'find . -delet?',
    'sort -[o] pwned f.txt',
  );
  return lines;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Generated spellings of ordinary options: clusters, glued values, abbreviations, options after operands. */
function generated(count: number): string[] {
  const rand = random(20261202);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const pools: Record<string, string[]> = {
    sort: [
      '-r',
      '-n',
      '-u',
      '-k1',
      '-k 2,2',
      '-t,',
      '-t ,',
      '-rn',
      '-nru',
      '-fk1',
      '-b',
      '--rev',
      '--reverse',
      '--num',
      '--numeric-sort',
      '--key=1',
      '--ke 1',
      '--field-sep=,',
      '--uniq',
      '-s',
      '-z',
      '--debug',
      '-o',
      '--out',
      '-y',
      '-T',
    ],
    sed: [
      '-n',
      '-E',
      '-r',
      '-s',
      '-u',
      '-z',
      '--quiet',
      '--quie',
      '--silent',
      '--posix',
      '--debug',
      "-e 'p'",
      "-ne '1p'",
      "--expression='s/a/b/'",
      "--exp 'y/a/b/'",
      "'s/[/]/x/'",
      "'1d'",
      "'$!N;P;D'",
      "'a text ; w nothing'",
      "-e 'w x'",
      '-i',
    ],
    grep: [
      '-n',
      '-i',
      '-c',
      '-v',
      '-l',
      '-H',
      '-h',
      '-o',
      '-w',
      '-x',
      '-E',
      '-F',
      '-nri',
      '-A1',
      '-B 1',
      '-C1',
      '-m1',
      '-e line',
      '-eline',
      '--colo=never',
      '--color=never',
      '--max-c=1',
      '--line-n',
      '--ignore-c',
      '-r',
      '--exclude-dir=sub',
      '--include=*.txt',
      '-R',
    ],
    head: ['-n1', '-n 1', '-c2', '-q', '-v', '-z', '--lines=1', '--li 1', '--by=2', '--quiet', '-5'],
    tail: ['-n1', '-n +1', '-c2', '-q', '-v', '--lines=1', '--li 1', '--by=2', '-3', '-z'],
    cut: [
      '-d,',
      '-d ,',
      '-f1',
      '-f 1',
      '-c1',
      '-b1-2',
      '--deli=,',
      '--fields=1',
      '--compl',
      '-s',
      '-z',
      '--output-d=;',
    ],
    wc: ['-l', '-c', '-w', '-m', '-L', '-lw', '--lines', '--li', '--max', '--words'],
    ls: [
      '-l',
      '-a',
      '-la',
      '-1',
      '-R',
      '-t',
      '-S',
      '-h',
      '-lh',
      '--color=never',
      '--col=never',
      '--sort=size',
      '--so=time',
      '-I',
      '-w80',
      '-w 80',
      '--format=long',
      '--ignore=x',
    ],
    uniq: ['-c', '-d', '-u', '-i', '-f1', '-s1', '-w1', '--count', '--rep', '--skip-f=1', '-z'],
    cat: ['-n', '-A', '-b', '-e', '-E', '-s', '-t', '-T', '-v', '-nA', '--number', '--num', '--show-a', '--squeeze-b'],
    nl: ['-ba', '-b a', '-nln', '-w3', '-s:', '--body-n=a', '--number-w=2', '-v5'],
    od: ['-c', '-x', '-An', '-A n', '-tx1', '-t x1', '-N4', '-j1', '--format=c', '--address-r=n', '-w8'],
    awk: [
      "'{print $1}'",
      "-F, '{print}'",
      "-F , 'NR==1'",
      "-v n=1 'NR==n'",
      "-vn=1 'NR==n'",
      "-- '{print}'",
      "'{ n++ } END { print n }'",
      '\'$1 > "a" { print $1 }\'',
      '\'{print > "x"}\'',
      '-W version',
      '-f prog.awk',
    ],
    rg: [
      '-n',
      '-i',
      '-c',
      '-l',
      '-w',
      '-F',
      '-S',
      '-nA1',
      '-A 1',
      '-B1',
      '-C 1',
      '-m1',
      '-e line',
      '-eline',
      '--no-heading',
      '--files',
      '--hidden',
      '-.',
      '-g *.txt',
      '--glob=*.txt',
      '-tmd',
      '--type-not md',
      '-u',
      '--max-depth=1',
      '--maxdepth 1',
      '--null',
      '-0',
      '--json',
      '-z',
      '--pre=x',
    ],
    git: [
      'log --oneline -n 3',
      'log -n1 -p',
      'log --format=%h -3',
      'log --pretty=oneline',
      'log --stat -1',
      'log --since 1.day',
      'status -sb',
      'status --porcelain',
      'status --short -uall',
      'diff',
      'diff --stat',
      'diff HEAD',
      'diff --cached',
      'show --stat',
      'show HEAD:f.txt',
      'branch -a',
      'branch --list',
      'tag -l',
      'ls-files',
      'ls-files -s',
      'ls-tree HEAD',
      'rev-parse HEAD',
      'rev-parse --abbrev-ref HEAD',
      'grep -n line',
      'grep -c line',
      'blame f.txt',
      'shortlog -sn',
      'config --get core.bare',
      'config -l',
      'describe --always',
      'cat-file -p HEAD',
      'count-objects -v',
      'for-each-ref',
      'log --output=x',
      'grep -O line',
    ],
  };
  const files = ['f.txt', 'g.txt', './f.txt', 'sub/x.txt'];
  const lines: string[] = [];
  while (lines.length < count) {
    const program = pick(Object.keys(pools));
    const pool = pools[program]!;
    if (program === 'git') {
      lines.push(`git ${pick(pool)}`);
      continue;
    }
    const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(pool));
    if (program === 'sed' && !words.some((w) => w.startsWith("'") || w.includes('-e') || w.includes('--exp')))
      words.push("'p'");
    if (program === 'awk' && !words.some((w) => w.startsWith("'") || w.startsWith('-f'))) words.push("'{print}'");
    if (program === 'rg' || program === 'grep') if (!words.some((w) => w.startsWith('-e'))) words.push('line');
    const file = pick(files);
    // Options before, after or around the operand.
    const at = Math.floor(rand() * (words.length + 1));
    lines.push([program, ...words.slice(0, at), file, ...words.slice(at)].join(' '));
  }
  return lines;
}

interface Events {
  execs: string[];
  writes: string[];
}

/** Runs every line under one strace, each after a marker exec, and splits the trace by marker. */
async function traced(lines: string[], scratch: string, work: string, env: Record<string, string>): Promise<Events[]> {
  const script = lines
    .map((line, i) => `/usr/bin/true __shell_read_line_${i}__\n( ${line}\n) </dev/null >/dev/null 2>&1`)
    .join('\n');
  await writeFile(path.join(scratch, 'corpus.sh'), script);
  const trace = path.join(scratch, 'trace');
  spawnSync(
    '/usr/bin/strace',
    [
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-s',
      '256',
      '-e',
      'trace=execve,openat',
      '-o',
      trace,
      '/bin/bash',
      '--noprofile',
      '--norc',
      path.join(scratch, 'corpus.sh'),
    ],
    { cwd: work, env, stdio: 'ignore', timeout: scaled(60_000) },
  );
  const events: Events[] = lines.map(() => ({ execs: [], writes: [] }));
  let current = -1;
  for (const entry of (await readFile(trace, 'utf8')).split('\n')) {
    const exec = /execve\("([^"]+)", \[(.*?)\]/.exec(entry);
    if (exec) {
      const marker = /__shell_read_line_(\d+)__/.exec(exec[2]!);
      if (marker) {
        current = Number(marker[1]);
        continue;
      }
      if (current >= 0) events[current]!.execs.push(exec[1]!);
      continue;
    }
    const open = /openat\([^,]+, "([^"]+)", ([A-Z_|]+)/.exec(entry);
    if (
      open &&
      current >= 0 &&
      /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/.test(open[2]!) &&
      !['/dev/null', '/dev/tty'].includes(open[1]!)
    )
      events[current]!.writes.push(open[1]!);
  }
  return events;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function scratchWorkspace(): Promise<{ scratch: string; work: string; env: Record<string, string> }> {
  const scratch = await tempDir('tw-srdiff-');
  const work = path.join(scratch, 'work');
  const bin = path.join(scratch, 'bin');
  const home = path.join(scratch, 'home');
  await Promise.all([mkdir(work), mkdir(bin), mkdir(home)]);
  for (const name of ALLOWED) {
    const found = ['/usr/bin', '/bin', path.resolve('node_modules/@vscode/ripgrep-linux-x64/bin')]
      .map((d) => path.join(d, name))
      .find((p) => isExecutable(p));
    if (found) await symlink(found, path.join(bin, name));
  }
  await writeFile(path.join(work, 'f.txt'), 'b line\na line\n');
  await writeFile(path.join(work, 'g.txt'), 'c line\n');
  await writeFile(path.join(work, 'canary.txt'), 'canary line\n');
  await writeFile(path.join(work, 'a.txt'), 'a line\n');
  await writeFile(path.join(work, 'f.txt.gz'), gzipSync('zipped line\n'));
  await writeFile(path.join(work, 'evil.sh'), '#!/bin/sh\ntouch pwned\n', { mode: 0o755 });
  await writeFile(path.join(work, 'prog.awk'), 'BEGIN { system("touch pwned") }\n');
  await writeFile(path.join(work, 'script.sed'), 'w pwned\n');
  await writeFile(path.join(work, 'order'), 'f.txt\n');
  await mkdir(path.join(work, 'sub'));
  await writeFile(path.join(work, 'sub', 'x.txt'), 'x line\n');
  const gitEnv = {
    ...process.env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@e',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@e',
  };
  execFileSync('git', ['init', '-q'], { cwd: work, env: gitEnv });
  execFileSync('git', ['add', 'f.txt', 'g.txt', 'sub'], { cwd: work, env: gitEnv });
  execFileSync('git', ['commit', '-qm', 'first'], { cwd: work, env: gitEnv });
  execFileSync('git', ['tag', 'v1'], { cwd: work, env: gitEnv });
  // A submodule whose config names an fsmonitor and a pager: git status and diff run inside it,
  // and the environment overrides must keep both off there too.
  const inner = path.join(scratch, 'inner');
  await mkdir(inner);
  execFileSync('git', ['init', '-q'], { cwd: inner, env: gitEnv });
  await writeFile(path.join(inner, 'm.txt'), 'm line\n');
  execFileSync('git', ['add', '.'], { cwd: inner, env: gitEnv });
  execFileSync('git', ['commit', '-qm', 'inner'], { cwd: inner, env: gitEnv });
  execFileSync('git', ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', inner, 'mod'], {
    cwd: work,
    env: gitEnv,
  });
  execFileSync('git', ['commit', '-qm', 'mod'], { cwd: work, env: gitEnv });
  execFileSync('git', ['config', 'core.fsmonitor', 'touch pwned-fsmonitor; false'], {
    cwd: path.join(work, 'mod'),
    env: gitEnv,
  });
  execFileSync('git', ['config', 'core.pager', 'touch pwned-pager'], { cwd: path.join(work, 'mod'), env: gitEnv });
  await writeFile(path.join(work, 'f.txt'), 'b line\na line\nchanged line\n');
  const env: Record<string, string> = {
    PATH: bin,
    HOME: home,
    LC_ALL: 'C',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    PAGER: 'cat',
  };
  for (const [key, value] of Object.entries(GIT_HARDENING_ENV)) if (value !== undefined) env[key] = value;
  return { scratch, work, env };
}

describe.runIf(hasStrace)('shell_read against bash under strace', () => {
  beforeAll(async () => {
    await loadBashParser();
  });

  it(
    'no line shell_read accepts runs a program outside its allowlist or opens a file for writing',
    { timeout: scaled(120_000) },
    async () => {
      const corpus = [...hostile(), ...generated(200)];
      expect(hostile().length).toBeGreaterThanOrEqual(500);
      const accepted = corpus.filter((line) => classifyReadOnly(line).ok);
      // Both sides must be exercised for the check to mean something.
      expect(accepted.length).toBeGreaterThan(120);
      expect(corpus.length - accepted.length).toBeGreaterThan(400);
      const { scratch, work, env } = await scratchWorkspace();
      const before = (await readdir(work)).sort();
      // What shell_read checks before it runs git: these repositories have no driver to refuse.
      expect(await checkRepositories(work, env, work)).toEqual({ top: work });
      const events = await traced(accepted, scratch, work, env);
      const names = new Set(ALLOWED);
      const wrong: string[] = [];
      accepted.forEach((line, i) => {
        const { execs, writes } = events[i]!;
        const foreign = execs.filter((file) => !names.has(path.basename(file)));
        if (foreign.length > 0 || writes.length > 0)
          wrong.push(`${JSON.stringify(line)} ran ${JSON.stringify(foreign)} wrote ${JSON.stringify(writes)}`);
      });
      expect(wrong).toEqual([]);
      // The trace saw the runs (a corpus that ran nothing would pass vacuously).
      expect(events.filter((e) => e.execs.length > 0).length).toBeGreaterThan(accepted.length / 2);
      expect((await readdir(work)).sort()).toEqual(before);
    },
  );
});

/** Random sed scripts from pieces that move where a command starts (brackets, labels, text, comments). */
function sedScripts(count: number): string[] {
  const rand = random(4711);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const addresses = [
    '',
    '',
    '1',
    '$',
    '/a/',
    '/[/]/',
    '\\%x%',
    '1,3',
    '0,/a/',
    '1~2',
    '/a/I',
    '/[]/]/',
    '/[[:alpha:]/]/',
    '$!',
    '/x/,+2',
  ];
  const commands = [
    'p',
    'd',
    'n',
    'N',
    '=',
    'l',
    'q',
    'q5',
    'h',
    'G',
    'x',
    'z',
    'F',
    's/a/b/',
    's/[/]/#/',
    's|a|b|g',
    's/a/b/ w pwned',
    's/a/b/gw pwned',
    's/a/b/e',
    's/[/]/w pwned/',
    'y/ab/ba/',
    'y/[/]/',
    'w pwned',
    'W pwned',
    'e echo',
    'e',
    'a text',
    'a text;w pwned',
    'i\\',
    'c x',
    ':l',
    ':l;w pwned',
    'b l',
    'b',
    't',
    'T x',
    '{',
    '}',
    '#c;w pwned',
    'r f',
    'R f',
    'v',
    'v 4.2',
    'b x w pwned',
    's/a/\\/w pwned/',
  ];
  const separators = [';', '\n', ' ', ' ; ', '', '}', '{'];
  return Array.from({ length: count }, () => {
    let script = '';
    for (let n = 1 + Math.floor(rand() * 4); n > 0; n--) script += pick(addresses) + pick(commands) + pick(separators);
    return script;
  });
}

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
