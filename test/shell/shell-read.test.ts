// shell_read: write and exec attempts through the allowed programs' own options must be refused
// before anything runs (INVALID_INPUT naming the command): the canary survives, no file appears.
import { execFileSync } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { git as hostGit } from '../support/git.js';
import { scaled } from '../support/time.js';
import { bwrapWorks } from '../support/exec-helpers.js';

const CANARY = 'b line\na line\n';
/** Whether bwrap starts here (then shell_read and its git checks run confined). */
const sandboxWorks = bwrapWorks();
const FILES = ['-delete', 'canary.txt', 'evil.sh', 'prog.awk', 'script.sed'];

async function setup(): Promise<{ root: string; toolkit: Toolkit }> {
  const root = await tempDir('tw-shellread-');
  await writeFile(path.join(root, 'canary.txt'), CANARY);
  await writeFile(path.join(root, 'evil.sh'), '#!/bin/sh\nrm -f canary.txt; touch pwned\n');
  await chmod(path.join(root, 'evil.sh'), 0o755);
  await writeFile(path.join(root, 'prog.awk'), 'BEGIN { system("touch pwned") }\n');
  await writeFile(path.join(root, 'script.sed'), 'w pwned\n');
  // A file whose name is an option: `find *` would read it as -delete.
  await writeFile(path.join(root, '-delete'), '');
  return { root, toolkit: createToolkit({ workspace: root }) };
}

async function untouched(root: string, command: string): Promise<void> {
  expect(await readFile(path.join(root, 'canary.txt'), 'utf8'), command).toBe(CANARY);
  expect((await readdir(root)).sort(), command).toEqual(FILES);
}

const ATTEMPTS: string[] = [
  // find
  'find . -delete',
  'find . -name canary.txt -delete',
  'find . -exec rm {} \\;',
  'find . -execdir rm {} +',
  'find . -ok rm {} \\;',
  'find . -fprint pwned',
  'find . -fprintf pwned %p',
  'find . -fls pwned',
  'find . -fprint0 pwned',
  'find * -name x',
  // sort, uniq, tree, file, date
  'sort -o canary.txt canary.txt',
  'sort --output=pwned canary.txt',
  'sort -ro pwned canary.txt',
  'sort --compress-program=./evil.sh canary.txt',
  'sort *',
  'uniq canary.txt pwned',
  'tree -o pwned',
  'file -C -m canary.txt',
  'date -s 2020-01-01',
  'date 010100002020',
  // sed
  'sed -i d canary.txt',
  'sed -i.bak d canary.txt',
  'sed --in-place d canary.txt',
  'sed -ni p canary.txt',
  "sed 'w pwned' canary.txt",
  "sed 's/a/b/w pwned' canary.txt",
  "sed '1e ./evil.sh' canary.txt",
  "sed 's/.*/touch pwned/e' canary.txt",
  "sed -e p -e 'w pwned' canary.txt",
  'sed -f script.sed canary.txt',
  "sed -n '/a/W pwned' canary.txt",
  // awk
  'awk \'BEGIN{system("touch pwned")}\'',
  'awk \'{print > "pwned"}\' canary.txt',
  'awk \'BEGIN{print "touch pwned" | "sh"}\'',
  'awk \'BEGIN{"touch pwned" | getline}\'',
  'awk -f prog.awk canary.txt',
  "gawk -i inplace '{print}' canary.txt",
  'awk -e \'BEGIN{system("touch pwned")}\'',
  // git
  "git -c core.pager='touch pwned' log",
  "git -c alias.x='!touch pwned' x",
  'git log --output=pwned',
  'git diff --output=pwned',
  'git diff --ext-diff',
  'git log -p --textconv',
  'git --exec-path=. status',
  "git grep -O'touch pwned' x",
  'git grep --open-files-in-pager=sh x',
  'git checkout .',
  'git branch newbranch',
  'git tag v1',
  'git config user.name x',
  'git stash',
  'git clean -fdx',
  'git -p log',
  'git cat-file --textconv HEAD:x',
  // rg
  'rg --pre ./evil.sh x',
  'rg --pre=./evil.sh x',
  'rg -z x',
  'rg --search-zip x',
  'rg --hostname-bin=./evil.sh x',
  'rg -nz x',
  // writers and runners that are not inspection programs
  'tee pwned < canary.txt',
  'echo x | tee canary.txt',
  'xargs rm < canary.txt',
  'echo canary.txt | xargs rm',
  'dd if=canary.txt of=pwned',
  'cp canary.txt pwned',
  'rm canary.txt',
  './evil.sh',
  '/bin/rm canary.txt',
  'bash -c "touch pwned"',
  'env touch pwned',
  'timeout 1 touch pwned',
  // shell syntax
  'echo x > canary.txt',
  'cat canary.txt >> pwned',
  'ls $(touch pwned)',
  'ls `touch pwned`',
  'cat <(touch pwned)',
  'X=1 ls',
  'ls; X=1',
  'ls & touch pwned',
  '$x',
  'ls | sh',
  'for f in *; do rm $f; done',
  'f() { ls; }; f',
  'printf -v x hi',
  'cat canary.txt | sed -n "w pwned"',
  'ls && touch pwned',
  'cat <<EOF\nx\nEOF',
  'echo $(<canary.txt)',
  'ls \\\n; touch pwned',
  // getopt_long and git's parse-options accept abbreviations: `--o` is --output, `--expr` is --expression
  'sort --o=pwned canary.txt',
  'sort --out pwned canary.txt',
  'sort --comp=./evil.sh canary.txt',
  "sed --expr='w pwned' canary.txt",
  "sed --ex 'w pwned' canary.txt",
  'sed --in-pl d canary.txt',
  'date --se=now',
  'git branch --del x',
  'git grep --open-f=sh x',
  'git log --out=pwned',
  'awk --sou \'BEGIN{system("touch pwned")}\'',
  'sort --nonsense canary.txt',
  'ls x\n\\touch pwned',
  'cat canary.txt\n\\rm canary.txt',
  "echo $'a' b\n\\touch pwned &",
  // a label ends at `;` (GNU sed), so what follows it is a command
  "sed -n ':x;w pwned' canary.txt",
  "sed -n 'b;w pwned' canary.txt",
  "sed 't;w pwned' canary.txt",
  "sed -n '1{b};W pwned' canary.txt",
  "sed -n ':x;e touch pwned' canary.txt",
  "sed -n 'b end;w pwned' canary.txt",
  "sed 'T x ; s/a/touch pwned/e' canary.txt",
  "sed -n ':a;N;$!ba;w pwned' canary.txt",
  // awk: `;`, braces or a `/` inside a string or regex do not end the print statement
  'awk \'BEGIN { print "a;b" > "pwned" }\'',
  'awk \'{ print "}" > "pwned" }\' canary.txt',
  'awk \'BEGIN { printf "{" > "pwned" }\'',
  'awk \'/x;y/ { print > "pwned" }\' canary.txt',
  'awk \'{ print ($1) > "pwned" }\' canary.txt',
  'awk \'{ print $1,\n $2 > "pwned" }\' canary.txt',
  'awk \'{ if ($1) print $1 > "pwned" }\' canary.txt',
  'awk \'{ print("x")>"pwned" }\' canary.txt',
  'awk \'{ printf("%s", $1) >> "pwned" }\' canary.txt',
  'awk \'BEGIN { x = "#"; print x >> "pwned" }\'',
  'awk \'{ print $1 "\\";" > "pwned" }\' canary.txt',
  // an option spelled with glob characters runs as the file name it matches (here `-delete`)
  'find . -delet?',
  'find . -delet[e]',
  'find . -*',
  'sort -[o] pwned canary.txt',
  'git log --outpu?=pwned',
  // bash opens /dev/tcp and /dev/udp itself, as network connections
  'cat < /dev/tcp/127.0.0.1/9',
  'cat </dev/udp/127.0.0.1/9',
  'cat < /dev/./tcp/127.0.0.1/9',
  'wc -l 0</dev/tcp/localhost/9',
  "test -v 'a[$(touch pwned)]'",
  "[ -v 'a[$(touch pwned)]' ]",
  '[[ x -eq 1 ]]',
  '((x))',
  'let x=1',
];

describe('shell_read refuses write and exec attempts before anything runs', () => {
  it(
    `${ATTEMPTS.length} attempts (at least 40): INVALID_INPUT naming the command, nothing changes`,
    { timeout: scaled(60_000) },
    async () => {
      expect(ATTEMPTS.length).toBeGreaterThanOrEqual(40);
      const { root, toolkit } = await setup();
      const ran: string[] = [];
      for (const command of ATTEMPTS) {
        const result = await toolkit.invoke('exec', 'shell_read', { command });
        if (result.ok || result.error.code !== 'INVALID_INPUT') ran.push(command);
        else {
          expect(result.error.message, command).toMatch(/shell_read refused `.+`: .+use bash/);
          expect(result.error.details?.command).toBeTruthy();
        }
        await untouched(root, command);
      }
      expect(ran).toEqual([]);
    },
  );

  it('runs with startup files and rg config from the host environment removed', async () => {
    const { root } = await setup();
    await writeFile(path.join(root, 'rgconf'), '--pre=./evil.sh\n');
    const toolkit = createToolkit({
      workspace: root,
      exec: { env: { BASH_ENV: path.join(root, 'evil.sh'), RIPGREP_CONFIG_PATH: path.join(root, 'rgconf') } },
    });
    const result = await toolkit.invoke('exec', 'shell_read', { command: 'cat canary.txt' });
    expect(result.ok && (result.output as { stdout: string }).stdout).toBe(CANARY);
    expect(await readFile(path.join(root, 'canary.txt'), 'utf8')).toBe(CANARY);
    expect((await readdir(root)).includes('pwned')).toBe(false);
  });

  it('names the offending command inside a pipeline', async () => {
    const { toolkit } = await setup();
    const result = await toolkit.invoke('exec', 'shell_read', { command: 'ls | sort -o out.txt' });
    expect(!result.ok && result.error.message).toMatch(/`sort -o out\.txt`: -o writes a file/);
  });
});

const INSPECTIONS: [string, RegExp][] = [
  ['ls', /canary\.txt/],
  ['ls -la | wc -l', /\d/],
  ['cat canary.txt', /b line/],
  ['grep a canary.txt', /a line/],
  ["find . -name '*.txt'", /canary\.txt/],
  ['sort canary.txt | uniq', /a line\nb line/],
  ['sed -n 1p canary.txt', /^b line\n$/],
  ["awk '{print $1}' canary.txt", /b\na/],
  ['awk \'$2 == "line" { n++ } END { print n }\' canary.txt', /^2\n$/],
  ['echo hi 2>/dev/null', /hi/],
  ['head -n 1 canary.txt && tail -n 1 canary.txt', /b line\na line/],
  ['grep -n line canary.txt', /1:b line/],
  ['wc -l ./*.txt', /2/],
  ["sed 's/line/LINE/g' canary.txt", /b LINE/],
  ['cd . && pwd', /tw-shellread-/],
  ['sort -k2 -t " " canary.txt', /line/],
  ['date +%Y', /^\d{4}\n$/],
  ["sed -n ':a;N;$!ba;s/\\n/ /;p' canary.txt", /^b line a line\n$/],
  ["sed 's/b/B/;tx;s/a/A/;:x' canary.txt", /B line\nA line/],
  ['awk \'$1 > "a" { print $1 }\' canary.txt', /^b\n$/],
  ['awk \'{ print "x > y; {z}" }\' canary.txt', /x > y; \{z\}/],
  ['awk \'{ print ($1 > "a") }\' canary.txt', /^1\n0\n$/],
  ['cat < canary.txt', /b line/],
  ['echo "a > b | c"', /a > b \| c/],
  ['printf "%s\\n" x', /^x\n$/],
  ['ls nothing-here 2>&1 || echo missing', /missing/],
];

describe('shell_read runs inspection command lines', () => {
  it(`${INSPECTIONS.length} read-only lines run and change nothing`, { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await setup();
    for (const [command, stdout] of INSPECTIONS) {
      const result = await toolkit.invoke('exec', 'shell_read', { command });
      if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
      expect((result.output as { stdout: string }).stdout, command).toMatch(stdout);
      await untouched(root, command);
    }
  });

  it('git read subcommands run; a hostile repository config cannot make them run helpers', async () => {
    const { root } = await setup();
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', 'canary.txt');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'first');
    // What an agent with bash could have written into .git/config before.
    git('config', 'core.pager', 'touch pwned-pager');
    git('config', 'core.fsmonitor', 'touch pwned-fsmonitor; false');
    // Without bubblewrap (no sandbox as a further wall), so a helper git ran could write.
    const unsandboxed = createToolkit({ workspace: root, exec: { bwrapPath: path.join(root, 'no-bwrap') } });
    const log = await unsandboxed.invoke('exec', 'shell_read', {
      command: 'git log --oneline && git status --short && git diff HEAD && git branch --list',
    });
    expect(log.ok && (log.output as { stdout: string }).stdout).toMatch(/first/);
    // A commit with a signature makes %G? / %GS / %GK run gpg.program (a script the repo names).
    const tree = execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: root }).toString().trim();
    const signed = `tree ${tree}\nauthor t <t@example.com> 1 +0000\ncommitter t <t@example.com> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nsigned\n`;
    const commit = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: root, input: signed })
      .toString()
      .trim();
    git('update-ref', 'refs/heads/signed', commit);
    for (const key of ['gpg.program', 'gpg.openpgp.program', 'gpg.ssh.program', 'gpg.x509.program'])
      git('config', key, path.join(root, 'evil.sh'));
    for (const command of [
      "git log --format='%G? %GS' -1 signed",
      "git show -s --pretty='format:%GK %GF' signed",
      "git log --pretty='%GG' -1 signed",
    ]) {
      const result = await unsandboxed.invoke('exec', 'shell_read', { command });
      expect(result.ok, command).toBe(true);
    }
    expect(await readFile(path.join(root, 'canary.txt'), 'utf8')).toBe(CANARY);
    expect((await readdir(root)).filter((f) => f.startsWith('pwned'))).toEqual([]);
  });

  it('a repository config that defines a filter or diff driver makes git refused before it runs; user config drivers stay', async () => {
    const { root } = await setup();
    const git = (...args: string[]) => hostGit(root, ...args);
    git('init', '-q');
    git('add', 'canary.txt');
    git('commit', '-qm', 'first');
    await writeFile(path.join(root, '.gitattributes'), '*.txt filter=evil diff=evil\n');
    await writeFile(path.join(root, 'canary.txt'), 'changed\n');
    // A user-level driver (git-lfs installs one) is the user's own: git still runs.
    const aside = await tempDir('tw-gitcfg-');
    const userConfig = path.join(aside, 'user.gitconfig');
    await writeFile(userConfig, '[filter "lfs"]\n\tclean = cat\n');
    const toolkit = createToolkit({ workspace: root, exec: { env: { GIT_CONFIG_GLOBAL: userConfig } } });
    const clean = await toolkit.invoke('exec', 'shell_read', { command: 'git status --short' });
    expect(clean.ok && (clean.output as { stdout: string }).stdout).toMatch(/canary\.txt/);
    const variants: [string, string][] = [
      ['filter.evil.clean', `[filter "evil"]\n\tclean = touch ${root}/pwned-filter; cat\n`],
      ['diff.evil.command', `[diff "evil"]\n\tcommand = touch ${root}/pwned-diff\n`],
      ['diff.evil.textconv', `[diff "evil"]\n\ttextconv = touch ${root}/pwned-textconv; cat\n`],
      ['filter.evil.process', `[include]\n\tpath = included.cfg\n`],
      // No environment setting switches diff.external off (an empty one makes git run ""), so it is refused like a driver.
      ['diff.external', `[diff]\n\texternal = touch ${root}/pwned-external\n`],
    ];
    await writeFile(
      path.join(root, '.git', 'included.cfg'),
      `[filter "evil"]\n\tprocess = touch ${root}/pwned-process\n`,
    );
    const configFile = path.join(root, '.git', 'config');
    const base = await readFile(configFile, 'utf8');
    for (const [key, section] of variants) {
      await writeFile(configFile, base + section);
      for (const command of ['git status', 'git diff', 'git log -p -1']) {
        const result = await toolkit.invoke('exec', 'shell_read', { command });
        expect(!result.ok && result.error.code, `${key}: ${command}`).toBe('INVALID_INPUT');
        expect(!result.ok && result.error.message, key).toContain(key);
      }
    }
    expect((await readdir(root)).filter((f) => f.startsWith('pwned'))).toEqual([]);
    // An include outside the workspace: refused where git reads it; in the sandbox neither the check
    // nor the command can see it, so git runs without the driver.
    await writeFile(path.join(aside, 'included.cfg'), `[filter "evil"]\n\tprocess = touch ${root}/pwned-outside\n`);
    await writeFile(configFile, `${base}[include]\n\tpath = ${aside}/included.cfg\n`);
    const outsideInclude = await toolkit.invoke('exec', 'shell_read', { command: 'git status --short' });
    if (sandboxWorks)
      expect(outsideInclude.ok && (outsideInclude.output as { stdout: string }).stdout).toMatch(/canary\.txt/);
    else expect(!outsideInclude.ok && outsideInclude.error.message).toContain('filter.evil.process');
    expect((await readdir(root)).filter((f) => f.startsWith('pwned'))).toEqual([]);
    // git must read the repository that was checked: no -C, --git-dir, --work-tree, or cd before it.
    for (const command of [
      'git -C .. status',
      'git --git-dir=.git status',
      'git --work-tree=. status',
      'cd . && git status',
    ]) {
      const result = await toolkit.invoke('exec', 'shell_read', { command });
      expect(!result.ok && result.error.code, command).toBe('INVALID_INPUT');
    }
  });

  it('with the readOnly preset an agent inspects with shell_read but cannot run bash', async () => {
    const root = await tempDir('tw-shellread-');
    await writeFile(path.join(root, 'a.txt'), 'x\n');
    const toolkit = createToolkit({ workspace: root, policy: 'readOnly' });
    const read = await toolkit.invoke('exec', 'shell_read', { command: 'ls | wc -l' });
    expect(read.ok && (read.output as { stdout: string }).stdout.trim()).toBe('1');
    const bash = await toolkit.invoke('exec', 'bash', { command: 'ls' });
    expect(!bash.ok && bash.error.code).toBe('DENIED_BY_POLICY');
  });

  it('command rules apply to shell_read too', async () => {
    const root = await tempDir('tw-shellread-');
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'shell_read', command: 'cat *', decision: 'deny', reason: 'no cat' }] },
    });
    const result = await toolkit.invoke('exec', 'shell_read', { command: 'ls && cat x' });
    expect(!result.ok && result.error.message).toMatch(/no cat/);
  });
});

describe('shell_read inside the sandbox (second wall)', () => {
  // bubblewrap is installed by .ci/run; where it works, shell_read runs read-only and offline in it.
  const sandboxed = process.env.CI === 'true' || bwrapWorks();
  it.runIf(sandboxed)(
    'sees a private /tmp, no network interfaces but lo, and cannot write even if the classifier were wrong',
    async () => {
      const root = await tempDir('tw-shell-read-sbx-');
      const marker = `tw-host-marker-${process.pid}-${Date.now()}`;
      await writeFile(path.join('/tmp', marker), 'host');
      try {
        const toolkit = createToolkit({ workspace: root });
        const tmp = await toolkit.invoke('exec', 'shell_read', { command: 'ls -a /tmp' });
        expect(tmp.ok).toBe(true);
        expect((tmp.ok && (tmp.output as { stdout: string }).stdout) || '').not.toContain(marker);
        const net = await toolkit.invoke('exec', 'shell_read', { command: 'cat /proc/net/dev' });
        const interfaces = ((net.ok && (net.output as { stdout: string }).stdout) || '')
          .split('\n')
          .slice(2)
          .filter(Boolean)
          .map((l) => l.trim().split(':')[0]);
        expect(interfaces).toEqual(['lo']);
        // The same line through bash (unsandboxed toolkit) does see the host's /tmp: the sandbox is what hides it.
        const bash = await toolkit.invoke('exec', 'bash', { command: 'ls -a /tmp' });
        expect((bash.ok && (bash.output as { stdout: string }).stdout) || '').toContain(marker);
      } finally {
        await import('node:fs/promises').then((fs) => fs.rm(path.join('/tmp', marker), { force: true }));
      }
    },
  );
});
