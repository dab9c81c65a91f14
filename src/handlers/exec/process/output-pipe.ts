import { execFile } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync, unlinkSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { processIsAlive } from '../../../runtime/processes/alive.js';
import { processTempFolder } from '../../../runtime/processes/temp-folder.js';
import { withoutInheritedFds } from '../../../runtime/processes/inherited-fds.js';
import type { ByteRedactor } from '../../../runtime/secrets/stream.js';

/**
 * Where a command's stdout or stderr goes, and how we read it.
 *
 * Node reads an ordinary child pipe into a fresh 64 KiB Buffer per read, and V8 frees those only
 * when external memory has grown by tens of MB: a command printing gigabytes lifts the process
 * RSS by 40-60 MB however little we keep. So where possible we hand the child the write end of a
 * named pipe (a real pipe: `/dev/stdout`, `tee /dev/stderr`, S_ISFIFO all behave as usual) and read
 * its other end through a `net.Socket` whose `onread` option reuses one buffer: memory stays flat.
 * Where `mkfifo` is unavailable (Windows), the child gets a plain pipe read through 'data' events.
 */
export interface OutputPipe {
  /** The value for spawn's `stdout` / `stderr` stdio entry. */
  readonly stdio: number | 'pipe';
  /**
   * Call once right after spawning (also when the spawn failed): closes this process's copy of the
   * write end, or starts reading the child's stream for a plain pipe.
   */
  attach(childStream: Readable | null | undefined): void;
  /** Settles at end-of-file: every holder of the write end (descendants too) has closed it. */
  readonly ended: Promise<void>;
  /** Stops reading and releases the read end (when a background child keeps the pipe open). */
  close(): void;
}

/** How long a background job's output may take to drain after its process tree is gone. */
export const JOB_OUTPUT_DRAIN_MS = 2000;

/**
 * Resolves once `ended` has settled, or `ms` after the call: the bound is for a pipe that never ends
 * (a daemon that kept it open). When the bound is reached the I/O already waiting is read first (a
 * stalled loop runs its timers before it polls), and the timer never outlives an output that ended.
 */
export async function endedWithin(ended: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(() => setImmediate(resolve), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Read buffer shared by every named pipe: `onread` callbacks run one at a time and copy out. */
const sharedReadBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * `onChunk(bytes, length)`: the first `length` bytes of `bytes` are new output. `bytes` may be a
 * shared read buffer: copy out before returning (no view is allocated per chunk, so a flood of
 * output creates no garbage).
 */
export type ChunkHandler = (bytes: Buffer, length: number) => void;

/**
 * Opens a pipe whose output goes to `onChunk`; with `redactor`, redacted as it comes (what may
 * begin a secret held until the next bytes, or the end, show whether it does).
 */
export async function openOutputPipe(onChunk: ChunkHandler, redactor?: ByteRedactor): Promise<OutputPipe> {
  if (!redactor) return openPipe(onChunk);
  const stream = redactor.stream(onChunk);
  const pipe = await openPipe((bytes, length) => stream.write(bytes, length));
  return {
    stdio: pipe.stdio,
    attach: (childStream) => pipe.attach(childStream),
    ended: pipe.ended.then(() => stream.end()),
    close() {
      pipe.close();
      stream.end();
    },
  };
}

async function openPipe(onChunk: ChunkHandler): Promise<OutputPipe> {
  const fifo = await fifoPool.take();
  if (fifo !== undefined) {
    try {
      return namedPipe(fifo, onChunk);
    } catch {
      // The FIFO vanished (tmp cleaner) or could not be opened: fall back for this call.
    }
  }
  return plainPipe(onChunk);
}

function namedPipe(fifo: string, onChunk: ChunkHandler): OutputPipe {
  let readFd: number | undefined;
  let writeFd: number | undefined;
  try {
    // Non-blocking open of the read end returns at once; then the write end opens without blocking.
    readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    // Made by us in a folder of ours: anything but a FIFO there is not ours to use.
    if (!fstatSync(readFd).isFIFO()) throw new Error(`${fifo} is not the FIFO made for the call`);
    // The child's end is a separate open file description: blocking, as programs expect.
    writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (readFd !== undefined) closeSync(readFd);
    throw error;
  } finally {
    // Both ends are open; the name is no longer needed.
    try {
      unlinkSync(fifo);
    } catch {
      // already gone
    }
  }
  let socket: net.Socket;
  try {
    socket = new net.Socket({
      fd: readFd,
      readable: true,
      writable: false,
      onread: {
        buffer: sharedReadBuffer,
        callback: (bytesRead: number) => {
          onChunk(sharedReadBuffer, bytesRead);
        },
      },
    } as net.SocketConstructorOpts);
  } catch (error) {
    closeSync(readFd);
    closeSync(writeFd);
    throw error;
  }
  const ended = streamEnded(socket);
  socket.resume();
  let childEnd: number | undefined = writeFd;
  return {
    stdio: writeFd,
    attach() {
      if (childEnd !== undefined) closeSync(childEnd);
      childEnd = undefined;
    },
    ended,
    close() {
      if (childEnd !== undefined) closeSync(childEnd);
      childEnd = undefined;
      socket.destroy();
    },
  };
}

function plainPipe(onChunk: ChunkHandler): OutputPipe {
  let stream: Readable | undefined;
  let settle!: () => void;
  const ended = new Promise<void>((resolve) => (settle = resolve));
  return {
    stdio: 'pipe',
    attach(childStream) {
      if (!childStream) return settle();
      stream = childStream;
      stream.on('data', (chunk: Buffer) => onChunk(chunk, chunk.length));
      void streamEnded(stream).then(settle);
    },
    ended,
    close() {
      stream?.destroy();
      settle();
    },
  };
}

function streamEnded(stream: Readable): Promise<void> {
  return new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/**
 * Named pipes made ahead of time, a batch per `mkfifo` run, in a private folder (mode 0700)
 * removed when this process exits. Each is unlinked as soon as it is opened.
 */
class FifoPool {
  private folder: string | undefined;
  private readonly free: string[] = [];
  private refilling: Promise<boolean> | undefined;
  private unavailable = process.platform === 'win32';
  private made = 0;

  constructor(private readonly batch: number) {}

  /** A fresh FIFO path, or undefined when FIFOs cannot be made here. */
  async take(): Promise<string | undefined> {
    while (this.free.length === 0) {
      if (this.unavailable) return undefined;
      if (!(await this.startRefill())) return undefined;
    }
    // Make the next batch before this one runs out, so calls rarely wait for mkfifo.
    if (this.free.length <= this.batch / 4) void this.startRefill();
    return this.free.pop();
  }

  private startRefill(): Promise<boolean> {
    return (this.refilling ??= this.refill().finally(() => (this.refilling = undefined)));
  }

  /** False when this batch failed (the caller falls back to a plain pipe). */
  private async refill(): Promise<boolean> {
    try {
      if (this.folder === undefined) {
        await removeLeftoversOfDeadProcesses();
        this.folder = processTempFolder();
      }
      const names = Array.from({ length: this.batch }, () => path.join(this.folder!, `p${this.made++}`));
      await new Promise<void>((resolve, reject) => {
        const [file, args] = withoutInheritedFds('mkfifo', ['-m', '600', ...names]);
        execFile(file, args, { windowsHide: true }, (error: Error | null) => (error ? reject(error) : resolve()));
      });
      this.free.push(...names);
      return true;
    } catch (error) {
      // No mkfifo at all: stop trying. Anything else (e.g. too many processes) may pass.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.unavailable = true;
      return false;
    }
  }
}

/**
 * What a toolwright process keeps in the temp folder, by its PID: the FIFO folder and the network
 * proxy's folder (removed at exit), and a bash script or background-job spill file (unlinked right
 * after opening: a process killed between the two leaves one).
 */
const LEFT_IN_TMP = /^toolwright-(?:(?:fifo|net)-(\d+)-.+|(?:script|job)-(\d+)-[0-9a-f]{16}\.(?:sh|log))$/;

/** A process killed by a signal never runs its exit hook: sweep what such processes left. */
async function removeLeftoversOfDeadProcesses(): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const match = LEFT_IN_TMP.exec(name);
    const pid = Number(match?.[1] ?? match?.[2]);
    if (!pid || pid === process.pid || processIsAlive(pid)) continue;
    // rm removes a symlink itself, never what it points to; another user's entry fails (sticky /tmp).
    await rm(path.join(tmpdir(), name), { recursive: true, force: true }).catch(() => {});
  }
}

const fifoPool = new FifoPool(16);

/** A fresh named pipe from the pool (unlink it once opened), or undefined where none can be made. */
export function takeFifo(): Promise<string | undefined> {
  return fifoPool.take();
}
