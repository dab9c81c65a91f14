// The store contract for what one principal may hold, run against both engines: a cap is counted
// with the change it bounds in one locked step, so creators racing through two store instances
// (two replicas) never pass it; room is made from the principal's own ended records only, never
// another's; input queued for a job waits in its record, in order, until its replica takes it.
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_INPUT_BYTES, type McpTaskLimits, type StoreKey } from '../../src/runtime/store/types.js';
import { scaled } from '../support/time.js';
import { contractEngines, freshKey, rejection, storeOpener } from './contract-engines.js';
import { checkTaskListCap, outcomes } from './task-list-cap.js';

const engines = contractEngines();
/** Racing calls queue for one lock: the store's bound on each is stretched like every timeout on a loaded machine. */
const bounded = { timeoutMs: scaled(5_000) };

const jobStart = (maxRunning?: number) => ({
  owner: 'replica-a',
  command: 'sleep 1',
  leaseMs: 60_000,
  ...(maxRunning === undefined ? {} : { maxRunning }),
});
const taskStart = (limits?: Partial<McpTaskLimits>) => ({
  operation: 'exec.bash',
  owner: 'replica-a',
  ttlMs: 60_000,
  leaseMs: 60_000,
  ...(limits ? { limits: { running: 1000, stored: 1000, storedBytes: 1 << 30, ...limits } } : {}),
});

const result = (bytes: number) => ({ content: [{ type: 'text', text: 'x'.repeat(bytes) }] });

describe.each(engines)('store caps and job input: $name', (engine) => {
  const open = storeOpener(engine);

  describe('running jobs of a principal', () => {
    it('24 starts racing through two store instances admit exactly the cap; another principal is not counted', async () => {
      const [a, b] = [open(bounded), open(bounded)];
      const alice = freshKey('alice');
      const bob: StoreKey = { scope: alice.scope, principal: 'bob' };
      const raced = await outcomes(
        Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).jobs.create(alice, jobStart(5))),
      );
      expect(raced.ok).toHaveLength(5);
      expect(raced.codes).toEqual(Array(19).fill('LIMIT_REACHED'));
      expect(new Set(raced.ok.map((job) => job.id)).size).toBe(5);
      expect((await a.jobs.list(alice)).filter((job) => job.status === 'running')).toHaveLength(5);
      const refusal = await rejection(a.jobs.create(alice, jobStart(5)));
      expect(refusal.message).toBe('5 background jobs of this principal are already running (the limit is 5)');
      // Bob has a cap of his own, and Alice's ended job frees one of hers.
      expect((await outcomes(Array.from({ length: 5 }, () => b.jobs.create(bob, jobStart(5))))).ok).toHaveLength(5);
      await a.jobs.finish(alice, raced.ok[0]!.id, { status: 'exited', exit_code: 0 });
      expect((await a.jobs.create(alice, jobStart(5))).status).toBe('running');
      // Without a cap nothing is counted.
      expect((await a.jobs.create(alice, jobStart())).status).toBe('running');
    });
  });

  describe('leases of what a replica really runs', () => {
    it('renews only the jobs and MCP tasks named; the others fail once their lease runs out', async () => {
      const store = open();
      const key = freshKey();
      const served = await store.jobs.create(key, { ...jobStart(), owner: 'r-only', leaseMs: 1 });
      const lost = await store.jobs.create(key, { ...jobStart(), owner: 'r-only', leaseMs: 1 });
      const task = await store.mcpTasks.create(key, { ...taskStart(), owner: 'r-only', leaseMs: 1 });
      const lostTask = await store.mcpTasks.create(key, { ...taskStart(), owner: 'r-only', leaseMs: 1 });
      expect(await store.jobs.renewLeases('r-only', 60_000, [{ ...key, id: served.id }])).toBe(1);
      expect(await store.mcpTasks.renewLeases('r-only', 60_000, [task.id])).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await store.jobs.failExpired()).map((job) => job.id)).toContain(lost.id);
      expect((await store.mcpTasks.failExpired()).map((t) => t.id)).toContain(lostTask.id);
      expect((await store.jobs.get(key, served.id))?.status).toBe('running');
      expect((await store.mcpTasks.get(key, task.id))?.status).toBe('working');
      expect(await store.jobs.renewLeases('r-only', 60_000, [])).toBe(0);
    });
  });

  describe('input of a job', () => {
    it('is queued in order, taken whole by the replica running it, and ended with eof', async () => {
      const store = open();
      const key = freshKey();
      const job = await store.jobs.create(key, jobStart());
      expect(await store.jobs.pendingInput('replica-a')).toEqual([]);
      const first = await store.jobs.writeInput(key, job.id, Buffer.from('one\n'), false);
      expect(first).toMatchObject({ queued: true, end: 4, job: { input_total: 4, input_taken: 0 } });
      expect(await store.jobs.writeInput(key, job.id, Buffer.from('two\n'), false)).toMatchObject({ end: 8 });
      expect(await store.jobs.pendingInput('replica-a')).toContainEqual({ ...key, id: job.id });
      expect(await store.jobs.pendingInput('replica-b')).toEqual([]);
      const taken = await store.jobs.takeInput(key, job.id);
      expect(taken?.data.toString()).toBe('one\ntwo\n');
      expect(taken).toMatchObject({ eof: false, taken: 8 });
      expect((await store.jobs.takeInput(key, job.id))?.data.length).toBe(0);
      expect(await store.jobs.pendingInput('replica-a')).not.toContainEqual({ ...key, id: job.id });
      expect(await store.jobs.writeInput(key, job.id, Buffer.from('three'), true)).toMatchObject({
        queued: true,
        end: 13,
      });
      expect(await store.jobs.writeInput(key, job.id, Buffer.from('late'), false)).toMatchObject({
        queued: false,
        why: 'eof',
      });
      const last = await store.jobs.takeInput(key, job.id);
      expect([last?.data.toString(), last?.eof]).toEqual(['three', true]);
      expect(await store.jobs.get(key, job.id)).toMatchObject({
        input_total: 13,
        input_taken: 13,
        input_eof: true,
        input_closed: true,
      });
      expect(await store.jobs.pendingInput('replica-a')).not.toContainEqual({ ...key, id: job.id });
    });

    it('is refused when the job ended or too much waits, and another principal’s job is unknown', async () => {
      const store = open();
      const key = freshKey('alice');
      const job = await store.jobs.create(key, jobStart());
      const big = Buffer.alloc(MAX_PENDING_INPUT_BYTES, 'a');
      expect(await store.jobs.writeInput(key, job.id, big, false)).toMatchObject({ queued: true });
      expect(await store.jobs.writeInput(key, job.id, Buffer.from('x'), false)).toMatchObject({
        queued: false,
        why: 'full',
      });
      const bob = { scope: key.scope, principal: 'bob' };
      expect(await store.jobs.writeInput(bob, job.id, Buffer.from('x'), false)).toBeUndefined();
      expect(await store.jobs.takeInput(bob, job.id)).toBeUndefined();
      expect((await store.jobs.get(key, job.id))?.input_total).toBe(MAX_PENDING_INPUT_BYTES);
      await store.jobs.finish(key, job.id, { status: 'exited', exit_code: 0 });
      expect(await store.jobs.writeInput(key, job.id, Buffer.from('x'), false)).toMatchObject({
        queued: false,
        why: 'ended',
        job: { status: 'exited' },
      });
      expect(await store.jobs.writeInput(key, 'job-99', Buffer.from('x'), false)).toBeUndefined();
      expect(
        (await rejection(store.jobs.writeInput(key, job.id, Buffer.alloc(MAX_PENDING_INPUT_BYTES + 1), false))).code,
      ).toBe('INVALID_INPUT');
    });
  });

  describe('MCP tasks of a principal', () => {
    it('20 creations racing through two store instances admit exactly the cap of working tasks', async () => {
      const [a, b] = [open(bounded), open(bounded)];
      const alice = freshKey('alice');
      const raced = await outcomes(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).mcpTasks.create(alice, taskStart({ running: 4 }))),
      );
      expect(raced.ok).toHaveLength(4);
      expect(raced.codes).toEqual(Array(16).fill('LIMIT_REACHED'));
      expect((await a.mcpTasks.list(alice)).tasks).toHaveLength(4);
      const refusal = await rejection(a.mcpTasks.create(alice, taskStart({ running: 4 })));
      expect(refusal.message).toMatch(
        /^4 MCP tasks of this principal are already working \(the limit is 4\); .*tasks\/cancel/,
      );
      const bob = { scope: alice.scope, principal: 'bob' };
      expect((await b.mcpTasks.create(bob, taskStart({ running: 4 }))).status).toBe('working');
      await a.mcpTasks.update(alice, raced.ok[0]!.id, { status: 'completed' });
      expect((await a.mcpTasks.create(alice, taskStart({ running: 4 }))).status).toBe('working');
    });

    it('past the cap of records, its own oldest ended task makes room, never another principal’s', async () => {
      const store = open();
      const alice = freshKey('alice');
      const bob = { scope: alice.scope, principal: 'bob' };
      const bobs = await store.mcpTasks.create(bob, taskStart());
      await store.mcpTasks.update(bob, bobs.id, { status: 'completed', result: result(10) });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await store.mcpTasks.create(alice, taskStart({ stored: 3 }))).id);
      // All three still work: no room can be made.
      const full = await rejection(store.mcpTasks.create(alice, taskStart({ stored: 3 })));
      expect([full.code, full.message]).toEqual([
        'LIMIT_REACHED',
        'this principal holds 3 MCP task records, none of them ended (the limit is 3); wait for one to end (tasks/result) or cancel one (tasks/cancel)',
      ]);
      await store.mcpTasks.update(alice, ids[1]!, { status: 'completed', result: result(5) });
      await store.mcpTasks.update(alice, ids[2]!, { status: 'failed' });
      const fourth = await store.mcpTasks.create(alice, taskStart({ stored: 3 }));
      expect((await store.mcpTasks.list(alice)).tasks.map((t) => t.id)).toEqual([ids[0], ids[2], fourth.id]);
      const fifth = await store.mcpTasks.create(alice, taskStart({ stored: 3 }));
      expect((await store.mcpTasks.list(alice)).tasks.map((t) => t.id)).toEqual([ids[0], fourth.id, fifth.id]);
      expect(await store.mcpTasks.get(bob, bobs.id)).toMatchObject({ status: 'completed', result: result(10) });
    });

    it('past the bytes of results, its own oldest ended results make room; one larger than the cap is refused', async () => {
      const [a, b] = [open(bounded), open(bounded)];
      const alice = freshKey('alice');
      const bob = { scope: alice.scope, principal: 'bob' };
      const size = (bytes: number) => Buffer.byteLength(JSON.stringify(result(bytes)));
      const max = size(1000) * 2 + 10;
      const bobs = await a.mcpTasks.create(bob, taskStart());
      await a.mcpTasks.update(bob, bobs.id, { status: 'completed', result: result(1000) }, { storedBytes: max });
      const done: string[] = [];
      for (let i = 0; i < 2; i++) {
        const task = await a.mcpTasks.create(alice, taskStart());
        await a.mcpTasks.update(alice, task.id, { status: 'completed', result: result(1000) }, { storedBytes: max });
        done.push(task.id);
      }
      const third = await b.mcpTasks.create(alice, taskStart());
      await b.mcpTasks.update(alice, third.id, { status: 'completed', result: result(1000) }, { storedBytes: max });
      expect((await a.mcpTasks.list(alice)).tasks.map((t) => t.id)).toEqual([done[1], third.id]);
      const huge = await a.mcpTasks.create(alice, taskStart());
      const refused = await rejection(
        a.mcpTasks.update(alice, huge.id, { status: 'completed', result: result(max) }, { storedBytes: max }),
      );
      expect(refused.code).toBe('LIMIT_REACHED');
      expect(refused.message).toMatch(/at most \d+ bytes of results are kept per principal/);
      // Refused whole: the task still works and nothing of Alice's was removed for it.
      expect((await a.mcpTasks.get(alice, huge.id))?.status).toBe('working');
      expect((await a.mcpTasks.list(alice)).tasks.map((t) => t.id)).toEqual([done[1], third.id, huge.id]);
      expect(await a.mcpTasks.get(bob, bobs.id)).toMatchObject({ status: 'completed', result: result(1000) });
    });
  });

  describe('the task list of a principal', () => {
    // Over a file each create rewrites the list: the embedded engine runs this in the stress suite.
    it.skipIf(engine.name === 'embedded')(
      'keeps at most MAX_TASKS_PER_LIST: the oldest ended task makes room, a list of open ones is full, racers through two instances never pass it, another principal is not counted',
      { timeout: scaled(120_000) },
      () => checkTaskListCap(open(bounded), open(bounded)),
    );
  });
});
