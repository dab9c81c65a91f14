// The embedded store: no server, files in one folder of this user's that nobody else can write
// (by default the workspace's state folder, outside it: see ../fs/state-folder.ts).
//   store.json            the folder layout's version
//   tasks/<key>.json      one task list per key, the same file the `tasks: { file }` store keeps
//   jobs/<key>.json       job records; jobs/<key>/<id>.out their capped output
//   mcp-tasks/<key>.json  MCP task records
//   replicas.json         replica leases
//   approvals.json        calls parked until a human decides them
//   audit.jsonl           the audit log, one JSON line per call
// Every change is made under a lock file and lands by atomic rename (the audit log by one append,
// a torn last line skipped). Notifications reach every store on the same folder in this process.
// Every file is opened without following links and checked on its descriptor (../fs/own-files.ts).
import { dirname, join, resolve } from 'node:path';
import { nodeCrypto } from '../startup/lazy-require.js';
import { hasLoneSurrogate } from '../text/control-text.js';
import { isToolError } from '../contract/errors.js';
import { ensureOwnFolder } from '../fs/own-files.js';
import { checkStillWhereChosen, realPathOf } from '../fs/state-folder.js';
import { createFileTaskStore, type TaskStore } from '../services/tasks.js';
import { embeddedAudit } from './embedded-audit.js';
import { embeddedNotifications } from './embedded-notify.js';
import { embeddedMcpTasks } from './embedded-mcp-tasks.js';
import { embeddedApprovals } from './embedded-approvals.js';
import { withApprovalEffects } from './approvals.js';
import { embeddedJobs, type EmbeddedContext } from './embedded-records.js';
import {
  boundMethods,
  checkKey,
  checkMs,
  checkTaskFields,
  checkText,
  invalidStoreInput,
  jsonText,
  storeUnavailable,
} from './errors.js';
import { JsonDocument, listDocumentCheck } from './json-document.js';
import { moveLegacyStore } from './legacy-store.js';
import { checkLayout } from './output.js';
import {
  DEFAULT_OUTPUT_HEAD_BYTES,
  DEFAULT_OUTPUT_TAIL_BYTES,
  DEFAULT_STORE_TIMEOUT_MS,
  type MigrationReport,
  type ReplicaLeases,
  type ReplicaRecord,
  type Store,
  type StoreOptions,
  type TaskLists,
} from './types.js';

/** The folder layout this code writes; a folder of a newer layout is refused, not rewritten. */
export const EMBEDDED_FORMAT = 1;
const MAX_CACHED_LISTS = 1000;

export interface EmbeddedStoreOptions extends StoreOptions {
  /**
   * A store an earlier version kept inside the workspace, moved into this folder on first open
   * (when this folder holds no store yet). Set for a workspace's default store.
   */
  legacyFolder?: string;
}

// Whole on purpose: the store is one object literal of methods sharing the folder, its lock and its caches.
export function createEmbeddedStore(folder: string, options: EmbeddedStoreOptions = {}): Store {
  // Links in the path given are resolved once, here: later changes to them move nothing.
  const root = realPathOf(resolve(folder));
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  checkMs('timeoutMs', timeoutMs);
  const layout = checkLayout(
    options.outputHeadBytes ?? DEFAULT_OUTPUT_HEAD_BYTES,
    options.outputTailBytes ?? DEFAULT_OUTPUT_TAIL_BYTES,
  );
  // Hashing a key costs more than the rest of a call's overhead: each key is hashed once.
  const keyFiles = new Map<string, string>();
  const ctx: EmbeddedContext = {
    folder: root,
    // A lock held by a live writer is waited for a little less than the call's bound.
    lockTimeoutMs: Math.max(1, timeoutMs - 100),
    layout,
    keyFile: (key) => {
      const text = `${key.scope}\0${key.principal}`;
      // checkKey refused it before: a text with no UTF-8 form would hash as another.
      if (hasLoneSurrogate(text)) throw invalidStoreInput('the store key holds a lone surrogate half (invalid UTF-16)');
      let name = keyFiles.get(text);
      if (name === undefined) {
        name = nodeCrypto().createHash('sha256').update(text).digest('hex').slice(0, 32);
        if (keyFiles.size >= MAX_CACHED_LISTS) keyFiles.delete(keyFiles.keys().next().value!);
        keyFiles.set(text, name);
      }
      return name;
    },
  };
  let closed = false;
  const working = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    working.add(work);
    const done = () => void working.delete(work);
    work.then(done, done);
  };
  let ready: Promise<void> | undefined;
  const marker = new JsonDocument<{ format: number }>({
    path: join(root, 'store.json'),
    empty: () => ({ format: 0 }),
    check: (value) => {
      const format = (value as { format?: unknown } | null)?.format;
      if (typeof format !== 'number' || !Number.isSafeInteger(format)) throw new Error('does not hold {"format":N}');
      return { format };
    },
    lockTimeoutMs: ctx.lockTimeoutMs,
    display: 'the store marker',
  });

  /** The folder made ready once per store: the old in-workspace store moved in, modes checked. */
  let prepared: Promise<void> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      if (options.legacyFolder) {
        await moveLegacyStore(options.legacyFolder, root);
        // The default folder's parent holds every workspace's state: this user's alone too.
        await ensureOwnFolder(dirname(root), 'the state folder', { parents: true });
      }
      await checkStillWhereChosen(root, 'the store folder');
      await ensureOwnFolder(root, 'the store folder', { parents: true });
      await checkStillWhereChosen(root, 'the store folder');
    })().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    }));

  async function migrate(): Promise<MigrationReport> {
    await prepare();
    return marker.mutate((state) => {
      if (state.format > EMBEDDED_FORMAT) {
        throw storeUnavailable(
          root,
          `its folder layout is version ${state.format}, newer than this toolwright knows (${EMBEDDED_FORMAT}); upgrade toolwright`,
        );
      }
      if (state.format === EMBEDDED_FORMAT) return { result: { applied: [], version: EMBEDDED_FORMAT }, dirty: false };
      state.format = EMBEDDED_FORMAT;
      return { result: { applied: [{ version: 1, name: 'folder layout 1' }], version: EMBEDDED_FORMAT }, dirty: true };
    });
  }
  // The first call of a store checks (and if need be writes) the marker; a failure is retried next time.
  let isReady = false;
  const before = () =>
    isReady
      ? undefined
      : (ready ??= migrate().then(
          () => {
            isReady = true;
          },
          (error: unknown) => {
            ready = undefined;
            throw error;
          },
        ));
  const bus = embeddedNotifications(root, () => closed);
  const bound = <T extends object>(target: T): T =>
    boundMethods(target, { timeoutMs, location: root, mapError, isClosed: () => closed, before, track });

  const notifications = bound(bus.notifications);
  const audit = bound(embeddedAudit(ctx));
  const store: Store = {
    engine: 'embedded',
    location: root,
    tasks: bound(embeddedTaskLists(ctx)),
    jobs: bound(embeddedJobs(ctx)),
    mcpTasks: bound(embeddedMcpTasks(ctx)),
    audit,
    replicas: bound(embeddedReplicas(ctx)),
    notifications,
    approvals: withApprovalEffects(bound(embeddedApprovals(ctx)), notifications, audit),
    migrate: () => boundMethods({ migrate }, { timeoutMs, location: root, mapError, isClosed: () => closed }).migrate(),
    async close() {
      closed = true;
      // Work whose caller was answered already (its time ran out) ends before the store does.
      await Promise.allSettled([...working]);
      await bus.closeAll();
    },
  };
  Object.defineProperty(store, 'toJSON', { value: () => ({ engine: 'embedded', location: root }) });
  return Object.freeze(store);

  /** File-system failures (no permission, disk full, read-only) are the store being unavailable. */
  function mapError(error: unknown): unknown {
    if (isToolError(error)) return error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
      return storeUnavailable(root, `${code}: ${(error as Error).message}`);
    return error;
  }
}

function embeddedTaskLists(ctx: EmbeddedContext): TaskLists {
  const lists = new Map<string, TaskStore>();
  const listFor = (key: Parameters<TaskLists['list']>[0]): TaskStore => {
    checkKey(key);
    const name = ctx.keyFile(key);
    let list = lists.get(name);
    if (!list) {
      list = createFileTaskStore({
        path: join(ctx.folder, 'tasks', `${name}.json`),
        lockTimeoutMs: ctx.lockTimeoutMs,
        ownFolder: true,
      });
      if (lists.size >= MAX_CACHED_LISTS) lists.delete(lists.keys().next().value!);
      lists.set(name, list);
    }
    return list;
  };
  return {
    create: (key, input, now) => {
      checkTaskFields(input, true);
      // An empty description is no description, in every engine.
      const { description, ...rest } = input;
      return listFor(key).create(description === '' ? rest : input, now);
    },
    update: (key, id, patch, now) => {
      checkTaskFields(patch, false);
      return listFor(key).update(id, patch, now);
    },
    list: (key, filter) => listFor(key).list(filter),
  };
}

interface ReplicasDoc {
  version: 1;
  replicas: ReplicaRecord[];
}

function embeddedReplicas(ctx: EmbeddedContext): ReplicaLeases {
  const doc = new JsonDocument<ReplicasDoc>({
    path: join(ctx.folder, 'replicas.json'),
    empty: () => ({ version: 1, replicas: [] }),
    check: listDocumentCheck<ReplicasDoc>('replicas'),
    lockTimeoutMs: ctx.lockTimeoutMs,
    display: 'the replica list',
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    async register(id, { leaseMs, info = {} }) {
      checkText('replica id', id, 256);
      checkMs('leaseMs', leaseMs);
      const infoCopy = JSON.parse(jsonText('replica info', info, 64 * 1024)) as Record<string, unknown>;
      return doc.mutate((state) => {
        const now = Date.now();
        const record: ReplicaRecord = {
          id,
          started_at: iso(now),
          heartbeat_at: iso(now),
          lease_expires_at: iso(now + leaseMs),
          info: infoCopy,
        };
        state.replicas = [...state.replicas.filter((r) => r.id !== id), record];
        return { result: { ...record }, dirty: true };
      });
    },
    async renew(id, leaseMs) {
      checkText('replica id', id, 256);
      checkMs('leaseMs', leaseMs);
      return doc.mutate((state) => {
        const replica = state.replicas.find((r) => r.id === id);
        if (!replica) return { result: undefined, dirty: false };
        const now = Date.now();
        replica.heartbeat_at = iso(now);
        replica.lease_expires_at = iso(now + leaseMs);
        return { result: { ...replica }, dirty: true };
      });
    },
    async list() {
      return (await doc.read()).replicas;
    },
    async listExpired() {
      const now = Date.now();
      return (await doc.read()).replicas.filter((r) => Date.parse(r.lease_expires_at) <= now);
    },
    async remove(id) {
      checkText('replica id', id, 256);
      return doc.mutate((state) => {
        const before = state.replicas.length;
        state.replicas = state.replicas.filter((r) => r.id !== id);
        return { result: state.replicas.length < before, dirty: state.replicas.length < before };
      });
    },
  };
}
