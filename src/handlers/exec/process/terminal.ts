import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import tty from 'node:tty';
import { ToolError } from '../../../runtime/errors.js';
import { lazyRequire } from '../../../runtime/lazy-require.js';
import { markInheritable } from './inherited-fds.js';
import type { ChunkHandler } from './output-pipe.js';

/**
 * A pseudo-terminal for one command (`pty: true`): the child gets the slave as stdin, stdout and
 * stderr; this process reads the terminal's bytes from the master and types input into it. The pair
 * comes from @lydell/node-pty's openpty, loaded only when a terminal is asked for; the command is
 * started by our own spawn (the sandbox and the script descriptor need stdio of our choosing).
 */

export const TERMINAL_COLUMNS = 120;
export const TERMINAL_ROWS = 30;
/** The terminal's end-of-file character (Ctrl-D, VEOF): a read at the start of a line returns nothing. */
const END_OF_INPUT = '\x04';

interface NativePty {
  open(cols: number, rows: number): { master: number; slave: number; pty: string };
}

const nativePty = lazyRequire<{ requireBinary(file: string): NativePty }>('@lydell/node-pty/requireBinary.js');

export interface Terminal {
  /** The slave, for the child's stdin, stdout and stderr (blocking, close-on-exec here). */
  readonly slave: number;
  /** Device number of the slave: how a process's descriptors are recognised as this terminal. */
  readonly device: number;
  /** Call once right after spawning: closes this process's copy of the slave. */
  attach(): void;
  /** Settles when every holder of the slave has closed it (the master reads EIO). */
  readonly ended: Promise<void>;
  /** Types `text` (resolves once the kernel took it; rejects when the terminal is gone). */
  write(text: string): Promise<void>;
  /** Types Ctrl-D. */
  endInput(): Promise<void>;
  close(): void;
}

function openPair(): { master: number; slave: number } {
  if (process.platform !== 'linux') {
    throw new ToolError(
      'UNAVAILABLE',
      `pty: true needs Linux (this is ${process.platform}); run the command without it`,
    );
  }
  let pair: { master: number; slave: number };
  try {
    pair = nativePty().requireBinary('pty.node').open(TERMINAL_COLUMNS, TERMINAL_ROWS);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ToolError(
      'UNAVAILABLE',
      `no pseudo-terminal could be opened (${reason}); reinstall toolwright with its optional dependencies, or run without pty`,
      { reason },
    );
  }
  // openpty's descriptors are non-blocking and inherited by every child. The slave is opened anew
  // (blocking, close-on-exec, not our controlling terminal) before anything else can be spawned.
  let slave: number;
  try {
    slave = openSync(`/proc/self/fd/${pair.slave}`, constants.O_RDWR | constants.O_NOCTTY);
  } catch (error) {
    closeSync(pair.master);
    throw new ToolError('UNAVAILABLE', `the pseudo-terminal could not be opened: ${(error as Error).message}`);
  } finally {
    closeSync(pair.slave);
  }
  // The master stays as openpty made it: the commands we start close it themselves (inherited-fds).
  markInheritable(pair.master);
  return { master: pair.master, slave };
}

export function openTerminal(onChunk: ChunkHandler): Terminal {
  const { master, slave } = openPair();
  const device = fstatSync(slave).rdev;
  const stream = new tty.ReadStream(master);
  let slaveOpen = true;
  let gone = false;
  const ended = new Promise<void>((resolve) => {
    const end = () => {
      gone = true;
      resolve();
    };
    // EIO on the master is a terminal's end-of-file: the last holder of the slave closed it.
    stream.on('error', end);
    stream.once('end', end);
    stream.once('close', end);
  });
  stream.on('data', (chunk: Buffer) => onChunk(chunk, chunk.length));
  const closeSlave = () => {
    if (slaveOpen) closeSync(slave);
    slaveOpen = false;
  };
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (gone || stream.destroyed) return reject(new Error('the terminal is closed'));
      stream.write(text, (error) => (error ? reject(error) : resolve()));
    });
  return {
    slave,
    device,
    attach: closeSlave,
    ended,
    write,
    endInput: () => write(END_OF_INPUT),
    close() {
      closeSlave();
      stream.destroy();
    },
  };
}
