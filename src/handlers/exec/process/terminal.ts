import { randomInt } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import tty from 'node:tty';
import { ToolError } from '../../../runtime/contract/errors.js';
import { lazyRequire } from '../../../runtime/startup/lazy-require.js';
import { markInheritable } from '../../../runtime/processes/inherited-fds.js';
import type { ByteRedactor } from '../../../runtime/secrets/stream.js';
import type { ChunkHandler } from './output-pipe.js';

/**
 * A pseudo-terminal for one command (`pty: true`): the child gets the slave as stdin, stdout and
 * stderr; this process reads the terminal's bytes from the master and types input into it. The pair
 * comes from @lydell/node-pty's openpty, loaded only when a terminal is asked for; the command is
 * started by our own spawn (the sandbox and the script descriptor need stdio of our choosing).
 *
 * The end of the output: on Linux the master may read EIO (the last holder of the slave is gone)
 * while bytes the command wrote just before it exited are still on their way, and those are lost.
 * So this process keeps a copy of the slave until the command's processes are gone, then writes a
 * random marker through it: everything written before the marker is read before it, and the marker
 * itself is taken out of the output.
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
  /**
   * The slave, for the child's stdin, stdout and stderr (blocking, close-on-exec here). This process
   * keeps its copy open until `finish`, so the master never reads EIO before the marker.
   */
  readonly slave: number;
  /** Device number of the slave: how a process's descriptors are recognised as this terminal. */
  readonly device: number;
  /**
   * Call once the command's processes are gone: `ended` then settles when all they wrote was read
   * (the marker came through), or when the master reads EIO or the terminal is closed.
   */
  finish(): void;
  /** See `finish`. */
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

/** A terminal whose output goes to `sink`; with `redactor`, redacted as it comes (output-pipe.ts). */
export function openTerminal(sink: ChunkHandler, redactor?: ByteRedactor): Terminal {
  const redacted = redactor?.stream(sink);
  const onChunk: ChunkHandler = redacted ? (bytes, length) => redacted.write(bytes, length) : sink;
  const { master, slave } = openPair();
  const device = fstatSync(slave).rdev;
  const stream = new tty.ReadStream(master);
  let slaveOpen = true;
  let gone = false;
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const closeSlave = () => {
    if (slaveOpen) closeSync(slave);
    slaveOpen = false;
  };
  // Output read after the marker was written: held back while it could be the marker's beginning.
  let marker: Buffer | undefined;
  let held = Buffer.alloc(0);
  const end = () => {
    if (gone) return;
    gone = true;
    if (held.length) onChunk(held, held.length);
    held = Buffer.alloc(0);
    redacted?.end();
    closeSlave();
    resolveEnded();
  };
  // EIO on the master is a terminal's end-of-file: the last holder of the slave closed it.
  stream.on('error', end);
  stream.once('end', end);
  stream.once('close', end);
  stream.on('data', (chunk: Buffer) => {
    if (gone) return;
    if (!marker) return onChunk(chunk, chunk.length);
    const text = held.length ? Buffer.concat([held, chunk]) : chunk;
    const at = text.indexOf(marker);
    if (at >= 0) {
      // What comes after the marker is from a process that outlived the command: kept too.
      held = Buffer.concat([text.subarray(0, at), text.subarray(at + marker.length)]);
      return end();
    }
    const keep = Math.max(0, text.length - (marker.length - 1));
    if (keep > 0) onChunk(text.subarray(0, keep), keep);
    held = Buffer.from(text.subarray(keep));
  });
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (gone || stream.destroyed) return reject(new Error('the terminal is closed'));
      stream.write(text, (error) => (error ? reject(error) : resolve()));
    });
  const finish = () => {
    if (gone || marker || !slaveOpen) return closeSlave();
    // Digits only: no output setting a program may have left (stty olcuc, onlcr, tabs) changes them.
    const made = Buffer.from(Array.from({ length: 24 }, () => String(randomInt(10))).join(''));
    let writer: number | undefined;
    try {
      // Not blocking: a terminal whose output is stopped (Ctrl-S) must not stall this process.
      writer = openSync(`/proc/self/fd/${slave}`, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
      marker = made;
      if (writeSync(writer, made) !== made.length) marker = undefined;
    } catch {
      marker = undefined;
    } finally {
      if (writer !== undefined) closeSync(writer);
    }
    // Without a marker the end is EIO again, once the last holder of the slave is gone; with one,
    // the slave stays open until it is read (so no EIO can come before it) or the terminal is closed.
    if (!marker) closeSlave();
  };
  return {
    slave,
    device,
    finish,
    ended,
    write,
    endInput: () => write(END_OF_INPUT),
    close() {
      end();
      stream.destroy();
    },
  };
}
