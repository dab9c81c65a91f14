import { closeSync, constants, fstatSync, openSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import type { Writable } from 'node:stream';
import { takeFifo } from './output-pipe.js';

/**
 * A background job's stdin, kept open so bash_write can feed it: the child reads a real pipe (a
 * named pipe's read end, so `/dev/stdin` and S_ISFIFO behave as usual) and this process writes its
 * other end without blocking. Where no FIFO can be made, Node's own stdin pipe stands in.
 */
export interface InputPipe {
  /** The value for spawn's `stdin` stdio entry. */
  readonly stdio: number | 'pipe';
  /** Call once right after spawning: closes this process's copy of the read end, or takes the child's stdin stream. */
  attach(childStdin: Writable | null | undefined): void;
  /** Writes `text` (resolves once the kernel took it; rejects when the reader is gone). */
  write(text: string): Promise<void>;
  /** Closes the write end: the command reads end-of-file once it has read what was written. */
  end(): void;
  close(): void;
}

export async function openInputPipe(): Promise<InputPipe> {
  const fifo = await takeFifo();
  if (fifo !== undefined) {
    try {
      return namedInputPipe(fifo);
    } catch {
      // The FIFO vanished or could not be opened: Node's pipe instead.
    }
  }
  return plainInputPipe();
}

function namedInputPipe(fifo: string): InputPipe {
  const opened: number[] = [];
  let writer: net.Socket;
  let readFd: number;
  try {
    // A reader must exist for a non-blocking writer to open; the child's own read end is then
    // opened blocking (a separate open file description, as programs expect).
    const probe = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    opened.push(probe);
    // Made by us in a folder of ours: anything but a FIFO there is not ours to use.
    if (!fstatSync(probe).isFIFO()) throw new Error(`${fifo} is not the FIFO made for the call`);
    const writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    opened.push(writeFd);
    readFd = openSync(fifo, constants.O_RDONLY | constants.O_NOFOLLOW);
    opened.push(readFd);
    closeSync(probe);
    opened.shift();
    writer = new net.Socket({ fd: writeFd, readable: false, writable: true });
  } catch (error) {
    for (const fd of opened) closeSync(fd);
    throw error;
  } finally {
    try {
      unlinkSync(fifo);
    } catch {
      // already gone
    }
  }
  let childEnd: number | undefined = readFd;
  const closeChildEnd = () => {
    if (childEnd !== undefined) closeSync(childEnd);
    childEnd = undefined;
  };
  return {
    stdio: readFd,
    attach: closeChildEnd,
    ...socketWriter(() => writer),
    close() {
      closeChildEnd();
      writer.destroy();
    },
  };
}

function plainInputPipe(): InputPipe {
  let stream: Writable | undefined;
  return {
    stdio: 'pipe',
    attach(childStdin) {
      stream = childStdin ?? undefined;
    },
    ...socketWriter(() => stream),
    close() {
      stream?.destroy();
    },
  };
}

function socketWriter(target: () => Writable | undefined): Pick<InputPipe, 'write' | 'end'> {
  let listening: Writable | undefined;
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        const stream = target();
        if (!stream || stream.destroyed || stream.writableEnded) return reject(new Error('stdin is closed'));
        // EPIPE when the command is gone: reported to the write's callback; the event must not throw.
        if (listening !== stream) stream.on('error', () => {});
        listening = stream;
        stream.write(text, (error) => (error ? reject(error) : resolve()));
      }),
    end: () => {
      target()?.end();
    },
  };
}
