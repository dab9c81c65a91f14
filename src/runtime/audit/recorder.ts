// The audit trail of a toolkit with a store: every call's entry is queued and written in batches
// after the call returned, so a call never waits for (or fails because of) the audit log. The queue
// is bounded: past it entries are dropped and counted. Failures are counted and reported once (a
// process warning), and flush() (the toolkit's close) waits for what is queued.
import type { AuditEntry, AuditLog } from '../store/types.js';

/** Entries waiting at most; a store that cannot keep up loses (and counts) what is beyond. */
export const AUDIT_QUEUE_LIMIT = 10_000;
/** Entries per write (each input is at most 64 KiB as JSON). */
const BATCH_SIZE = 200;

export interface AuditCounts {
  /** Entries written to the store. */
  written: number;
  /** Entries the store refused or failed to write. */
  failed: number;
  /** Entries dropped because the queue was full. */
  dropped: number;
}

export class AuditRecorder {
  readonly counts: AuditCounts = { written: 0, failed: 0, dropped: 0 };
  #queue: AuditEntry[] = [];
  #draining: Promise<void> | undefined;
  #reported = false;

  constructor(
    private readonly log: AuditLog,
    private readonly report: (message: string) => void = (message) =>
      process.emitWarning(message, { code: 'TOOLWRIGHT_AUDIT' }),
  ) {}

  /** Queues an entry; returns at once. */
  record(entry: AuditEntry): void {
    if (this.#queue.length >= AUDIT_QUEUE_LIMIT) {
      this.counts.dropped++;
      this.#reportOnce(`the audit queue is full (${AUDIT_QUEUE_LIMIT} entries): entries are being dropped`);
      return;
    }
    this.#queue.push(entry);
    // Written after the current turn: the calls of one burst share a batch.
    this.#draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#drain());
  }

  /** Counts an entry that could not even be made (and reports it, once). */
  failed(error: unknown): void {
    this.counts.failed++;
    this.#reportOnce(`an audit entry could not be made: ${messageOf(error)}`);
  }

  /** Resolves once every entry queued so far was written (or failed). Never rejects. */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, BATCH_SIZE);
        try {
          await this.log.appendMany(batch);
          this.counts.written += batch.length;
        } catch (error) {
          this.counts.failed += batch.length;
          this.#reportOnce(`audit entries could not be written: ${messageOf(error)}`);
        }
      }
    } finally {
      this.#draining = undefined;
    }
  }

  #reportOnce(message: string): void {
    if (this.#reported) return;
    this.#reported = true;
    try {
      this.report(`toolwright: ${message} (further audit problems are counted, not reported)`);
    } catch {
      /* a reporter that throws must not reach the call path */
    }
  }
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
