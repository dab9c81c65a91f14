/**
 * A sparse line index per file: the byte offset of every STRIDE-th line, so that a window deep in
 * a large file is read from the nearest checkpoint instead of rescanning from the first byte.
 * Keyed by device, inode, size and mtime: any change to the file makes a new key (the old entry
 * ages out of the LRU).
 */
import type { ResumeMark } from './scan-budget.js';
import type { TextKind } from '../encodings/text-codec.js';

export const LINE_INDEX_STRIDE = 1000;
const MAX_FILES = 64;

export interface LineIndex {
  /** checkpoints[k] = byte offset where line k*STRIDE + 1 starts (checkpoints[0] is the content start). */
  readonly checkpoints: number[];
  /** Total number of lines, once a scan has reached the end of the file. */
  totalLines?: number;
  /** Line starts where a byte budget stopped an earlier scan: the next call resumes there. */
  marks?: ResumeMark[];
  /** How this file version is text (encoding detection runs once per version). */
  textKind?: TextKind;
}

export class LineIndexCache {
  private readonly entries = new Map<string, LineIndex>();

  constructor(private readonly maxFiles = MAX_FILES) {}

  /** The index for this exact file version, created empty (one checkpoint at `contentStart`) if absent. */
  get(key: string, contentStart: number): LineIndex {
    let entry = this.entries.get(key);
    if (entry) {
      // Refresh recency: Map iteration order is insertion order.
      this.entries.delete(key);
    } else {
      entry = { checkpoints: [contentStart] };
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.maxFiles) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }

  /** The index for this file version if there is one (no recency refresh, nothing created). */
  peek(key: string): LineIndex | undefined {
    return this.entries.get(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Process-wide cache shared by every toolkit: the index describes the file, not a session. */
export const sharedLineIndex = new LineIndexCache();
