// Background jobs: start, read, wait, flood, cap, kill, close, host signals, session isolation.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOf, ToolkitOptions } from '../../src/runtime/contract/types.js';
import type { BashKillResult, BashOutputResult, BashResult } from '../../src/generated/types.js';
import { fixtureArgs } from '../support/built-cli.js';
import { settled, until, withStoppedClock } from '../support/clock.js';
import { tempDir } from '../support/helpers.js';
import {
  killTagged,
  processesWith,
  readJobToEnd,
  runSandboxTests,
  survivorsOf,
  tag,
  visibleOutsideBase,
  waitFor,
} from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

const tags: string[] = [];
const toolkits: ToolkitOf[] = [];

afterEach(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
  for (const t of tags.splice(0)) await killTagged(t);
});

async function newToolkit(options: Partial<ToolkitOptions> = {}): Promise<ToolkitOf> {
  const toolkit = createToolkit({ workspace: await tempDir(), ...options });
  toolkits.push(toolkit);
  return toolkit;
}

function ok<T>(result: Awaited<ReturnType<ToolkitOf['invoke']>>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as T;
}

async function start(toolkit: ToolkitOf, command: string, extra: Record<string, unknown> = {}): Promise<string> {
  const output = ok<BashResult>(await toolkit.invoke('exec', 'bash', { command, run_in_background: true, ...extra }));
  expect(output.job_id).toMatch(/^job-\d+$/);
  return output.job_id!;
}

const read = async (toolkit: ToolkitOf, job_id: string, wait_ms?: number) =>
  ok<BashOutputResult>(
    await toolkit.invoke('exec', 'bash_output', wait_ms === undefined ? { job_id } : { job_id, wait_ms }),
  );

describe('background jobs: start and read', () => {
  it('returns at once with a job id; bash_output gives new output, status and exit code', async () => {
    const toolkit = await newToolkit();
    const gate = path.join(toolkit.workspace.root, 'go');
    // The command cannot end before the test opens its gate: the call returned while it ran.
    const result = await toolkit.invoke('exec', 'bash', {
      command: 'echo one; while [ ! -e go ]; do sleep 0.05; done; echo two >&2; exit 4',
      run_in_background: true,
    });
    expect(result.text).toContain('bash_output');
    const id = ok<BashResult>(result).job_id!;
    // This read may already take "one" (a fast start): what it returns counts as read.
    const first = await read(toolkit, id, 0);
    expect(first.status).toBe('running');
    await writeFile(gate, '');
    const { output, last } = await readJobToEnd(toolkit, id);
    expect(first.output + output).toBe('one\ntwo\n');
    expect(last).toMatchObject({ job_id: id, status: 'exited', exit_code: 4, signal: null });
    // Everything was read: another read has nothing new, and says so.
    const again = await toolkit.invoke('exec', 'bash_output', { job_id: id });
    expect(ok<BashOutputResult>(again).output).toBe('');
    expect(again.text).toContain('no new output');
  });

  it('wait_ms returns as soon as new output arrives, not at the end of the wait', async () => {
    const toolkit = await newToolkit();
    const gate = path.join(toolkit.workspace.root, 'go');
    const id = await start(toolkit, 'while [ ! -e go ]; do sleep 0.05; done; echo ready; sleep 1000');
    // On a stopped clock the 20 s wait can never run out: only the output ends it.
    await withStoppedClock(async (clock) => {
      const reading = read(toolkit, id, 20_000);
      expect(await settled(reading)).toBe(false);
      await writeFile(gate, '');
      const first = await reading;
      expect(first.output).toBe('ready\n');
      expect(first.status).toBe('running');
      // No new output: the wait runs its whole course (300 ms of the clock), then reports nothing new.
      const idle = read(toolkit, id, 300);
      await clock.advance(299);
      expect(await settled(idle)).toBe(false);
      await clock.advance(1);
      await until(() => settled(idle), 'the wait to end at 300 ms');
      expect((await idle).output).toBe('');
    });
  });

  it('keeps the output readable after the job exits, and lists the session jobs', async () => {
    const toolkit = await newToolkit();
    const a = await start(toolkit, 'echo alpha');
    const b = await start(toolkit, 'sleep 1000');
    await waitFor(async () => (await read(toolkit, a, 0)).status === 'exited' || undefined, 10_000, 'job a to exit');
    const listed = ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {}));
    expect(listed.jobs!.map((j) => [j.job_id, j.status])).toEqual([
      [a, 'exited'],
      [b, 'running'],
    ]);
    expect(listed.jobs![0]!.total_bytes).toBe(6);
  });

  it('a background timeout_ms ends the job as timed_out', async () => {
    const toolkit = await newToolkit();
    const id = await start(toolkit, 'echo go; sleep 1000', { timeout_ms: 500 });
    const { last } = await readJobToEnd(toolkit, id);
    expect(last.status).toBe('timed_out');
  });

  it(
    'floods: 200 MB of output page from the start, and a page in the middle no longer kept says so',
    { timeout: scaled(120_000) },
    async () => {
      const toolkit = await newToolkit({ exec: { outputLimit: 2_000 } });
      const id = await start(toolkit, 'seq 1 3; yes flood | head -c 200000000; echo; echo the-end');
      // Listing does not consume output: wait for the end that way, then read it all at once.
      await waitFor(
        async () =>
          ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs![0]!.status === 'exited' ||
          undefined,
        100_000,
        'the flood to end',
      );
      const last = await read(toolkit, id);
      const total = 6 + 200_000_000 + 1 + 8;
      expect(last.total_bytes).toBe(total);
      const first = last.output!;
      expect(first.startsWith('1\n2\n3\nflood\n')).toBe(true);
      expect(first.length).toBeLessThanOrEqual(2_000);
      expect(last.next).toEqual({ job_id: id, offset: Buffer.byteLength(first) });
      // The middle of the output is not kept: a page there starts where the kept bytes resume.
      const middle = await toolkit.invoke('exec', 'bash_output', { job_id: id, offset: 100_000_000 });
      expect(middle.text).toMatch(/bytes from byte 100000000 on are no longer kept/);
      const end = ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', { job_id: id, offset: total - 20 }));
      expect(end.output!.trimEnd().endsWith('flood\nfl\nthe-end')).toBe(true);
      expect(end.next).toBeUndefined();
    },
  );
});

describe('background jobs: cap, kill, close', () => {
  it('refuses a job over the cap with LIMIT_REACHED naming the running jobs; a kill frees a place', async () => {
    const toolkit = await newToolkit({ exec: { maxJobs: 2 } });
    const a = await start(toolkit, 'sleep 1000');
    await start(toolkit, 'sleep 1000');
    const refused = await toolkit.invoke('exec', 'bash', { command: 'touch third', run_in_background: true });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('LIMIT_REACHED');
    expect(refused.text).toContain(a);
    expect(refused.text).toContain('bash_kill');
    expect(existsSync(path.join(toolkit.workspace.root, 'third'))).toBe(false);
    ok(await toolkit.invoke('exec', 'bash_kill', { job_id: a }));
    await start(toolkit, 'true');
  });

  it('holds the cap under concurrent starts', async () => {
    const toolkit = await newToolkit({ exec: { maxJobs: 2 } });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        toolkit.invoke('exec', 'bash', { command: 'sleep 1000', run_in_background: true }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code))).toEqual(Array(4).fill('LIMIT_REACHED'));
  });

  it(
    'bash_kill ends the whole tree (setsid, set -m, setpgrp), keeps the output, and is idempotent',
    { timeout: scaled(30_000) },
    async () => {
      const t = tag('kill');
      tags.push(t);
      const toolkit = await newToolkit();
      const sleeper = `bash -c 'exec -a ${t} sleep 1000'`;
      const id = await start(
        toolkit,
        `echo started; ( setsid ${sleeper} & ); set -m; ${sleeper} & perl -e 'setpgrp(0,0); exec { "sleep" } "${t}", "1000"' & wait`,
      );
      await waitFor(async () => (await processesWith(t)).length >= 3, 10_000, 'three job processes');
      const killed = ok<BashKillResult>(await toolkit.invoke('exec', 'bash_kill', { job_id: id }));
      expect(killed).toMatchObject({ job_id: id, killed: true, status: 'killed' });
      expect(await survivorsOf(t)).toEqual([]);
      expect((await read(toolkit, id)).output).toBe('started\n');
      const again = ok<BashKillResult>(await toolkit.invoke('exec', 'bash_kill', { job_id: id }));
      expect(again.killed).toBe(false);
    },
  );

  it('toolkit.close() kills every running job; jobs cannot start afterwards', { timeout: scaled(30_000) }, async () => {
    const t = tag('close');
    tags.push(t);
    const toolkit = await newToolkit();
    await start(toolkit, `exec -a ${t} sleep 1000`);
    await start(toolkit, `( setsid bash -c 'exec -a ${t} sleep 1000' & ); sleep 1000`);
    await waitFor(async () => (await processesWith(t)).length >= 2, 10_000, 'the job processes');
    await toolkit.close();
    expect(await survivorsOf(t)).toEqual([]);
    const after = await toolkit.invoke('exec', 'bash', { command: 'true', run_in_background: true });
    expect(after.ok ? 'ok' : after.error.code).toBe('UNAVAILABLE');
  });

  it(
    'a finished job leaves nothing behind: what it started in the background dies with it',
    { timeout: scaled(30_000) },
    async () => {
      const t = tag('leftover');
      tags.push(t);
      const toolkit = await newToolkit();
      const id = await start(toolkit, `( setsid bash -c 'exec -a ${t} sleep 1000' & ); echo bye`);
      const { last } = await readJobToEnd(toolkit, id);
      expect(last.status).toBe('exited');
      expect(await survivorsOf(t)).toEqual([]);
    },
  );
});

describe('background jobs: sessions', () => {
  it("two toolkits do not see or kill each other's jobs", async () => {
    const a = await newToolkit();
    const b = await newToolkit();
    const id = await start(a, 'sleep 1000');
    expect(ok<BashOutputResult>(await b.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
    const readOther = await b.invoke('exec', 'bash_output', { job_id: id });
    expect(readOther.ok ? 'ok' : readOther.error.code).toBe('NOT_FOUND');
    const killOther = await b.invoke('exec', 'bash_kill', { job_id: id });
    expect(killOther.ok ? 'ok' : killOther.error.code).toBe('NOT_FOUND');
    expect((await read(a, id)).status).toBe('running');
  });
});

describe.runIf(runSandboxTests)('background jobs in the sandbox', () => {
  it('runs inside the sandbox and dies with it', { timeout: scaled(30_000) }, async () => {
    const t = tag('sandbox-job');
    tags.push(t);
    const toolkit = await newToolkit({ exec: { sandbox: 'workspace-write' } });
    const outside = path.join(visibleOutsideBase(), `.tmp-job-outside-${t}`);
    const id = await start(
      toolkit,
      `touch ${outside} 2>&1; (env -i setsid bash -c 'exec -a ${t} sleep 1000' &); exec -a ${t} sleep 1000`,
    );
    await waitFor(async () => (await processesWith(t)).length >= 2, 10_000, 'the sandboxed job');
    let seen = '';
    await waitFor(
      async () => (seen += (await read(toolkit, id, 1_000)).output).includes('Read-only file system'),
      10_000,
      'the refused write',
    );
    ok(await toolkit.invoke('exec', 'bash_kill', { job_id: id }));
    expect(await survivorsOf(t)).toEqual([]);
    expect(existsSync(outside)).toBe(false);
  });
});

describe('background jobs: the host goes away', () => {
  async function runHost(mode: string, signal: NodeJS.Signals | undefined, sandbox = '') {
    const t = tag(`host-${mode}`);
    tags.push(t);
    const child = spawn(process.execPath, fixtureArgs('job-host.ts', await tempDir(), t, mode, sandbox), {
      stdio: [mode === 'exit' ? 'pipe' : 'ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    await waitFor(() => out.includes('ready') || out.includes('error'), 30_000, 'the host to start its jobs');
    expect(out).toContain('ready');
    // Three jobs, five tagged processes (one runs plain, one setsid + main, one set -m + setpgrp).
    // Counted by argv[0] (`exec -a TAG`): the sleepers themselves, not the shells still starting
    // them (whose command lines hold the tag too); signalling mid-fork would test a different race.
    const expected = mode === 'foreground' ? 4 : 5;
    await waitFor(async () => (await processesWith(t, 'argv0')).length >= expected, 10_000, 'the jobs of the host');
    if (signal) child.kill(signal);
    if (mode === 'exit') child.stdin!.end('exit\n');
    const exit = await ended;
    return { exit, survivors: await survivorsOf(t), out };
  }

  it('SIGTERM to the host: it still dies by SIGTERM, and no job survives', { timeout: scaled(60_000) }, async () => {
    const { exit, survivors } = await runHost('wait', 'SIGTERM');
    expect(exit.signal).toBe('SIGTERM');
    expect(survivors).toEqual([]);
  });

  it.runIf(runSandboxTests)(
    'SIGTERM to a host with sandboxed jobs: none survives either',
    { timeout: scaled(60_000) },
    async () => {
      const { exit, survivors } = await runHost('wait', 'SIGTERM', 'workspace-write');
      expect(exit.signal).toBe('SIGTERM');
      expect(survivors).toEqual([]);
    },
  );

  it('installs signal handlers only while something runs', async () => {
    const before = process.listenerCount('SIGTERM');
    const toolkit = await newToolkit();
    const id = await start(toolkit, 'sleep 1000');
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    ok(await toolkit.invoke('exec', 'bash_kill', { job_id: id }));
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('SIGINT to the host: same', { timeout: scaled(60_000) }, async () => {
    const { exit, survivors } = await runHost('wait', 'SIGINT');
    expect(exit.signal).toBe('SIGINT');
    expect(survivors).toEqual([]);
  });

  it(
    'a host with its own SIGTERM handler keeps it (no forced exit), and the jobs still die',
    { timeout: scaled(60_000) },
    async () => {
      const { exit, survivors, out } = await runHost('own-handler', 'SIGTERM');
      expect(out).toContain('own handler ran');
      expect(exit.code).toBe(3);
      expect(survivors).toEqual([]);
    },
  );

  it(
    'SIGTERM to a host with foreground calls in flight kills those commands too',
    { timeout: scaled(60_000) },
    async () => {
      const { exit, survivors } = await runHost('foreground', 'SIGTERM');
      expect(exit.signal).toBe('SIGTERM');
      expect(survivors).toEqual([]);
    },
  );

  it('a host that exits on its own kills its jobs in the exit hook', { timeout: scaled(60_000) }, async () => {
    const { exit, survivors } = await runHost('exit', undefined);
    expect(exit.code).toBe(0);
    expect(survivors).toEqual([]);
  });
});
