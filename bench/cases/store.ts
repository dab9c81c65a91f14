// store: task_create and task_list p50 through invoke, over the embedded store (beside the file
// task store it builds on) and over PostgreSQL (beside the in-memory default), on a throwaway
// local cluster with fsync on. `npm run bench store` runs only this case.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createToolkit } from '../../src/toolkit.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { median, spreadOf, type BenchCase, type Spread } from '../lib.js';
import { pgBinaries, startCluster } from '../../test/support/pg-cluster.js';

const CALLS = 1000;
const LISTED = 20;

/** Per-call p50 of `operation` on both toolkits, calls alternating so load drift hits both alike. */
async function p50Pair(
  a: ToolkitOf,
  b: ToolkitOf,
  operation: string,
  input: (i: number) => unknown,
): Promise<{ a: number; b: number; spread: Spread }> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < CALLS; i++) {
    const order = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const which of order) {
      const toolkit = which === 0 ? a : b;
      const start = performance.now();
      const result = await toolkit.invoke('task', operation, input(i));
      times[which].push(performance.now() - start);
      if (!result.ok) throw new Error(`${operation}: ${result.text}`);
    }
  }
  return { a: median(times[0]), b: median(times[1]), spread: spreadOf(times[0]) };
}

/** A fresh list of LISTED tasks on each toolkit, so task_list returns a realistic plan. */
async function seed(toolkits: ToolkitOf[]): Promise<void> {
  for (const toolkit of toolkits) {
    for (let i = 0; i < LISTED; i++) await toolkit.invoke('task', 'task_create', { title: `step ${i}` });
  }
}

const bench: BenchCase = {
  name: 'store',
  async run(ctx) {
    // Embedded store vs the file task store (`tasks: { file }`, today's persistent default), both
    // outside the workspace as the store must be (a task file inside is reached through its folder,
    // proven inside the workspace on every call: a different cost).
    const workspace = join(ctx.tmp, 'workspace');
    await mkdir(workspace, { recursive: true });
    const embedded = createToolkit({ workspace, store: join(ctx.tmp, 'store'), storeScope: 'create' });
    const file = createToolkit({ workspace, tasks: { file: join(ctx.tmp, 'tasks-create.json') } });
    const create = await p50Pair(embedded, file, 'task_create', (i) => ({ title: `task ${i}` }));
    ctx.row({
      case: 'task_create p50, embedded store',
      toolwright: create.a,
      baseline: create.b,
      baselineName: 'file task store',
      target: '≤ 1.1×',
      note: `${CALLS} calls`,
    });
    const embeddedList = createToolkit({ workspace, store: join(ctx.tmp, 'store'), storeScope: 'list' });
    const fileList = createToolkit({ workspace, tasks: { file: join(ctx.tmp, 'tasks-list.json') } });
    await seed([embeddedList, fileList]);
    const list = await p50Pair(embeddedList, fileList, 'task_list', () => ({}));
    ctx.row({
      case: `task_list p50 (${LISTED} tasks), embedded store`,
      toolwright: list.a,
      baseline: list.b,
      baselineName: 'file task store',
      target: '≤ 1.1×',
    });
    await Promise.all([embedded, file, embeddedList, fileList].map((t) => t.close()));

    if (!pgBinaries) {
      ctx.log('PostgreSQL binaries not found: the PostgreSQL rows are skipped');
      return;
    }
    const cluster = await startCluster({ durable: true });
    try {
      const pgCreate = createToolkit({ workspace: ctx.tmp, store: cluster.url(), storeScope: 'create' });
      const memory = createToolkit({ workspace: ctx.tmp });
      const pc = await p50Pair(pgCreate, memory, 'task_create', (i) => ({ title: `task ${i}` }));
      ctx.row({
        case: 'task_create p50, PostgreSQL (localhost, fsync on)',
        toolwright: pc.a,
        baseline: pc.b,
        baselineName: 'in-memory default',
        target: '≤ 3 ms',
        contract: true,
        note: `quartiles ${pc.spread.q1.toFixed(2)}–${pc.spread.q3.toFixed(2)} ms over ${pc.spread.count} calls`,
      });
      // The same with commits not waiting for the WAL flush (a URL option a deployment may choose):
      // what is left is the round trip, not the disk.
      const lazyUrl = `${cluster.url()}?options=${encodeURIComponent('-c synchronous_commit=off')}`;
      const pgAsync = createToolkit({ workspace: ctx.tmp, store: lazyUrl, storeScope: 'create-async' });
      const pa = await p50Pair(pgAsync, memory, 'task_create', (i) => ({ title: `task ${i}` }));
      ctx.row({
        case: 'task_create p50, PostgreSQL, synchronous_commit=off',
        toolwright: pa.a,
        baseline: pa.b,
        baselineName: 'in-memory default',
        target: '≤ 3 ms',
        note: `quartiles ${pa.spread.q1.toFixed(2)}–${pa.spread.q3.toFixed(2)} ms over ${pa.spread.count} calls`,
      });
      await pgAsync.close();
      await pgAsync.services.store?.close();
      const pgList = createToolkit({ workspace: ctx.tmp, store: cluster.url(), storeScope: 'list' });
      const memoryList = createToolkit({ workspace: ctx.tmp });
      await seed([pgList, memoryList]);
      const pl = await p50Pair(pgList, memoryList, 'task_list', () => ({}));
      ctx.row({
        case: `task_list p50 (${LISTED} tasks), PostgreSQL (localhost)`,
        toolwright: pl.a,
        baseline: pl.b,
        baselineName: 'in-memory default',
        target: '≤ 3 ms',
        contract: true,
        note: `quartiles ${pl.spread.q1.toFixed(2)}–${pl.spread.q3.toFixed(2)} ms over ${pl.spread.count} calls`,
      });
      await Promise.all([pgCreate, memory, pgList, memoryList].map((t) => t.close()));
      await pgCreate.services.store?.close();
    } finally {
      await cluster.destroy();
    }
  },
};

export default bench;
