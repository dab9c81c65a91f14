// The store contract, run against both engines: the embedded one over a temporary folder and the
// PostgreSQL one over a throwaway cluster (test/support/postgres.ts; one per file).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../src/runtime/errors.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import { createPostgresStore } from '../../src/runtime/store/postgres.js';
import type { OutputRead, Store, StoreKey, StoreOptions } from '../../src/runtime/store/types.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';

interface Engine {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** A new store instance over the same folder / database. */
  open(options?: StoreOptions): Store;
}

let folder: string;
const embedded: Engine = {
  name: 'embedded',
  async setup() {
    folder = await mkdtemp(join(tmpdir(), 'tw-store-'));
  },
  async teardown() {
    await rm(folder, { recursive: true, force: true });
  },
  open: (options) => createEmbeddedStore(folder, options),
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
};

const engines = pgBinaries || requirePg ? [embedded, postgres] : [embedded];
if (!pgBinaries)
  describe.skip('store contract on postgres (skipped: PostgreSQL binaries not found)', () => {
    it('runs', () => {});
  });

let keyCounter = 0;
const freshKey = (principal = 'alice'): StoreKey => ({ scope: `ws-${process.pid}-${++keyCounter}`, principal });
const t0 = new Date('2026-01-01T00:00:00.000Z');
const t1 = new Date('2026-01-01T00:05:00.000Z');

async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

/** All bytes a read returned, in order. */
const bytesOf = (read: OutputRead | undefined) => Buffer.concat(read!.segments.map((s) => s.data));

describe.each(engines)('store contract: $name', (engine) => {
  const opened: Store[] = [];
  const open = (options?: StoreOptions) => {
    const store = engine.open(options);
    opened.push(store);
    return store;
  };
  beforeAll(() => engine.setup(), scaled(60_000));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => engine.teardown());

  describe('task lists', () => {
    it('gives sequential ids per list, keeps the fields and the given times, updates only what changes', async () => {
      const store = open();
      const key = freshKey();
      const a = await store.tasks.create(key, { title: 'a' }, t0);
      const b = await store.tasks.create(key, { title: 'b', description: 'd', status: 'in_progress' }, t1);
      expect(a).toEqual({
        id: 't1',
        title: 'a',
        status: 'pending',
        created_at: t0.toISOString(),
        updated_at: t0.toISOString(),
      });
      expect(b).toEqual({
        id: 't2',
        title: 'b',
        description: 'd',
        status: 'in_progress',
        created_at: t1.toISOString(),
        updated_at: t1.toISOString(),
      });
      const update = await store.tasks.update(key, 't2', { status: 'completed', title: 'b' }, t1);
      expect(update).toMatchObject({
        changed: ['status'],
        before: { status: 'in_progress' },
        task: { id: 't2', status: 'completed', description: 'd' },
      });
      const same = await store.tasks.update(key, 't2', { status: 'completed' }, new Date('2026-02-01T00:00:00Z'));
      expect(same?.changed).toEqual([]);
      expect(same?.task.updated_at).toBe(t1.toISOString());
      const cleared = await store.tasks.update(key, 't2', { description: '' }, t1);
      expect(cleared?.changed).toEqual(['description']);
      expect(cleared?.task).not.toHaveProperty('description');
      expect(await store.tasks.update(key, 't9', { status: 'completed' }, t1)).toBeUndefined();
      expect((await store.tasks.list(key)).map((t) => `${t.id}:${t.status}`)).toEqual(['t1:pending', 't2:completed']);
      expect((await store.tasks.list(key, { status: 'pending' })).map((t) => t.id)).toEqual(['t1']);
      expect((await store.tasks.list(key))[1]).not.toHaveProperty('description');
    });

    it('keeps one list per scope and per principal: another principal neither sees nor changes them', async () => {
      const store = open();
      const alice = freshKey('alice');
      const bob = { scope: alice.scope, principal: 'bob' };
      await store.tasks.create(alice, { title: 'hers' }, t0);
      expect(await store.tasks.list(bob)).toEqual([]);
      expect(await store.tasks.update(bob, 't1', { status: 'completed' }, t1)).toBeUndefined();
      expect((await store.tasks.create(bob, { title: 'his' }, t0)).id).toBe('t1');
      expect(await store.tasks.list(freshKey('alice'))).toEqual([]);
      expect((await store.tasks.list(alice)).map((t) => `${t.title}:${t.status}`)).toEqual(['hers:pending']);
    });

    it('parallel creators on two store instances get unique, sequential ids', async () => {
      const [a, b] = [open(), open()];
      const key = freshKey();
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).tasks.create(key, { title: `n${i}` }, t0)),
      );
      const ids = created.map((t) => Number(t.id.slice(1))).sort((x, y) => x - y);
      expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect((await a.tasks.list(key)).map((t) => t.id)).toEqual(ids.map((n) => `t${n}`));
    });

    it('refuses fields it cannot keep with INVALID_INPUT, writing nothing', async () => {
      const store = open();
      const key = freshKey();
      for (const input of [
        { title: 'a\u0000b' },
        { title: '' },
        { title: 'x'.repeat(201) },
        { title: 'ok', status: 'done' as never },
        { title: 'ok', description: 'nul\u0000' },
      ]) {
        expect((await rejection(store.tasks.create(key, input, t0))).code, JSON.stringify(input)).toBe('INVALID_INPUT');
      }
      expect((await rejection(store.tasks.create({ scope: 'a\u0000', principal: 'p' }, { title: 'x' }, t0))).code).toBe(
        'INVALID_INPUT',
      );
      expect(await store.tasks.list(key)).toEqual([]);
    });
  });

  describe('background jobs', () => {
    it('records jobs per key, ends a running job once, removes one', async () => {
      const store = open();
      const key = freshKey();
      const job = await store.jobs.create(key, { owner: 'replica-a', command: 'sleep 10', leaseMs: 60_000 });
      expect(job).toMatchObject({
        id: 'job-1',
        owner: 'replica-a',
        command: 'sleep 10',
        status: 'running',
        exit_code: null,
        ended_at: null,
        output_bytes: 0,
      });
      expect(Date.parse(job.lease_expires_at)).toBeGreaterThan(Date.parse(job.started_at));
      expect((await store.jobs.create(key, { owner: 'replica-a', command: 'true', leaseMs: 60_000 })).id).toBe('job-2');
      const ended = await store.jobs.finish(key, 'job-1', { status: 'exited', exit_code: 3 });
      expect(ended).toMatchObject({ applied: true, job: { status: 'exited', exit_code: 3 } });
      expect(ended!.job.ended_at).not.toBeNull();
      expect(await store.jobs.finish(key, 'job-1', { status: 'killed' })).toMatchObject({
        applied: false,
        job: { status: 'exited', exit_code: 3 },
      });
      expect(await store.jobs.finish(key, 'job-9', { status: 'killed' })).toBeUndefined();
      expect((await store.jobs.list(key)).map((j) => `${j.id}:${j.status}`)).toEqual(['job-1:exited', 'job-2:running']);
      expect(await store.jobs.remove(key, 'job-1')).toBe(true);
      expect(await store.jobs.remove(key, 'job-1')).toBe(false);
      expect(await store.jobs.get(key, 'job-1')).toBeUndefined();
      expect((await store.jobs.get(key, 'job-2'))?.status).toBe('running');
    });

    it("one principal cannot read, end, append to or read the output of another's job", async () => {
      const store = open();
      const alice = freshKey('alice');
      const bob = { scope: alice.scope, principal: 'bob' };
      await store.jobs.create(alice, { owner: 'r', command: 'secret', leaseMs: 60_000 });
      await store.jobs.appendOutput(alice, 'job-1', Buffer.from('private'));
      expect(await store.jobs.get(bob, 'job-1')).toBeUndefined();
      expect(await store.jobs.list(bob)).toEqual([]);
      expect(await store.jobs.finish(bob, 'job-1', { status: 'killed' })).toBeUndefined();
      expect(await store.jobs.readOutput(bob, 'job-1', 0)).toBeUndefined();
      expect((await rejection(store.jobs.appendOutput(bob, 'job-1', Buffer.from('x')))).code).toBe('NOT_FOUND');
      expect(await store.jobs.remove(bob, 'job-1')).toBe(false);
      expect((await store.jobs.get(alice, 'job-1'))?.status).toBe('running');
      expect(bytesOf(await store.jobs.readOutput(alice, 'job-1', 0)).toString()).toBe('private');
    });

    it('markRead moves the read position forward only, never past the output, and only for the key', async () => {
      const store = open();
      const key = freshKey();
      const other = { ...key, principal: `${key.principal}-other` };
      await store.jobs.create(key, { owner: 'r', command: 'c', leaseMs: 60_000 });
      expect((await store.jobs.get(key, 'job-1'))?.read_pos).toBe(0);
      await store.jobs.appendOutput(key, 'job-1', Buffer.from('hello world'));
      expect(await store.jobs.markRead(key, 'job-1', 6)).toBe(true);
      expect((await store.jobs.get(key, 'job-1'))?.read_pos).toBe(6);
      expect(await store.jobs.markRead(key, 'job-1', 2)).toBe(true);
      expect((await store.jobs.get(key, 'job-1'))?.read_pos).toBe(6);
      expect(await store.jobs.markRead(key, 'job-1', 500)).toBe(true);
      expect((await store.jobs.get(key, 'job-1'))?.read_pos).toBe(11);
      expect(await store.jobs.markRead(other, 'job-1', 0)).toBe(false);
      expect(await store.jobs.markRead(key, 'job-2', 0)).toBe(false);
      expect((await store.jobs.list(key)).map((j) => j.read_pos)).toEqual([11]);
      expect((await rejection(store.jobs.markRead(key, 'job-1', -1))).code).toBe('INVALID_INPUT');
    });

    it('reads output since a cursor, in pages of maxBytes', async () => {
      const store = open();
      const key = freshKey();
      await store.jobs.create(key, { owner: 'r', command: 'c', leaseMs: 60_000 });
      expect(await store.jobs.appendOutput(key, 'job-1', Buffer.from('hello '))).toBe(6);
      expect(await store.jobs.appendOutput(key, 'job-1', Buffer.from('world'))).toBe(11);
      expect(await store.jobs.appendOutput(key, 'job-1', new Uint8Array(0))).toBe(11);
      const all = await store.jobs.readOutput(key, 'job-1', 0);
      expect({ text: bytesOf(all).toString(), next: all!.next, total: all!.total, omitted: all!.omitted }).toEqual({
        text: 'hello world',
        next: 11,
        total: 11,
        omitted: 0,
      });
      const since = await store.jobs.readOutput(key, 'job-1', 6);
      expect(bytesOf(since).toString()).toBe('world');
      const page = await store.jobs.readOutput(key, 'job-1', 2, 4);
      expect({ text: bytesOf(page).toString(), next: page!.next }).toEqual({ text: 'llo ', next: 6 });
      const end = await store.jobs.readOutput(key, 'job-1', 11);
      expect({ segments: end!.segments.length, next: end!.next }).toEqual({ segments: 0, next: 11 });
      expect((await store.jobs.get(key, 'job-1'))?.output_bytes).toBe(11);
      expect((await rejection(store.jobs.readOutput(key, 'job-1', -1))).code).toBe('INVALID_INPUT');
      expect((await rejection(store.jobs.appendOutput(key, 'job-1', Buffer.alloc(1024 * 1024 + 1)))).code).toBe(
        'INVALID_INPUT',
      );
    });

    it('keeps the head and the tail of output past the cap, counting what it dropped', async () => {
      const store = open({ outputHeadBytes: 10, outputTailBytes: 20 });
      const key = freshKey();
      await store.jobs.create(key, { owner: 'r', command: 'c', leaseMs: 60_000 });
      const text = Array.from({ length: 100 }, (_, i) => String.fromCharCode(65 + (i % 26))).join('');
      for (let at = 0; at < text.length; at += 7)
        await store.jobs.appendOutput(key, 'job-1', Buffer.from(text.slice(at, at + 7)));
      const read = await store.jobs.readOutput(key, 'job-1', 0);
      expect(read!.segments.map((s) => [s.pos, s.data.toString()])).toEqual([
        [0, text.slice(0, 10)],
        [80, text.slice(80)],
      ]);
      expect({ next: read!.next, total: read!.total, omitted: read!.omitted }).toEqual({
        next: 100,
        total: 100,
        omitted: 70,
      });
      // From inside the dropped part: the jump is counted from the cursor.
      const middle = await store.jobs.readOutput(key, 'job-1', 50);
      expect({ text: bytesOf(middle).toString(), omitted: middle!.omitted }).toEqual({
        text: text.slice(80),
        omitted: 30,
      });
      // One append larger than head + tail keeps only its own head and tail.
      await store.jobs.create(key, { owner: 'r', command: 'c', leaseMs: 60_000 });
      await store.jobs.appendOutput(key, 'job-2', Buffer.from(text));
      const big = await store.jobs.readOutput(key, 'job-2', 0);
      expect(big!.segments.map((s) => [s.pos, s.data.toString()])).toEqual([
        [0, text.slice(0, 10)],
        [80, text.slice(80)],
      ]);
      // Pages across the gap.
      const first = await store.jobs.readOutput(key, 'job-2', 0, 10);
      expect({ text: bytesOf(first).toString(), next: first!.next, omitted: first!.omitted }).toEqual({
        text: text.slice(0, 10),
        next: 10,
        omitted: 0,
      });
      const second = await store.jobs.readOutput(key, 'job-2', first!.next, 5);
      expect({ text: bytesOf(second).toString(), next: second!.next, omitted: second!.omitted }).toEqual({
        text: text.slice(80, 85),
        next: 85,
        omitted: 70,
      });
    });

    it('parallel appends (two instances) all land, each chunk whole', async () => {
      const [a, b] = [open(), open()];
      const key = freshKey();
      await a.jobs.create(key, { owner: 'r', command: 'c', leaseMs: 60_000 });
      const chunks = Array.from({ length: 40 }, (_, i) => `<${String(i).padStart(2, '0')}>`);
      await Promise.all(chunks.map((chunk, i) => (i % 2 ? a : b).jobs.appendOutput(key, 'job-1', Buffer.from(chunk))));
      const text = bytesOf(await a.jobs.readOutput(key, 'job-1', 0)).toString();
      expect(text).toHaveLength(160);
      expect(text.match(/<\d\d>/g)!.sort()).toEqual([...chunks].sort());
    });

    it('a job whose owner stops renewing its lease is marked failed; renewed ones are not', async () => {
      const store = open();
      const key = freshKey();
      await store.jobs.create(key, { owner: 'dead-replica', command: 'a', leaseMs: 0 });
      await store.jobs.appendOutput(key, 'job-1', Buffer.from('last words'));
      await store.jobs.create(key, { owner: 'live-replica', command: 'b', leaseMs: 0 });
      await store.jobs.create(key, { owner: 'dead-replica', command: 'c', leaseMs: 0 });
      await store.jobs.finish(key, 'job-3', { status: 'exited', exit_code: 0 });
      expect(await store.jobs.renewLeases('live-replica', 60_000)).toBe(1);
      const failed = (await store.jobs.failExpired()).filter((j) => j.scope === key.scope);
      expect(failed.map((j) => `${j.id}:${j.status}`)).toEqual(['job-1:failed']);
      expect(failed[0]!.note).toMatch(/lease/);
      expect(failed[0]!.output_bytes).toBe(10);
      expect(failed[0]!.ended_at).not.toBeNull();
      expect((await store.jobs.list(key)).map((j) => `${j.id}:${j.status}`)).toEqual([
        'job-1:failed',
        'job-2:running',
        'job-3:exited',
      ]);
      expect((await store.jobs.failExpired()).filter((j) => j.scope === key.scope)).toEqual([]);
    });
  });

  describe('MCP tasks', () => {
    it('creates, reads, pages, updates, and never changes a terminal task', async () => {
      const store = open();
      const key = freshKey();
      const task = await store.mcpTasks.create(key, {
        operation: 'exec.bash',
        owner: 'r1',
        ttlMs: 3_600_000,
        leaseMs: 60_000,
      });
      expect(task).toMatchObject({
        operation: 'exec.bash',
        status: 'working',
        status_message: null,
        result: null,
        ttl_ms: 3_600_000,
        owner: 'r1',
      });
      expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(task.expires_at!) - Date.parse(task.created_at)).toBe(3_600_000);
      expect(await store.mcpTasks.get(key, task.id)).toEqual(task);
      const more = [];
      for (let i = 0; i < 4; i++)
        more.push(await store.mcpTasks.create(key, { operation: `op${i}`, owner: 'r1', ttlMs: null, leaseMs: 60_000 }));
      const page1 = await store.mcpTasks.list(key, { limit: 2 });
      const page2 = await store.mcpTasks.list(key, { limit: 2, cursor: page1.next_cursor });
      const page3 = await store.mcpTasks.list(key, { limit: 2, cursor: page2.next_cursor });
      expect([...page1.tasks, ...page2.tasks, ...page3.tasks].map((t) => t.operation)).toEqual([
        'exec.bash',
        'op0',
        'op1',
        'op2',
        'op3',
      ]);
      expect(page3.next_cursor).toBeUndefined();
      const waiting = await store.mcpTasks.update(key, task.id, {
        status: 'input_required',
        status_message: 'which file?',
      });
      expect(waiting).toMatchObject({
        applied: true,
        task: { status: 'input_required', status_message: 'which file?' },
      });
      const result = { content: [{ type: 'text', text: 'done \u0000 with a NUL' }], isError: false };
      expect(await store.mcpTasks.update(key, task.id, { status: 'completed', result })).toMatchObject({
        applied: true,
        task: { status: 'completed', result },
      });
      expect(await store.mcpTasks.update(key, task.id, { status: 'cancelled' })).toMatchObject({
        applied: false,
        task: { status: 'completed', result },
      });
      expect(await store.mcpTasks.update(key, 'no-such-task', { status: 'cancelled' })).toBeUndefined();
      expect(await store.mcpTasks.get({ scope: key.scope, principal: 'mallory' }, task.id)).toBeUndefined();
      expect((await store.mcpTasks.list({ scope: key.scope, principal: 'mallory' })).tasks).toEqual([]);
      expect(
        await store.mcpTasks.update({ scope: key.scope, principal: 'mallory' }, more[0]!.id, { status: 'cancelled' }),
      ).toBeUndefined();
    });

    it('a task past its ttl is gone; one whose lease ran out is failed', async () => {
      const store = open();
      const key = freshKey();
      const gone = await store.mcpTasks.create(key, { operation: 'x', owner: 'r', ttlMs: 0, leaseMs: 60_000 });
      const orphan = await store.mcpTasks.create(key, { operation: 'y', owner: 'dead', ttlMs: null, leaseMs: 0 });
      const kept = await store.mcpTasks.create(key, { operation: 'z', owner: 'live', ttlMs: null, leaseMs: 0 });
      expect(await store.mcpTasks.get(key, gone.id)).toBeUndefined();
      expect(await store.mcpTasks.renewLeases('live', 60_000)).toBe(1);
      const failed = (await store.mcpTasks.failExpired()).filter((t) => t.scope === key.scope);
      expect(failed.map((t) => `${t.operation}:${t.status}`)).toEqual(['y:failed']);
      expect((await store.mcpTasks.get(key, orphan.id))?.status_message).toMatch(/lease/);
      expect((await store.mcpTasks.get(key, kept.id))?.status).toBe('working');
      expect(await store.mcpTasks.sweepExpired()).toBeGreaterThanOrEqual(1);
      expect((await store.mcpTasks.list(key)).tasks.map((t) => t.operation)).toEqual(['y', 'z']);
    });
  });

  describe('audit log', () => {
    it('appends entries and reads them since a time, by principal, up to a limit', async () => {
      const store = open();
      const scope = freshKey().scope;
      const base = {
        scope,
        operation: 'filesystem.read_file',
        risk: 'read_only',
        decision: 'allow',
        rule: 'default',
        error_code: null,
        duration_ms: 1.5,
      };
      await store.audit.append({
        ...base,
        time: new Date('2030-01-01T00:00:00Z'),
        principal: 'alice',
        input: { path: 'a.txt' },
      });
      await store.audit.append({
        ...base,
        time: new Date('2030-01-02T00:00:00Z'),
        principal: 'bob',
        input: { command: 'rm x', token: '[redacted]' },
        error_code: 'DENIED_BY_POLICY',
        decision: 'deny',
        rule: 'rules[0]',
      });
      await store.audit.append({
        ...base,
        time: new Date('2030-01-03T00:00:00Z'),
        principal: 'alice',
        input: { text: 'nul \u0000 inside', big: 'x'.repeat(70 * 1024) },
      });
      const since = await store.audit.query({ since: new Date('2030-01-01T12:00:00Z') });
      expect(since.map((r) => `${r.time}:${r.principal}`)).toEqual([
        '2030-01-02T00:00:00.000Z:bob',
        '2030-01-03T00:00:00.000Z:alice',
      ]);
      expect(since[0]).toMatchObject({
        operation: 'filesystem.read_file',
        decision: 'deny',
        rule: 'rules[0]',
        error_code: 'DENIED_BY_POLICY',
        duration_ms: 1.5,
        input: { command: 'rm x', token: '[redacted]' },
      });
      expect(since[0]!.seq).toBeLessThan(since[1]!.seq);
      // An input over 64 KiB is kept as a preview with its size, not refused (the call happened).
      expect(since[1]!.input).toMatchObject({ truncated: true });
      expect(String((since[1]!.input as { preview: string }).preview)).toContain('nul \\u0000 inside');
      const alice = await store.audit.query({ since: new Date('2030-01-01T00:00:00Z'), principal: 'alice', limit: 1 });
      expect(alice.map((r) => r.time)).toEqual(['2030-01-01T00:00:00.000Z']);
      expect(alice[0]!.input).toEqual({ path: 'a.txt' });
      expect((await rejection(store.audit.query({ limit: 0 }))).code).toBe('INVALID_INPUT');
    });

    it('appends a batch in order in one call, and reads by operation and the newest entries', async () => {
      const store = open();
      const scope = freshKey().scope;
      const at = (day: number) => new Date(`2031-0${day}-01T00:00:00Z`);
      const entry = (n: number, operation: string) => ({
        scope,
        principal: 'erin',
        operation,
        risk: 'low',
        decision: 'allow',
        rule: null,
        error_code: n % 2 ? 'NOT_FOUND' : null,
        duration_ms: n,
        time: at(n),
        input: { n, text: `line\n${n}` },
      });
      await store.audit.appendMany([entry(1, 'a.one'), entry(2, 'b.two'), entry(3, 'a.one'), entry(4, 'a.one')]);
      await store.audit.appendMany([]);
      const since = at(1);
      const all = (await store.audit.query({ since, principal: 'erin', limit: 10_000 })).filter(
        (r) => r.scope === scope,
      );
      expect(all.map((r) => [r.operation, r.duration_ms, r.error_code])).toEqual([
        ['a.one', 1, 'NOT_FOUND'],
        ['b.two', 2, null],
        ['a.one', 3, 'NOT_FOUND'],
        ['a.one', 4, null],
      ]);
      expect(all[1]!.input).toEqual({ n: 2, text: 'line\n2' });
      expect(all.map((r) => r.seq)).toEqual([...all.map((r) => r.seq)].sort((x, y) => x - y));
      const ones = await store.audit.query({ since, principal: 'erin', operation: 'a.one', limit: 2 });
      expect(ones.map((r) => r.duration_ms)).toEqual([1, 3]);
      const newest = await store.audit.query({ since, principal: 'erin', operation: 'a.one', limit: 2, last: true });
      expect(newest.map((r) => r.duration_ms)).toEqual([3, 4]);
      // A bad entry refuses the whole batch: nothing of it is written.
      const bad = { ...entry(5, 'a.one'), duration_ms: -1 };
      expect((await rejection(store.audit.appendMany([entry(6, 'c.six'), bad]))).code).toBe('INVALID_INPUT');
      expect(await store.audit.query({ since, operation: 'c.six' })).toEqual([]);
    });
  });

  describe('replica leases', () => {
    it('registers, renews, lists the expired, removes', async () => {
      const store = open();
      const id = `replica-${freshKey().scope}`;
      const other = `${id}-b`;
      const registered = await store.replicas.register(id, { leaseMs: 0, info: { host: 'a', pid: 1 } });
      expect(registered).toMatchObject({ id, info: { host: 'a', pid: 1 } });
      await store.replicas.register(other, { leaseMs: 60_000 });
      expect((await store.replicas.listExpired()).map((r) => r.id)).toContain(id);
      expect((await store.replicas.listExpired()).map((r) => r.id)).not.toContain(other);
      const renewed = await store.replicas.renew(id, 60_000);
      expect(Date.parse(renewed!.lease_expires_at)).toBeGreaterThan(Date.now() + 30_000);
      expect((await store.replicas.listExpired()).map((r) => r.id)).not.toContain(id);
      expect((await store.replicas.list()).map((r) => r.id)).toEqual(expect.arrayContaining([id, other]));
      expect(await store.replicas.remove(id)).toBe(true);
      expect(await store.replicas.renew(id, 1000)).toBeUndefined();
      expect(await store.replicas.remove(id)).toBe(false);
    });
  });

  describe('notifications', () => {
    it('a message published through one store instance reaches a subscriber on another; none after it unsubscribed', async () => {
      const [publisher, listener] = [open(), open()];
      const channel = `kill.${freshKey().scope}`;
      const received: string[] = [];
      let wake: () => void = () => {};
      const subscription = await listener.notifications.subscribe(channel, (payload) => {
        received.push(payload);
        wake();
      });
      const arrived = (count: number) =>
        new Promise<void>((resolve) => {
          wake = () => {
            if (received.length >= count) resolve();
          };
          wake();
        });
      await publisher.notifications.publish(channel, JSON.stringify({ job: 'job-3' }));
      await publisher.notifications.publish(channel, 'second');
      await arrived(2);
      expect(received).toEqual(['{"job":"job-3"}', 'second']);
      await subscription.close();
      // A sentinel on another channel, published after: once it arrived, the first message would have too.
      const sentinel = `${channel}.sentinel`;
      let sentinelSeen!: () => void;
      const seen = new Promise<void>((resolve) => (sentinelSeen = resolve));
      const watch = await listener.notifications.subscribe(sentinel, () => sentinelSeen());
      await publisher.notifications.publish(channel, 'after');
      await publisher.notifications.publish(sentinel, 'x');
      await seen;
      await watch.close();
      expect(received).toEqual(['{"job":"job-3"}', 'second']);
      expect((await rejection(publisher.notifications.publish('bad channel"', 'x'))).code).toBe('INVALID_INPUT');
      expect((await rejection(publisher.notifications.publish(channel, 'x'.repeat(8000)))).code).toBe('INVALID_INPUT');
    });
  });

  describe('the store itself', () => {
    it('migrate is idempotent, and a closed store answers UNAVAILABLE', async () => {
      const store = open();
      await store.migrate();
      const again = await store.migrate();
      expect(again).toEqual({ applied: [], version: engine.name === 'postgres' ? 2 : 1 });
      expect(JSON.stringify(store)).toBe(JSON.stringify({ engine: engine.name, location: store.location }));
      await store.close();
      const error = await rejection(store.tasks.list(freshKey()));
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toContain(store.location);
    });
  });
});
