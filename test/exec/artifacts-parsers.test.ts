// The two readers the artifact check relies on: which git config keys may stay, and which index
// entries are gitlinks (index versions 2, 3 and 4).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unsafeGitConfigKey } from '../../src/handlers/exec/sandbox/git-config-safety.js';
import { gitlinkPaths } from '../../src/handlers/exec/sandbox/git-index.js';
import { tempDir } from '../support/helpers.js';
import { git } from '../support/git.js';

describe('git config safety', () => {
  const SAFE = [
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n',
    '[remote "origin"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n',
    '# comment\n; another\n[user]\n\tname = A\n\temail = a@b\n[submodule "s"]\n\turl = ./s\n\tactive = true\n',
    '[Core]\n\tIgnoreCase = true\n',
  ];
  const UNSAFE: [string, string][] = [
    ['[core]\n\tfsmonitor = touch x\n', 'core.fsmonitor'],
    ['[core] fsmonitor = touch x\n', 'core.fsmonitor'],
    ['[core]\n\tpager = less\n', 'core.pager'],
    ['[core]\n\thooksPath = /tmp\n', 'core.hookspath'],
    ['[core]\n\tsshCommand = x\n', 'core.sshcommand'],
    ['[core]\n\teditor = x\n', 'core.editor'],
    ['[filter "x"]\n\tclean = x\n', 'filter.<name>.clean'],
    ['[diff "x"]\n\ttextconv = x\n', 'diff.<name>.textconv'],
    ['[include]\n\tpath = ../x\n', 'include.path'],
    ['[includeIf "gitdir:/"]\n\tpath = ../x\n', 'includeif.<name>.path'],
    ['[alias]\n\tst = !x\n', 'alias.st'],
    ['[credential]\n\thelper = x\n', 'credential.helper'],
    ['[gpg]\n\tprogram = x\n', 'gpg.program'],
    ['[submodule "s"]\n\tupdate = !x\n', 'submodule.<name>.update'],
    ['[remote "o"]\n\turl = ext::sh -c x\n', 'remote.url = ext::…'],
    ['[core.x]\n\tfsmonitor = y\n', 'core.<name>.fsmonitor'],
    ['fsmonitor = x\n', 'an entry outside any section'],
    ['[core]\n\tpager = a \\\n b\n', 'a continued line'],
    ['[core\n', 'a section header toolwright cannot read'],
  ];
  it.each(SAFE)('keeps %j', (text) => expect(unsafeGitConfigKey(text)).toBeUndefined());
  it.each(UNSAFE)('refuses %j as %s', (text, key) => expect(unsafeGitConfigKey(text)).toBe(key));
});

describe('gitlinks in a git index', () => {
  it.each([2, 3, 4])('reads them from an index of version %i, among files and symlinks', async (version) => {
    const root = await tempDir('tw-index-');
    git(root, 'init', '-q');
    await mkdir(path.join(root, 'dir/sub'), { recursive: true });
    for (const name of ['a.txt', 'dir/b.txt', 'dir/sub/c.txt', 'dir/sub/d-long-name-to-share-a-prefix.txt'])
      await writeFile(path.join(root, name), name);
    for (const link of ['dir/sub/nested', 'dir/sub/nested-two', 'z/deep/er/repo']) {
      await mkdir(path.join(root, link), { recursive: true });
      git(path.join(root, link), 'init', '-q');
      await writeFile(path.join(root, link, 'x'), 'x');
      git(path.join(root, link), 'add', 'x');
      git(path.join(root, link), 'commit', '-qm', 'x');
    }
    execFileSync('ln', ['-s', 'a.txt', path.join(root, 'dir/link')]);
    git(root, 'add', '.');
    // Version 3 is written only when an entry needs extended flags (intent-to-add).
    await writeFile(path.join(root, 'later.txt'), 'x');
    if (version === 3) git(root, 'add', '-N', 'later.txt');
    git(root, 'update-index', '--index-version', String(version));
    expect((await readFile(path.join(root, '.git/index'))).readUInt32BE(4)).toBe(version);
    expect((await gitlinkPaths(path.join(root, '.git/index'))).sort()).toEqual([
      'dir/sub/nested',
      'dir/sub/nested-two',
      'z/deep/er/repo',
    ]);
  });

  it('reads none from a file that is not an index', async () => {
    const root = await tempDir('tw-index-');
    await writeFile(path.join(root, 'index'), 'DIRC garbage');
    expect(await gitlinkPaths(path.join(root, 'index'))).toEqual([]);
    expect(await gitlinkPaths(path.join(root, 'missing'))).toEqual([]);
  });
});
