import { readdirSync, readFileSync } from 'node:fs';

/**
 * Process-group plumbing for commands started with `detached: true` (a new session, so the
 * group id equals the leader's pid): signalling the whole group, telling whether any member
 * still runs, and killing commands still in flight when this process exits or is signalled.
 */

/** Sends `signal` to every process in group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    // EPERM: some member exists but belongs to someone else; treat as existing.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether some process of group `pgid` still runs. Zombies do not count: orphans are reparented
 * to pid 1, and in containers whose pid 1 never reaps, their zombies would otherwise "live" forever.
 */
export async function groupIsRunning(pgid: number): Promise<boolean> {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  let entries: string[];
  try {
    // Synchronous /proc reads: no disk behind them, and the thread pool is far slower under load.
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    const first = entry.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const state = processState(Number(entry));
    if (state && state.pgrp === pgid && state.state !== 'Z' && state.state !== 'X') return true;
  }
  return false;
}

/** State letter and process group of a pid from /proc/<pid>/stat (undefined if gone). */
export function processState(pid: number): { state: string; pgrp: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) S ppid pgrp …": comm may itself contain ") ", so split after the last one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '?', pgrp: Number(fields[2]) };
}

/**
 * Commands still running (foreground calls and background jobs), each with its synchronous kill.
 * While any runs, this process kills them when it exits and when it gets SIGINT, SIGTERM or SIGHUP;
 * the signal handlers exist only then, and re-raise the signal when nobody else listens, so the host
 * still ends the way it would have without us.
 */
const live = new Map<number, () => void>();
let exitHookInstalled = false;
let signalHandlersInstalled = false;
const HOST_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function killAllNow(): void {
  for (const kill of [...live.values()]) {
    try {
      kill();
    } catch {
      // keep killing the others
    }
  }
  live.clear();
}

function onHostSignal(signal: NodeJS.Signals): void {
  killAllNow();
  removeSignalHandlers();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function removeSignalHandlers(): void {
  if (!signalHandlersInstalled) return;
  signalHandlersInstalled = false;
  for (const name of HOST_SIGNALS) process.removeListener(name, onHostSignal);
}

export function trackGroup(pgid: number, killNow: () => void = () => signalGroup(pgid, 'SIGKILL')): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', killAllNow);
  }
  if (!signalHandlersInstalled && process.platform !== 'win32') {
    signalHandlersInstalled = true;
    for (const name of HOST_SIGNALS) process.on(name, onHostSignal);
  }
  live.set(pgid, killNow);
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid);
  if (live.size === 0) removeSignalHandlers();
}
