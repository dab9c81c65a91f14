// The bubblewrap sandbox's file system, attacked from inside: writes land in the workspace only,
// /tmp is private, read-only mode, escapes through symlinks, `..` and /proc, host kernel settings,
// extra writable folders, and the home folder replaced so planted keys and tokens stay unreadable.
// These run wherever bwrap is installed and always in CI (CI=true), where a missing bwrap fails them.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { runSandboxTests, tag } from '../support/exec-helpers.js';
import { ok, outside, run, useSandboxWorkspace, ws } from './sandbox-workspace.js';

useSandboxWorkspace();

describe.runIf(runSandboxTests)('exec sandbox: the filesystem', () => {
  it('writes in the workspace but nowhere else; the host sees the workspace writes only', async () => {
    const out = await ok(
      `echo in > inside.txt; echo out > ${outside}/escaped.txt; echo tmp > /tmp/private.txt; cat /tmp/private.txt; touch /usr/toolwright-x; echo done`,
    );
    expect(out.stdout).toBe('tmp\ndone\n');
    expect(out.stderr).toContain('Read-only file system');
    expect(await readFile(path.join(ws, 'inside.txt'), 'utf8')).toBe('in\n');
    expect(existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
    expect(existsSync('/usr/toolwright-x')).toBe(false);
  });

  it('keeps /tmp private: the host /tmp is not visible and nothing written there reaches it', async () => {
    const marker = path.join('/tmp', `${tag('host-tmp')}.txt`);
    await writeFile(marker, 'host secret');
    try {
      const out = await ok(`cat ${marker} 2>/dev/null || echo hidden; echo inner > ${marker}.inner`);
      expect(out.stdout).toBe('hidden\n');
      expect(existsSync(`${marker}.inner`)).toBe(false);
    } finally {
      await rm(marker, { force: true });
    }
  });

  it('read-only mode can read the workspace but not change it', async () => {
    await writeFile(path.join(ws, 'a.txt'), 'alpha\n');
    const out = await ok('cat a.txt; echo x > a.txt; rm a.txt; mkdir d; echo rc=$?', { sandbox: 'read-only' });
    expect(out.stdout).toBe('alpha\nrc=1\n');
    expect(out.stderr).toContain('Read-only file system');
    expect(await readFile(path.join(ws, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(path.join(ws, 'd'))).toBe(false);
  });

  it('escapes through a symlink, `..`, /proc/1/root and /proc/self/root all hit the read-only root', async () => {
    const attempts = [
      `ln -s ${outside} link && echo x > link/via-link.txt`,
      `cd .. && cd .. && echo x > ${outside}/via-dotdot.txt`,
      `echo x > ../../..${outside}/via-relative.txt`,
      `echo x > /proc/1/root${outside}/via-proc1.txt`,
      `echo x > /proc/self/root${outside}/via-procself.txt`,
      `cp /bin/true ${outside}/via-cp`,
      `mkdir -p ${outside}/sub`,
    ];
    for (const command of attempts) {
      const out = await ok(command);
      expect(out.exit_code, command).not.toBe(0);
    }
    expect(await readdir(outside)).toEqual([]);
  });

  it('host kernel settings under /proc are read-only in both modes, also as root (core_pattern would run a program on the host)', async () => {
    // Each write puts back the value already there: if it were accepted, nothing would change.
    const command = [
      'for f in /proc/sys/kernel/core_pattern /proc/sys/kernel/core_uses_pid /proc/sys/vm/overcommit_memory; do',
      '  v=$(cat "$f"); if printf "%s\\n" "$v" > "$f" 2>/dev/null; then echo "WROTE $f"; else echo "refused $f"; fi',
      'done',
      '[ -w /proc/sysrq-trigger ] && echo "WRITABLE sysrq-trigger" || echo "refused sysrq-trigger"',
      'grep -c " /proc/sys ro," /proc/self/mountinfo',
    ].join('\n');
    for (const sandbox of ['workspace-write', 'read-only'] as const) {
      const out = await ok(command, { sandbox });
      expect(out.stdout, sandbox).not.toMatch(/WROTE|WRITABLE/);
      expect(out.stdout.match(/^refused /gm), sandbox).toHaveLength(4);
      expect(out.stdout.trim().split('\n').at(-1), sandbox).toBe('1');
    }
  });

  it('makes extra folders writable with { mode, writable }', async () => {
    const out = await ok(`echo yes > ${outside}/allowed.txt && echo wrote`, {
      sandbox: { mode: 'workspace-write', writable: [outside] },
    });
    expect(out.stdout).toBe('wrote\n');
    expect(await readFile(path.join(outside, 'allowed.txt'), 'utf8')).toBe('yes\n');
    const missing = await run('true', { sandbox: { mode: 'workspace-write', writable: [path.join(outside, 'nope')] } });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('INVALID_INPUT');
  });

  it('a symlink in the workspace that points out does not make its target writable', async () => {
    await writeFile(path.join(outside, 'target.txt'), 'original');
    const { symlink } = await import('node:fs/promises');
    await symlink(path.join(outside, 'target.txt'), path.join(ws, 'planted-link'));
    const out = await ok('echo changed > planted-link; cat planted-link');
    expect(out.stdout).toBe('original');
    expect(await readFile(path.join(outside, 'target.txt'), 'utf8')).toBe('original');
  });
});

describe.runIf(runSandboxTests)('exec sandbox: secrets in the home folder', () => {
  it('replaces the home folder with an empty one: planted keys and tokens are not readable', async () => {
    const home = await mkdtemp(path.join(process.cwd(), '.tmp-sandbox-home-'));
    try {
      await mkdir(path.join(home, '.ssh'));
      await writeFile(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
      await writeFile(path.join(home, '.npmrc'), '//registry/:_authToken=npm_secret');
      await mkdir(path.join(home, '.aws'));
      await writeFile(path.join(home, '.aws', 'credentials'), 'aws_secret_access_key=abc');
      const out = await ok(
        'cat ~/.ssh/id_ed25519 ~/.npmrc ~/.aws/credentials 2>&1; ls -A ~ | wc -l; cat /proc/1/root$HOME/.npmrc 2>&1; echo end',
        { sandbox: 'workspace-write', env: { HOME: home } },
      );
      expect(out.stdout).not.toContain('PRIVATE KEY');
      expect(out.stdout).not.toContain('npm_secret');
      expect(out.stdout).not.toContain('aws_secret');
      expect(out.stdout).toMatch(/\n0\n/);
      // The real home of this process is an empty folder too, but for toolchains on PATH (~/.cargo/bin, nvm).
      const realHome = process.env.HOME ?? '/root';
      const onPath = new Set(
        (process.env.PATH ?? '')
          .split(':')
          .filter((dir) => dir.startsWith(`${realHome}/`))
          .map((dir) => dir.slice(realHome.length + 1).split('/')[0]),
      );
      const real = await ok(`ls -A ${realHome}`);
      onPath.add('.rustup'); // kept with ~/.cargo/bin: rustup's proxies need their toolchains
      for (const name of real.stdout.split('\n').filter(Boolean)) expect(onPath.has(name), name).toBe(true);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a workspace inside the home folder stays writable while the rest of home is hidden', async () => {
    const home = await mkdtemp(path.join(process.cwd(), '.tmp-sandbox-home-'));
    try {
      await mkdir(path.join(home, '.ssh'));
      await writeFile(path.join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
      const project = path.join(home, 'project');
      await mkdir(path.join(project, 'src'), { recursive: true });
      const toolkit = createToolkit({ workspace: project, exec: { sandbox: 'workspace-write', env: { HOME: home } } });
      const result = await toolkit.invoke('exec', 'bash', {
        command: 'pwd; echo made > made.txt; cat ~/.ssh/id_rsa 2>&1; ls -A ~',
        cwd: 'src',
      });
      const out = result.ok ? result.output.stdout : result.text;
      expect(out.split('\n')[0]).toBe(path.join(project, 'src'));
      expect(out).not.toContain('PRIVATE KEY');
      expect(out.trimEnd().split('\n').pop()).toBe('project');
      expect(await readFile(path.join(project, 'src', 'made.txt'), 'utf8')).toBe('made\n');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a workspace that contains the home folder still masks its credential files', async () => {
    const home = path.join(ws, 'home');
    await mkdir(path.join(home, '.ssh'), { recursive: true });
    await writeFile(path.join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
    await writeFile(path.join(home, '.git-credentials'), 'https://user:ghp_secret@example');
    await writeFile(path.join(home, 'notes.txt'), 'fine');
    const out = await ok('cat home/.ssh/id_rsa home/.git-credentials 2>&1; cat home/notes.txt', {
      sandbox: 'workspace-write',
      env: { HOME: home },
    });
    expect(out.stdout).not.toContain('PRIVATE KEY');
    expect(out.stdout).not.toContain('ghp_secret');
    expect(out.stdout).toContain('fine');
  });
});
