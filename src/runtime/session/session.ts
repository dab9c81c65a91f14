import { nodeCrypto } from '../startup/lazy-require.js';
import type { FileStamp } from './file-stamp.js';
import { SeenLines, type SeenRecord, type SeenSegment } from './seen-lines.js';

export { sameStamp, stampOf, type FileStamp } from './file-stamp.js';

/**
 * One conversation's state: which files it read (for the stale-file guard) and where it sits in
 * a tree of sub-agents.
 */
export class Session {
  readonly depth: number;
  readonly parentId: string | undefined;
  private readonly reads = new Map<string, FileStamp>();
  private readonly seen = new SeenLines();
  /** As given, or made on first read of `id`. */
  private idValue: string | undefined;
  /** Told of each call made in this session (a kernel counting a sub-agent's tool calls). */
  private readonly callObservers = new Set<(operation: string) => void>();

  constructor(options: { id?: string; depth?: number; parentId?: string } = {}) {
    this.idValue = options.id;
    this.depth = options.depth ?? 0;
    this.parentId = options.parentId;
  }

  /** The session's id: as given, else a random UUID made when first asked for (node:crypto loads then). */
  get id(): string {
    return (this.idValue ??= nodeCrypto().randomUUID());
  }

  /** Records that this session has seen `absolutePath` as it is now (and which of its lines, if given). */
  recordRead(absolutePath: string, stamp: FileStamp, segment?: SeenSegment): void {
    this.reads.set(absolutePath, stamp);
    this.seen.record(absolutePath, stamp, segment);
  }

  /** The lines this session saw of the file since it last read it at the recorded stamp. */
  seenLines(absolutePath: string): SeenRecord | undefined {
    return this.seen.get(absolutePath);
  }

  /** The stamp recorded when this session last read or wrote the file, if it did. */
  lastSeen(absolutePath: string): FileStamp | undefined {
    return this.reads.get(absolutePath);
  }

  forget(absolutePath: string): void {
    this.reads.delete(absolutePath);
    this.seen.drop(absolutePath);
  }

  /** Follows the calls made in this session, each as it starts (`provider.operation`); returns the stop. */
  observeCalls(observer: (operation: string) => void): () => void {
    this.callObservers.add(observer);
    return () => void this.callObservers.delete(observer);
  }

  /** A toolkit of this session starts a call (what observeCalls reports). */
  noteCall(operation: string): void {
    if (this.callObservers.size === 0) return;
    for (const observer of this.callObservers) {
      try {
        observer(operation);
      } catch {
        // an observer that throws loses the event, not the call
      }
    }
  }
}
