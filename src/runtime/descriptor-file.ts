// An open file as a bare descriptor with the three operations a reader needs. fs/promises'
// FileHandle costs ~5 µs more per operation (an object per open, a promise wrapper per call): on a
// read of a few lines, that is a tenth of the call. Close it exactly once (the owner's finally).
import { close, fstat, fstatSync, open, read, readlink, realpath, type BigIntStats } from 'node:fs';
import { promisify } from 'node:util';

const openFd = promisify(open);
const readFd = promisify(read);
const fstatFd = promisify(fstat);
const closeFd = promisify(close);

export class DescriptorFile {
  private closed = false;

  private constructor(readonly fd: number) {}

  static async open(path: string, flags: number): Promise<DescriptorFile> {
    return new DescriptorFile(await openFd(path, flags));
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
}

/**
 * fs.realpath.native and fs.readlink through their callbacks: the same single thread-pool call as
 * fs/promises' versions, without the promise-wrapping request object (these two run on every read).
 */
export const realpathNative: (path: string) => Promise<string> = promisify(realpath.native);
export const readlinkOf: (path: string) => Promise<string> = promisify(readlink);
