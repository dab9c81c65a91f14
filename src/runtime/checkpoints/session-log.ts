// One session's checkpoints (for one store key): an append-only log of JSON lines in its own
// folder, replayed when first opened (so they survive a restart of the process, for a host that
// gives its session the same id), the limits applied as checkpoints complete (the oldest dropped,
// and counted), and the log rewritten without dropped entries once it has grown well past them.
import type { FileHandle } from 'node:fs/promises';
import { rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { nodeCrypto } from '../startup/lazy-require.js';
import { KeyedMutex } from '../fs/locks.js';
import { createOwnFile, ensureOwnFolder, openOrCreateOwnFile, readOwnFile } from '../fs/own-files.js';
import { BlobFolder } from './blobs.js';
import type { CheckpointRecord, DropSummary, FileChange, FileState } from './types.js';

type LogLine =
  | {
      t: 'begin';
      id: string;
      seq: number;
      operation: string;
      kind: CheckpointRecord['kind'];
      command?: string;
      at: string;
    }
  | { t: 'before'; id: string; files: { path: string; state: FileState }[] }
  | { t: 'after'; id: string; files: { path: string; state: FileState }[] }
  | { t: 'abandon'; id: string }
  | { t: 'drop'; ids: string[]; reason: 'count' | 'bytes' }
  | { t: 'dropped'; summary: DropSummary };

export interface LogLimits {
  maxCount: number;
  maxBytes: number;
}

const appends = new KeyedMutex();

type FileStates = { path: string; state: FileState }[];
/**
 * States, or the work that keeps their blobs and then names them: run under the log's lock, so the
 * limits never remove a blob between its put and the record that holds it.
 */
export type StatesToRecord = FileStates | (() => Promise<FileStates>);

function statesOf(states: StatesToRecord | undefined): Promise<FileStates | undefined> | FileStates | undefined {
  return typeof states === 'function' ? states() : states;
}

function stateBytes(state: FileState | undefined): number {
  return state?.exists && state.kept ? state.size : 0;
}

export class SessionLog {
  readonly blobs: BlobFolder;
  readonly #logPath: string;
  readonly #records: CheckpointRecord[] = [];
  #nextSeq = 1;
  #lines = 0;
  #loaded: Promise<void> | undefined;
  /** The log open for appending, kept between calls (reopened after a compaction). */
  #appender: FileHandle | undefined;
  readonly dropped: DropSummary = { count: 0 };
  /** Told of the checkpoints the limits drop (command checkpoints hold snapshots elsewhere). */
  onDrop: ((records: readonly CheckpointRecord[]) => Promise<void>) | undefined;

  constructor(
    readonly folder: string,
    readonly limits: LogLimits,
  ) {
    this.blobs = new BlobFolder(path.join(folder, 'blobs'));
    this.#logPath = path.join(folder, 'log.jsonl');
  }

  /** Creates the folders and replays the log (once). */
  ready(): Promise<void> {
    return (this.#loaded ??= this.#load());
  }

  async #load(): Promise<void> {
    await ensureOwnFolder(this.folder, 'the checkpoints folder', { parents: true });
    await ensureOwnFolder(this.blobs.folder, 'the checkpoints folder');
    const text = (await readOwnFile(this.#logPath, 'the checkpoint log')) ?? '';
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      this.#lines++;
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        continue; // a line cut by a crash
      }
      this.#replay(line);
    }
  }

  #replay(line: LogLine): void {
    switch (line.t) {
      case 'begin':
        this.#records.push({
          id: line.id,
          seq: line.seq,
          operation: line.operation,
          kind: line.kind,
          ...(line.command !== undefined ? { command: line.command } : {}),
          created_at: line.at,
          files: [],
          bytes: 0,
          complete: false,
        });
        this.#nextSeq = Math.max(this.#nextSeq, line.seq + 1);
        return;
      case 'before': {
        const record = this.get(line.id);
        if (!record) return;
        for (const { path: file, state } of line.files) {
          const known = record.files.find((f) => f.path === file);
          if (!known) record.files.push({ path: file, before: state });
          else if (!known.after) known.before = state;
        }
        record.complete = false;
        record.bytes = record.files.reduce((sum, f) => sum + stateBytes(f.before), 0);
        return;
      }
      case 'after': {
        const record = this.get(line.id);
        if (!record) return;
        for (const { path: file, state } of line.files) {
          const known = record.files.find((f) => f.path === file);
          if (known) known.after = state;
        }
        record.complete = record.files.every((f) => f.after !== undefined);
        return;
      }
      case 'abandon': {
        const at = this.#records.findIndex((r) => r.id === line.id);
        if (at !== -1) this.#records.splice(at, 1);
        return;
      }
      case 'drop':
        for (const id of line.ids) {
          const at = this.#records.findIndex((r) => r.id === id);
          if (at !== -1) this.#records.splice(at, 1);
        }
        this.dropped.count += line.ids.length;
        this.dropped.last = line.ids[line.ids.length - 1] ?? this.dropped.last;
        this.dropped.reason = line.reason;
        return;
      case 'dropped':
        Object.assign(this.dropped, line.summary);
    }
  }

  /** Every checkpoint kept, oldest first. */
  list(): readonly CheckpointRecord[] {
    return this.#records;
  }

  get(id: string): CheckpointRecord | undefined {
    return this.#records.find((r) => r.id === id);
  }

  get bytes(): number {
    return this.#records.reduce((sum, r) => sum + r.bytes, 0);
  }

  /**
   * Starts a checkpoint for one call, with the files' states before it when they are known
   * (written together: one append); returns its id. `started`: when the call began, if before now
   * (a command's checkpoint is begun once it has ended).
   */
  begin(
    operation: string,
    kind: CheckpointRecord['kind'],
    command?: string,
    states?: StatesToRecord,
    started?: Date,
  ): Promise<string> {
    return this.#locked(async () => {
      const before = await statesOf(states);
      const seq = this.#nextSeq++;
      const id = `cp-${seq}`;
      const at = (started ?? new Date()).toISOString();
      const lines: LogLine[] = [
        { t: 'begin', id, seq, operation, kind, ...(command !== undefined ? { command } : {}), at },
      ];
      if (before && before.length > 0) lines.push({ t: 'before', id, files: before });
      await this.#append(...lines);
      return id;
    });
  }

  before(id: string, states: StatesToRecord): Promise<void> {
    return this.#locked(async () => {
      const files = await statesOf(states);
      if (files && files.length > 0) await this.#append({ t: 'before', id, files });
    });
  }

  /** Records the after-states; once the checkpoint is complete the limits drop the oldest others. */
  after(id: string, files: { path: string; state: FileState }[]): Promise<void> {
    return this.#locked(async () => {
      await this.#append({ t: 'after', id, files });
      if (this.get(id)?.complete) await this.#applyLimits(id);
    });
  }

  abandon(id: string): Promise<void> {
    return this.#locked(() => this.#append({ t: 'abandon', id }));
  }

  async #applyLimits(keep: string): Promise<void> {
    const drop: CheckpointRecord[] = [];
    let count = this.#records.length;
    let bytes = this.bytes;
    let reason: 'count' | 'bytes' | undefined;
    for (const record of this.#records) {
      const over = count > this.limits.maxCount ? 'count' : bytes > this.limits.maxBytes ? 'bytes' : undefined;
      if (!over) break;
      if (record.id === keep || !record.complete) continue;
      drop.push(record);
      reason ??= over;
      count--;
      bytes -= record.bytes;
    }
    if (drop.length === 0) return;
    await this.#append({ t: 'drop', ids: drop.map((r) => r.id), reason: reason! });
    await this.onDrop?.(drop).catch(() => {});
    const live = keptBlobs(this.#records);
    if (this.#lines > 200 && this.#lines > 8 * (this.#records.length + 1)) {
      // Now and then the whole folder (and temp files a crashed writer left) ...
      await this.blobs.sweep(live);
      await this.#compact();
    } else {
      // ... otherwise only the blobs of the dropped checkpoints that nothing else holds: an edit
      // past the limit costs a few unlinks, not a listing of every blob.
      await this.blobs.remove([...keptBlobs(drop)].filter((oid) => !live.has(oid)));
    }
  }

  async #append(...lines: LogLine[]): Promise<void> {
    this.#appender ??= await openOrCreateOwnFile(this.#logPath, 'append', 'the checkpoint log');
    try {
      await this.#appender.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    } catch (error) {
      await this.close();
      throw error;
    }
    for (const line of lines) {
      this.#lines++;
      this.#replay(line);
    }
  }

  /** Closes the log's descriptor (the next append opens it again). */
  async close(): Promise<void> {
    const handle = this.#appender;
    this.#appender = undefined;
    await handle?.close().catch(() => {});
  }

  /** The log rewritten with only what is kept (atomically: a temp file renamed over it). */
  async #compact(): Promise<void> {
    const lines: LogLine[] = [{ t: 'dropped', summary: { ...this.dropped } }];
    for (const r of this.#records) {
      lines.push({
        t: 'begin',
        id: r.id,
        seq: r.seq,
        operation: r.operation,
        kind: r.kind,
        ...(r.command !== undefined ? { command: r.command } : {}),
        at: r.created_at,
      });
      lines.push({ t: 'before', id: r.id, files: r.files.map((f) => ({ path: f.path, state: f.before })) });
      const after = r.files.filter((f): f is FileChange & { after: FileState } => f.after !== undefined);
      if (after.length > 0)
        lines.push({ t: 'after', id: r.id, files: after.map((f) => ({ path: f.path, state: f.after })) });
    }
    const temp = `${this.#logPath}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
    const handle = await createOwnFile(temp, 'write', 'the checkpoint log');
    try {
      await handle.writeFile(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.#logPath);
      this.#lines = lines.length;
      await this.close();
    } catch {
      await unlink(temp).catch(() => {});
    }
  }

  #locked<T>(work: () => Promise<T>): Promise<T> {
    return appends.run(this.#logPath, async () => {
      await this.ready();
      return work();
    });
  }
}

/** The ids of the blobs the records' kept states name. */
function keptBlobs(records: readonly CheckpointRecord[]): Set<string> {
  const kept = new Set<string>();
  for (const record of records)
    for (const file of record.files)
      for (const state of [file.before, file.after])
        if (state?.exists && state.store === 'blob' && state.kept) kept.add(state.oid);
  return kept;
}
