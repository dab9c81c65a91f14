import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../src/runtime/contract/errors.js';
import {
  createDefaultTaskStore,
  createFileTaskStore,
  resolveTaskStore,
  type TaskStore,
} from '../../src/runtime/services/tasks.js';
import { fixtureArgs } from '../support/built-cli.js';
import { scaled } from '../support/time.js';
import { settled, until, withStoppedClock } from '../support/clock.js';

const run = promisify(execFile);
const t0 = new Date('2026-01-01T00:00:00.000Z');
const t1 = new Date('2026-01-01T00:05:00.000Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-tasks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The same behaviour contract, run against both stores. */
function storeContract(name: string, make: () => TaskStore) {
  describe(`${name} store`, () => {
    it('gives short sequential ids and clock timestamps', async () => {
      const store = make();
      const a = await store.create({ title: 'a' }, t0);
      const b = await store.create({ title: 'b', description: 'd', status: 'in_progress' }, t1);
      expect(a).toEqual({
        id: 't1',
        title: 'a',
        status: 'pending',
        created_at: t0.toISOString(),
        updated_at: t0.toISOString(),
      });
      expect(b).toMatchObject({ id: 't2', description: 'd', status: 'in_progress', created_at: t1.toISOString() });
    });

    it('updates only the given fields and reports what changed', async () => {
      const store = make();
      await store.create({ title: 'a', description: 'keep' }, t0);
      const result = await store.update('t1', { status: 'completed' }, t1);
      expect(result?.changed).toEqual(['status']);
      expect(result?.before.status).toBe('pending');
      expect(result?.task).toMatchObject({
        title: 'a',
        description: 'keep',
        status: 'completed',
        created_at: t0.toISOString(),
        updated_at: t1.toISOString(),
      });
    });

    it('an update to the same values changes nothing and keeps updated_at', async () => {
      const store = make();
      await store.create({ title: 'a', status: 'completed' }, t0);
      const result = await store.update('t1', { status: 'completed', title: 'a' }, t1);
      expect(result?.changed).toEqual([]);
      expect(result?.task.updated_at).toBe(t0.toISOString());
    });

    it('an empty description removes it', async () => {
      const store = make();
      await store.create({ title: 'a', description: 'x' }, t0);
      const result = await store.update('t1', { description: '' }, t1);
      expect(result?.changed).toEqual(['description']);
      expect(result?.task).not.toHaveProperty('description');
      expect((await store.list())[0]).not.toHaveProperty('description');
    });

    it('unknown id resolves undefined', async () => {
      const store = make();
      expect(await store.update('t9', { status: 'completed' }, t1)).toBeUndefined();
    });

    it('lists in creation order, filtered by status, as copies', async () => {
      const store = make();
      await store.create({ title: 'a' }, t0);
      await store.create({ title: 'b', status: 'completed' }, t0);
      await store.create({ title: 'c' }, t0);
      expect((await store.list()).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
      expect((await store.list({ status: 'pending' })).map((t) => t.title)).toEqual(['a', 'c']);
      const listed = await store.list();
      listed[0]!.title = 'mutated';
      expect((await store.list())[0]!.title).toBe('a');
    });
  });
}

storeContract('in-memory', () => createDefaultTaskStore());
storeContract('file', () => createFileTaskStore({ path: join(dir, 'nested', 'tasks.json') }));

describe('in-memory store', () => {
  it('each store is separate', async () => {
    const a = createDefaultTaskStore();
    const b = createDefaultTaskStore();
    await a.create({ title: 'x' }, t0);
    expect(await b.list()).toEqual([]);
  });
});

describe('file store', () => {
  it('survives a restart (a new store on the same file) and continues the ids', async () => {
    const path = join(dir, 'tasks.json');
    await createFileTaskStore({ path }).create({ title: 'first' }, t0);
    const reopened = createFileTaskStore({ path });
    expect((await reopened.list()).map((t) => t.title)).toEqual(['first']);
    expect((await reopened.create({ title: 'second' }, t1)).id).toBe('t2');
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    expect(onDisk).toMatchObject({ version: 1, next: 3 });
    expect(onDisk.tasks).toHaveLength(2);
  });

  it('a missing file is an empty list and reading does not create it', async () => {
    const path = join(dir, 'none.json');
    expect(await createFileTaskStore({ path }).list()).toEqual([]);
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never reuses an id below one already in the file, even with a hand-edited `next`', async () => {
    const path = join(dir, 'tasks.json');
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        next: 1,
        tasks: [{ id: 't7', title: 'x', status: 'pending', created_at: '', updated_at: '' }],
      }),
    );
    expect((await createFileTaskStore({ path }).create({ title: 'y' }, t0)).id).toBe('t8');
  });

  it('refuses a corrupt file with its path instead of overwriting it', async () => {
    const path = join(dir, 'tasks.json');
    await writeFile(path, '{ not json');
    const store = createFileTaskStore({ path });
    await expect(store.create({ title: 'x' }, t0)).rejects.toThrow(/tasks\.json is not valid JSON/);
    expect(await readFile(path, 'utf8')).toBe('{ not json');
  });

  it('a task file that is not a task list fails with UNAVAILABLE naming what is wrong, through invoke too, and is left as it is', async () => {
    const path = join(dir, 'tasks.json');
    const cases: [string, RegExp][] = [
      [
        '{"version":1,"next":2,"tasks":[{"id":"t1","title":"a","status":"pending"},null,"x"]}',
        /tasks\[1\] is not a task/,
      ],
      ['{"version":1,"tasks":[{"id":5,"title":"a","status":"pending"}]}', /tasks\[0\] is not a task/],
      ['{"version":1,"tasks":{}}', /does not hold a task list/],
      ['[1,2]', /does not hold a task list/],
      ['{ not json', /is not valid JSON/],
    ];
    const { createToolkit } = await import('../../src/index.js');
    for (const [text, message] of cases) {
      await writeFile(path, text);
      const error = await createFileTaskStore({ path })
        .list()
        .catch((e: unknown) => e);
      expect(error, text).toBeInstanceOf(ToolError);
      expect((error as ToolError).code, text).toBe('UNAVAILABLE');
      expect((error as ToolError).message, text).toMatch(message);
      const result = await createToolkit({ workspace: dir, tasks: createFileTaskStore({ path }) }).invoke(
        'task',
        'task_list',
        {},
      );
      expect(!result.ok && result.error.code, text).toBe('UNAVAILABLE');
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('leaves no temporary or lock files behind', async () => {
    const path = join(dir, 'tasks.json');
    const store = createFileTaskStore({ path });
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.create({ title: `t${i}` }, t0)));
    expect(await readdir(dir)).toEqual(['tasks.json']);
    expect(await store.list()).toHaveLength(20);
  });

  it('two stores on one file in one process lose nothing', async () => {
    const path = join(dir, 'tasks.json');
    const a = createFileTaskStore({ path });
    const b = createFileTaskStore({ path });
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).create({ title: `n${i}` }, t0)));
    const ids = (await a.list()).map((t) => t.id);
    expect(new Set(ids).size).toBe(30);
  });

  it('breaks a lock left by a process that is gone', async () => {
    const path = join(dir, 'tasks.json');
    // A pid that surely is not running: a child that has already exited.
    const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await writeFile(
      `${path}.lock`,
      JSON.stringify({ pid: Number(stdout), host: (await import('node:os')).hostname(), token: 'dead' }),
    );
    const task = await createFileTaskStore({ path, lockTimeoutMs: 2_000 }).create({ title: 'after crash' }, t0);
    expect(task.id).toBe('t1');
    expect(await readdir(dir)).toEqual(['tasks.json']);
  });

  it('waits for a live lock and then fails with TIMEOUT naming the holder', async () => {
    const path = join(dir, 'tasks.json');
    await writeFile(
      `${path}.lock`,
      JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), token: 'alive' }),
    );
    // On a stopped clock: still waiting when 299 ms of it have passed, TIMEOUT once it is past 300.
    const error = await withStoppedClock(
      async (clock) => {
        const creating = createFileTaskStore({ path, lockTimeoutMs: 300 })
          .create({ title: 'x' }, t0)
          .catch((e: unknown) => e);
        await clock.advance(299);
        expect(await settled(creating)).toBe(false);
        await until(async () => (await clock.advance(100), settled(creating)), 'the lock wait to end');
        return creating;
      },
      { date: true },
    );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('TIMEOUT');
    expect((error as ToolError).message).toContain(`pid ${process.pid}`);
    // The live lock is not ours to remove.
    expect(JSON.parse(await readFile(`${path}.lock`, 'utf8')).token).toBe('alive');
  });

  it('breaks a lock older than staleLockMs even if its owner looks alive', async () => {
    const path = join(dir, 'tasks.json');
    await writeFile(`${path}.lock`, JSON.stringify({ pid: process.pid, host: 'another-host', token: 'old' }));
    await new Promise((done) => setTimeout(done, 120));
    const task = await createFileTaskStore({ path, staleLockMs: 100, lockTimeoutMs: 2_000 }).create({ title: 'x' }, t0);
    expect(task.id).toBe('t1');
  });

  it('two real processes creating 200 tasks each lose nothing', { timeout: scaled(120_000) }, async () => {
    const path = join(dir, 'shared', 'tasks.json');
    const child = (label: string) =>
      run(process.execPath, fixtureArgs('task-writer.ts', path, '200', label), { timeout: scaled(90_000) });
    const [a, b] = await Promise.all([child('A'), child('B')]);
    expect(a.stdout).toBe('done\n');
    expect(b.stdout).toBe('done\n');
    const tasks = await createFileTaskStore({ path }).list();
    expect(tasks).toHaveLength(400);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(400);
    expect(tasks.filter((t) => t.title.startsWith('A-'))).toHaveLength(200);
    expect(tasks.filter((t) => t.title.startsWith('B-'))).toHaveLength(200);
    // Ids are dense: t1 … t400, no gaps, no duplicates.
    expect(tasks.map((t) => Number(t.id.slice(1))).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 400 }, (_, i) => i + 1),
    );
    expect((await readdir(join(dir, 'shared'))).sort()).toEqual(['tasks.json']);
  });
});

describe('resolveTaskStore', () => {
  it('turns { file } into a file store relative to the workspace', async () => {
    const store = resolveTaskStore({ file: '.toolwright/tasks.json' }, dir);
    await store.create({ title: 'x' }, t0);
    const onDisk = JSON.parse(await readFile(join(dir, '.toolwright', 'tasks.json'), 'utf8'));
    expect(onDisk.tasks[0].title).toBe('x');
  });

  it('passes a store through and defaults to a fresh in-memory store', async () => {
    const mine = createDefaultTaskStore();
    expect(resolveTaskStore(mine, dir)).toBe(mine);
    const a = resolveTaskStore(undefined, dir);
    await a.create({ title: 'x' }, t0);
    expect(await resolveTaskStore(undefined, dir).list()).toEqual([]);
  });
});
