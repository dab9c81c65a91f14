// The bubblewrap sandbox, attacked from inside. These run wherever bwrap is installed and always in
// CI (CI=true), where a missing bwrap makes them fail instead of skip.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ExecOptions, ToolkitOptions } from '../../src/runtime/types.js';
import type { BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import {
  killTagged,
  processesWith,
  runSandboxTests,
  survivorsOf,
  tag,
  visibleOutsideBase,
  waitFor,
} from '../support/exec-helpers.js';

let ws: string;
/** A folder outside the workspace and outside /tmp and the home folders (so not hidden, only read-only). */
let outside: string;
const tags: string[] = [];

beforeEach(async () => {
  ws = await tempDir('toolwright-sandbox-');
  outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-sandbox-outside-'));
});

afterEach(async () => {
  for (const t of tags.splice(0)) await killTagged(t);
  await rm(outside, { recursive: true, force: true });
});

async function run(
  command: string,
  exec: ExecOptions = { sandbox: 'workspace-write' },
  extra: Partial<ToolkitOptions> = {},
  input: Record<string, unknown> = {},
) {
  const toolkit = createToolkit({ workspace: ws, exec, ...extra });
  return toolkit.invoke('exec', 'bash', { command, ...input });
}

async function ok(command: string, exec?: ExecOptions, input: Record<string, unknown> = {}): Promise<BashResult> {
  const result = await run(command, exec, {}, input);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as BashResult;
}

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

describe.runIf(runSandboxTests)('exec sandbox: network', () => {
  async function withServer(body: (port: number, accepted: () => number) => Promise<void>): Promise<void> {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.end('hello\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await body((server.address() as net.AddressInfo).port, () => connections);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('cannot reach a TCP server on the host loopback with network off', async () => {
    await withServer(async (port, accepted) => {
      const out = await ok(
        `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected || echo refused; (exec 3<>/dev/tcp/localhost/${port}) 2>/dev/null && echo connected2`,
      );
      expect(out.stdout).toBe('refused\n');
      expect(accepted()).toBe(0);
    });
  });

  it('reaches it with { network: true }', async () => {
    await withServer(async (port, accepted) => {
      const out = await ok(`exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`, {
        sandbox: { mode: 'workspace-write', network: true },
      });
      expect(out.stdout).toBe('hello\n');
      expect(accepted()).toBe(1);
    });
  });
});

describe.runIf(runSandboxTests)('exec sandbox: processes die with the call', () => {
  it('a setsid daemon (double fork, cleared environment) does not outlive a call that exits', async () => {
    const t = tag('daemon');
    tags.push(t);
    const out = await ok(
      `(env -i setsid bash -c 'exec -a ${t} sleep 1000' &) ; setsid -f bash -c 'exec -a ${t} sleep 1000'; nohup bash -c 'exec -a ${t} sleep 1000' >/dev/null 2>&1 & sleep 0.3; echo started`,
    );
    expect(out.stdout).toBe('started\n');
    expect(await survivorsOf(t)).toEqual([]);
  });

  it('a timeout kills everything, daemons included, and the pid namespace hides host processes', async () => {
    const t = tag('timeout');
    tags.push(t);
    const call = run(
      `ls /proc | grep -c '^[0-9]'; (env -i setsid bash -c 'exec -a ${t} sleep 1000' &); exec -a ${t} sleep 1000`,
      undefined,
      {},
      { timeout_ms: 1_500 },
    );
    await waitFor(async () => (await processesWith(t)).length >= 2, 10_000, 'the sandboxed processes');
    const result = await call;
    expect(result.ok && (result.output as BashResult).timed_out).toBe(true);
    // bwrap's init, bash, the sleeps: a handful of pids, not the host's hundreds.
    expect(Number((result.ok ? (result.output as BashResult).stdout : '').split('\n')[0])).toBeLessThan(10);
    expect(await survivorsOf(t)).toEqual([]);
  });

  it('an abort kills everything too', async () => {
    const t = tag('abort');
    tags.push(t);
    const controller = new AbortController();
    const toolkit = createToolkit({ workspace: ws, exec: { sandbox: 'workspace-write' } });
    const call = toolkit.invoke(
      'exec',
      'bash',
      { command: `(setsid bash -c 'exec -a ${t} sleep 1000' &); exec -a ${t} sleep 1000` },
      { signal: controller.signal },
    );
    await waitFor(async () => (await processesWith(t)).length >= 2, 10_000, 'the sandboxed processes');
    controller.abort();
    const result = await call;
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    expect(await survivorsOf(t)).toEqual([]);
  });

  it('passes no inherited descriptor into the sandbox, and none with a long command either', async () => {
    // What a program the command starts holds: stdin, stdout, stderr, and the folder ls is reading.
    const short = await ok('ls /proc/self/fd | sort -n | tr "\\n" " "; echo "line $LINENO"');
    expect(short.stdout).toBe('0 1 2 3 line 1\n');
    const long = await ok(`: '${'q'.repeat(100 * 1024)}'\nls /proc/self/fd | sort -n | tr "\\n" " "`);
    expect(long.stdout).toBe('0 1 2 3 ');
  });

  it('runs a command longer than the argument limit, with stdin still empty', async () => {
    const filler = 'x'.repeat(1024 * 1024 + 7);
    const out = await ok(`v='${filler}'; echo \${#v}; cat; read -r line || echo eof`);
    expect(out.stdout).toBe(`${filler.length}\neof\n`);
  });
});

describe('exec sandbox: asked for but unavailable', () => {
  it('is UNAVAILABLE with the fix when bwrap is missing, and the command does not run', async () => {
    const result = await run('touch ran.txt', {
      sandbox: 'workspace-write',
      bwrapPath: path.join(ws, 'no-such-bwrap'),
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(result.text).toContain('install the bubblewrap package');
    expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
  });

  it('explains disabled user namespaces with the sysctl to fix them', async () => {
    const fake = path.join(ws, 'fake-bwrap');
    await writeFile(
      fake,
      '#!/bin/sh\necho "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n',
    );
    await chmod(fake, 0o755);
    const result = await run('touch ran.txt', { sandbox: 'read-only', bwrapPath: fake });
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(result.text).toContain('user namespaces are disabled');
    expect(result.text).toContain('sysctl');
    expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
  });

  it.runIf(runSandboxTests)(
    "a sandbox whose setup fails at call time is UNAVAILABLE with bwrap's reason, not an exit code",
    async () => {
      // Passes the start-up probe, then fails every real call the way a vanished mount source would.
      const wrapper = path.join(ws, 'flaky-bwrap');
      await writeFile(
        wrapper,
        '#!/bin/sh\ncase " $* " in *" --new-session "*) exec bwrap --bind /nonexistent-toolwright /x "$@";; esac\nexec bwrap "$@"\n',
      );
      await chmod(wrapper, 0o755);
      const result = await run('touch ran.txt', { sandbox: 'workspace-write', bwrapPath: wrapper });
      expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
      expect(result.text).toContain('could not be set up');
      expect(result.text).toContain('/nonexistent-toolwright');
      expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
      // A job in such a sandbox ends at once and says why.
      const toolkit = createToolkit({ workspace: ws, exec: { sandbox: 'workspace-write', bwrapPath: wrapper } });
      const started = await toolkit.invoke('exec', 'bash', { command: 'touch ran.txt', run_in_background: true });
      const id = (started.ok ? started.output : undefined)!.job_id!;
      let text = '';
      await waitFor(
        async () =>
          (text += (await toolkit.invoke('exec', 'bash_output', { job_id: id, wait_ms: 2_000 })).text).includes(
            'could not be set up',
          ),
        10_000,
        'the job to end',
      );
      expect(text).toContain('/nonexistent-toolwright');
      expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
      await toolkit.close();
    },
  );

  it('refuses a sandbox option it does not know instead of running unsandboxed', async () => {
    for (const sandbox of [
      'workspace',
      'READ-ONLY',
      { mode: 'strict' },
      { mode: 'read-only', network: 'yes' },
      { mode: 'read-only', writable: '/tmp' },
    ]) {
      const result = await run('touch ran.txt', { sandbox: sandbox as never });
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(sandbox)).toBe('INVALID_INPUT');
    }
    expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
  });
});
