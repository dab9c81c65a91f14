// The git folders a workspace's `.git` file points to are shown to confined programs (rg, git,
// language servers) only when they are git's and name this workspace back: the `.git` file is the
// workspace's, anyone's to write, and must not show other folders of the host.
import { execFileSync } from 'node:child_process';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedGitDirs } from '../../src/runtime/sandbox/confined-view.js';
import { tempDir } from '../support/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    stdio: 'pipe',
  });

describe('the git folders a .git file points to', () => {
  it("a linked worktree's folder (with the common one) and a submodule's are shown", async () => {
    const main = await realpath(await tempDir());
    git(main, 'init', '-q');
    await writeFile(path.join(main, 'a.txt'), 'a\n');
    git(main, 'add', '.');
    git(main, 'commit', '-qm', 'one');
    const worktree = path.join(await realpath(await tempDir()), 'wt');
    git(main, 'worktree', 'add', '-q', worktree);
    // The worktree's folder is inside the common one: that is shown whole.
    expect(linkedGitDirs(worktree)).toEqual([path.join(main, '.git')]);
    // A submodule's folder names its work tree in core.worktree.
    const modules = path.join(main, '.git', 'modules', 'sub');
    git(main, 'init', '-q', '--bare', modules);
    const sub = path.join(await realpath(await tempDir()), 'sub');
    await mkdir(sub);
    git(main, '--git-dir', modules, 'config', 'core.worktree', sub);
    await writeFile(path.join(sub, '.git'), `gitdir: ${modules}\n`);
    expect(linkedGitDirs(sub)).toEqual([modules]);
  });

  it("a folder that is not git's, or a git folder of another work tree, is not shown", async () => {
    const workspace = await realpath(await tempDir());
    const outside = await realpath(await tempDir());
    const secrets = path.join(outside, 'private');
    await mkdir(secrets);
    await writeFile(path.join(secrets, 'config.ts'), 'export const x = "secret";\n');
    const other = path.join(outside, 'other');
    await mkdir(other);
    git(other, 'init', '-q');
    const worktreeOfOther = path.join(outside, 'other-wt');
    await writeFile(path.join(other, 'b.txt'), 'b\n');
    git(other, 'add', '.');
    git(other, 'commit', '-qm', 'one');
    git(other, 'worktree', 'add', '-q', worktreeOfOther);
    for (const target of [
      secrets,
      '/',
      '/etc',
      '/root',
      // A real git folder, but another work tree's.
      path.join(other, '.git'),
      path.join(other, '.git', 'worktrees', 'other-wt'),
      // Relative, leading out.
      path.relative(workspace, secrets),
    ]) {
      await writeFile(path.join(workspace, '.git'), `gitdir: ${target}\n`);
      expect(linkedGitDirs(workspace), target).toEqual([]);
    }
    // Another repository's worktree inside the workspace, its `.git` turned into a link to the
    // workspace's: that worktree's folder names `wt/.git`, not the workspace's `.git`.
    const hostRepo = path.join(outside, 'host-repo');
    await mkdir(hostRepo);
    git(hostRepo, 'init', '-q');
    await writeFile(path.join(hostRepo, 'c.txt'), 'c\n');
    git(hostRepo, 'add', '.');
    git(hostRepo, 'commit', '-qm', 'one');
    git(hostRepo, 'worktree', 'add', '-q', path.join(workspace, 'wt'));
    await writeFile(path.join(workspace, '.git'), `gitdir: ${path.join(hostRepo, '.git', 'worktrees', 'wt')}\n`);
    const { rm } = await import('node:fs/promises');
    await rm(path.join(workspace, 'wt', '.git'));
    await symlink('../.git', path.join(workspace, 'wt', '.git'));
    expect(linkedGitDirs(workspace)).toEqual([]);
    // Naming it back needs the folder's own file, which the workspace cannot write: a `.git/gitdir`
    // made to look like one inside a folder of the workspace is inside it, so not mounted either.
    const fake = path.join(workspace, 'fake-git');
    await mkdir(path.join(fake, 'objects'), { recursive: true });
    await writeFile(path.join(fake, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(fake, 'gitdir'), `${path.join(workspace, '.git')}\n`);
    await writeFile(path.join(fake, 'commondir'), `${secrets}\n`);
    await writeFile(path.join(workspace, '.git'), `gitdir: ${fake}\n`);
    expect(linkedGitDirs(workspace)).toEqual([]);
  });
});
