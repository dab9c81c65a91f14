// The bubblewrap sandbox against git: hooks and config of the workspace repository (and of linked
// worktrees, submodules and nested repositories) stay read-only while commits still work, and a
// .git or hooks symlink the sandbox cannot pin makes it refuse to run. These run wherever bwrap is
// installed and always in CI (CI=true), where a missing bwrap makes them fail instead of skip.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BashResult } from '../../src/generated/types.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { ok, run, useSandboxWorkspace, ws } from './sandbox-workspace.js';

useSandboxWorkspace();

describe.runIf(runSandboxTests)('exec sandbox: git hooks and config', () => {
  beforeEach(() => {
    execFileSync('git', ['init', '-q', ws]);
    execFileSync('git', ['-C', ws, 'config', 'user.email', 'test@example.com']);
  });

  const hookPlanting = [
    'echo "#!/bin/sh" > .git/hooks/pre-commit',
    'mv .git .git2 && mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit',
    'mv .git/hooks .git/hooks-old && mkdir .git/hooks && echo evil > .git/hooks/pre-commit',
    'rm -rf .git/hooks && mkdir .git/hooks && echo evil > .git/hooks/pre-commit',
    'cp -r .git /tmp/g && echo evil > /tmp/g/hooks/pre-commit && rm -rf .git && mv /tmp/g .git',
    'ln -s /tmp .git/hooks/pre-commit',
    'git config core.hooksPath /tmp/hooks',
    'echo "[core] hooksPath = /tmp/h" >> .git/config',
    'mv .git/config .git/config.old && echo "[core]" > .git/config',
  ];

  it.each(hookPlanting)('cannot plant a hook or change config: %s', async (command) => {
    const configBefore = await readFile(path.join(ws, '.git', 'config'), 'utf8');
    const out = await ok(command);
    expect(out.exit_code).not.toBe(0);
    expect(existsSync(path.join(ws, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(await readFile(path.join(ws, '.git', 'config'), 'utf8')).toBe(configBefore);
    expect(existsSync(path.join(ws, '.git2'))).toBe(false);
    expect(statSync(path.join(ws, '.git')).isDirectory()).toBe(true);
  });

  it.each(['commondir', 'config.worktree'])(
    'undoes a planted .git/%s that would redirect hooks and config',
    async (name) => {
      const result = await run(
        `mkdir -p evil/hooks && printf '#!/bin/sh\\n' > evil/hooks/pre-commit && echo "$PWD/evil" > .git/${name} && echo planted`,
      );
      expect(result.ok && (result.output as BashResult).stdout).toBe('planted\n');
      expect(result.ok && (result.output as BashResult).notes).toEqual([
        expect.objectContaining({ code: 'SANDBOX_ARTIFACT', path: `.git/${name}`, action: 'removed' }),
      ]);
      expect(result.text).toContain(`[SANDBOX_ARTIFACT .git/${name}: `);
      expect(existsSync(path.join(ws, '.git', name))).toBe(false);
    },
  );

  it('still lets git commit inside the sandbox (objects, refs and the index stay writable)', async () => {
    const out = await ok(
      'echo a > a.txt && git add a.txt && git -c user.name=t commit -qm first && git log --oneline | wc -l',
    );
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe('1\n');
    expect(execFileSync('git', ['-C', ws, 'log', '--format=%s'], { encoding: 'utf8' })).toBe('first\n');
  });

  it('refuses to run (UNAVAILABLE) when hooks or .git is a symlink it cannot pin', async () => {
    const { rename, symlink } = await import('node:fs/promises');
    await rename(path.join(ws, '.git', 'hooks'), path.join(ws, 'real-hooks'));
    await symlink(path.join(ws, 'real-hooks'), path.join(ws, '.git', 'hooks'));
    const result = await run('echo evil > real-hooks/pre-commit');
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(result.text).toContain('symbolic link');
    expect(existsSync(path.join(ws, 'real-hooks', 'pre-commit'))).toBe(false);
  });

  it('a linked worktree commits when its main .git is writable, and that .git keeps its hooks and config read-only', async () => {
    const main = await mkdtemp(path.join(process.cwd(), '.tmp-sandbox-main-'));
    try {
      execFileSync('git', ['init', '-q', main]);
      execFileSync('git', [
        '-C',
        main,
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@e',
        'commit',
        '-q',
        '--allow-empty',
        '-m',
        'root',
      ]);
      execFileSync('git', ['-C', main, 'worktree', 'add', '-q', path.join(ws, 'wt')]);
      const gitDir = path.join(main, '.git');
      const out = await ok(
        `cd wt && echo x > x.txt && git add x.txt && git -c user.name=t -c user.email=t@e commit -qm inside && echo committed; echo evil > ${gitDir}/hooks/pre-commit; echo rc=$?`,
        { sandbox: { mode: 'workspace-write', writable: [gitDir] } },
      );
      expect(out.stdout).toBe('committed\nrc=1\n');
      expect(existsSync(path.join(gitDir, 'hooks', 'pre-commit'))).toBe(false);
      // The worktree's own redirecting files and folders are pinned as well.
      const commondir = await readFile(path.join(gitDir, 'worktrees', 'wt', 'commondir'), 'utf8');
      const tricks = await ok(
        `echo /tmp > ${gitDir}/worktrees/wt/commondir; mv ${gitDir}/worktrees/wt ${gitDir}/worktrees/wt2; mv ${gitDir}/worktrees ${gitDir}/wt-old; echo rcs`,
        { sandbox: { mode: 'workspace-write', writable: [gitDir] } },
      );
      expect(tricks.stdout).toBe('rcs\n');
      expect(await readFile(path.join(gitDir, 'worktrees', 'wt', 'commondir'), 'utf8')).toBe(commondir);
      expect(existsSync(path.join(gitDir, 'wt-old'))).toBe(false);
    } finally {
      await rm(main, { recursive: true, force: true });
    }
  });

  it('pins submodule git folders: renaming .git/modules or a module cannot plant a hook', async () => {
    const sub = path.join(ws, '.git', 'modules', 'libs', 'sub');
    await mkdir(path.join(sub, 'hooks'), { recursive: true });
    await writeFile(path.join(sub, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(sub, 'config'), '[core]\n');
    for (const command of [
      'echo evil > .git/modules/libs/sub/hooks/pre-commit',
      'mv .git/modules .git/m2 && mkdir -p .git/modules/libs/sub/hooks && echo evil > .git/modules/libs/sub/hooks/pre-commit',
      'mv .git/modules/libs .git/modules/l2 && mkdir -p .git/modules/libs/sub/hooks && echo evil > .git/modules/libs/sub/hooks/pre-commit',
      'mv .git/modules/libs/sub .git/modules/libs/s2 && mkdir -p .git/modules/libs/sub/hooks && echo evil > .git/modules/libs/sub/hooks/pre-commit',
      'echo "[core] hooksPath=/tmp" >> .git/modules/libs/sub/config',
    ]) {
      const out = await ok(command);
      expect(out.exit_code, command).not.toBe(0);
      expect(existsSync(path.join(sub, 'hooks', 'pre-commit')), command).toBe(false);
      expect(await readFile(path.join(sub, 'config'), 'utf8')).toBe('[core]\n');
    }
  });

  it('protects a nested repository and a submodule-style git folder too', async () => {
    const nested = path.join(ws, 'packages', 'lib');
    await mkdir(nested, { recursive: true });
    execFileSync('git', ['init', '-q', nested]);
    const out = await ok(
      'echo evil > packages/lib/.git/hooks/pre-commit; mv packages/lib/.git packages/lib/.g; echo rc=$?',
    );
    expect(out.stdout).toBe('rc=1\n');
    expect(existsSync(path.join(nested, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });
});
