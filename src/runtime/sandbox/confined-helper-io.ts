// Plumbing of the confinement helper (./confined-helper.ts): its named pipes, their ends, exit statuses.
import { execFile } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { withoutInheritedFds } from '../processes/inherited-fds.js';

export interface ProgramExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** The first child of a process: under the outer bwrap, the sandbox's pid 1. */
export function firstChild(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const first = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(' ')[0]);
    return first > 0 ? first : undefined;
  } catch {
    return undefined;
  }
}

export function makeFifos(dir: string, from: number, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => path.join(dir, `p${from + i}`));
  const [file, args] = withoutInheritedFds('mkfifo', ['-m', '600', ...names]);
  return new Promise((resolve, reject) => {
    execFile(file, args, { windowsHide: true }, (error) =>
      error
        ? reject(new ToolError('UNAVAILABLE', `could not make the pipes for the confinement sandbox: ${error.message}`))
        : resolve(names),
    );
  });
}

/** The read end of a FIFO, opened without waiting for a writer. */
export function openReadEnd(fifo: string): net.Socket {
  const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    // Made by us in a folder of ours: anything but a FIFO there is not ours to use.
    if (!fstatSync(fd).isFIFO()) throw new Error(`${fifo} is not the FIFO made for the helper`);
    return new net.Socket({ fd, readable: true, writable: false });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Waits until every socket reached its end, at most `ms` (a pipe never opened by the program never ends). */
export function drained(sockets: readonly net.Socket[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.all(
      sockets.map((socket) =>
        socket.destroyed || socket.readableEnded
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              socket.once('end', resolve);
              socket.once('close', resolve);
            }),
      ),
    ).then(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** bash's wait status: 128+n for a program killed by signal n. */
export function exitOf(status: number): ProgramExit {
  if (status > 128) {
    const signal = Object.entries(osConstants.signals).find(([, number]) => number === status - 128)?.[0] as
      NodeJS.Signals | undefined;
    if (signal) return { exitCode: null, signal };
  }
  return { exitCode: status, signal: null };
}

export function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone (the folder was removed)
  }
}
