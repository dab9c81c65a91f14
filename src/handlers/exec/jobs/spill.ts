import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OutputCollector, type CollectedOutput } from '../run/collector.js';

/**
 * A background job's output on disk, capped: the first `headBytes` are kept as written, later
 * bytes go round a ring of `tailBytes` after them, so the file never outgrows head + tail and
 * memory stays flat however much the job prints. The file is unlinked as soon as it is open:
 * nothing is left behind whatever way this process ends.
 */
export class SpillFile {
  private fd: number | undefined;
  /** Bytes written in total (the absolute position of the next byte). */
  total = 0;
  /** Bytes that could not be written (disk full): dropped, with the reason. */
  lostBytes = 0;
  writeError: string | undefined;

  constructor(
    readonly headBytes: number,
    readonly tailBytes: number,
  ) {
    const file = path.join(tmpdir(), `toolwright-job-${process.pid}-${randomBytes(8).toString('hex')}.log`);
    // Created here and now (never an entry someone put there first, never through a link).
    const fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      unlinkSync(file);
      // Unlinked at once: no name reaches it any more (one planted meanwhile would show as a link).
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.nlink !== 0)
        throw new Error(`the job's spill file ${file} was given another name while it was made; refused`);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    this.fd = fd;
  }

  /** Writes the first `length` bytes of `chunk`. Never throws (it runs inside a read callback): a failed write drops the bytes and says why. */
  write(chunk: Uint8Array, length: number = chunk.length): void {
    const fd = this.fd;
    if (fd === undefined) return;
    if (this.writeError !== undefined) {
      this.lostBytes += length;
      return;
    }
    let offset = 0;
    while (offset < length) {
      const at = this.total;
      let position: number;
      let room: number;
      if (at < this.headBytes) {
        position = at;
        room = this.headBytes - at;
      } else {
        const ringAt = (at - this.headBytes) % this.tailBytes;
        position = this.headBytes + ringAt;
        room = this.tailBytes - ringAt;
      }
      let written: number;
      try {
        written = writeSync(fd, chunk, offset, Math.min(length - offset, room), position);
      } catch (error) {
        this.writeError = (error as NodeJS.ErrnoException).code ?? String(error);
        this.lostBytes += length - offset;
        return;
      }
      this.total += written;
      offset += written;
    }
  }

  /** Bytes between `from` and the end that are no longer on disk (dropped from the middle). */
  private keptFrom(from: number): { gapStart: number; gapEnd: number } {
    const tailStart = Math.max(this.headBytes, this.total - this.tailBytes);
    const gapStart = Math.max(from, this.headBytes);
    return { gapStart, gapEnd: Math.max(gapStart, tailStart) };
  }

  /**
   * What was written from absolute position `from` on, as text of at most `limit` characters (head
   * and tail with `[… N bytes omitted …]` when more, or a binary notice). Reads only the bytes it shows.
   */
  read(from: number, limit: number): CollectedOutput {
    const collector = new OutputCollector(limit);
    const fd = this.fd;
    if (fd === undefined || from >= this.total) return collector.finish();
    const edge = 2 * limit;
    const { gapStart, gapEnd } = this.keptFrom(from);
    // Before the gap (or everything when there is none): the first `edge` bytes.
    const beforeEnd = gapEnd > gapStart ? gapStart : this.total;
    const headEnd = Math.min(beforeEnd, from + edge);
    this.copy(fd, from, headEnd, collector);
    const tailFrom = Math.max(headEnd, gapEnd > gapStart ? gapEnd : headEnd, this.total - edge);
    collector.skip(tailFrom - headEnd);
    this.copy(fd, tailFrom, this.total, collector);
    return collector.finish();
  }

  /**
   * Up to `maxBytes` bytes from absolute position `from` on, as kept on disk: a position in the
   * middle no longer kept reads from where the kept bytes resume (`start`, with `dropped` bytes passed over).
   */
  readBytes(from: number, maxBytes: number): { bytes: Buffer; start: number; dropped: number } {
    const fd = this.fd;
    if (fd === undefined || from >= this.total) return { bytes: Buffer.alloc(0), start: from, dropped: 0 };
    const { gapStart, gapEnd } = this.keptFrom(from);
    const start = gapEnd > gapStart && from >= gapStart ? gapEnd : from;
    let end = Math.min(this.total, start + maxBytes);
    if (gapEnd > gapStart && start < gapStart) end = Math.min(end, gapStart);
    const bytes = Buffer.allocUnsafe(end - start);
    let filled = 0;
    this.copy(fd, start, end, {
      push: (chunk: Buffer, length: number) => {
        chunk.copy(bytes, filled, 0, length);
        filled += length;
      },
    });
    return { bytes: bytes.subarray(0, filled), start, dropped: start - from };
  }

  private copy(fd: number, start: number, end: number, into: Pick<OutputCollector, 'push'>): void {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    for (let at = start; at < end;) {
      const position = at < this.headBytes ? at : this.headBytes + ((at - this.headBytes) % this.tailBytes);
      const contiguous = at < this.headBytes ? this.headBytes - at : this.tailBytes - (position - this.headBytes);
      const length = Math.min(buffer.length, end - at, contiguous);
      const read = readSync(fd, buffer, 0, length, position);
      if (read <= 0) break;
      into.push(buffer, read);
      at += read;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
