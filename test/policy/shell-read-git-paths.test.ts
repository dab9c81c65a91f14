// Path rules reach what shell_read's git may print of the repository: a file named as REV:PATH,
// the files a command's history or status may show, and objects named by their ids. Pathspecs
// that leave the hidden paths out let the command run.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { git } from '../support/git.js';
import { tempDir } from '../support/helpers.js';

const policy = { rules: [{ path: '**/.env', decision: 'deny' as const, reason: 'env files are private' }] };

interface Repo {
  root: string;
  toolkit: Toolkit;
  /** The id of the blob .env held when it was committed. */
  blob: string;
}

/** src/a.ts committed; then, per `history`, .env committed and removed again, or never committed. */
async function repository(history: 'committed' | 'untracked' | 'ignored'): Promise<Repo> {
  const root = await tempDir('tw-sr-git-');
  git(root, 'init', '-q');
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(root, '.gitignore'), history === 'untracked' ? '' : '.env\n');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'first');
  await writeFile(path.join(root, '.env'), 'SECRET=hunter2\n');
  let blob = '';
  if (history === 'committed') {
    git(root, 'add', '-f', '.env');
    git(root, 'commit', '-qm', 'second');
    blob = git(root, 'rev-parse', 'HEAD:.env').trim();
    git(root, 'rm', '-q', '--cached', '.env');
    await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    git(root, 'commit', '-qam', 'third');
  }
  return { root, toolkit: createToolkit({ workspace: root, policy }), blob };
}

async function outcome(toolkit: Toolkit, command: string, cwd?: string): Promise<string> {
  const result = await toolkit.invoke('exec', 'shell_read', { command, ...(cwd ? { cwd } : {}) });
  const printed = result.ok ? JSON.stringify(result.output) : result.text;
  expect(printed, command).not.toContain('hunter2');
  return result.ok ? 'ran' : result.error.code;
}

describe('shell_read: git and path rules', () => {
  it('a .env once committed: every way git could print it is refused', async () => {
    const { toolkit, blob } = await repository('committed');
    for (const command of [
      'git show HEAD~1:.env',
      'git show HEAD~1:./.env',
      'git cat-file -p HEAD~1:.env',
      'git cat-file blob HEAD~1:.env',
      'git log -p',
      'git log --all -p',
      'git log --stat',
      'git log --name-only',
      'git whatchanged',
      'git show HEAD~1',
      'git show --stat HEAD~1',
      'git diff HEAD~2',
      'git diff HEAD~2 HEAD~1',
      'git diff-tree -r -p HEAD~1',
      'git grep SECRET HEAD~1',
      'git ls-tree -r HEAD~1',
      'git rev-list --all --objects',
      `git cat-file -p ${blob}`,
      `git show ${blob}`,
      `git cat-file -p ${blob.slice(0, 10)}`,
      'git cat-file --batch-all-objects --batch',
    ]) {
      expect(await outcome(toolkit, command), command).toBe('DENIED_BY_POLICY');
    }
  });

  it('the refusal names the path, the rule and where it would come from', async () => {
    const { toolkit } = await repository('committed');
    const result = await toolkit.invoke('exec', 'shell_read', { command: 'git log -p' });
    expect(!result.ok && result.error.message).toMatch(
      /git log may print 1 path a path rule keeps from reads: \.env \(rule 0 denies it: env files are private\) from the repository's history; give it pathspecs/,
    );
  });

  it('pathspecs that leave it out, and commands that print no file, run', async () => {
    const { toolkit } = await repository('committed');
    for (const command of [
      'git log -p -- src',
      'git log -p src',
      'git diff HEAD~2 -- src',
      'git show HEAD -- src',
      'git ls-tree -r HEAD~1 src',
      'git log --oneline',
      'git status --short',
      'git diff',
      'git rev-parse HEAD~1:.env',
      'git shortlog -s',
    ]) {
      expect(await outcome(toolkit, command), command).toBe('ran');
    }
  });

  it('an untracked .env git would list is refused; an ignored one only where git would show it', async () => {
    const untracked = await repository('untracked');
    for (const command of [
      'git status --short',
      'git status --porcelain',
      'git ls-files -o',
      'git grep --untracked SECRET',
    ])
      expect(await outcome(untracked.toolkit, command), command).toBe('DENIED_BY_POLICY');
    for (const command of ['git status --short -- src', 'git log -p', 'git grep SECRET', 'git ls-files'])
      expect(await outcome(untracked.toolkit, command), command).toBe('ran');
    const ignored = await repository('ignored');
    for (const command of ['git status --ignored --short', 'git ls-files -o', 'git ls-files -o -i --exclude-standard'])
      expect(await outcome(ignored.toolkit, command), command).toBe('DENIED_BY_POLICY');
    for (const command of ['git status --short', 'git ls-files -o --exclude-standard', 'git grep --untracked SECRET'])
      expect(await outcome(ignored.toolkit, command), command).toBe('ran');
  });

  it('a nested .env and a cwd inside the repository are decided on the same paths', async () => {
    const root = await tempDir('tw-sr-git-');
    git(root, 'init', '-q');
    await mkdir(path.join(root, 'app', 'config'), { recursive: true });
    await writeFile(path.join(root, 'app', 'config', '.env'), 'SECRET=hunter2\n');
    await writeFile(path.join(root, 'app', 'main.ts'), 'main\n');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'first');
    const toolkit = createToolkit({ workspace: root, policy });
    expect(await outcome(toolkit, 'git show HEAD:app/config/.env')).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git show HEAD:./config/.env', 'app')).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git blame config/.env', 'app')).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git grep SECRET', 'app')).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git show HEAD:app/config')).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git grep main -- main.ts', 'app')).toBe('ran');
  });
});
