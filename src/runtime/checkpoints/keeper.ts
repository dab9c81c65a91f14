// The checkpoints of one toolkit's workspace: where they are kept (the workspace's state folder, or
// `checkpoints.dir`, never inside the workspace), one log per store key (scope and principal) and
// session, each in a folder named by digests, and the shadow repository of bash snapshots.
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { nodeCrypto } from '../startup/lazy-require.js';
import { hasLoneSurrogate } from '../text/control-text.js';
import { ensureOwnFolder } from '../fs/own-files.js';
import { checkStillWhereChosen, ensureStateFolder, folderConflict, realPathOf } from '../fs/state-folder.js';
import type { StoreKey } from '../store/types.js';
import { CallCheckpoint, type CheckpointCall, type CheckpointSource } from './recorder.js';
import { SessionLog } from './session-log.js';
import { ShadowRepo } from './shadow-git.js';
import {
  DEFAULT_MAX_CHECKPOINT_BYTES,
  DEFAULT_MAX_CHECKPOINTS,
  type CheckpointOptions,
  type CheckpointsOption,
  type FileState,
} from './types.js';

/** A folder's name for `text`; a text with no UTF-8 form is refused (two would hash alike). */
const digest = (text: string) => {
  if (hasLoneSurrogate(text))
    throw new ToolError('INVALID_INPUT', 'a checkpoint key holds a lone surrogate half (invalid UTF-16)');
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
};

/** Logs open in this process, by folder: every toolkit of one session appends through one. */
const logs = new Map<string, SessionLog>();
const MAX_OPEN_LOGS = 256;
const repos = new Map<string, ShadowRepo>();

export class CheckpointKeeper implements CheckpointSource {
  readonly bash: boolean;
  readonly maxCount: number;
  readonly maxBytes: number;
  readonly #dir: string | undefined;
  #base: Promise<string> | undefined;

  constructor(
    options: CheckpointOptions,
    readonly workspaceRoot: string,
  ) {
    this.bash = options.bash === true;
    this.maxCount = positive(options.maxCount, DEFAULT_MAX_CHECKPOINTS, 'maxCount');
    this.maxBytes = positive(options.maxBytes, DEFAULT_MAX_CHECKPOINT_BYTES, 'maxBytes');
    if (options.dir !== undefined) {
      if (typeof options.dir !== 'string' || options.dir === '')
        throw new TypeError('createToolkit: options.checkpoints.dir must be a folder path (outside the workspace)');
      const dir = path.resolve(workspaceRoot, options.dir);
      const conflict = folderConflict(dir, workspaceRoot);
      if (conflict) throw new TypeError(`createToolkit: the checkpoints folder ${dir} ${conflict}`);
      // Links on its path are resolved once, here: later changes to them move nothing.
      this.#dir = realPathOf(dir);
    }
  }

  /** The folder given (`checkpoints.dir`, its links resolved), or undefined for the state folder's. */
  get chosenFolder(): string | undefined {
    return this.#dir;
  }

  /** The folder every checkpoint of this workspace is under (created, this user's alone). */
  base(): Promise<string> {
    return (this.#base ??= (async () => {
      if (this.#dir === undefined) return path.join(await ensureStateFolder(this.workspaceRoot), 'checkpoints');
      // Checked before anything is made through a link put on its path since, and after.
      await checkStillWhereChosen(this.#dir, 'the checkpoints folder');
      await ensureOwnFolder(this.#dir, 'the checkpoints folder', { parents: true });
      await checkStillWhereChosen(this.#dir, 'the checkpoints folder');
      return this.#dir;
    })().catch((error: unknown) => {
      this.#base = undefined;
      throw error;
    }));
  }

  /** The log of one session of one store key (opened and replayed on first use). */
  async log(key: StoreKey, sessionId: string): Promise<SessionLog> {
    const folder = path.join(await this.base(), 'logs', digest(`${key.scope}\0${key.principal}`), digest(sessionId));
    let log = logs.get(folder);
    if (!log) {
      log = new SessionLog(folder, { maxCount: this.maxCount, maxBytes: this.maxBytes });
      if (logs.size >= MAX_OPEN_LOGS) {
        const oldest = logs.keys().next().value!;
        void logs.get(oldest)?.close();
        logs.delete(oldest);
      }
      logs.set(folder, log);
    }
    log.onDrop ??= (dropped) =>
      this.forgetSnapshots(
        key,
        sessionId,
        dropped.map((r) => r.id),
      );
    await log.ready();
    return log;
  }

  /** The shadow repository of this workspace's snapshots. */
  async repo(): Promise<ShadowRepo> {
    const gitDir = path.join(await this.base(), 'shadow.git');
    let repo = repos.get(gitDir);
    if (!repo) repos.set(gitDir, (repo = new ShadowRepo(gitDir, this.workspaceRoot)));
    await repo.ready();
    return repo;
  }

  /** The ref names of a command checkpoint's two snapshots. */
  snapshotRefs(key: StoreKey, sessionId: string, id: string): { before: string; after: string } {
    const name = `${digest(`${key.scope}\0${key.principal}`).slice(0, 32)}/${digest(sessionId).slice(0, 32)}/${id}`;
    return { before: `${name}/before`, after: `${name}/after` };
  }

  async forgetSnapshots(key: StoreKey, sessionId: string, ids: readonly string[]): Promise<void> {
    const names = ids.flatMap((id) => Object.values(this.snapshotRefs(key, sessionId, id)));
    const gitDir = path.join(await this.base(), 'shadow.git');
    const repo = repos.get(gitDir);
    if (repo) await repo.forget(names).catch(() => {});
  }

  /**
   * The bytes of a recorded state, or undefined when they are not kept: a file operation's content
   * from the session's blobs (by content id, so an after-state is found when a later call kept it
   * as its before-state), a snapshot's from the shadow repository.
   */
  async content(log: SessionLog, state: FileState): Promise<Buffer | undefined> {
    if (!state.exists || state.oid === '') return undefined;
    if (state.store === 'git') return (await this.repo()).blob(state.oid);
    return log.blobs.get(state.oid);
  }

  /** The recorder of one call (HandlerContext.checkpoint). */
  forCall(call: CheckpointCall): CallCheckpoint {
    return new CallCheckpoint(this, call);
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`createToolkit: options.checkpoints.${name} must be a positive integer`);
  return value;
}

/** The keeper for a toolkit's `checkpoints` option (undefined when turned off). */
export function checkpointKeeper(
  option: CheckpointsOption | undefined,
  workspaceRoot: string,
): CheckpointKeeper | undefined {
  if (option === false) return undefined;
  if (option !== undefined && (typeof option !== 'object' || option === null))
    throw new TypeError('createToolkit: options.checkpoints must be false or { bash?, maxCount?, maxBytes?, dir? }');
  return new CheckpointKeeper(option ?? {}, workspaceRoot);
}
