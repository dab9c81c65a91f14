import { mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOptions } from '../../src/runtime/contract/types.js';
import type { BashResult } from '../../src/generated/types.js';
import { scaled } from '../support/time.js';
import { settled, until, withStoppedClock } from '../support/clock.js';
import { waitFor } from '../support/exec-helpers.js';

let ws: string;
/** Process groups / pids a test started in the background; killed after each test whatever happens. */
const leftovers: number[] = [];

beforeEach(async () => {
  ws = await realpath(await mkdtemp(path.join(tmpdir(), 'toolwright-exec-')));
});

afterEach(async () => {
  for (const id of leftovers.splice(0)) {
    try {
      process.kill(id, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await rm(ws, { recursive: true, force: true });
});

async function bash(input: Record<string, unknown>, options: Partial<ToolkitOptions> = {}, signal?: AbortSignal) {
  const toolkit = createToolkit({ workspace: ws, ...options });
  return toolkit.invoke('exec', 'bash', input, signal ? { signal } : {});
}

async function bashOk(input: Record<string, unknown>, options: Partial<ToolkitOptions> = {}) {
  const result = await bash(input, options);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return { output: result.output as BashResult, text: result.text };
}

/** A pid runs unless it is gone or a zombie (pid 1 here may never reap orphans). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Running members of process group `pgid`, from /proc. */
async function groupMembers(pgid: number): Promise<number[]> {
  const members: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // exited while scanning
    }
  }
  return members;
}

/**
 * Runs `command` on a stopped clock and checks that its call ends only once the 200 ms drain after
 * bash exits has run out: pending after bash is gone and at 199 ms, done at 200.
 */
async function afterDrainWindow(command: string): Promise<{ output: BashResult; text: string }> {
  return withStoppedClock(async (clock) => {
    const call = bashOk({ command: `echo $$ > bash.pid; ${command}` });
    let bashPid = 0;
    await until(async () => {
      bashPid ||= Number((await readFile(path.join(ws, 'bash.pid'), 'utf8').catch(() => '')).trim());
      return bashPid > 0 && !(await isRunning(bashPid));
    }, 'bash to exit');
    expect(await settled(call)).toBe(false);
    await clock.advance(199);
    expect(await settled(call)).toBe(false);
    await clock.advance(1);
    await until(() => settled(call), 'the call to end when the drain window runs out');
    return call;
  });
}

/** Reads the pid the command wrote to `file`, then waits until its group has `count` running members. */
async function membersOnceStarted(file: string, count: number): Promise<{ pgid: number; pids: number[] }> {
  const pgid = await waitFor(
    async () => {
      const text = await readFile(path.join(ws, file), 'utf8').catch(() => '');
      return text.trim() ? Number(text.trim()) : undefined;
    },
    10_000,
    'the pid file',
  );
  leftovers.push(-pgid);
  const pids = await waitFor(
    async () => {
      const members = await groupMembers(pgid);
      return members.length >= count ? members : undefined;
    },
    10_000,
    `${count} processes in group ${pgid}`,
  );
  return { pgid, pids };
}

async function expectAllGone(pids: number[]): Promise<void> {
  const alive = await waitFor(
    async () => {
      const still = [];
      for (const pid of pids) if (await isRunning(pid)) still.push(pid);
      return still.length === 0 ? [] : undefined;
    },
    5_000,
    `pids ${pids.join(', ')} to die`,
  ).catch(async () => {
    const still = [];
    for (const pid of pids) if (await isRunning(pid)) still.push(pid);
    return still;
  });
  expect(alive).toEqual([]);
}

describe('exec.bash: exit codes, signals, streams', () => {
  it('captures stdout and stderr separately with exit code 0', async () => {
    const { output, text } = await bashOk({ command: 'echo out; echo err >&2; printf tail' });
    expect(output).toMatchObject({
      exit_code: 0,
      signal: null,
      stdout: 'out\ntail',
      stderr: 'err\n',
      timed_out: false,
      truncated: false,
    });
    expect(Number.isInteger(output.duration_ms)).toBe(true);
    expect(text).toContain('exit code 0');
    expect(text).toContain('stdout:\nout\ntail');
    expect(text).toContain('stderr:\nerr');
  });

  it('returns a non-zero exit as a normal result', async () => {
    const result = await bash({ command: 'echo partial; exit 42' });
    expect(result.ok).toBe(true);
    expect(result.ok && result.output).toMatchObject({ exit_code: 42, signal: null, stdout: 'partial\n' });
    expect(result.text).toContain('exit code 42');
  });

  it('reports the signal that ended bash', async () => {
    const { output, text } = await bashOk({ command: 'echo before; kill -TERM $$; echo after' });
    expect(output).toMatchObject({ exit_code: null, signal: 'SIGTERM', stdout: 'before\n', timed_out: false });
    expect(text).toContain('killed by signal SIGTERM');
  });

  it('gives exit code 127 in the result for a missing command', async () => {
    const { output } = await bashOk({ command: 'toolwright-no-such-command --flag' });
    expect(output.exit_code).toBe(127);
    expect(output.stderr).toContain('command not found');
  });

  it('closes stdin: a command reading it sees end-of-file at once', async () => {
    const { output } = await bashOk({ command: 'cat; read line || echo eof', timeout_ms: 20_000 });
    expect(output).toMatchObject({ exit_code: 0, stdout: 'eof\n', timed_out: false });
  });

  it('keeps unicode intact, also where the output is cut', async () => {
    const { output } = await bashOk({ command: `printf 'héllo wörld 日本語 🎉\\n'` });
    expect(output.stdout).toBe('héllo wörld 日本語 🎉\n');

    const cut = await bashOk(
      { command: `for i in $(seq 1 3000); do printf '日本語🎉é'; done` },
      { exec: { outputLimit: 101 } },
    );
    expect(cut.output.truncated).toBe(true);
    expect(cut.output.stdout).not.toContain('\uFFFD');
    const [head, tail] = cut.output.stdout.split(/\n?\[… \d+ bytes omitted …\]\n/);
    expect(head).toMatch(/^(?:日本語🎉é)+/u);
    expect(tail!.endsWith('日本語🎉é')).toBe(true);
    expect([...head!].length + [...tail!].length).toBeLessThanOrEqual(101);
  });

  it('gives the command real pipes: /dev/stdout, /dev/stderr and `test -p` work', async () => {
    const { output } = await bashOk({
      command: 'echo one > /dev/stdout; echo two | tee /dev/stderr; test -p /dev/fd/1 && echo is-a-pipe',
    });
    expect(output.stdout).toBe('one\ntwo\nis-a-pipe\n');
    expect(output.stderr).toBe('two\n');
  });

  it('keeps the outputs of concurrent calls apart', { timeout: scaled(30_000) }, async () => {
    const ids = [1, 2, 3, 4, 5];
    const results = await Promise.all(
      ids.map((id) =>
        bashOk({ command: `yes call-${id} | head -n 20000; echo err-${id} >&2` }, { exec: { outputLimit: 400 } }),
      ),
    );
    results.forEach(({ output }, i) => {
      const id = ids[i]!;
      const lines = output.stdout.split('\n').filter((line) => line && !line.startsWith('[…'));
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.every((line) => line === `call-${id}`)).toBe(true);
      expect(output.stderr).toBe(`err-${id}\n`);
    });
  });

  it('replaces binary output with a notice', async () => {
    const { output, text } = await bashOk({ command: 'head -c 4096 /dev/urandom; echo fine >&2' });
    expect(output.stdout).toContain('binary output: 4096 bytes');
    expect(output.stderr).toBe('fine\n');
    expect(output.truncated).toBe(true);
    expect(text).toContain('binary output');
  });

  it('caps each stream on its own with head, tail and the omitted byte count', async () => {
    const { output, text } = await bashOk({ command: 'seq 1 100000; seq 1 5 >&2' }, { exec: { outputLimit: 1000 } });
    const total = Array.from({ length: 100_000 }, (_, i) => `${i + 1}\n`).join('').length;
    const match = /\[… (\d+) bytes omitted …\]\n/.exec(output.stdout)!;
    expect(match).not.toBeNull();
    expect(output.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(output.stdout.endsWith('99999\n100000\n')).toBe(true);
    const kept = output.stdout.length - match[0].length;
    expect(kept).toBeLessThanOrEqual(1001);
    // Up to one newline is added before the marker to keep it on its own line.
    expect(Math.abs(Number(match[1]) - (total - kept))).toBeLessThanOrEqual(1);
    expect(output.stderr).toBe('1\n2\n3\n4\n5\n');
    expect(output.truncated).toBe(true);
    expect(text).toContain('redirect to a file');
  });
});

describe('exec.bash: working directory and environment', () => {
  it('runs in the workspace root by default and in cwd when given', async () => {
    await mkdir(path.join(ws, 'a', 'b'), { recursive: true });
    expect((await bashOk({ command: 'pwd' })).output.stdout).toBe(`${ws}\n`);
    expect((await bashOk({ command: 'pwd', cwd: 'a/b' })).output.stdout).toBe(`${path.join(ws, 'a', 'b')}\n`);
    expect((await bashOk({ command: 'pwd', cwd: path.join(ws, 'a') })).output.stdout).toBe(`${path.join(ws, 'a')}\n`);
  });

  it('refuses a cwd outside the workspace without running the command', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'toolwright-exec-outside-'));
    try {
      await symlink(outside, path.join(ws, 'link-out'));
      for (const cwd of ['..', outside, 'link-out', 'link-out/.', '../' + path.basename(outside)]) {
        const result = await bash({ command: 'touch ran.txt', cwd });
        expect(result.ok ? 'ok' : result.error.code, `cwd ${cwd}`).toBe('OUTSIDE_WORKSPACE');
      }
      expect(existsSync(path.join(outside, 'ran.txt'))).toBe(false);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses a missing cwd and a file given as cwd', async () => {
    await writeFile(path.join(ws, 'file.txt'), 'x');
    const missing = await bash({ command: 'pwd', cwd: 'nope' });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('NOT_FOUND');
    const file = await bash({ command: 'pwd', cwd: 'file.txt' });
    expect(file.ok ? 'ok' : file.error.code).toBe('NOT_DIRECTORY');
  });

  it('inherits the environment, adds non-interactive settings and applies exec.env', async () => {
    process.env.EXEC_TEST_INHERITED = 'inherited';
    process.env.EXEC_TEST_REMOVED = 'should vanish';
    try {
      const { output } = await bashOk(
        { command: 'echo "$EXEC_TEST_INHERITED|$PAGER|$GIT_PAGER|$TERM|$EXTRA|${EXEC_TEST_REMOVED-unset}"' },
        { exec: { env: { EXTRA: 'added', EXEC_TEST_REMOVED: undefined } } },
      );
      expect(output.stdout).toBe('inherited|cat|cat|dumb|added|unset\n');
      const overridden = await bashOk({ command: 'echo "$TERM"' }, { exec: { env: { TERM: 'xterm' } } });
      expect(overridden.output.stdout).toBe('xterm\n');
    } finally {
      delete process.env.EXEC_TEST_INHERITED;
      delete process.env.EXEC_TEST_REMOVED;
    }
  });

  it('leaks no file descriptors across calls, failed spawns included', { timeout: scaled(30_000) }, async () => {
    const openFds = async () => (await readdir('/proc/self/fd')).length;
    await bashOk({ command: 'true' }); // warm up: the pipe pool
    const before = await openFds();
    for (let i = 0; i < 25; i++) {
      await bashOk({ command: 'echo out; echo err >&2' });
      await bash({ command: 'true' }, { exec: { env: { PATH: path.join(ws, 'no-bin') } } });
    }
    // A leak would add >= 25; allow a few for a pipe-pool refill (mkfifo) or a socket still closing.
    const after = await waitFor(
      async () => {
        const count = await openFds();
        return count <= before + 4 ? count : undefined;
      },
      2_000,
      'file descriptors to settle',
    ).catch(openFds);
    expect(after).toBeLessThanOrEqual(before + 4);
  });

  it(
    'returns as soon as a quick command ends (end-of-file, not the drain window)',
    { timeout: scaled(30_000) },
    async () => {
      await bashOk({ command: 'true' });
      // With the clock stopped no timer fires: each call completes at end-of-file, never waiting
      // out the 200 ms drain window after bash exits.
      await withStoppedClock(async () => {
        for (let i = 0; i < 5; i++) expect((await bashOk({ command: 'echo hi' })).output.stdout).toBe('hi\n');
      });
    },
  );

  it('answers UNAVAILABLE when bash cannot be found on PATH', async () => {
    const result = await bash({ command: 'true' }, { exec: { env: { PATH: path.join(ws, 'no-bin') } } });
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(result.text).toContain('PATH');
  });
});

describe('exec.bash: timeouts, abort and background processes', () => {
  it('a timeout kills the whole process group and keeps the output so far', { timeout: scaled(30_000) }, async () => {
    const call = bash({ command: 'echo started; echo $$ > pid; sleep 1000 & sleep 1000', timeout_ms: 1_500 });
    const { pgid, pids } = await membersOnceStarted('pid', 3);
    expect(pids).toContain(pgid);
    const result = await call;
    expect(result.ok).toBe(true);
    const output = result.ok ? (result.output as BashResult) : undefined;
    expect(output).toMatchObject({ timed_out: true, stdout: 'started\n' });
    expect(output!.duration_ms).toBeGreaterThanOrEqual(1_400);
    expect(result.text).toContain('timed out after 1500 ms');
    await expectAllGone(pids);
  });

  it('SIGKILLs descendants that ignore SIGTERM after the grace period', { timeout: scaled(30_000) }, async () => {
    // Long enough for all three to start on a loaded machine before the timeout kills the group.
    const call = bash({ command: `echo $$ > pid; (trap '' TERM; sleep 1000) & sleep 1000`, timeout_ms: 2_000 });
    const { pids } = await membersOnceStarted('pid', 3);
    const result = await call;
    expect(result.ok && (result.output as BashResult).timed_out).toBe(true);
    await expectAllGone(pids);
  });

  it('abort mid-run gives CANCELLED and the process group still dies', { timeout: scaled(30_000) }, async () => {
    const controller = new AbortController();
    const call = bash({ command: 'echo $$ > pid; sleep 1000 & sleep 1000' }, {}, controller.signal);
    const { pids } = await membersOnceStarted('pid', 3);
    // At once: the call ends with the clock stopped, so it waited for no timer (sleep ends on SIGTERM,
    // before the kill grace period runs out).
    const result = await withStoppedClock(async () => {
      controller.abort();
      return call;
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    await expectAllGone(pids);
  });

  it(
    'returns soon after bash exits although a background child holds stdout open',
    { timeout: scaled(30_000) },
    async () => {
      // The call ends exactly when the 200 ms drain after bash's exit runs out (on a stopped clock).
      const { output, text } = await afterDrainWindow('sleep 60 & echo $!; echo done');
      const bgPid = Number(output.stdout.split('\n')[0]);
      leftovers.push(bgPid);
      expect(output).toMatchObject({ exit_code: 0, timed_out: false });
      expect(output.stdout).toMatch(/^\d+\ndone\n$/);
      // The background process was left running, and the text says so.
      expect(await isRunning(bgPid)).toBe(true);
      expect(text).toContain('background processes');
    },
  );

  it('stops reading a background child that keeps printing after bash exits', { timeout: scaled(30_000) }, async () => {
    // Output that never ends keeps the call no longer than the drain window (on a stopped clock).
    const { output } = await afterDrainWindow(
      'echo $$; (while :; do echo tick; sleep 0.01; done) & sleep 0.2; echo main-done',
    );
    leftovers.push(-Number(output.stdout.split('\n')[0]));
    expect(output.stdout).toContain('main-done\n');
    expect(output.exit_code).toBe(0);
  });
});

describe('exec.bash: output past the caps', () => {
  // The 2 GiB run with this process's RSS watched is in the stress suite.
  it(
    '`yes | head -c 256M` keeps the head and the tail and counts the omitted bytes',
    { timeout: scaled(120_000) },
    async () => {
      const output = (await bashOk({ command: 'yes | head -c 256M', timeout_ms: Math.min(scaled(100_000), 600_000) }))
        .output;
      expect(output).toMatchObject({ exit_code: 0, timed_out: false, truncated: true, stderr: '' });
      expect(output.stdout.startsWith('y\ny\ny\n')).toBe(true);
      expect(output.stdout.endsWith('y\ny\n')).toBe(true);
      const omitted = Number(/\[… (\d+) bytes omitted …\]/.exec(output.stdout)![1]);
      const kept = output.stdout.replace(/\[… \d+ bytes omitted …\]\n/, '').length;
      expect(omitted + kept).toBe(256 * 1024 ** 2);
    },
  );
});
