// An open file as a bare descriptor with the three operations a reader needs. fs/promises'
// FileHandle costs ~5 µs more per operation (an object per open, a promise wrapper per call): on a
// read of a few lines, that is a tenth of the call. Close it exactly once (the owner's finally).
// A file opened on a local file system (./local-fs.ts) may also be opened, read and closed at once,
// on the calling thread: a thread-pool round trip (a worker woken, the loop woken back) costs more
// than a small read from such a file, the more so on a busy machine.
import {
  close,
  closeSync,
  fstat,
  fstatSync,
  open,
  openSync,
  read,
  readSync,
  readlink,
  realpath,
  type BigIntStats,
} from 'node:fs';
import { promisify } from 'node:util';

const openFd = promisify(open);
const readFd = promisify(read);
const fstatFd = promisify(fstat);
const closeFd = promisify(close);

export class DescriptorFile {
  private closed = false;
  /**
   * The device of the local file system this was opened on, when the opener knows it is one
   * (./local-fs.ts): see isLocal.
   */
  localDevice: bigint | undefined = undefined;

  private constructor(readonly fd: number) {}

  static async open(path: string, flags: number): Promise<DescriptorFile> {
    return new DescriptorFile(await openFd(path, flags));
  }

  /** Opens at once, on the calling thread: only where the file system is known to be local (./local-fs.ts). */
  static openNow(path: string, flags: number): DescriptorFile {
    return new DescriptorFile(openSync(path, flags));
  }

  /**
   * Whether the file (whose stats these are) lies on the local file system it was opened on, not
   * on another one mounted at its name: it may then be read and closed at once (readNow, closeNow).
   */
  isLocal(stats: BigIntStats): boolean {
    return this.localDevice !== undefined && stats.dev === this.localDevice;
  }

  /** A positioned read at once, on the calling thread (a small read of a file isLocal says is local); the bytes read. */
  readNow(buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: number): number {
    return readSync(this.fd, buffer, offset, length, position);
  }

  /** Positioned read, shaped like FileHandle.read (so it serves as a PositionalReader). */
  read<T extends NodeJS.ArrayBufferView>(
    buffer: T,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number; buffer: T }> {
    return readFd(this.fd, buffer, offset, length, position);
  }

  stat(): Promise<BigIntStats> {
    return fstatFd(this.fd, { bigint: true });
  }

  /**
   * The stats at once, for a descriptor opened a moment ago: its attributes are then in memory
   * (local file systems; NFS and FUSE fetch them at open), so the call never waits on a disk, and
   * a thread-pool round trip costs a small read more than the call itself.
   */
  statNow(): BigIntStats {
    return fstatSync(this.fd, { bigint: true });
  }

  /** Closes the descriptor; later calls do nothing (a second close could hit a reused number). */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return closeFd(this.fd);
  }

  /**
   * close() at once, on the calling thread, for a file isLocal says is local (closing a file
   * opened to read there writes nothing back); what it throws is ignored, like close()'s rejection
   * where nobody waits for it.
   */
  closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } catch {
      /* the descriptor is gone either way */
    }
  }
}

/**
 * fs.realpath.native and fs.readlink through their callbacks: the same single thread-pool call as
 * fs/promises' versions, without the promise-wrapping request object (these two run on every read).
 */
export const realpathNative: (path: string) => Promise<string> = promisify(realpath.native);
export const readlinkOf: (path: string) => Promise<string> = promisify(readlink);
