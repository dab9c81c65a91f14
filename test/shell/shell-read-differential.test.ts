// shell_read's claim, checked against bash itself: the hostile corpus (shell-read-corpus-hostile.ts) and
// generated option spellings (shell-read-corpus-generated.ts) are classified; every line shell_read accepts
// then runs under real bash, traced with strace, in a scratch workspace whose PATH holds only the
// allowed programs. The check fails if an accepted line executed any other program or opened a file
// for writing. The sed scanner's own check against sed --sandbox is in shell-read-differential-sed.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../../src/runtime/policy/shell/read-only.js';
import { GIT_HARDENING_ENV } from '../../src/runtime/policy/shell/read-only-git.js';
import { checkRepositories } from '../../src/handlers/exec/shell-read/git-repositories.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';
import { generated } from './shell-read-corpus-generated.js';
import { hostile } from './shell-read-corpus-hostile.js';

// Run wherever strace is, and always under CI=true, where a missing strace fails rather than skips.
const runDifferential =
  process.env.CI === 'true' || spawnSync('/usr/bin/strace', ['-V'], { stdio: 'ignore' }).status === 0;

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

describe.runIf(runDifferential)('shell_read against bash under strace', () => {
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
