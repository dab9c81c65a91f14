// shell_read's programs (git, cat, grep, …) see the workspace only where bubblewrap works. These run
// wherever bwrap is installed and always in CI (CI=true), where a missing bwrap makes them fail.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import { git } from '../support/git.js';
import { runSandboxTests, visibleOutsideBase } from '../support/exec-helpers.js';

const SECRET = 'shell-read-outside-secret-5d1e';
let ws: string;
let outside: string;
let toolkit: Toolkit;

beforeEach(async () => {
  ws = await tempDir('tw-sr-confine-');
  outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-sr-confine-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  toolkit = createToolkit({ workspace: ws });
});

afterEach(async () => {
  await rm(outside, { recursive: true, force: true });
});

async function read(command: string, tk = toolkit): Promise<BashResult> {
  const result = await tk.invoke('exec', 'shell_read', { command });
  if (!result.ok) throw new Error(`${command}: ${result.error.code}: ${result.error.message}`);
  return result.output;
}

describe.runIf(runSandboxTests)('shell_read confinement', () => {
  it('reads no file outside the workspace: by absolute path, through a symlink in the workspace, by .. or /proc', async () => {
    await symlink(outside, path.join(ws, 'link'));
    await symlink(path.join(outside, 'secret.txt'), path.join(ws, 'file-link'));
    const relative = path.relative(ws, path.join(outside, 'secret.txt'));
    for (const command of [
      `cat ${outside}/secret.txt`,
      'cat link/secret.txt',
      'cat file-link',
      `cat ${relative}`,
      `cat /proc/self/root${outside}/secret.txt`,
      `grep -r ${SECRET} link/`,
      `find link/ -name secret.txt`,
      `head -c 100 /proc/1/root${outside}/secret.txt`,
    ]) {
      const out = await read(`${command} 2>&1; echo end`);
      expect(out.stdout, command).not.toContain(SECRET);
      expect(out.stdout, command).toMatch(/end\n$/);
    }
  });

  it('sees system folders but no home folder, host /etc secret or other project', async () => {
    const listing = (await read('ls -A / ; echo ---; ls -A /etc')).stdout.split('---\n');
    const root = listing[0]!.split('\n').filter(Boolean);
    const etc = listing[1]!.split('\n').filter(Boolean);
    expect(root).toEqual(expect.arrayContaining(['usr', 'proc', 'dev', 'tmp']));
    expect(root).not.toContain('home');
    expect(root).not.toContain('srv');
    for (const secretish of ['shadow', 'gshadow', 'ssh', 'ssl', 'hostname', 'hosts', 'environment'])
      expect(etc).not.toContain(secretish);
    expect(etc).toEqual(expect.arrayContaining(['passwd', 'ld.so.cache']));
    // Programs still work: awk goes through /etc/alternatives on Debian, ls -l names the owner.
    expect((await read("echo a b | awk '{print $2}'")).stdout).toBe('b\n');
    await writeFile(path.join(ws, 'f.txt'), 'x\n');
    expect((await read('ls -l f.txt')).stdout).toMatch(/^-rw/);
  });

  it('git works in a linked worktree whose git folder is outside the workspace, and reads nothing else there', async () => {
    const main = await tempDir('tw-sr-main-');
    git(main, 'init', '-q');
    await writeFile(path.join(main, 'a.txt'), 'a\n');
    git(main, 'add', 'a.txt');
    git(main, 'commit', '-qm', 'first');
    const linked = path.join(await tempDir('tw-sr-linked-'), 'wt');
    git(main, 'worktree', 'add', '-q', linked);
    await writeFile(path.join(linked, 'a.txt'), 'changed\n');
    await writeFile(path.join(main, 'main-only.txt'), `${SECRET}\n`);
    const inWorktree = createToolkit({ workspace: linked });
    expect((await read('git status --short', inWorktree)).stdout).toBe(' M a.txt\n');
    expect((await read('git log --format=%s', inWorktree)).stdout).toBe('first\n');
    // The main checkout's files are not shown, only its git folder.
    expect((await read(`cat ${main}/main-only.txt 2>&1; echo end`, inWorktree)).stdout).not.toContain(SECRET);
  });

  it('git of a repository whose config includes a file outside reads nothing of it', async () => {
    git(ws, 'init', '-q');
    await writeFile(path.join(outside, 'inc.cfg'), `[alias]\n\tsecret = ${SECRET}\n[user]\n\tname = ${SECRET}\n`);
    git(ws, 'config', 'include.path', path.join(outside, 'inc.cfg'));
    const out = await read('git config --list --includes 2>&1; echo end');
    expect(out.stdout).toContain('include.path=');
    expect(out.stdout).not.toContain(SECRET);
  });

  it('a nested folder turned into a symlink to a repository outside shows git nothing of it', async () => {
    const other = await mkdtemp(path.join(outside, 'repo-'));
    git(other, 'init', '-q');
    await writeFile(path.join(other, 'x.txt'), `${SECRET}\n`);
    git(other, 'add', 'x.txt');
    git(other, 'commit', '-qm', SECRET);
    await mkdir(path.join(ws, 'sub'));
    await rm(path.join(ws, 'sub'), { recursive: true });
    await symlink(other, path.join(ws, 'sub'));
    const toolkitInSub = createToolkit({ workspace: ws });
    const out = await read('ls sub/ 2>&1; cat sub/x.txt 2>&1; echo end', toolkitInSub);
    expect(out.stdout).not.toContain(SECRET);
  });
});
