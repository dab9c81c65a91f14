// Background jobs filed under the principal of each call, in both store engines, through the
// library: one toolkit serving several principals (`invoke(…, { principal })`, as an HTTP server
// with verified tokens does) shows each only its own jobs — not in the list, not by id for output,
// kill or input, whatever the id — and counts each principal's running jobs on its own, across
// replicas; input reaches a job through any replica; output printed while the store is away (the
// PostgreSQL server stopped, the embedded store's calls cut) is there once it is back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import { storeUnavailable } from '../../src/runtime/store/errors.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import { replicaFor } from '../../src/runtime/store/replica.js';
import type { Store } from '../../src/runtime/store/types.js';
import type { InvokeResult, ToolkitOf, ToolkitOptions } from '../../src/runtime/contract/types.js';
import type { BashKillResult, BashOutputResult, BashResult, BashWriteResult } from '../../src/generated/types.js';
import { killTagged, processesWith, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';

/** The store's bound on each call, stretched like every other timeout on a loaded machine. */
const STORE_TIMEOUT_MS = scaled(5_000);

interface Engine {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** A new store instance over the engine's shared folder or database: another replica. */
  open(): Store;
  /** A store over which `outage` makes the engine unreachable while `during` runs. */
  outageStore(): { store: Store; outage(during: () => Promise<void>): Promise<void> };
}

/** A store whose job records answer UNAVAILABLE while cut (a replica's view of a network outage). */
function cuttable(inner: Store): { store: Store; outage(during: () => Promise<void>): Promise<void> } {
  let down = false;
  const jobs = Object.fromEntries(
    Object.entries(inner.jobs).map(([name, method]) => [
      name,
      (...args: unknown[]) =>
        down
          ? Promise.reject(storeUnavailable(inner.location, 'cut by the test'))
          : (method as (...a: unknown[]) => unknown).apply(inner.jobs, args),
    ]),
  ) as unknown as Store['jobs'];
  return {
    store: { ...inner, jobs, close: () => inner.close() },
    async outage(during) {
      down = true;
      try {
        await during();
      } finally {
        down = false;
      }
    },
  };
}

function engines(): Engine[] {
  let folder = '';
  let cluster: PgCluster | undefined;
  let url = '';
  let databases = 0;
  const embedded: Engine = {
    name: 'embedded',
    setup: async () => {
      folder = await mkdtemp(join(tmpdir(), 'tw-principal-store-'));
    },
    teardown: () => rm(folder, { recursive: true, force: true, maxRetries: 5 }),
    open: () => createEmbeddedStore(folder, { timeoutMs: STORE_TIMEOUT_MS }),
    outageStore: () => cuttable(createEmbeddedStore(folder, { timeoutMs: STORE_TIMEOUT_MS })),
  };
  const postgres: Engine = {
    name: 'postgres',
    setup: async () => {
      cluster = await startCluster();
      url = await cluster.createDatabase(`principal_jobs_${++databases}`);
    },
    teardown: async () => {
      await cluster?.destroy();
    },
    open: () => createPostgresStore(url, { timeoutMs: STORE_TIMEOUT_MS }),
    // The server itself stops: every connection of the pool fails, new ones are refused.
    outageStore: () => ({
      store: createPostgresStore(url, { timeoutMs: STORE_TIMEOUT_MS }),
      async outage(during) {
        await cluster!.stop('fast');
        try {
          await during();
        } finally {
          await cluster!.start();
        }
      },
    }),
  };
  return pgBinaries || requirePg ? [embedded, postgres] : [embedded];
}

const toolkits: ToolkitOf[] = [];
const stores: Store[] = [];
const tags: string[] = [];
let workspace = '';
/** Each test's records under a scope of their own: the engines' folder and database are shared. */
let scope = '';
let scopes = 0;

afterEach(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
  for (const store of stores.splice(0)) {
    await replicaFor(store).close();
    await store.close();
  }
  for (const t of tags.splice(0)) await killTagged(t);
  if (workspace) await rm(workspace, { recursive: true, force: true });
  workspace = '';
  scope = '';
});

function ok<T>(result: InvokeResult): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as T;
}

/** Calls through `toolkit` for `principal` (undefined: the toolkit's own). */
function as(toolkit: ToolkitOf, principal?: string) {
  const invoke = (operation: string, input: Record<string, unknown>) =>
    toolkit.invoke('exec', operation, input, principal === undefined ? {} : { principal });
  return {
    invoke,
    start: async (command: string) =>
      ok<BashResult>(await invoke('bash', { command, run_in_background: true })).job_id!,
    read: async (job_id: string, wait_ms?: number) =>
      ok<BashOutputResult>(await invoke('bash_output', wait_ms ? { job_id, wait_ms } : { job_id })),
    list: async () => ok<BashOutputResult>(await invoke('bash_output', {})).jobs!,
    /** Reads until `text` appeared; everything read. */
    async readUntil(job_id: string, text: string): Promise<string> {
      let seen = '';
      await waitFor(
        async () => {
          seen += (await this.read(job_id, 1_000)).output;
          return seen.includes(text);
        },
        20_000,
        `"${text}" in ${job_id}`,
      );
      return seen;
    },
    async readToEnd(job_id: string): Promise<{ output: string; last: BashOutputResult }> {
      let output = '';
      const last = await waitFor(
        async () => {
          const read = await this.read(job_id, 1_000);
          output += read.output;
          return read.status !== 'running' && read;
        },
        30_000,
        `the end of ${job_id}`,
      );
      return { output: output + (await this.read(job_id)).output, last };
    },
  };
}

async function kit(engine: Engine, options: Partial<ToolkitOptions> = {}, store?: Store): Promise<ToolkitOf> {
  workspace ||= await mkdtemp(join(tmpdir(), 'tw-principal-ws-'));
  scope ||= `team-${++scopes}`;
  const opened = store ?? engine.open();
  stores.push(opened);
  const toolkit = createToolkit({ workspace, store: opened, storeScope: scope, ...options });
  toolkits.push(toolkit);
  return toolkit;
}

describe.each(engines())('jobs filed by principal: $name', (engine) => {
  beforeAll(() => engine.setup(), scaled(60_000));
  afterAll(() => engine.teardown());

  it('another principal of the same toolkit neither lists, reads, kills nor writes a job, and changes nothing', async () => {
    const toolkit = await kit(engine);
    const alice = as(toolkit, 'alice');
    const t = tag('principal-jobs');
    tags.push(t);
    const id = await alice.start(`echo secret-of-alice; (exec -a ${t} sleep 300) & read line; echo got-$line; wait`);
    await waitFor(async () => (await processesWith(t, 'argv0')).length === 1, 10_000, 'the sleep');
    for (const other of [as(toolkit, 'bob'), as(toolkit)]) {
      expect(await other.list()).toEqual([]);
      for (const [operation, input] of [
        ['bash_output', { job_id: id }],
        ['bash_output', { job_id: id, wait_ms: 100 }],
        ['bash_kill', { job_id: id }],
        ['bash_write', { job_id: id, input: 'from-bob\n' }],
        ['bash_write', { job_id: id, input: '', eof: true }],
      ] as const) {
        const result = await other.invoke(operation, input);
        expect(!result.ok && result.error.code, operation).toBe('NOT_FOUND');
        expect(result.text, operation).not.toContain('secret-of-alice');
        expect(result.text, operation).toContain('has started none');
      }
    }
    // Alice's job runs on, its output unread by the others' attempts, its input untouched.
    expect(await processesWith(t, 'argv0')).toHaveLength(1);
    const [listed] = await alice.list();
    expect(listed).toMatchObject({ job_id: id, status: 'running' });
    expect(await alice.readUntil(id, 'secret-of-alice')).not.toContain('got-');
    expect(ok<BashWriteResult>(await alice.invoke('bash_write', { job_id: id, input: 'hers\n' }))).toMatchObject({
      status: 'running',
    });
    expect(await alice.readUntil(id, 'got-hers')).not.toContain('from-bob');
  });

  it('the same job id under two principals is two jobs: a kill ends only the caller’s', async () => {
    const toolkit = await kit(engine, { principal: 'alice' });
    const alice = as(toolkit);
    const bob = as(toolkit, 'bob');
    const [ta, tb] = [tag('alice-job'), tag('bob-job')];
    tags.push(ta, tb);
    const hers = await alice.start(`(exec -a ${ta} sleep 300) & wait`);
    const his = await bob.start(`(exec -a ${tb} sleep 300) & wait`);
    expect([hers, his]).toEqual(['job-1', 'job-1']);
    await waitFor(async () => (await processesWith(ta, 'argv0')).length === 1, 10_000, 'her sleep');
    await waitFor(async () => (await processesWith(tb, 'argv0')).length === 1, 10_000, 'his sleep');
    expect(ok<BashKillResult>(await bob.invoke('bash_kill', { job_id: 'job-1' }))).toMatchObject({ killed: true });
    expect(await survivorsOf(tb)).toEqual([]);
    expect(await processesWith(ta, 'argv0')).toHaveLength(1);
    expect(await alice.read('job-1')).toMatchObject({ status: 'running' });
    expect(await bob.read('job-1')).toMatchObject({ status: 'killed' });
  });

  it('bash_write reaches a job through the replica that runs it and through another, in order, eof included', async () => {
    const a = await kit(engine, { principal: 'alice' });
    const b = await kit(engine, { principal: 'alice' });
    const [onA, onB] = [as(a), as(b)];
    const id = await onA.start('read x; echo first-$x; read y; echo second-$y; cat; echo end-of-input');
    const wrote = await onB.invoke('bash_write', { job_id: id, input: 'one\n' });
    expect(ok<BashWriteResult>(wrote)).toMatchObject({ job_id: id, written_bytes: 4, eof: false, status: 'running' });
    expect(wrote.text).toMatch(/^wrote 4 bytes to job-1/);
    expect(await onB.readUntil(id, 'first-one')).not.toContain('second');
    ok(await onA.invoke('bash_write', { job_id: id, input: 'two\n' }));
    ok(await onB.invoke('bash_write', { job_id: id, input: 'three\n' }));
    ok(await onB.invoke('bash_write', { job_id: id, input: 'four\n', eof: true }));
    const { output, last } = await onA.readToEnd(id);
    expect(output).toBe('second-two\nthree\nfour\nend-of-input\n');
    expect(last).toMatchObject({ status: 'exited', exit_code: 0 });
    const closed = await onB.invoke('bash_write', { job_id: id, input: 'late\n' });
    expect(!closed.ok && closed.error.code).toBe('INPUT_CLOSED');
    expect(closed.text).toContain('it has exited with code 0');
  });

  it('a job’s input closed with eof refuses more through any replica', async () => {
    const a = await kit(engine, { principal: 'alice' });
    const b = await kit(engine, { principal: 'alice' });
    const id = await as(a).start('sleep 0.5; cat; sleep 300');
    ok(await as(b).invoke('bash_write', { job_id: id, input: 'only\n', eof: true }));
    for (const toolkit of [a, b]) {
      const again = await as(toolkit).invoke('bash_write', { job_id: id, input: 'more\n' });
      expect(!again.ok && again.error.code).toBe('INPUT_CLOSED');
      expect(again.text).toContain('its input was closed with eof');
    }
    expect(await as(a).readUntil(id, 'only')).toBe('only\n');
    ok(await as(b).invoke('bash_kill', { job_id: id }));
  });

  it('starts racing through two replicas admit exactly a principal’s cap; another principal has its own', async () => {
    const a = await kit(engine, { exec: { maxJobs: 3 } });
    const b = await kit(engine, { exec: { maxJobs: 3 } });
    const t = tag('job-cap');
    tags.push(t);
    const command = `(exec -a ${t} sleep 300) & wait`;
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).invoke('exec', 'bash', { command, run_in_background: true }, { principal: 'alice' }),
      ),
    );
    const started = raced.filter((r) => r.ok);
    expect(started).toHaveLength(3);
    const refused = raced.filter((r) => !r.ok);
    for (const result of refused) {
      expect(!result.ok && result.error.code).toBe('LIMIT_REACHED');
      expect(result.text).toMatch(/3 background jobs of this principal are already running \(the limit is 3\)/);
      expect(result.text).toMatch(/Stop one with bash_kill/);
    }
    await waitFor(async () => (await processesWith(t, 'argv0')).length === 3, 10_000, 'three jobs');
    const bobs = await as(a, 'bob').start(command);
    expect(bobs).toBe('job-1');
    await waitFor(async () => (await processesWith(t, 'argv0')).length === 4, 10_000, 'his job too');
    const first = (started[0]!.output as BashResult).job_id!;
    ok(await as(b, 'alice').invoke('bash_kill', { job_id: first }));
    expect(await as(b, 'alice').start(command)).toMatch(/^job-\d+$/);
  });

  it(
    'output a job prints while the store is down for 4 s, ending during the outage, is all there once it is back',
    { timeout: scaled(90_000) },
    async () => {
      const { store, outage } = engine.outageStore();
      const jobs = as(await kit(engine, {}, store));
      const id = await jobs.start('while [ ! -e go.flag ]; do sleep 0.1; done; seq -f line-%g 1 500; touch done.flag');
      await outage(async () => {
        await writeFile(join(workspace, 'go.flag'), '');
        await waitFor(() => existsSync(join(workspace, 'done.flag')), 10_000, 'the job to end');
        await new Promise((resolve) => setTimeout(resolve, 4_000));
      });
      const { output, last } = await jobs.readToEnd(id);
      expect(output.split('\n').filter(Boolean)).toEqual(Array.from({ length: 500 }, (_, i) => `line-${i + 1}`));
      expect(last).toMatchObject({ status: 'exited', exit_code: 0 });
      expect(JSON.stringify(last)).not.toContain('did not reach the store');
    },
  );
});
