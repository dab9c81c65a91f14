import { readFileSync, statSync } from 'node:fs';
import { findCallProcessesSync, type CallIdentity } from './process-tree.js';

/**
 * Whether a command waits for input, read from /proc (Linux): no process of it is running or in a
 * disk wait, and one is blocked reading its terminal (or stdin pipe). "Blocked reading" is what the
 * kernel says it sleeps in, never a guess from silence: read(2) on a descriptor that is that
 * terminal (or /dev/tty while it is the controlling terminal), or epoll_wait with no timeout over a
 * set that holds it and no socket (an event loop such as Node's with nothing but input to wake it).
 * A process in sleep, wait, poll or select on anything else is not waiting for input; where /proc
 * cannot say (another architecture, no access), the answer is no.
 */

export type InputTarget = { kind: 'terminal'; device: number } | { kind: 'pipe'; inode: number };

interface SyscallNumbers {
  read: readonly number[];
  epollWait: readonly number[];
}

/** System call numbers by architecture: read, readv, pread64; epoll_wait, epoll_pwait (timeout in ms). */
const SYSCALLS: Partial<Record<NodeJS.Architecture, SyscallNumbers>> = {
  x64: { read: [0, 19, 17], epollWait: [232, 281] },
  arm64: { read: [63, 65, 67], epollWait: [22] },
};

/** /dev/tty: major 5, minor 0. */
const DEV_TTY = 5 << 8;

export function waitsForInput(identity: CallIdentity, target: InputTarget): boolean {
  const numbers = SYSCALLS[process.arch];
  if (!numbers || process.platform !== 'linux') return false;
  const pids = findCallProcessesSync(identity);
  let reading = false;
  for (const pid of pids) {
    const stat = readProc(pid, 'stat');
    if (stat === undefined) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    if (state === 'R' || state === 'D') return false;
    if (!reading && state === 'S') reading = readsInput(pid, Number(fields[4]), numbers, target);
  }
  return reading;
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return undefined;
  }
}

/** `/proc/<pid>/syscall`: "nr arg1 … arg6 sp pc" while blocked, "running" or "-1 …" otherwise. */
function readsInput(pid: number, ttyNr: number, numbers: SyscallNumbers, target: InputTarget): boolean {
  const words = readProc(pid, 'syscall')?.trim().split(' ');
  if (!words || words.length < 7) return false;
  const nr = Number(words[0]);
  const fd = Number.parseInt(words[1]!, 16);
  if (numbers.read.includes(nr)) return isTarget(pid, fd, ttyNr, target);
  if (numbers.epollWait.includes(nr) && Number.parseInt(words[4]!, 16) === 0xffffffff)
    return epollWaitsOnlyForInput(pid, fd, ttyNr, target);
  return false;
}

function isTarget(pid: number, fd: number, ttyNr: number, target: InputTarget): boolean {
  let stats;
  try {
    stats = statSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return false;
  }
  if (target.kind === 'pipe') return stats.isFIFO() && stats.ino === target.inode;
  if (!stats.isCharacterDevice()) return false;
  return stats.rdev === target.device || (stats.rdev === DEV_TTY && ttyNr === target.device);
}

/** An epoll set (its `tfd:` lines in fdinfo) that watches the input and no socket. */
function epollWaitsOnlyForInput(pid: number, epfd: number, ttyNr: number, target: InputTarget): boolean {
  const info = readProc(pid, `fdinfo/${epfd}`);
  if (info === undefined) return false;
  let watchesInput = false;
  for (const match of info.matchAll(/^tfd:\s*(\d+)/gm)) {
    const fd = Number(match[1]);
    if (isTarget(pid, fd, ttyNr, target)) watchesInput = true;
    else if (isSocket(pid, fd)) return false;
  }
  return watchesInput;
}

function isSocket(pid: number, fd: number): boolean {
  try {
    return statSync(`/proc/${pid}/fd/${fd}`).isSocket();
  } catch {
    // Gone or unreadable: it may have been anything.
    return true;
  }
}
