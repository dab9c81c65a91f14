// The store contract for task lists and background jobs, run against both engines: ids, fields
// and times of task lists, isolation between principals, parallel creators; job records, lease
// expiry, read positions, output paging and the head-and-tail cap on output, parallel appends.
import { describe, expect, it } from 'vitest';
import { bytesOf, contractEngines, freshKey, rejection, storeOpener, t0, t1 } from './contract-engines.js';

const engines = contractEngines();

describe.each(engines)('store contract: $name', (engine) => {
  const open = storeOpener(engine);

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
});
