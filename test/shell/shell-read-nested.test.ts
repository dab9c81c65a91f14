// shell_read and the repositories git enters on its own: a submodule's config is read by the git
// that status and diff start inside it, so a driver there runs on `shell_read 'git status'` unless
// every repository git would enter is checked. Each test runs without a sandbox (so a driver that
// ran could write) and looks for the marker a driver would leave.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { fileTempDir, tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_ALLOW_PROTOCOL: 'file',
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env: GIT_ENV, stdio: 'pipe' }).toString();

interface Setup {
  root: string;
  markers: string;
  toolkit: Toolkit;
}

/** The repository every test starts from, made once per file: withSubmodule copies it. */
let template: Promise<string> | undefined;
async function makeTemplate(): Promise<string> {
  const aside = await fileTempDir('tw-nested-src-');
  const inner = path.join(aside, 'inner');
  await mkdir(inner);
  git(inner, 'init', '-q');
  await writeFile(path.join(inner, 'a.txt'), 'a\n');
  await writeFile(path.join(inner, '.gitattributes'), '*.txt filter=evil diff=evil\n');
  git(inner, 'add', '.');
  git(inner, 'commit', '-qm', 'inner');
  const root = path.join(aside, 'root');
  await mkdir(root);
  git(root, 'init', '-q');
  await writeFile(path.join(root, 'top.txt'), 'top\n');
  git(root, 'add', 'top.txt');
  git(root, 'commit', '-qm', 'top');
  git(root, 'submodule', 'add', '-q', inner, 'sub');
  git(root, 'commit', '-qm', 'sub');
  return root;
}

/** A repository with submodule `sub` (its .txt files selected for filter and diff driver "evil"). */
async function withSubmodule(): Promise<Setup> {
  const markers = await tempDir('tw-nested-markers-');
  const root = await tempDir('tw-nested-');
  // A copy of the template; the paths inside its .git (submodule gitdir, worktree) are relative.
  await cp(await (template ??= makeTemplate()), root, { recursive: true });
  // The copies have new inodes and times: the indexes are brought up to date, as after a commit.
  git(root, 'update-index', '-q', '--refresh');
  git(path.join(root, 'sub'), 'update-index', '-q', '--refresh');
  const toolkit = createToolkit({
    workspace: root,
    exec: { bwrapPath: path.join(root, 'no-bwrap'), env: { GIT_CONFIG_GLOBAL: '/dev/null' } },
  });
  return { root, markers, toolkit };
}

/** Makes git look at the file's content again (same size, new mtime), which runs a clean filter. */
async function touchContent(file: string): Promise<void> {
  const later = new Date(Date.now() + 5_000);
  const { utimes } = await import('node:fs/promises');
  await utimes(file, later, later);
}

async function shellRead(toolkit: Toolkit, command: string) {
  return toolkit.invoke('exec', 'shell_read', { command });
}

const ran = async (markers: string) => readdir(markers);

describe('shell_read checks every repository git would enter', () => {
  it(
    'a filter or diff driver in a submodule config: git status and git diff are refused and nothing runs',
    { timeout: scaled(60_000) },
    async () => {
      const variants: [string, (s: Setup) => Promise<void>][] = [
        [
          'filter clean',
          async ({ root, markers }) => {
            git(path.join(root, 'sub'), 'config', 'filter.evil.clean', `touch ${markers}/clean; cat`);
          },
        ],
        [
          'filter process',
          async ({ root, markers }) => {
            git(path.join(root, 'sub'), 'config', 'filter.evil.process', `touch ${markers}/process`);
          },
        ],
        [
          'diff textconv',
          async ({ root, markers }) => {
            git(path.join(root, 'sub'), 'config', 'diff.evil.textconv', `touch ${markers}/textconv; cat`);
          },
        ],
        [
          'included file',
          async ({ root, markers }) => {
            const included = path.join(markers, '..', `${path.basename(markers)}.cfg`);
            await writeFile(included, `[filter "evil"]\n\tclean = touch ${markers}/included; cat\n`);
            git(path.join(root, 'sub'), 'config', 'include.path', included);
          },
        ],
        [
          'mixed-case key',
          async ({ root, markers }) => {
            await writeFile(
              path.join(root, '.git', 'modules', 'sub', 'config'),
              `[core]\n\trepositoryformatversion = 0\n\tworktree = ../../../sub\n[FILTER "evil"]\n\tClean = touch ${markers}/upper; cat\n`,
            );
          },
        ],
      ];
      for (const [name, plant] of variants) {
        const setup = await withSubmodule();
        await plant(setup);
        await touchContent(path.join(setup.root, 'sub', 'a.txt'));
        for (const command of ['git status', 'git status --short', 'git diff', 'git diff --stat', 'git log -p -1']) {
          const result = await shellRead(setup.toolkit, command);
          expect(!result.ok && result.error.code, `${name}: ${command}`).toBe('INVALID_INPUT');
          expect(!result.ok && result.error.message, `${name}: ${command}`).toMatch(
            /submodule sub defines (filter|diff)\.evil\.(clean|process|textconv)/i,
          );
        }
        expect(await ran(setup.markers), name).toEqual([]);
        // The control: git itself, run directly, does run the submodule's clean filter.
        if (name === 'filter clean') {
          execFileSync('git', ['status'], { cwd: setup.root, env: GIT_ENV, stdio: 'ignore' });
          expect(await ran(setup.markers)).toEqual(['clean']);
        }
      }
    },
  );

  it('a driver in a submodule of a submodule is found too', { timeout: scaled(60_000) }, async () => {
    const setup = await withSubmodule();
    const sub = path.join(setup.root, 'sub');
    const deeper = await tempDir('tw-nested-deep-');
    git(deeper, 'init', '-q');
    await writeFile(path.join(deeper, 'b.txt'), 'b\n');
    await writeFile(path.join(deeper, '.gitattributes'), '*.txt filter=deep\n');
    git(deeper, 'add', '.');
    git(deeper, 'commit', '-qm', 'deep');
    git(sub, 'submodule', 'add', '-q', deeper, 'deep');
    git(sub, 'commit', '-qm', 'deep');
    git(path.join(sub, 'deep'), 'config', 'filter.deep.clean', `touch ${setup.markers}/deep; cat`);
    await touchContent(path.join(sub, 'deep', 'b.txt'));
    const result = await shellRead(setup.toolkit, 'git status');
    expect(!result.ok && result.error.message).toMatch(/submodule sub\/deep defines filter\.deep\.clean/);
    expect(await ran(setup.markers)).toEqual([]);
  });

  it(
    'a submodule whose .git leads elsewhere is refused: gitdir outside the workspace, a symbolic link, core.worktree outside',
    { timeout: scaled(60_000) },
    async () => {
      const outside = await tempDir('tw-nested-outside-');
      const cases: [string, (s: Setup) => Promise<void>, RegExp][] = [
        [
          'gitdir outside',
          async ({ root }) => {
            git(outside, 'init', '-q');
            await writeFile(path.join(root, 'sub', '.git'), `gitdir: ${path.join(outside, '.git')}\n`);
          },
          /sub\/\.git points outside the workspace/,
        ],
        [
          'symbolic link',
          async ({ root }) => {
            await rm(path.join(root, 'sub', '.git'));
            await symlink(path.join(root, '.git', 'modules', 'sub'), path.join(root, 'sub', '.git'));
          },
          /sub\/\.git is a symbolic link/,
        ],
        [
          'core.worktree outside',
          async ({ root }) => {
            git(path.join(root, 'sub'), 'config', 'core.worktree', outside);
          },
          /core\.worktree outside the workspace/,
        ],
      ];
      for (const [name, plant, message] of cases) {
        const setup = await withSubmodule();
        await plant(setup);
        const result = await shellRead(setup.toolkit, 'git status');
        expect(!result.ok && result.error.message, name).toMatch(message);
      }
    },
  );

  it(
    'settings the environment overrides (fsmonitor, hooks, pager) reach the git that runs inside a submodule',
    { timeout: scaled(60_000) },
    async () => {
      const setup = await withSubmodule();
      const sub = path.join(setup.root, 'sub');
      // Without the override, `git status` in the top repository runs the submodule's fsmonitor.
      git(sub, 'config', 'core.fsmonitor', `touch ${setup.markers}/fsmonitor; false`);
      await touchContent(path.join(sub, 'a.txt'));
      execFileSync('git', ['status'], { cwd: setup.root, env: GIT_ENV, stdio: 'ignore' });
      expect(await ran(setup.markers)).toEqual(['fsmonitor']);
      await rm(path.join(setup.markers, 'fsmonitor'));
      git(sub, 'config', 'core.pager', `touch ${setup.markers}/pager`);
      const result = await shellRead(setup.toolkit, 'git status && git diff');
      expect(result.ok && (result.output as { exit_code: number }).exit_code).toBe(0);
      expect(await ran(setup.markers)).toEqual([]);
    },
  );

  it(
    'git does not enter an untracked nested repository: its drivers stay off and shell_read runs',
    { timeout: scaled(60_000) },
    async () => {
      const setup = await withSubmodule();
      const nested = path.join(setup.root, 'untracked');
      await mkdir(nested);
      git(nested, 'init', '-q');
      await writeFile(path.join(nested, 'a.txt'), 'a\n');
      await writeFile(path.join(nested, '.gitattributes'), '*.txt filter=evil\n');
      git(nested, 'add', '.');
      git(nested, 'commit', '-qm', 'n');
      git(nested, 'config', 'filter.evil.clean', `touch ${setup.markers}/untracked; cat`);
      git(nested, 'config', 'core.fsmonitor', `touch ${setup.markers}/untracked-fsmonitor; false`);
      await touchContent(path.join(nested, 'a.txt'));
      for (const command of [
        'git status --short',
        'git status -uall',
        'git ls-files -o',
        'git diff',
        'git grep --untracked -n zzz',
      ]) {
        const result = await shellRead(setup.toolkit, command);
        expect(result.ok, command).toBe(true);
      }
      expect(await ran(setup.markers)).toEqual([]);
    },
  );

  it(
    'the scan is bounded: more submodules than it checks is refused, not waited for',
    { timeout: scaled(60_000) },
    async () => {
      const setup = await withSubmodule();
      const head = git(path.join(setup.root, 'sub'), 'rev-parse', 'HEAD').trim();
      for (let i = 0; i < 70; i++) {
        const dir = path.join(setup.root, 'many', String(i));
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, '.git'), `gitdir: ${path.join(setup.root, '.git', 'modules', 'sub')}\n`);
        git(setup.root, 'update-index', '--add', '--cacheinfo', `160000,${head},many/${i}`);
      }
      const result = await shellRead(setup.toolkit, 'git status --short');
      expect(!result.ok && result.error.message).toMatch(/more than 64 submodules/);
    },
  );

  it(
    'a hostile index and tree do not hold the scan: 100,000 submodule entries, 5,000 folders holding a .git',
    { timeout: scaled(60_000) },
    async () => {
      const setup = await withSubmodule();
      const records = Array.from(
        { length: 100_000 },
        (_, i) => `160000 commit ${'1'.repeat(40)}\tmany/${Math.floor(i / 1000)}/${i}\n`,
      ).join('');
      execFileSync('git', ['update-index', '--index-info'], { cwd: setup.root, env: GIT_ENV, input: records });
      for (let i = 0; i < 5_000; i++)
        await mkdir(path.join(setup.root, 'deep', String(i % 50), String(i), '.git'), { recursive: true });
      const result = await shellRead(setup.toolkit, 'git rev-parse --show-toplevel');
      // It runs, or (on a machine too loaded to list the index within the scan's time) it is refused
      // saying so; either way it answers.
      if (result.ok) expect((result.output as { stdout: string }).stdout.trim()).toBe(setup.root);
      else expect(result.error.message).toMatch(/took too long/);
    },
  );

  it(
    'git variables from the host are removed: GIT_CONFIG_PARAMETERS, GIT_EXTERNAL_DIFF, GIT_CONFIG_COUNT',
    { timeout: scaled(60_000) },
    async () => {
      const setup = await withSubmodule();
      await writeFile(path.join(setup.root, 'top.txt'), 'changed\n');
      const script = path.join(setup.markers, '..', `${path.basename(setup.markers)}.sh`);
      await writeFile(script, `#!/bin/sh\ntouch ${setup.markers}/external\n`, { mode: 0o755 });
      const hostile = createToolkit({
        workspace: setup.root,
        exec: {
          bwrapPath: path.join(setup.root, 'no-bwrap'),
          env: {
            GIT_CONFIG_GLOBAL: '/dev/null',
            GIT_CONFIG_PARAMETERS: `'diff.external'='${script}'`,
            GIT_EXTERNAL_DIFF: script,
            GIT_CONFIG_KEY_40: 'diff.external',
            GIT_CONFIG_VALUE_40: script,
          },
        },
      });
      const result = await shellRead(hostile, 'git diff');
      expect(result.ok && (result.output as { stdout: string }).stdout).toMatch(/^-top\n\+changed$/m);
      expect(await ran(setup.markers)).toEqual([]);
    },
  );
});

describe('shell_read runs git diff, show and log -p (never an external diff)', () => {
  it('prints the patch', { timeout: scaled(60_000) }, async () => {
    const setup = await withSubmodule();
    await writeFile(path.join(setup.root, 'top.txt'), 'changed\n');
    const expectations: [string, RegExp][] = [
      ['git diff', /^-top\n\+changed$/m],
      ['git diff --stat', /top\.txt \| 2 \+-/],
      ['git diff HEAD -- top.txt', /^\+changed$/m],
      ['git show HEAD~1', /^\+top$/m],
      ['git log -p -2', /^\+top$/m],
      ['git log -p --stat -1 --format=%s HEAD~1', /top\.txt \| 1 \+/],
    ];
    for (const [command, stdout] of expectations) {
      const result = await shellRead(setup.toolkit, command);
      if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
      const output = result.output as { stdout: string; stderr: string; exit_code: number };
      expect(output.exit_code, `${command}: ${output.stderr}`).toBe(0);
      expect(output.stdout, command).toMatch(stdout);
    }
  });
});
