// The bubblewrap sandbox's network and processes, and what happens when it cannot run: no host
// loopback without { network: true }, daemons killed with the call (exit, timeout, abort), no
// inherited descriptors, long commands, and UNAVAILABLE with the fix when bwrap or user namespaces
// are missing or an option is unknown. The sandboxed ones run wherever bwrap is installed and
// always in CI (CI=true).
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { BashResult } from '../../src/generated/types.js';
import { processesWith, runSandboxTests, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';
import { ok, run, tags, useSandboxWorkspace, ws } from './sandbox-workspace.js';

useSandboxWorkspace();

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
