// Helpers for the exec tests: processes found by a tag in their command line, waiting, sandbox
// presence, reading a job to its end.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BashOutputResult } from '../../src/generated/types.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { expectOk } from './helpers.js';
import { scaled } from './time.js';

/** Whether bwrap is installed here. In CI the sandbox tests run (and fail) even when it is not. */
export const bwrapInstalled = (process.env.PATH ?? '')
  .split(':')
  .some((dir) => dir && existsSync(path.join(dir, 'bwrap')));
export const runSandboxTests = bwrapInstalled || process.env.CI === 'true';

let bwrapStarts: boolean | undefined;
/** Whether bwrap starts here (then shell_read and its git checks run confined); tried once. */
export function bwrapWorks(): boolean {
  if (bwrapStarts === undefined) {
    try {
      execFileSync('bwrap', ['--ro-bind', '/', '/', 'true'], { stdio: 'ignore' });
      bwrapStarts = true;
    } catch {
      bwrapStarts = false;
    }
  }
  return bwrapStarts;
}

/**
 * A writable folder the sandbox shows read-only: not under /tmp, /var/tmp, /run or a home folder,
 * which the sandbox replaces with private empty ones (a write there would succeed and prove
 * nothing). The checkout itself when it lives elsewhere, else a system folder (CI runs as root).
 */
export function visibleOutsideBase(): string {
  const replaced = ['/tmp', '/var/tmp', '/run', '/var/run', homedir()].map((dir) => {
    try {
      return realpathSync(dir);
    } catch {
      return dir;
    }
  });
  for (const candidate of [process.cwd(), '/var/lib', '/opt', '/srv', '/mnt']) {
    let real: string;
    try {
      real = realpathSync(candidate);
      accessSync(real, constants.W_OK);
    } catch {
      continue;
    }
    if (!replaced.some((dir) => real === dir || real.startsWith(`${dir}/`))) return real;
  }
  throw new Error('the sandbox tests need a writable folder outside /tmp, /var/tmp, /run and the home folder');
}

/** A tag unique to one test, to put in argv[0] (`exec -a TAG sleep 1000`) and find the process on the host. */
export function tag(name: string): string {
  return `tw-${name}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Running (not zombie) host processes whose command line contains `text` (or, with `argv0`, starts with it as its first word). */
export async function processesWith(text: string, only: 'anywhere' | 'argv0' = 'anywhere'): Promise<number[]> {
  // Synchronous reads, as the kill's own scan does: through the thread pool a scan of a few hundred
  // processes takes long enough on a loaded machine to miss a process a timeout kills meanwhile.
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (only === 'argv0' ? !cmdline.startsWith(`${text} `) : !cmdline.includes(text)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
      if (state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {
      // exited while scanning
    }
  }
  return found;
}

/** Polls `probe` (every 25 ms) until it gives something truthy; throws past `ms`, scaled to the machine. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** Waits until no process carries `text` (returns the survivors if some remain after `ms`, scaled to the machine). */
export async function survivorsOf(text: string, ms = 5_000): Promise<number[]> {
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    const left = await processesWith(text);
    if (left.length === 0 || Date.now() > deadline) return left;
    await sleep(50);
  }
}

/** Whether process `pid` is gone within `ms` (scaled to the machine), looking every 50 ms. */
export async function goneWithin(pid: number, ms = 5_000): Promise<boolean> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + scaled(ms);
  while (alive()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Waits until `file` exists; throws past `ms` (scaled to the machine). */
export async function waitForFile(file: string, ms = 20_000): Promise<void> {
  await waitFor(() => existsSync(file), ms, `${file} to appear`);
}

/**
 * Whether the shell whose pid a command wrote to `pidFile` (`echo $$ > file` first thing) has ended
 * within `ms` (scaled): once it has, nothing the script would still do can happen. A zombie counts as
 * ended. Deterministic where waiting out the script's remaining sleeps would cost seconds.
 */
export async function shellEndedWithin(pidFile: string, ms = 10_000): Promise<boolean> {
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`no pid in ${pidFile}`);
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    let state: string | undefined;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    } catch {
      return true;
    }
    if (state === 'Z' || state === 'X') return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

/** SIGKILLs every process carrying `text` (cleanup after a test that expected survivors, or failed). */
export async function killTagged(text: string): Promise<void> {
  for (const pid of await processesWith(text)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

/**
 * Reads a background job until it has ended, then once more (what was printed after the read
 * that saw the end); returns everything it printed after what was read before, and the last read.
 */
export async function readJobToEnd(
  toolkit: ToolkitOf,
  job_id: string,
): Promise<{ output: string; last: BashOutputResult }> {
  const read = async (wait_ms?: number) =>
    expectOk<BashOutputResult>(
      await toolkit.invoke('exec', 'bash_output', wait_ms === undefined ? { job_id } : { job_id, wait_ms }),
    );
  let output = '';
  for (;;) {
    const last = await read(5_000);
    output += last.output;
    if (last.status !== 'running') return { output: output + (await read()).output, last };
  }
}
