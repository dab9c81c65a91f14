import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, ToolError } from '../../src/index.js';
import type { Clock, InvokeResult, Toolkit } from '../../src/index.js';
import { MAX_TASKS_PER_LIST } from '../../src/runtime/services/tasks.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tw-task-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A clock that advances one minute per reading, so timestamps are predictable. */
function steppingClock(): Clock {
  let t = Date.parse('2026-03-01T10:00:00.000Z');
  return { now: () => new Date((t += 60_000) - 60_000) };
}

function expectValidOutput(toolkit: Toolkit, name: string, result: InvokeResult) {
  expect(result.ok, result.text).toBe(true);
  const op = toolkit.find(name)!;
  expect(op.validateResult(result.ok ? result.output : undefined), JSON.stringify(op.validateResult.errors)).toBe(true);
}

describe('task provider', () => {
  it('creates, updates and lists tasks with clock timestamps', async () => {
    const toolkit = createToolkit({ workspace: root, clock: steppingClock() });
    const created = await toolkit.invoke('task', 'task_create', { title: 'Write tests', description: 'vitest' });
    expectValidOutput(toolkit, 'task_create', created);
    expect(created.ok && created.output).toEqual({
      task: {
        id: 't1',
        title: 'Write tests',
        description: 'vitest',
        status: 'pending',
        created_at: '2026-03-01T10:00:00.000Z',
        updated_at: '2026-03-01T10:00:00.000Z',
      },
    });
    expect(created.text).toBe('Created task t1 [pending] Write tests');

    await toolkit.invoke('task', 'task_create', { title: 'Ship it' });
    const updated = await toolkit.invoke('task', 'task_update', { id: 't1', status: 'in_progress' });
    expectValidOutput(toolkit, 'task_update', updated);
    expect(updated.ok && updated.output).toMatchObject({
      task: {
        id: 't1',
        status: 'in_progress',
        created_at: '2026-03-01T10:00:00.000Z',
        updated_at: '2026-03-01T10:02:00.000Z',
      },
      changed: ['status'],
    });
    expect(updated.text).toContain('status pending → in_progress');

    const listed = await toolkit.invoke('task', 'task_list', {});
    expectValidOutput(toolkit, 'task_list', listed);
    expect(listed.ok && listed.output).toMatchObject({
      tasks: [
        { id: 't1', status: 'in_progress' },
        { id: 't2', status: 'pending' },
      ],
      counts: { pending: 1, in_progress: 1, completed: 0, cancelled: 0 },
    });
    expect(listed.text).toBe('t1 [in_progress] Write tests\nt2 [pending] Ship it\n(1 pending, 1 in_progress)');
  });

  it('filters the list by status but counts the whole list', async () => {
    const toolkit = createToolkit({ workspace: root });
    await toolkit.call.task_create({ title: 'a', status: 'completed' });
    await toolkit.call.task_create({ title: 'b' });
    await toolkit.call.task_create({ title: 'c', status: 'completed' });
    const done = await toolkit.call.task_list({ status: 'completed' });
    expect(done.tasks.map((t) => t.title)).toEqual(['a', 'c']);
    expect(done.counts).toEqual({ pending: 1, in_progress: 0, completed: 2, cancelled: 0 });
    const none = await toolkit.invoke('task', 'task_list', { status: 'cancelled' });
    expect(none.text).toBe('No cancelled tasks (1 pending, 2 completed).');
  });

  it('unknown id is NOT_FOUND and names the known ids', async () => {
    const toolkit = createToolkit({ workspace: root });
    await toolkit.call.task_create({ title: 'a' });
    await toolkit.call.task_create({ title: 'b' });
    const result = await toolkit.invoke('task', 'task_update', { id: 't7', status: 'completed' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('NOT_FOUND');
    expect(result.text).toContain('known ids: t1, t2');
  });

  it('an update that changes nothing is INVALID_INPUT and does not touch updated_at', async () => {
    const toolkit = createToolkit({ workspace: root, clock: steppingClock() });
    await toolkit.call.task_create({ title: 'a', status: 'completed' });
    const empty = await toolkit.invoke('task', 'task_update', { id: 't1' });
    expect(!empty.ok && empty.error.code).toBe('INVALID_INPUT');
    expect(empty.text).toContain('at least one of title, description or status');
    const same = await toolkit.invoke('task', 'task_update', { id: 't1', status: 'completed', title: 'a' });
    expect(!same.ok && same.error.code).toBe('INVALID_INPUT');
    expect(same.text).toContain('task t1 already has title "a" and status "completed"');
    const [task] = (await toolkit.call.task_list({})).tasks;
    expect(task!.updated_at).toBe(task!.created_at);
  });

  it('a partly effective update changes only what differs', async () => {
    const toolkit = createToolkit({ workspace: root });
    await toolkit.call.task_create({ title: 'a' });
    const result = await toolkit.call.task_update({ id: 't1', title: 'a', status: 'cancelled' });
    expect(result.changed).toEqual(['status']);
  });

  it('blank titles are refused', async () => {
    const toolkit = createToolkit({ workspace: root });
    const create = await toolkit.invoke('task', 'task_create', { title: ' \t ' });
    expect(!create.ok && create.error.code).toBe('INVALID_INPUT');
    await toolkit.call.task_create({ title: 'a' });
    const update = await toolkit.invoke('task', 'task_update', { id: 't1', title: '  ' });
    expect(!update.ok && update.error.code).toBe('INVALID_INPUT');
  });

  it('each toolkit has its own in-memory list by default; a shared store is shared', async () => {
    const a = createToolkit({ workspace: root });
    const b = createToolkit({ workspace: root });
    await a.call.task_create({ title: 'only in a' });
    expect((await b.call.task_list({})).tasks).toEqual([]);
    const shared = createToolkit({ workspace: root, tasks: a.services.tasks });
    expect((await shared.call.task_list({})).tasks.map((t) => t.title)).toEqual(['only in a']);
  });

  it('the { file } option persists tasks in the workspace across toolkits', async () => {
    const first = createToolkit({ workspace: root, tasks: { file: '.toolwright/tasks.json' } });
    await first.call.task_create({ title: 'survives' });
    const onDisk = JSON.parse(await readFile(join(root, '.toolwright', 'tasks.json'), 'utf8'));
    expect(onDisk.tasks[0]).toMatchObject({ id: 't1', title: 'survives' });
    const second = createToolkit({ workspace: root, tasks: { file: '.toolwright/tasks.json' } });
    await second.call.task_update({ id: 't1', status: 'completed' });
    expect((await first.call.task_list({ status: 'completed' })).tasks.map((t) => t.id)).toEqual(['t1']);
  });

  it('typed calls throw ToolError with the code', async () => {
    const toolkit = createToolkit({ workspace: root });
    const error = await toolkit.call.task_update({ id: 'nope', status: 'completed' }).catch((e) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect(error.code).toBe('NOT_FOUND');
  });

  it('a store failure becomes INTERNAL with its message; the declared TIMEOUT passes through', async () => {
    const broken = createToolkit({
      workspace: root,
      tasks: {
        create: async () => {
          throw new Error('disk on fire');
        },
        update: async () => {
          throw new ToolError('TIMEOUT', 'lock busy');
        },
        list: async () => [],
      },
    });
    const create = await broken.invoke('task', 'task_create', { title: 'x' });
    expect(!create.ok && create.error).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('disk on fire'),
    });
    const update = await broken.invoke('task', 'task_update', { id: 't1', status: 'completed' });
    expect(!update.ok && update.error.code).toBe('TIMEOUT');
  });
});

describe('task list cap', () => {
  it('the in-memory list keeps at most MAX_TASKS_PER_LIST: the oldest ended task makes room, then LIMIT_REACHED', async () => {
    const toolkit = createToolkit({ workspace: root });
    const create = (title: string, status?: 'completed' | 'cancelled') =>
      toolkit.invoke('task', 'task_create', status ? { title, status } : { title });
    expect((await create('done early', 'completed')).ok).toBe(true);
    expect((await create('dropped later', 'cancelled')).ok).toBe(true);
    for (let i = 2; i < MAX_TASKS_PER_LIST; i++) expect((await create(`open ${i}`)).ok).toBe(true);
    const makesRoom = await create('takes t1 place');
    expect(makesRoom.ok).toBe(true);
    const listed = await toolkit.invoke('task', 'task_list', {});
    const ids = listed.ok ? (listed.output as { tasks: { id: string }[] }).tasks.map((t) => t.id) : [];
    expect(ids).toHaveLength(MAX_TASKS_PER_LIST);
    expect(ids[0]).toBe('t2');
    expect((await create('takes t2 place')).ok).toBe(true);
    const full = await create('one too many');
    expect(full.ok ? 'ok' : full.error.code).toBe('LIMIT_REACHED');
    expect(full.text).toContain('task_update');
  });
});

describe('task text', () => {
  it('a NUL or a lone surrogate half in a title or description is refused by every list, as the shared store refuses it, and nothing is kept', async () => {
    for (const tasks of [undefined, { file: '.toolwright/tasks.json' }]) {
      const toolkit = createToolkit({ workspace: root, ...(tasks ? { tasks } : {}) });
      const nulTitle = await toolkit.invoke('task', 'task_create', { title: 'a\u0000b' });
      expect(nulTitle.ok ? 'ok' : nulTitle.error.code).toBe('INVALID_INPUT');
      expect(nulTitle.ok ? '' : nulTitle.error.message).toContain('title must not contain NUL');
      const nulDescription = await toolkit.invoke('task', 'task_create', { title: 'ok', description: 'x\u0000' });
      expect(nulDescription.ok ? '' : nulDescription.error.message).toContain('description must not contain NUL');
      const half = await toolkit.invoke('task', 'task_create', { title: 'x\ud800y' });
      expect(half.ok ? '' : half.error.message).toContain('lone surrogate');
      const made = await toolkit.invoke('task', 'task_create', { title: 'kept' });
      expect(made.ok).toBe(true);
      const id = made.ok ? (made.output as { task: { id: string } }).task.id : '';
      const update = await toolkit.invoke('task', 'task_update', { id, title: 'y\u0000' });
      expect(update.ok ? 'ok' : update.error.code).toBe('INVALID_INPUT');
      const listed = await toolkit.invoke('task', 'task_list', {});
      const titles = listed.ok ? (listed.output as { tasks: { title: string }[] }).tasks.map((t) => t.title) : [];
      expect(titles).toEqual(['kept']);
      await toolkit.close();
      await rm(join(root, '.toolwright'), { recursive: true, force: true });
    }
  });
});
