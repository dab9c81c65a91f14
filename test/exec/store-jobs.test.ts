// Background jobs through a store, in one process: two Store instances on one embedded folder are
// two replicas (each its own replica id and notification listener), so a job started through one
// is read and killed through the other; principals never see each other's jobs; a job whose
// replica stopped renewing is failed by the sweep; output reaches the store in batches; a store
// that cannot answer is UNAVAILABLE and nothing runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { openStore } from '../../src/runtime/store/lazy.js';
import { replicaFor } from '../../src/runtime/store/replica.js';
import type { Store } from '../../src/runtime/store/types.js';
import type { ToolkitOf, ToolkitOptions } from '../../src/runtime/contract/types.js';
import type { BashKillResult, BashOutputResult, BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import { killTagged, processesWith, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';

const toolkits: ToolkitOf[] = [];
const stores: Store[] = [];
const tags: string[] = [];

afterEach(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
  for (const store of stores.splice(0)) {
    await replicaFor(store).close();
    await store.close();
  }
  for (const t of tags.splice(0)) await killTagged(t);
});

function kit(options: ToolkitOptions): ToolkitOf {
  const toolkit = createToolkit(options);
  toolkits.push(toolkit);
  return toolkit;
}

function replicaStore(folder: string): Store {
  const store = openStore(folder);
  stores.push(store);
  return store;
}

/** Two replicas (two store instances over one folder) serving one workspace for one principal. */
async function twoReplicas(principal = 'alice') {
  const workspace = await tempDir();
  const folder = path.join(await tempDir(), 'store');
  const a = kit({ workspace, store: replicaStore(folder), principal, storeScope: 'team' });
  const b = kit({ workspace, store: replicaStore(folder), principal, storeScope: 'team' });
  return { workspace, folder, a, b };
}

function ok<T>(result: Awaited<ReturnType<ToolkitOf['invoke']>>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as T;
}

async function start(toolkit: ToolkitOf, command: string): Promise<string> {
  return ok<BashResult>(await toolkit.invoke('exec', 'bash', { command, run_in_background: true })).job_id!;
}

const output = async (toolkit: ToolkitOf, job_id: string, wait_ms?: number) =>
  ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', wait_ms ? { job_id, wait_ms } : { job_id }));

/** Reads through `toolkit` until `text` has appeared; returns all that was read. */
async function readUntil(toolkit: ToolkitOf, id: string, text: string): Promise<string> {
  let seen = '';
  await waitFor(
    async () => {
      seen += (await output(toolkit, id, 1_000)).output;
      return seen.includes(text);
    },
    15_000,
    `"${text}" in ${id}'s output`,
  );
  return seen;
}

describe('background jobs through a store', () => {
  it('a job started through one replica is read through the other, from where the last read stopped', async () => {
    const { a, b } = await twoReplicas();
    const id = await start(a, 'echo first; sleep 0.5; echo second; sleep 0.5; echo third');
    expect(await readUntil(b, id, 'first')).not.toContain('third');
    const rest = await readUntil(a, id, 'third');
    expect(rest).not.toContain('first');
    expect(rest).toContain('second');
    const ended = await waitFor(
      async () => {
        const now = await output(b, id, 1_000);
        return now.status !== 'running' && now;
      },
      15_000,
      'the end',
    );
    expect(ended).toMatchObject({ status: 'exited', exit_code: 0, output: '' });
    const listed = ok<BashOutputResult>(await b.invoke('exec', 'bash_output', {})).jobs!;
    expect(listed).toMatchObject([{ job_id: id, status: 'exited', unread_bytes: 0, total_bytes: 19 }]);
  });

  it('a kill through the other replica ends the whole process tree where it runs, and the record says killed', async () => {
    const { a, b } = await twoReplicas();
    const t = tag('store-kill');
    tags.push(t);
    const id = await start(a, `echo pid $$; (exec -a ${t} sleep 300) & (exec -a ${t} sleep 300) & wait`);
    const pid = Number(/pid (\d+)/.exec(await readUntil(b, id, 'pid '))![1]);
    await waitFor(async () => (await processesWith(t, 'argv0')).length === 2, 10_000, 'both sleeps');
    const killed = ok<BashKillResult>(await b.invoke('exec', 'bash_kill', { job_id: id }));
    expect(killed).toMatchObject({ job_id: id, killed: true, status: 'killed' });
    expect(await survivorsOf(t)).toEqual([]);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(await output(a, id)).toMatchObject({ status: 'killed' });
    const again = ok<BashKillResult>(await a.invoke('exec', 'bash_kill', { job_id: id }));
    expect(again).toMatchObject({ killed: false, status: 'killed' });
  });

  it('a kill through the replica that runs it kills locally; a job that ended is killed: false', async () => {
    const { a, b } = await twoReplicas();
    const id = await start(a, 'sleep 300');
    expect(ok<BashKillResult>(await a.invoke('exec', 'bash_kill', { job_id: id }))).toMatchObject({
      killed: true,
      status: 'killed',
    });
    const quick = await start(a, 'exit 4');
    await waitFor(async () => (await output(b, quick, 1_000)).status === 'exited', 10_000, 'the quick job');
    expect(ok<BashKillResult>(await b.invoke('exec', 'bash_kill', { job_id: quick }))).toMatchObject({
      killed: false,
      status: 'exited',
      exit_code: 4,
    });
  });

  it("another principal's jobs answer as jobs that do not exist: output, kill and the list", async () => {
    const { workspace, folder, a } = await twoReplicas('alice');
    const bob = kit({ workspace, store: replicaStore(folder), principal: 'bob', storeScope: 'team' });
    const id = await start(a, 'echo secret-of-alice; sleep 300');
    await readUntil(a, id, 'secret-of-alice');
    for (const [operation, input] of [
      ['bash_output', { job_id: id }],
      ['bash_output', { job_id: id, wait_ms: 100 }],
      ['bash_kill', { job_id: id }],
    ] as const) {
      const result = await bob.invoke('exec', operation, input);
      expect(result.ok, operation).toBe(false);
      expect(!result.ok && result.error.code).toBe('NOT_FOUND');
      expect(result.text).not.toContain('secret-of-alice');
      expect(result.text).toContain('has started none');
    }
    expect(ok<BashOutputResult>(await bob.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
    expect(await output(a, id)).toMatchObject({ status: 'running' });
    const bobs = await start(bob, 'echo bob');
    expect(bobs).toBe('job-1');
    expect(await readUntil(bob, bobs, 'bob')).not.toContain('alice');
  });

  it('a job whose replica stopped renewing its lease is marked failed by the sweep of a live replica', async () => {
    const { a } = await twoReplicas();
    const store = a.services.store!;
    const key = { scope: 'team', principal: 'alice' };
    const orphan = await store.jobs.create(key, { owner: 'a-replica-that-died', command: 'sleep 300', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await replicaFor(store).tick();
    const read = await a.invoke('exec', 'bash_output', { job_id: orphan.id });
    expect(ok<BashOutputResult>(read)).toMatchObject({ status: 'failed' });
    expect(read.text).toContain('its replica stopped renewing its lease');
  });

  it('a record whose start never completed is not renewed: it fails at its first lease and frees its place under the cap', async () => {
    const workspace = await tempDir();
    const folder = path.join(await tempDir(), 'store');
    const a = kit({
      workspace,
      store: replicaStore(folder),
      principal: 'alice',
      storeScope: 'team',
      exec: { maxJobs: 1 },
    });
    const store = a.services.store!;
    const replica = replicaFor(store);
    replica.start();
    // What a start the caller gave up on leaves: a running record of this replica that nothing serves.
    const key = { scope: 'team', principal: 'alice' };
    const phantom = await store.jobs.create(key, { owner: replica.id, command: 'lost', leaseMs: 300, maxRunning: 1 });
    const refused = await a.invoke('exec', 'bash', { command: 'echo blocked', run_in_background: true });
    expect(!refused.ok && refused.error.code).toBe('LIMIT_REACHED');
    expect(refused.text).toContain(phantom.id);
    await waitFor(
      async () => {
        await replica.tick();
        return (await store.jobs.get(key, phantom.id))?.status === 'failed';
      },
      10_000,
      'the record to fail',
    );
    expect(await output(a, phantom.id)).toMatchObject({ status: 'failed' });
    expect(await start(a, 'echo admitted')).toBe('job-2');
  });

  it('a job whose record ended elsewhere (failed while its replica was away) is stopped where it runs', async () => {
    const { a } = await twoReplicas();
    const t = tag('store-ended-elsewhere');
    tags.push(t);
    const id = await start(a, `(exec -a ${t} sleep 300) & wait`);
    await waitFor(async () => (await processesWith(t, 'argv0')).length === 1, 10_000, 'the sleep');
    const store = a.services.store!;
    await store.jobs.finish(a.services.jobs!.key, id, { status: 'failed', note: 'its replica stopped' });
    await replicaFor(store).tick();
    expect(await survivorsOf(t)).toEqual([]);
    expect(await output(a, id)).toMatchObject({ status: 'failed' });
  });

  it('finished jobs past the cap are removed from the store, oldest first', async () => {
    const workspace = await tempDir();
    const toolkit = kit({ workspace, store: replicaStore(path.join(await tempDir(), 'store')) });
    for (let i = 1; i <= 34; i++) {
      const id = await start(toolkit, 'true');
      await waitFor(async () => (await toolkit.services.jobs!.get(id))?.status === 'exited', 10_000, id);
    }
    await waitFor(
      async () => (await toolkit.services.jobs!.list()).length <= 33,
      10_000,
      'the oldest jobs to be removed',
    );
    const ids = (await toolkit.services.jobs!.list()).map((job) => job.id);
    expect(ids).not.toContain('job-1');
    expect(ids).toContain('job-34');
    expect(ids.length).toBeGreaterThanOrEqual(32);
    const gone = await toolkit.invoke('exec', 'bash_output', { job_id: 'job-1' });
    expect(!gone.ok && gone.error.code).toBe('NOT_FOUND');
  });

  it('output reaches the store in batches, not one write per line, and all of it arrives', async () => {
    const workspace = await tempDir();
    const inner = replicaStore(path.join(await tempDir(), 'store'));
    let appends = 0;
    const jobs = new Proxy(inner.jobs, {
      get: (target, name) =>
        name === 'appendOutput'
          ? (...args: Parameters<Store['jobs']['appendOutput']>) => {
              appends++;
              return target.appendOutput(...args);
            }
          : (target as unknown as Record<string | symbol, unknown>)[name],
    });
    const counted: Store = { ...inner, jobs, close: () => inner.close() };
    stores.push(counted);
    const toolkit = kit({ workspace, store: counted, exec: { outputLimit: 1_000_000 } });
    const id = await start(toolkit, 'for i in $(seq 1 5000); do echo line $i; done');
    const seen = await readUntil(toolkit, id, 'line 5000');
    expect(seen).toContain('line 1\n');
    expect(seen.split('\n').filter(Boolean)).toHaveLength(5000);
    expect(appends).toBeGreaterThan(0);
    expect(appends).toBeLessThan(500);
  });

  it('a store that cannot answer: bash in the background is UNAVAILABLE and runs nothing; reads are UNAVAILABLE', async () => {
    const workspace = await tempDir();
    const down = new ToolError('UNAVAILABLE', 'the store test-store is unavailable: it is down');
    const inner = replicaStore(path.join(await tempDir(), 'store'));
    const failing = new Proxy(inner.jobs, {
      get: () => () => Promise.reject(down),
    });
    const broken = { ...inner, jobs: failing, close: () => inner.close() } as Store;
    stores.push(broken);
    const toolkit = kit({ workspace, store: broken });
    const started = await toolkit.invoke('exec', 'bash', { command: 'touch ran.txt', run_in_background: true });
    expect(!started.ok && started.error.code).toBe('UNAVAILABLE');
    expect(started.text).toContain('it is down');
    for (const input of [{}, { job_id: 'job-1' }]) {
      const read = await toolkit.invoke('exec', 'bash_output', input);
      expect(!read.ok && read.error.code).toBe('UNAVAILABLE');
    }
    const kill = await toolkit.invoke('exec', 'bash_kill', { job_id: 'job-1' });
    expect(!kill.ok && kill.error.code).toBe('UNAVAILABLE');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(path.join(workspace, 'ran.txt'))).toBe(false);
  });

  it('new output past the cap shows its beginning and end, and the next read starts after it', async () => {
    const workspace = await tempDir();
    const toolkit = kit({
      workspace,
      store: replicaStore(path.join(await tempDir(), 'store')),
      exec: { outputLimit: 200 },
    });
    const id = await start(toolkit, 'echo BEGIN; head -c 50000 /dev/zero | tr "\\0" x; echo; echo END; sleep 300');
    await waitFor(
      async () => ((await toolkit.services.jobs!.get(id))?.output_bytes ?? 0) > 50_000,
      10_000,
      'the output in the store',
    );
    const first = await output(toolkit, id);
    expect(first.truncated).toBe(true);
    expect(first.output).toMatch(/^BEGIN\n/);
    expect(first.output).toMatch(/END\n$/);
    expect(first.output).toMatch(/bytes omitted/);
    expect((await output(toolkit, id)).output).toBe('');
  });
});

describe('a terminal with a shared store', () => {
  it('is refused, in the foreground and in the background, and nothing runs', async () => {
    const { a, workspace } = await twoReplicas();
    for (const run_in_background of [false, true]) {
      const marker = path.join(workspace, `ran-${run_in_background}`);
      const result = await a.invoke('exec', 'bash', { command: `touch ${marker}`, pty: true, run_in_background });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.code).toBe('UNAVAILABLE');
      expect(!result.ok && result.error.message).toMatch(/pty: true is not available .* store/);
      expect(existsSync(marker)).toBe(false);
    }
  });
});
