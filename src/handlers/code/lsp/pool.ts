// The language servers of this process: one per server spec and workspace, shared by every toolkit
// over that workspace. Started on first use, started again after a crash (not more than 3 times a
// minute), stopped when idle and when the last toolkit holding it closes.
import { ToolError } from '../../../runtime/errors.js';
import type { ServerSpec } from '../discovery.js';
import { withDeadline } from './bounds.js';
import { LanguageClient } from './client.js';
import { startServer, type ServerProcess } from './process.js';

/** How long a server may take to answer `initialize` (the caller's own wait is shorter). */
const START_LIMIT_MS = 180_000;
const CRASH_WINDOW_MS = 60_000;
const CRASHES_ALLOWED = 3;

export interface PoolOptions {
  bwrapPath?: string;
  pathVar: string;
  idleMs: number;
}

interface Entry {
  readonly key: string;
  readonly spec: ServerSpec;
  readonly workspace: string;
  readonly options: PoolOptions;
  readonly holders: Set<object>;
  client?: Promise<LanguageClient>;
  /** The process of the server being started or running (killed at once by a stop during its start). */
  process?: ServerProcess;
  crashes: number[];
  lastCrash?: ToolError;
  idleTimer?: NodeJS.Timeout;
  uses: number;
  /** Work on the server's documents runs one at a time (an edit check's "before" text must not be seen by others). */
  queue: Promise<unknown>;
}

const entries = new Map<string, Entry>();

function entryFor(holder: object, spec: ServerSpec, workspace: string, options: PoolOptions): Entry {
  const key = JSON.stringify([workspace, spec.key, options.bwrapPath ?? '']);
  let entry = entries.get(key);
  if (!entry) {
    entry = { key, spec, workspace, options, holders: new Set(), crashes: [], uses: 0, queue: Promise.resolve() };
    entries.set(key, entry);
  }
  entry.holders.add(holder);
  return entry;
}

/**
 * Runs `work` with the workspace's server for `spec` (started if need be), alone on it. Waiting for
 * the server counts against `timeoutMs`; a start that takes longer goes on for the next call.
 */
export async function withServer<T>(
  holder: object,
  spec: ServerSpec,
  workspace: string,
  options: PoolOptions,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (client: LanguageClient) => Promise<T>,
): Promise<T> {
  const entry = entryFor(holder, spec, workspace, options);
  entry.uses++;
  clearTimeout(entry.idleTimer);
  try {
    const client = await withDeadline(
      running(entry),
      timeoutMs,
      signal,
      `${spec.name} is still starting (more than ${timeoutMs} ms so far; a large project takes a while the first time): call again`,
    );
    const turn = entry.queue.then(() => work(client));
    entry.queue = turn.catch(() => {});
    return await turn;
  } finally {
    entry.uses--;
    scheduleIdle(entry);
  }
}

/** Whether the spec's server is running (answered `initialize`) for this workspace. */
export async function isRunning(spec: ServerSpec, workspace: string, options: PoolOptions): Promise<boolean> {
  const entry = entries.get(JSON.stringify([workspace, spec.key, options.bwrapPath ?? '']));
  if (!entry?.client) return false;
  return Promise.race([
    entry.client.then(
      (client) => !client.dead,
      () => false,
    ),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);
}

function running(entry: Entry): Promise<LanguageClient> {
  if (entry.client) return entry.client;
  const now = Date.now();
  entry.crashes = entry.crashes.filter((at) => now - at < CRASH_WINDOW_MS);
  if (entry.crashes.length >= CRASHES_ALLOWED) {
    return Promise.reject(
      new ToolError(
        'UNAVAILABLE',
        `${entry.spec.name} ended ${entry.crashes.length} times in the last minute, so it is not started again yet${entry.lastCrash ? ` (last: ${entry.lastCrash.message})` : ''}`,
      ),
    );
  }
  const self: { promise?: Promise<LanguageClient> } = {};
  const started = (async () => {
    const server = await startServer(entry.spec, entry.workspace, entry.options);
    if (entry.client !== self.promise) {
      server.kill(); // stopped while it was being spawned
      throw new ToolError('UNAVAILABLE', `${entry.spec.name} was stopped`);
    }
    entry.process = server;
    try {
      const client = await LanguageClient.connect(entry.spec, entry.workspace, server, START_LIMIT_MS, undefined);
      client.whenEnded((error) => {
        if (entry.client !== started) return;
        entry.client = undefined;
        if (!client.stopped) {
          entry.crashes.push(Date.now());
          entry.lastCrash = error;
        }
      });
      return client;
    } catch (error) {
      server.kill();
      throw error;
    }
  })();
  self.promise = started;
  entry.client = started;
  started.catch((error: unknown) => {
    if (entry.client !== started) return;
    entry.client = undefined;
    entry.crashes.push(Date.now());
    if (error instanceof ToolError) entry.lastCrash = error;
  });
  return started;
}

function scheduleIdle(entry: Entry): void {
  clearTimeout(entry.idleTimer);
  if (entry.uses > 0 || !entry.client) return;
  entry.idleTimer = setTimeout(() => {
    if (entry.uses > 0) return;
    void stopEntry(entry);
  }, entry.options.idleMs);
  entry.idleTimer.unref();
}

async function stopEntry(entry: Entry): Promise<void> {
  clearTimeout(entry.idleTimer);
  const client = entry.client;
  const server = entry.process;
  entry.client = undefined;
  entry.process = undefined;
  if (!client) return;
  // A server still starting is killed now: close() never waits for a start to finish.
  const ready = await Promise.race([
    client.catch(() => undefined),
    new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined))),
  ]);
  if (ready) await ready.stop();
  else server?.kill();
}

/** The holder (a toolkit) is done: servers no other holder uses are stopped. */
export async function release(holder: object): Promise<void> {
  const stopping: Promise<void>[] = [];
  for (const entry of [...entries.values()]) {
    if (!entry.holders.delete(holder) || entry.holders.size > 0) continue;
    entries.delete(entry.key);
    stopping.push(stopEntry(entry));
  }
  await Promise.all(stopping);
}

/** Process ids of the running servers' groups (tests check none survives). */
export async function runningServerPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of entries.values()) {
    const client = await entry.client?.catch(() => undefined);
    if (client && !client.dead && client.pid !== undefined) pids.push(client.pid);
  }
  return pids;
}
