import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { signalGroup } from '../../../runtime/processes/process-group.js';

/**
 * Every process that belongs to one command, found in /proc at kill time. A command starts as the
 * leader of a new session (so its pid is also its session and group id) with a marker variable in
 * its environment. A process belongs to the call when it
 *  - is still in the call's session (`set -m` jobs and `setpgrp` leave the group, not the session),
 *  - is in the call's process group,
 *  - descends from the leader (a `setsid` child whose parent still runs), or
 *  - carries the marker in the environment it was started with (a `setsid` double fork whose
 *    parent died: reparented to pid 1, in a session of its own, but it inherited the environment).
 * What escapes all four (a double fork that also clears its environment, `env -i setsid …`) only a
 * sandbox catches: its PID namespace dies with the call.
 */
export interface CallIdentity {
  /** The leader's pid (= its session and process group id). */
  pid: number;
  /** `NAME=value` of the marker variable given to the command. */
  marker: string;
  /** The leader's start time (clock ticks since boot): older processes cannot carry the marker. */
  startTime?: number;
}

interface ProcEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  zombie: boolean;
  startTime: number;
}

/** Parses /proc/<pid>/stat: "pid (comm) S ppid pgrp session … starttime(22nd) …"; comm may contain ") ". */
function parseStat(pid: number, stat: string): ProcEntry {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '?';
  return {
    pid,
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    session: Number(fields[3]),
    zombie: state === 'Z' || state === 'X',
    startTime: Number(fields[19]),
  };
}

/** Start time of a running process (for CallIdentity.startTime), or undefined. */
export function processStartTime(pid: number): number | undefined {
  try {
    return parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'latin1')).startTime;
  } catch {
    return undefined;
  }
}

function isPidName(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 48 && first <= 57;
}

function environHasMarker(environ: Buffer | undefined, marker: Buffer): boolean {
  if (!environ) return false;
  let at = environ.indexOf(marker);
  while (at !== -1) {
    const startsEntry = at === 0 || environ[at - 1] === 0;
    const endsEntry = at + marker.length === environ.length || environ[at + marker.length] === 0;
    if (startsEntry && endsEntry) return true;
    at = environ.indexOf(marker, at + 1);
  }
  return false;
}

/** Picks the call's processes out of a /proc listing (zombies left out: they are already dead). */
function select(
  entries: ProcEntry[],
  id: CallIdentity,
  environOf: (pid: number) => Buffer | undefined,
  markerOnly = false,
): number[] {
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const list = children.get(entry.ppid);
    if (list) list.push(entry.pid);
    else children.set(entry.ppid, [entry.pid]);
  }
  const chosen = new Set<number>();
  const stack = [id.pid];
  while (stack.length) {
    const pid = stack.pop()!;
    for (const child of children.get(pid) ?? []) {
      if (!chosen.has(child)) {
        chosen.add(child);
        stack.push(child);
      }
    }
  }
  const marker = Buffer.from(id.marker);
  const result: number[] = [];
  for (const entry of entries) {
    if (entry.zombie || entry.pid === process.pid) continue;
    if (markerOnly) {
      if (
        id.startTime !== undefined &&
        entry.startTime >= id.startTime &&
        environHasMarker(environOf(entry.pid), marker)
      )
        result.push(entry.pid);
      continue;
    }
    if (entry.pid === id.pid || entry.session === id.pid || entry.pgrp === id.pid || chosen.has(entry.pid)) {
      result.push(entry.pid);
      continue;
    }
    // Only a process started after the command can have inherited its marker: read few environments.
    if (id.startTime !== undefined && entry.startTime < id.startTime) continue;
    if (environHasMarker(environOf(entry.pid), marker)) result.push(entry.pid);
  }
  return result;
}

/**
 * The running processes of the call (empty without /proc: only the group is signalled there).
 * Synchronous on purpose: /proc reads never wait for a disk, and through the thread pool a scan of a
 * few hundred processes took hundreds of ms on a loaded machine against a few ms this way.
 */
export async function findCallProcesses(id: CallIdentity, markerOnly = false): Promise<number[]> {
  return findCallProcessesSync(id, markerOnly);
}

/** The scan itself; also used by process 'exit' hooks, where nothing asynchronous runs any more. */
export function findCallProcessesSync(id: CallIdentity, markerOnly = false): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcEntry[] = [];
  for (const name of names) {
    if (!isPidName(name)) continue;
    try {
      entries.push(parseStat(Number(name), readFileSync(`/proc/${name}/stat`, 'latin1')));
    } catch {
      // gone
    }
  }
  const environOf = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/environ`);
    } catch {
      return undefined;
    }
  };
  return select(entries, id, environOf, markerOnly);
}

function signalAll(pids: Iterable<number>, signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export interface KillTiming {
  /** Between SIGTERM and SIGKILL. */
  graceMs: number;
  /** After SIGKILL, how long to keep sweeping for stragglers before resolving. */
  settleMs: number;
  /** Past the settle time, how long a background sweep goes on while stragglers remain (default 30 s). */
  lateSweepMs?: number;
}

/**
 * SIGTERM to the call's processes (and to any it starts during the grace period); after the grace
 * period (or sooner once they are all gone) the survivors are frozen with SIGSTOP round by round (so
 * a fork loop cannot outrun the sweep), then SIGKILLed. Resolves when no process of the call runs,
 * or the settle time is over. Afterwards a slower sweep goes on in the background until two scans in
 * a row find nothing (for at most `lateSweepMs`), so that a process a scan missed (caught between
 * fork and exec, or on a machine too loaded to finish in time) is still killed.
 */
export async function killCall(id: CallIdentity, timing: KillTiming): Promise<void> {
  await stopAll(id, timing);
  void sweepLater(id, timing.lateSweepMs ?? LATE_SWEEP_MS);
}

async function stopAll(id: CallIdentity, timing: KillTiming): Promise<void> {
  signalGroup(id.pid, 'SIGTERM');
  const termed = new Set(await findCallProcesses(id));
  signalAll(termed, 'SIGTERM');
  const graceEnds = Date.now() + timing.graceMs;
  while (Date.now() < graceEnds) {
    const left = await findCallProcesses(id);
    if (left.length === 0) return;
    const fresh = left.filter((pid) => !termed.has(pid));
    signalAll(fresh, 'SIGTERM');
    for (const pid of fresh) termed.add(pid);
    await sleep(Math.min(25, Math.max(1, graceEnds - Date.now())));
  }
  const settleEnds = Date.now() + timing.settleMs;
  do {
    if (await freezeAndKill(id)) return;
  } while (Date.now() < settleEnds);
}

/** After the settle time: how long the background sweep keeps looking. */
const LATE_SWEEP_MS = 30_000;

/**
 * One freeze-then-kill pass; true when nothing of the call runs afterwards. `markerOnly` (the late
 * sweep) finds processes by the call's marker alone: by then the leader's pid, and with it its
 * group and session ids, may belong to somebody else.
 */
async function freezeAndKill(id: CallIdentity, markerOnly = false): Promise<boolean> {
  const frozen = new Set<number>();
  for (let round = 0; round < 20; round++) {
    const fresh = (await findCallProcesses(id, markerOnly)).filter((pid) => !frozen.has(pid));
    if (fresh.length === 0) break;
    signalAll(fresh, 'SIGSTOP');
    for (const pid of fresh) frozen.add(pid);
  }
  if (!markerOnly) signalGroup(id.pid, 'SIGKILL');
  signalAll(frozen, 'SIGKILL');
  await sleep(10);
  return (await findCallProcesses(id, markerOnly)).length === 0;
}

async function sweepLater(id: CallIdentity, ms: number): Promise<void> {
  if (ms <= 0 || id.startTime === undefined) return;
  const ends = Date.now() + ms;
  // Two empty scans in a row: a process caught between fork and exec shows up in the second.
  let emptyScans = 0;
  while (Date.now() < ends && emptyScans < 2) {
    // Unreferenced: the sweep never keeps the host alive.
    await sleep(100, undefined, { ref: false });
    emptyScans = (await freezeAndKill(id, true)) ? emptyScans + 1 : 0;
  }
}

/** SIGKILL to everything of the call, synchronously (host exit). */
export function killCallSync(id: CallIdentity): void {
  signalGroup(id.pid, 'SIGKILL');
  for (let round = 0; round < 3; round++) {
    const pids = findCallProcessesSync(id);
    if (pids.length === 0) return;
    signalAll(pids, 'SIGSTOP');
    signalAll(pids, 'SIGKILL');
  }
}
