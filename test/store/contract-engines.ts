// What every store contract file shares: the two engines (the embedded one over a temporary
// folder, the PostgreSQL one over a throwaway cluster from test/support/postgres.ts, one per file),
// the hooks that open and close stores around each test, and small helpers for keys and refusals.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import type { OutputRead, Store, StoreKey, StoreOptions } from '../../src/runtime/store/types.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';

export interface Engine {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** A new store instance over the same folder / database. */
  open(options?: StoreOptions): Store;
  /** What `--store` takes for the same folder / database (the CLI's view of it). */
  spec(): string;
}

/** The engines this machine can run, each with its own folder or cluster for the calling file. */
export function contractEngines(): Engine[] {
  let folder: string;
  const embedded: Engine = {
    name: 'embedded',
    async setup() {
      folder = await mkdtemp(join(tmpdir(), 'tw-store-'));
    },
    async teardown() {
      await rm(folder, { recursive: true, force: true, maxRetries: 5 });
    },
    open: (options) => createEmbeddedStore(folder, options),
    spec: () => folder,
  };

  let cluster: PgCluster | undefined;
  const postgres: Engine = {
    name: 'postgres',
    async setup() {
      cluster = await startCluster();
    },
    async teardown() {
      await cluster?.destroy();
    },
    open: (options) => createPostgresStore(cluster!.url(), options),
    spec: () => cluster!.url(),
  };

  if (!pgBinaries)
    describe.skip('store contract on postgres (skipped: PostgreSQL binaries not found)', () => {
      it('runs', () => {});
    });
  return pgBinaries || requirePg ? [embedded, postgres] : [embedded];
}

/** Sets up the engine for the enclosing describe; the returned open() closes what it opened after each test. */
export function storeOpener(engine: Engine): (options?: StoreOptions) => Store {
  const opened: Store[] = [];
  beforeAll(() => engine.setup(), scaled(60_000));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => engine.teardown());
  return (options) => {
    const store = engine.open(options);
    opened.push(store);
    return store;
  };
}

let keyCounter = 0;
export const freshKey = (principal = 'alice'): StoreKey => ({ scope: `ws-${process.pid}-${++keyCounter}`, principal });
export const t0 = new Date('2026-01-01T00:00:00.000Z');
export const t1 = new Date('2026-01-01T00:05:00.000Z');

export async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

/** All bytes a read returned, in order. */
export const bytesOf = (read: OutputRead | undefined) => Buffer.concat(read!.segments.map((s) => s.data));
