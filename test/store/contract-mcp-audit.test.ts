// The store contract for the shared records besides tasks and jobs, run against both engines: MCP
// tasks (create, page, update, ttl and lease expiry), the audit log (append, batches, queries),
// replica leases, notifications between store instances, and the store's own migrate and close.
import { describe, expect, it } from 'vitest';
import { contractEngines, freshKey, rejection, storeOpener } from './contract-engines.js';

const engines = contractEngines();

describe.each(engines)('store contract: $name', (engine) => {
  const open = storeOpener(engine);

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
      expect(again).toEqual({ applied: [], version: engine.name === 'postgres' ? 4 : 1 });
      expect(JSON.stringify(store)).toBe(JSON.stringify({ engine: engine.name, location: store.location }));
      await store.close();
      const error = await rejection(store.tasks.list(freshKey()));
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toContain(store.location);
    });
  });
});
