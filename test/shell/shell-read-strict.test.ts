// shell_read without a sandbox accepts only its strict subset: every file a line names must lie
// inside the workspace, on disk as well as in writing (a symbolic link inside may point anywhere,
// and a glob may match one), and options that follow links or read lists of file names are
// refused. With a sandbox the same lines run, read-only and offline inside it.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { bwrapWorks } from '../support/exec-helpers.js';

async function workspace(): Promise<{ root: string; unsandboxed: Toolkit }> {
  const root = await tempDir('tw-strict-');
  await writeFile(path.join(root, 'f.txt'), 'root line\n');
  await writeFile(path.join(root, 'g.txt'), 'other line\n');
  await writeFile(path.join(root, 'list'), '/etc/hostname\0');
  await mkdir(path.join(root, 'sub'));
  await writeFile(path.join(root, 'sub', 'x.txt'), 'sub line\n');
  await mkdir(path.join(root, 'a'));
  await mkdir(path.join(root, 'b'));
  await writeFile(path.join(root, 'a', 'same.txt'), '1\n');
  await writeFile(path.join(root, 'b', 'same.txt'), '2\n');
  await mkdir(path.join(root, 'links'));
  await symlink('/etc/hostname', path.join(root, 'links', 'host'));
  await symlink('/etc', path.join(root, 'etc'));
  await writeFile(path.join(root, 'links', 'plain.txt'), 'plain\n');
  const unsandboxed = createToolkit({ workspace: root, exec: { bwrapPath: path.join(root, 'no-bwrap') } });
  return { root, unsandboxed };
}

const OUTSIDE = [
  'cat /etc/hostname',
  'head -n1 /etc/hostname',
  'cat ../f.txt',
  'cat sub/../../x',
  'cat ~/.bashrc',
  'cat x=~/y',
  'grep root /etc/passwd',
  'grep -f /etc/hostname x f.txt',
  'grep -r x /etc',
  'sort --random-source=/etc/hostname f.txt',
  'cat < /etc/hostname',
  'wc < /etc/hostname',
  "awk '{print}' /etc/hostname",
  'jq . /etc/hostname',
  'sed -n p /etc/hostname',
  'find /etc -name x',
  'ls /',
  'du -s /etc',
  'stat /etc/hostname',
  'realpath --relative-to=/ f.txt',
  'diff /etc/hostname f.txt',
  'rg x /etc',
  'tail -f /etc/hostname',
  'cd .. && cat f.txt',
  'cd && ls',
  'cd - && ls',
  'cd sub && cat ../../f.txt',
  'cat sub/../.. ',
];
const FOLLOWS_OR_LISTS = [
  'wc --files0-from=list',
  'sort --files0-from=list',
  'du --files0-from=list',
  'md5sum -c list',
  'sha256sum --check list',
  'file -f list',
  'find -L . -name x',
  'find . -follow',
  'find . -files0-from list',
  'rg -L x',
  'rg --follow x',
  'grep -R x .',
  'grep --dereference-recursive x .',
  'ls -L links',
  'ls -RL .',
  'du -L .',
  'tree -l',
  'tree --fromfile list',
  "sed '1r /etc/hostname' f.txt",
  "sed 'R f.txt' g.txt",
  'git diff --no-index f.txt g.txt',
];
const ON_DISK = [
  'cat links/host',
  'cat etc/hostname',
  'head etc/passwd',
  'cat links/*',
  'cat links/?ost',
  'wc -l links/*',
  'ls etc/',
  'cd etc && ls',
  'grep x links/host',
  'cat */hostname',
  'ls .*',
  'ls sub/.?',
  'diff -r a b',
  'diff a b',
];
const INSIDE: [string, RegExp][] = [
  ['cat f.txt', /root line/],
  ['cat ./sub/x.txt', /sub line/],
  ['cat sub/../f.txt', /root line/],
  ['cd sub && cat x.txt', /sub line/],
  ['cat *.txt', /root line\nother line/],
  ['cat links/plain.txt', /plain/],
  ['cat links/*.txt', /plain/],
  ['diff --no-dereference -r a b', /^< 1$/m],
  ['diff a/same.txt b/same.txt', /^> 2$/m],
  ['grep -rn line sub', /x\.txt:1:sub line/],
  ['find . -name x.txt', /sub\/x\.txt/],
  ['ls -la sub', /x\.txt/],
  ['cat /dev/null && echo empty', /empty/],
  ['wc -l < f.txt', /^1$/m],
  ["sed -n '/line/p' f.txt", /root line/],
];

describe('shell_read without a sandbox: only the strict subset', () => {
  it(`${OUTSIDE.length} lines naming files outside the workspace are refused`, async () => {
    const { unsandboxed } = await workspace();
    for (const command of OUTSIDE) {
      const result = await unsandboxed.invoke('exec', 'shell_read', { command });
      expect(!result.ok && result.error.message, command).toMatch(
        /outside the workspace|home folder|leaves the workspace|reads only inside the workspace|expanded at run time/,
      );
    }
  });

  it(`${FOLLOWS_OR_LISTS.length} lines with options that follow links or read lists of names are refused`, async () => {
    const { unsandboxed } = await workspace();
    for (const command of FOLLOWS_OR_LISTS) {
      const result = await unsandboxed.invoke('exec', 'shell_read', { command });
      expect(!result.ok && result.error.code, command).toBe('INVALID_INPUT');
      expect(!result.ok && result.error.message, command).toMatch(
        /without a sandbox shell_read (keeps to|reads only inside) the workspace/,
      );
    }
  });

  it(`${ON_DISK.length} lines whose files lead out on disk (links, globs over links, "..") are refused`, async () => {
    const { unsandboxed } = await workspace();
    for (const command of ON_DISK) {
      const result = await unsandboxed.invoke('exec', 'shell_read', { command });
      expect(!result.ok && result.error.code, command).toBe('INVALID_INPUT');
      expect(!result.ok && result.error.message, command).toMatch(
        /outside the workspace|out of the workspace|folder name|could match "\.\."|is a folder: diff follows/,
      );
    }
  });

  it(`${INSIDE.length} lines that stay inside the workspace run`, async () => {
    const { unsandboxed } = await workspace();
    for (const [command, stdout] of INSIDE) {
      const result = await unsandboxed.invoke('exec', 'shell_read', { command });
      if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
      expect((result.output as { stdout: string }).stdout, command).toMatch(stdout);
    }
  });

  it('git is refused when the repository it would read lies outside the workspace', async () => {
    const repo = await tempDir('tw-strict-repo-');
    execFileSync('git', ['init', '-q'], { cwd: repo });
    await mkdir(path.join(repo, 'inner'));
    const toolkit = createToolkit({
      workspace: path.join(repo, 'inner'),
      exec: { bwrapPath: path.join(repo, 'no-bwrap') },
    });
    const result = await toolkit.invoke('exec', 'shell_read', { command: 'git status --short' });
    expect(!result.ok && result.error.message).toMatch(/git would read the repository at .*, outside the workspace/);
    const inside = createToolkit({ workspace: repo, exec: { bwrapPath: path.join(repo, 'no-bwrap') } });
    const ok = await inside.invoke('exec', 'shell_read', { command: 'git status --short' });
    expect(ok.ok).toBe(true);
  });
});

describe('shell_read with a sandbox: the same lines run read-only inside it', () => {
  const sandboxed = process.env.CI === 'true' || bwrapWorks();
  it.runIf(sandboxed)(
    'accepts the lines the strict subset refuses, and the sandbox shows them the workspace only',
    async () => {
      const { root } = await workspace();
      const toolkit = createToolkit({ workspace: root });
      const host = await toolkit.invoke('exec', 'shell_read', { command: 'cat /etc/hostname' });
      expect(host.ok).toBe(true);
      expect(host.ok && (host.output as { exit_code: number }).exit_code).not.toBe(0);
      const inside = await toolkit.invoke('exec', 'shell_read', { command: 'ls -L links' });
      expect(inside.ok && (inside.output as { exit_code: number }).exit_code).toBe(0);
      const follows = await toolkit.invoke('exec', 'shell_read', { command: 'wc --files0-from=list' });
      expect(follows.ok).toBe(true);
    },
  );
});
