// What one call records for undo (HandlerContext.checkpoint): before it writes, what each file it
// will change holds (its bytes and mode, kept as a blob, or that it is absent); after, what it
// wrote (by content id). A bash call with `checkpoints.bash` is bracketed by two snapshots of the
// workspace instead, and records the files that differ between them.
import { ToolError } from '../contract/errors.js';
import type { StoreKey } from '../store/types.js';
import type { ResolvedPath } from '../fs/workspace.js';
import { gitBlobId } from './blobs.js';
import type { SessionLog } from './session-log.js';
import type { ShadowRepo } from './shadow-git.js';
import type { FileState } from './types.js';

/** Where a call's checkpoint goes (the toolkit's CheckpointKeeper). */
export interface CheckpointSource {
  readonly bash: boolean;
  readonly maxBytes: number;
  log(key: StoreKey, sessionId: string): Promise<SessionLog>;
  repo(): Promise<ShadowRepo>;
  snapshotRefs(key: StoreKey, sessionId: string, id: string): { before: string; after: string };
}

/** The call a recorder belongs to. */
export interface CheckpointCall {
  readonly storeKey: StoreKey;
  readonly session: { readonly id: string };
  readonly operation: { readonly id: string };
  /** When the call began (ms), if earlier than its first record. */
  readonly startedAt?: number;
}

/** A file as it is before (or after) the call writes it: absent, or its bytes (undefined: too large or unreadable) and mode. */
export interface RecordedFile {
  resolved: Pick<ResolvedPath, 'relative' | 'absolute'>;
  absent?: boolean;
  bytes?: Uint8Array;
  /** Permission bits (0o7777). */
  mode?: number;
  /** Its size when the bytes are not given. */
  size?: number;
}

/**
 * A command bracketed by snapshots: `finish()` takes the second one and records what changed;
 * it resolves the checkpoint's id (undefined when nothing changed or the record failed).
 */
export interface CommandBracket {
  finish(): Promise<string | undefined>;
}

/** When the call began: a folder it made before its first record is younger than this. */
function began(call: CheckpointCall): Date | undefined {
  return call.startedAt === undefined ? undefined : new Date(call.startedAt);
}

function failed(error: unknown): ToolError {
  if (error instanceof ToolError && error.code === 'UNAVAILABLE') return error;
  const why = error instanceof Error ? error.message : String(error);
  return new ToolError(
    'UNAVAILABLE',
    `the checkpoint of this change could not be recorded (${why}), so nothing was written; fix the checkpoints folder, or turn checkpoints off (checkpoints: false, --no-checkpoints)`,
  );
}

export class CallCheckpoint {
  #id: string | undefined;
  #log: SessionLog | undefined;
  /** Files whose after-state is recorded: a later before() for them keeps the first before. */
  readonly #written = new Set<string>();

  constructor(
    readonly source: CheckpointSource,
    readonly call: CheckpointCall,
  ) {}

  /** The id of this call's checkpoint, once it has one. */
  get id(): string | undefined {
    return this.#id;
  }

  /** The largest content kept: a larger file is recorded but cannot be brought back. */
  get maxBytes(): number {
    return this.source.maxBytes;
  }

  /** Records what the files hold before the call writes them; throws UNAVAILABLE when it cannot (write nothing then). */
  async before(files: readonly RecordedFile[]): Promise<void> {
    try {
      const log = (this.#log ??= await this.source.log(this.call.storeKey, this.call.session.id));
      // The blobs are put under the log's lock, with the record that names them.
      const keep = async () => {
        const states: { path: string; state: FileState }[] = [];
        for (const file of files) {
          if (this.#written.has(file.resolved.absolute)) continue;
          states.push({ path: file.resolved.relative, state: await this.#keep(log, file) });
        }
        return states;
      };
      // The first record of a call begins its checkpoint with the states in the same append.
      if (this.#id === undefined)
        this.#id = await log.begin(this.call.operation.id, 'files', undefined, keep, began(this.call));
      else await log.before(this.#id, keep);
    } catch (error) {
      throw failed(error);
    }
  }

  async #keep(log: SessionLog, file: RecordedFile): Promise<FileState> {
    if (file.absent) return { exists: false };
    const mode = file.mode ?? 0o644;
    if (!file.bytes || file.bytes.length > this.source.maxBytes) {
      const oid = file.bytes ? gitBlobId(file.bytes) : '';
      return { exists: true, oid, mode, size: file.bytes?.length ?? file.size ?? 0, kept: false, store: 'blob' };
    }
    const oid = await log.blobs.put(file.bytes);
    return { exists: true, oid, mode, size: file.bytes.length, kept: true, store: 'blob' };
  }

  /** Records what the call wrote (by content id); a failure here loses the undo, not the write. */
  async after(files: readonly RecordedFile[]): Promise<void> {
    if (!this.#log || !this.#id) return;
    const states = files.map((file) => {
      this.#written.add(file.resolved.absolute);
      const state: FileState =
        file.absent || !file.bytes
          ? { exists: false }
          : {
              exists: true,
              oid: gitBlobId(file.bytes),
              mode: file.mode ?? 0o644,
              size: file.bytes.length,
              kept: false,
              store: 'blob',
            };
      return { path: file.resolved.relative, state };
    });
    await this.#log.after(this.#id, states).catch(() => {});
  }

  /** Drops the checkpoint begun for a change that wrote nothing in the end (a failed or refused call). */
  async abandon(): Promise<void> {
    const log = this.#log;
    const id = this.#id;
    if (!log || !id || this.#written.size > 0) return;
    this.#id = undefined;
    await log.abandon(id).catch(() => {});
  }

  /**
   * Brackets a shell command with snapshots (when `checkpoints.bash` is on; undefined otherwise):
   * the first is taken now (UNAVAILABLE when it cannot be: the command is then not run), the
   * second by `finish()`, which records the files that differ as this call's checkpoint. `bwrap`:
   * the sandbox program when the command runs in one (the snapshots read the workspace in one too).
   */
  async command(line: string, bwrap?: string): Promise<CommandBracket | undefined> {
    if (!this.source.bash) return undefined;
    const started = new Date();
    let repo: ShadowRepo;
    let before: string;
    try {
      repo = await this.source.repo();
      before = await repo.snapshot(bwrap);
    } catch (error) {
      throw new ToolError(
        'UNAVAILABLE',
        `bash was not run: the workspace snapshot its checkpoint needs could not be taken (${error instanceof Error ? error.message : String(error)}); turn off checkpoints.bash (or leave out --checkpoint-bash) to run commands without it`,
      );
    }
    return {
      finish: async () => {
        try {
          const after = await repo.snapshot(bwrap);
          const changes = await repo.changes(before, after);
          if (changes.length === 0) return undefined;
          const log = (this.#log ??= await this.source.log(this.call.storeKey, this.call.session.id));
          const id = await log.begin(this.call.operation.id, 'command', line.slice(0, 500), undefined, started);
          const refs = this.source.snapshotRefs(this.call.storeKey, this.call.session.id, id);
          await repo.keep([
            { name: refs.before, tree: before },
            { name: refs.after, tree: after },
          ]);
          const sizes = await repo.sizes(
            changes.flatMap((c) => [c.before?.oid, c.after?.oid].filter((o): o is string => !!o)),
          );
          const state = (side: { mode: number; oid: string } | undefined): FileState =>
            side
              ? {
                  exists: true,
                  oid: side.oid,
                  mode: side.mode,
                  size: sizes.get(side.oid) ?? 0,
                  kept: true,
                  store: 'git',
                }
              : { exists: false };
          await log.before(
            id,
            changes.map((c) => ({ path: c.path, state: state(c.before) })),
          );
          await log.after(
            id,
            changes.map((c) => ({ path: c.path, state: state(c.after) })),
          );
          return id;
        } catch {
          // The command ran; only its undo is lost (checkpoint_list does not show it).
          return undefined;
        }
      },
    };
  }
}
