// replicas: Streamable HTTP at 64 concurrent clients through a round-robin proxy, over three
// `toolwright mcp --http --stateless --store postgres://…` replicas against the same proxy over one
// replica, rounds alternated; the calls are task_list of a 20-task list (a store read per call)
// and read_file of a small file (no store).
// PostgreSQL is a throwaway local cluster with fsync on. Runs the built dist/ (`npm run bench`
// builds first); `npm run bench replicas` runs only this case.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createToolkit } from '../../src/toolkit.js';
import { median, type BenchCase } from '../lib.js';
import { httpThroughput } from '../mcp-wire.js';
import { pgBinaries, startCluster } from '../../test/support/pg-cluster.js';
import { startProxy, startReplica, type Proxy, type ReplicaProcess } from '../../test/support/replica-fleet.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const CLIENTS = 64;
const WINDOW_MS = 3000;
const ROUNDS = 5;
const CALLS = [
  { label: 'task_list (a store read)', call: { name: 'task_list', arguments: {} } },
  { label: 'read_file (no store)', call: { name: 'read_file', arguments: { path: 'small.txt' } } },
];

const bench: BenchCase = {
  name: 'replicas',
  async run(ctx) {
    if (!pgBinaries) {
      ctx.log('PostgreSQL binaries not found: the replicas case is skipped');
      return;
    }
    const cluster = await startCluster({ durable: true });
    const workspace = await mkdtemp(path.join(ctx.tmp, 'ws-'));
    const replicas: ReplicaProcess[] = [];
    const proxies: Proxy[] = [];
    try {
      const url = await cluster.createDatabase('bench_replicas');
      // The same list every replica reads: the workspace is the store scope.
      const seeder = createToolkit({ workspace, store: url });
      for (let i = 0; i < 20; i++) await seeder.invoke('task', 'task_create', { title: `step ${i}` });
      await seeder.close();
      await seeder.services.store!.close();
      await writeFile(path.join(workspace, 'small.txt'), 'hello\nworld\n'.repeat(20));
      replicas.push(...(await Promise.all([0, 1, 2].map(() => startReplica(url, workspace, { cli })))));
      const three = await startProxy(replicas.map((r) => r.url));
      const one = await startProxy([replicas[0]!.url]);
      proxies.push(three, one);
      const targets = [
        { name: 'three', url: new URL(three.url) },
        { name: 'one', url: new URL(one.url) },
      ];
      for (const { label, call } of CALLS) {
        const rates = new Map(targets.map((t) => [t.name, [] as number[]]));
        for (const t of targets) await httpThroughput(t.url, CLIENTS, 2000, call); // warm-up
        for (let round = 0; round < ROUNDS; round++) {
          for (const t of round % 2 ? [...targets].reverse() : targets)
            rates.get(t.name)!.push(await httpThroughput(t.url, CLIENTS, WINDOW_MS, call));
        }
        const perCall = (name: string) => 1e6 / median(rates.get(name)!);
        const shown = (name: string) =>
          rates
            .get(name)!
            .map((r) => r.toFixed(0))
            .join(', ');
        ctx.row({
          case: `MCP HTTP --stateless over PostgreSQL, ${CLIENTS} clients through a proxy, ${label}: 3 replicas (µs per call = 1/throughput)`,
          toolwright: perCall('three'),
          baseline: perCall('one'),
          baselineName: '1 replica, same proxy',
          unit: 'µs',
          note: `calls/s per round: 3 replicas ${shown('three')}; 1 replica ${shown('one')}; ${(median(rates.get('three')!) / median(rates.get('one')!)).toFixed(2)}× the calls/s`,
        });
      }
    } finally {
      await Promise.all(proxies.map((p) => p.close()));
      await Promise.all(replicas.map((r) => r.stop()));
      await cluster.destroy();
      await rm(workspace, { recursive: true, force: true });
    }
  },
};

export default bench;
