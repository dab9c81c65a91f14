// A background job's output on its way into the store: bytes are batched (a write every
// FLUSH_MS, or at once past FLUSH_BYTES), never one store call per read; at most MAX_PENDING_BYTES
// wait in memory. When the store falls behind (or is down) by more than that, the newest bytes
// are dropped and counted, so the job itself never waits for the store. What waits when the job
// ends is written before its end is recorded, tried again while the store is away (as the end is).
import { isToolError } from '../../../runtime/contract/errors.js';
import type { SharedJobs } from '../../../runtime/store/shared-jobs.js';
import { MAX_APPEND_BYTES } from '../../../runtime/store/types.js';

const FLUSH_MS = 100;
const FLUSH_BYTES = 256 * 1024;
export const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** Pause after a failed write before the next try. */
const RETRY_MS = 500;
/** The longest pause between two tries of a job's last output. */
const MAX_RETRY_MS = 5_000;
/** How long a job's last output is tried again while the store is away, before it counts as lost. */
export const FINAL_WRITE_MS = 10 * 60_000;

export class StoreOutputWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Bytes that never reached the store (it fell behind, or was down at the end). */
  lostBytes = 0;
  /** Why the last write failed, while it is failing. */
  lastError: string | undefined;
  /** The last write was refused for good (not the store being away): trying again cannot help. */
  private refused = false;

  constructor(
    private readonly jobs: SharedJobs,
    private readonly id: string,
  ) {}

  /** Copies the first `length` bytes of `bytes` (a reused read buffer) in; never throws. */
  write(bytes: Uint8Array, length: number): void {
    if (length <= 0) return;
    if (this.closed || this.pendingBytes + length > MAX_PENDING_BYTES) {
      this.lostBytes += length;
      return;
    }
    this.pending.push(Buffer.from(bytes.subarray(0, length)));
    this.pendingBytes += length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flushSoon(0);
    else this.flushSoon(FLUSH_MS);
  }

  private flushSoon(ms: number): void {
    if (this.flushing) return;
    if (this.timer && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  /** Writes what is pending, in chunks the store takes; resolves when done or a write failed. */
  flush(): Promise<void> {
    return (this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
      if (this.pendingBytes > 0 && !this.closed) this.flushSoon(this.lastError ? RETRY_MS : 0);
    }));
  }

  private async drain(): Promise<void> {
    while (this.pendingBytes > 0) {
      const chunk = this.take();
      try {
        await this.jobs.appendOutput(this.id, chunk);
        this.lastError = undefined;
      } catch (error) {
        this.lastError = (error as Error).message;
        this.refused = isToolError(error) && error.code !== 'UNAVAILABLE';
        this.pending.unshift(chunk);
        this.pendingBytes += chunk.length;
        return;
      }
    }
  }

  /** Up to MAX_APPEND_BYTES of the oldest pending bytes, as one buffer. */
  private take(): Buffer {
    const parts: Buffer[] = [];
    let size = 0;
    while (this.pending.length && size < MAX_APPEND_BYTES) {
      const next = this.pending[0]!;
      const room = MAX_APPEND_BYTES - size;
      if (next.length <= room) {
        parts.push(this.pending.shift()!);
        size += next.length;
      } else {
        parts.push(next.subarray(0, room));
        this.pending[0] = next.subarray(room);
        size += room;
      }
    }
    this.pendingBytes -= size;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
  }

  /**
   * Writes what is left, trying again (each store call is bounded) while the store is away, up to
   * `retryMs`; what still fails then, or is refused for good, is counted lost.
   */
  async close(retryMs = FINAL_WRITE_MS): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + retryMs;
    for (let pause = RETRY_MS; ; pause = Math.min(2 * pause, MAX_RETRY_MS)) {
      await this.flushing;
      await this.flush();
      if (this.pendingBytes === 0 || this.refused || Date.now() + pause > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
    }
    this.lostBytes += this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
  }
}
