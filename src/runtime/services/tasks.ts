// The TaskStore interface of the task provider and its two stores of its own (in memory, one file).
import { mkdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { atomicReplace, sweepLeftovers } from '../fs/atomic-write.js';
import { ToolError } from '../contract/errors.js';
import { acquireFileLock } from '../fs/locks.js';
import { ensureOwnFolder, makeFolders } from '../fs/own-files.js';
import { realPathOf, realPathOfAsync } from '../fs/state-folder.js';
import { isInside } from '../fs/workspace.js';
import { openOrCreateDir, plainDir, VerifiedDir, type DirRef } from '../fs/verified-fs.js';
import { beginBoundWork, checkBoundWork } from '../store/errors.js';
import { readJsonFile } from '../store/json-document.js';

export type TaskStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';
export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed', 'cancelled'];

export interface Task {
  id: string;
  title: string;
  description?: string;
  status: TaskStatus;
  created_at: string;
  updated_at: string;
}

export interface TaskPatch {
  title?: string;
  description?: string;
  status?: TaskStatus;
}

export interface TaskUpdate {
  /** The task as it was before the update. */
  before: Task;
  /** The task as it is now (equal to `before` when the patch changed nothing; then nothing is written). */
  task: Task;
  /** Names of the fields whose value changed. */
  changed: (keyof TaskPatch)[];
}

export interface TaskStore {
  create(input: { title: string; description?: string; status?: TaskStatus }, now: Date): Promise<Task>;
  /** Resolves undefined when no task has that id. */
  update(id: string, patch: TaskPatch, now: Date): Promise<TaskUpdate | undefined>;
  list(filter?: { status?: TaskStatus }): Promise<Task[]>;
}

/** JSON form of the `tasks` toolkit option: a file-backed store at `file` (relative to the workspace). */
export interface TaskFileConfig {
  file: string;
}

/** What the `tasks` toolkit option accepts: a store, or where to keep a file-backed one. */
export type TaskStoreOption = TaskStore | TaskFileConfig;

/**
 * Resolves the `tasks` option: a store as is, `{file}` as a file store, nothing as `fallback` (the
 * toolkit's store's task list) or else a fresh in-memory store.
 */
export function resolveTaskStore(
  option: TaskStoreOption | undefined,
  workspaceRoot: string,
  fallback?: () => TaskStore,
): TaskStore {
  if (option === undefined) return fallback ? fallback() : createDefaultTaskStore();
  if ('file' in option && typeof option.file === 'string') {
    return createFileTaskStore({
      path: isAbsolute(option.file) ? option.file : resolve(workspaceRoot, option.file),
      workspace: workspaceRoot,
    });
  }
  return option as TaskStore;
}

/** The state both stores keep: tasks in creation order and the next id number. */
interface TaskState {
  version: 1;
  next: number;
  tasks: Task[];
}

const emptyState = (): TaskState => ({ version: 1, next: 1, tasks: [] });

/**
 * The most tasks one list (one principal's, in a store) keeps. At the cap a new task takes the
 * place of the oldest completed or cancelled one; a list of open tasks only is full.
 */
export const MAX_TASKS_PER_LIST = 1000;

/** LIMIT_REACHED for a list of MAX_TASKS_PER_LIST open tasks. */
export function taskListFull(): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `the task list holds ${MAX_TASKS_PER_LIST} tasks, none of them completed or cancelled (the most one list keeps); nothing was created. Mark finished or abandoned tasks completed or cancelled with task_update: the oldest of those makes room for a new one`,
    { limit: MAX_TASKS_PER_LIST },
  );
}

/** Whether a task is over (the ones a full list gives up, oldest first). */
export const isEnded = (task: Pick<Task, 'status'>) => task.status === 'completed' || task.status === 'cancelled';

function makeTask(
  state: TaskState,
  input: { title: string; description?: string; status?: TaskStatus },
  now: Date,
): Task {
  if (state.tasks.length >= MAX_TASKS_PER_LIST) {
    const oldest = state.tasks.findIndex(isEnded);
    if (oldest === -1) throw taskListFull();
    state.tasks.splice(oldest, 1);
  }
  const stamp = now.toISOString();
  const task: Task = {
    id: `t${state.next++}`,
    title: input.title,
    ...(input.description !== undefined ? { description: input.description } : {}),
    status: input.status ?? 'pending',
    created_at: stamp,
    updated_at: stamp,
  };
  state.tasks.push(task);
  return { ...task };
}

/** Applies a patch in place; returns the update, or undefined when the id is unknown. */
function applyPatch(state: TaskState, id: string, patch: TaskPatch, now: Date): TaskUpdate | undefined {
  const task = state.tasks.find((t) => t.id === id);
  if (!task) return undefined;
  const before = { ...task };
  const changed: (keyof TaskPatch)[] = [];
  for (const key of ['title', 'description', 'status'] as const) {
    const value = patch[key];
    if (value === undefined || value === (task[key] ?? '')) continue;
    // An empty description removes it.
    if (key === 'description' && value === '') delete task.description;
    else (task as unknown as Record<string, unknown>)[key] = value;
    changed.push(key);
  }
  if (changed.length > 0) task.updated_at = now.toISOString();
  return { before, task: { ...task }, changed };
}

/** The update `patch` makes to one task (as every store applies it); `task` itself is not changed. */
export function patchTask(task: Task, patch: TaskPatch, now: Date): TaskUpdate {
  return applyPatch({ version: 1, next: 1, tasks: [{ ...task }] }, task.id, patch, now)!;
}

function filterTasks(state: TaskState, filter?: { status?: TaskStatus }): Task[] {
  return state.tasks.filter((t) => !filter?.status || t.status === filter.status).map((t) => ({ ...t }));
}

/** In-memory store: one per toolkit (per session) unless the host shares one. Ids are `t1`, `t2`, … */
export function createDefaultTaskStore(): TaskStore {
  const state = emptyState();
  return {
    async create(input, now) {
      return makeTask(state, input, now);
    },
    async update(id, patch, now) {
      return applyPatch(state, id, patch, now);
    },
    async list(filter) {
      return filterTasks(state, filter);
    },
  };
}

export interface FileTaskStoreOptions {
  /** The JSON file holding the tasks (created on first write, with its folder). */
  path: string;
  /**
   * The workspace, when the file may lie inside it: its folder must then stay inside it once links
   * are resolved (checked on the opened folder, so a folder swapped for a link out of it is
   * refused, never written through).
   */
  workspace?: string;
  /** The folder is the toolkit's own (the embedded store's): created mode 0700, and refused unless this user's alone. */
  ownFolder?: boolean;
  /** How long to wait for another writer's lock before failing with TIMEOUT (default 10 s). */
  lockTimeoutMs?: number;
  /** A lock older than this is considered abandoned even if its owner seems alive (default 30 s). */
  staleLockMs?: number;
}

/**
 * The task list in a task file (an empty or missing file is an empty list), read at `at` (a path
 * through its opened folder) and named `path`; a file that holds no task list is UNAVAILABLE.
 */
async function readTaskFile(at: string, path: string, ownFolder: boolean): Promise<TaskState> {
  const parsed = await readJsonFile(at, 'the task file', path, { ownFolder });
  if (parsed === undefined) return emptyState();
  const state = parsed as Partial<TaskState>;
  if (!state || typeof state !== 'object' || !Array.isArray(state.tasks)) {
    throw new ToolError(
      'UNAVAILABLE',
      `the task file ${path} does not hold a task list ({"version":1,"next":N,"tasks":[…]}); fix or remove it`,
    );
  }
  // Every entry must be a task: a hand-edited (or model-written) file fails clearly, not INTERNAL.
  const bad = state.tasks.findIndex(
    (t: unknown) =>
      typeof t !== 'object' ||
      t === null ||
      Array.isArray(t) ||
      typeof (t as Task).id !== 'string' ||
      typeof (t as Task).title !== 'string' ||
      typeof (t as Task).status !== 'string',
  );
  if (bad >= 0) {
    throw new ToolError(
      'UNAVAILABLE',
      `the task file ${path}: tasks[${bad}] is not a task (an object with string id, title and status); fix or remove it`,
    );
  }
  // `next` never goes below the highest id in the file, even if someone edited it by hand.
  const highest = state.tasks.reduce((max, t) => Math.max(max, Number(/^t(\d+)$/.exec(t.id)?.[1] ?? 0)), 0);
  return { version: 1, next: Math.max(Number(state.next) || 1, highest + 1), tasks: state.tasks };
}

/** The folder a task file is in, opened for one operation; `close` when done. */
interface TaskFolder {
  dir: DirRef;
  /** Throws unless the folder is still where it was checked to be (right before a rename). */
  reverify(): Promise<void>;
  close(): Promise<void>;
}

/**
 * File-backed store: one JSON file that survives restarts. Every change is a read-modify-write under
 * an exclusive lock file (`<path>.lock`, created with O_EXCL) and lands by write-to-temp + fsync +
 * rename, so concurrent writers in other processes lose nothing and readers never see a torn file.
 * The file is never read through a link (nor a FIFO, another user's file, one with other names).
 */
export function createFileTaskStore(options: FileTaskStoreOptions): TaskStore {
  const path = resolve(options.path);
  const name = basename(path);
  const lockName = `${name}.lock`;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const staleLockMs = options.staleLockMs ?? 30_000;
  const display = `the task file ${path}`;
  // A file whose folder is (or resolves) inside the workspace is reached through that folder,
  // opened and proven inside it for each operation.
  const workspace = options.workspace === undefined ? undefined : realPathOf(resolve(options.workspace));
  const parent = dirname(path);
  const confined =
    workspace !== undefined &&
    [resolve(options.workspace!), workspace].some(
      (root) => isInside(root, parent) || isInside(root, realPathOf(parent)),
    );
  // A store's task folder is the toolkit's own (checked before a file in it is read); a task file
  // a user chose, or one reached through a verified descriptor in the workspace, is not.
  const ownFolderOf = () => options.ownFolder === true && !confined;
  // Writers inside this process queue up here first, so they do not spin on the lock file.
  let queue: Promise<unknown> = Promise.resolve();

  async function openFolder(create: boolean): Promise<TaskFolder | undefined> {
    if (confined) {
      const real = await realPathOfAsync(parent);
      if (!isInside(workspace, real)) {
        throw new ToolError(
          'UNAVAILABLE',
          `${display}: its folder leads out of the workspace (${workspace}) through a link; refused, nothing was read or written`,
        );
      }
      let dir: VerifiedDir;
      try {
        dir = create
          ? await openOrCreateDir(workspace, real, display, (p) => mkdir(p))
          : await VerifiedDir.open(workspace, real, display);
      } catch (error) {
        if (!create && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return { dir, reverify: () => dir.reverify(), close: () => dir.close() };
    }
    if (create) {
      if (options.ownFolder) await ensureOwnFolder(parent, 'the store folder', { parents: true });
      // Folder by folder: a recursive mkdir spins forever where mkdir answers ENOENT (/proc).
      else await makeFolders(parent, 'the task file folder');
    }
    return { dir: plainDir(parent), reverify: async () => {}, close: async () => {} };
  }

  async function readState(): Promise<TaskState> {
    const folder = await openFolder(false);
    if (!folder) return emptyState();
    try {
      return await readTaskFile(folder.dir.entry(name), path, ownFolderOf());
    } finally {
      await folder.close();
    }
  }

  async function withLock<T>(work: (folder: TaskFolder) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      checkBoundWork(path);
      const folder = (await openFolder(true))!;
      try {
        // The same cross-process lock file the filesystem writers take (O_EXCL, owner inside, stale
        // locks broken by renaming them aside).
        const release = await acquireFileLock(folder.dir, lockName, {
          timeoutMs: lockTimeoutMs,
          staleMs: staleLockMs,
          display,
        });
        try {
          beginBoundWork(path);
          return await work(folder);
        } finally {
          await release();
        }
      } finally {
        await folder.close();
      }
    });
    queue = run.catch(() => {});
    return run;
  }

  async function mutate<T>(change: (state: TaskState) => { result: T; dirty: boolean }): Promise<T> {
    return withLock(async (folder) => {
      const state = await readTaskFile(folder.dir.entry(name), path, ownFolderOf());
      const { result, dirty } = change(state);
      if (dirty) {
        await sweepLeftovers(folder.dir, dirname(path));
        await atomicReplace(folder.dir, name, `${JSON.stringify(state, null, 2)}\n`, {
          mode: options.ownFolder ? 0o600 : 0o644,
          beforeRename: () => folder.reverify(),
        });
      }
      return result;
    });
  }

  return {
    create(input, now) {
      return mutate((state) => ({ result: makeTask(state, input, now), dirty: true }));
    },
    update(id, patch, now) {
      return mutate((state) => {
        const result = applyPatch(state, id, patch, now);
        return { result, dirty: (result?.changed.length ?? 0) > 0 };
      });
    },
    // Readers need no lock: the file is only ever replaced whole by rename.
    async list(filter) {
      return filterTasks(await readState(), filter);
    },
  };
}
