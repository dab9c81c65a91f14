// The store's pieces that need no server: what a store URL names and how it is shown, the output
// cap's arithmetic, and the embedded store behind the task tools.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, openStore, stateFolderFor } from '../../src/index.js';
import { keptRanges, planAppend, planRead } from '../../src/runtime/store/output.js';
import { parseStoreUrl, scrubSecrets, StoreUrlError } from '../../src/runtime/store/url.js';

describe('store URLs', () => {
  it('names the engine and shows PostgreSQL URLs without any password', () => {
    const cases: [string, string][] = [
      ['postgres://tw:s3cr%40t@db.internal:5432/toolwright', 'postgres://tw@db.internal:5432/toolwright'],
      ['postgresql://tw:hunter22@127.0.0.1/tw?sslmode=require&application_name=x', 'postgresql://tw@127.0.0.1/tw'],
      ['postgres://tw@127.0.0.1/tw?password=hunter22', 'postgres://tw@127.0.0.1/tw'],
      ['postgres:///tw?host=/run/postgresql&password=hunter22', 'postgres://[/run/postgresql]/tw'],
      ['POSTGRES://a:bcdef@h/d', 'postgres://a@h/d'],
    ];
    for (const [url, shown] of cases) {
      const target = parseStoreUrl(url, '/ws');
      expect(target.engine, url).toBe('postgres');
      expect(target.location, url).toBe(shown);
      expect(target.location).not.toMatch(/s3cr|hunter22|bcdef/);
    }
    const secrets = (parseStoreUrl('postgres://tw:s3cr%40t@h/d', '/ws') as { secrets: string[] }).secrets;
    expect(scrubSecrets('failed for s3cr@t and s3cr%40t', secrets)).toBe('failed for *** and ***');
  });

  it('names embedded folders: "embedded" in the state folder, relative ones against the workspace', () => {
    expect(parseStoreUrl('embedded', '/ws')).toMatchObject({
      engine: 'embedded',
      folder: stateFolderFor('/ws'),
      legacy: '/ws/.toolwright/store',
    });
    expect(stateFolderFor('/ws')).not.toContain('/ws/');
    expect(parseStoreUrl('state/store', '/ws')).toMatchObject({ engine: 'embedded', folder: '/ws/state/store' });
    expect(parseStoreUrl('/var/lib/tw', '/ws')).toMatchObject({ engine: 'embedded', folder: '/var/lib/tw' });
    expect(parseStoreUrl('file:///var/lib/tw', '/ws')).toMatchObject({ engine: 'embedded', folder: '/var/lib/tw' });
  });

  it('refuses specs it cannot use, without repeating a password', () => {
    for (const [spec, message] of [
      ['', /empty/],
      ['mysql://root:hunter22@h/db', /scheme mysql is not supported/],
      ['redis://h', /scheme redis/],
      ['postgres://user:hunter22@[bad', /not a valid URL/],
      ['a\u0000b', /NUL/],
      ['file://remote-host/x', /not a usable file: URL/],
    ] as const) {
      const error = (() => {
        try {
          parseStoreUrl(spec, '/ws');
          return undefined;
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error, spec).toBeInstanceOf(StoreUrlError);
      expect(error!.message, spec).toMatch(message);
      expect(error!.message).not.toContain('hunter22');
    }
    expect(() => createToolkit({ workspace: '/tmp', store: 'mysql://root:hunter22@h/db' })).toThrow(/not supported/);
  });
});

describe('output cap arithmetic', () => {
  const layout = { head: 10, tail: 20 };
  it('keeps the head and the last tail bytes, one range while they touch', () => {
    expect(keptRanges(0, layout)).toEqual([]);
    expect(keptRanges(8, layout)).toEqual([[0, 8]]);
    expect(keptRanges(30, layout)).toEqual([[0, 30]]);
    expect(keptRanges(31, layout)).toEqual([
      [0, 10],
      [11, 31],
    ]);
    expect(keptRanges(100, { head: 0, tail: 20 })).toEqual([[80, 100]]);
  });

  it('an append keeps what lands in the head and the part of it inside the new tail', () => {
    expect(planAppend(5, 10, layout)).toEqual({
      pieces: [
        { pos: 5, from: 0, to: 5 },
        { pos: 10, from: 5, to: 10 },
      ],
      total: 15,
      dropBefore: 10,
    });
    expect(planAppend(0, 100, layout)).toEqual({
      pieces: [
        { pos: 0, from: 0, to: 10 },
        { pos: 80, from: 80, to: 100 },
      ],
      total: 100,
      dropBefore: 80,
    });
    expect(planAppend(90, 5, layout)).toEqual({ pieces: [{ pos: 90, from: 0, to: 5 }], total: 95, dropBefore: 75 });
  });

  it('a read jumps the dropped bytes, counting them, and stops at maxBytes', () => {
    expect(planRead(0, 1000, 100, layout)).toEqual({
      ranges: [
        [0, 10],
        [80, 100],
      ],
      next: 100,
      omitted: 70,
    });
    expect(planRead(0, 12, 100, layout)).toEqual({
      ranges: [
        [0, 10],
        [80, 82],
      ],
      next: 82,
      omitted: 70,
    });
    expect(planRead(10, 5, 100, layout)).toEqual({ ranges: [[80, 85]], next: 85, omitted: 70 });
    expect(planRead(95, 5, 100, layout)).toEqual({ ranges: [[95, 100]], next: 100, omitted: 0 });
    expect(planRead(500, 5, 100, layout)).toEqual({ ranges: [], next: 100, omitted: 0 });
    // Tail bytes being overwritten while read (validFrom) are counted as dropped.
    expect(planRead(0, 1000, 100, layout, 90)).toEqual({
      ranges: [
        [0, 10],
        [90, 100],
      ],
      next: 100,
      omitted: 80,
    });
  });
});

describe('the embedded store behind the task tools', () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'tw-store-ws-'));
  });
  afterEach(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  it('store: "embedded" keeps tasks in the workspace\'s state folder (outside it), shared by toolkits and across restarts', async () => {
    const a = createToolkit({ workspace, store: 'embedded' });
    const b = createToolkit({ workspace, store: 'embedded' });
    expect(await a.invoke('task', 'task_create', { title: 'first' })).toMatchObject({
      ok: true,
      output: { task: { id: 't1' } },
    });
    expect(await b.invoke('task', 'task_create', { title: 'second' })).toMatchObject({
      ok: true,
      output: { task: { id: 't2' } },
    });
    expect(await readdir(stateFolderFor(workspace))).toEqual(expect.arrayContaining(['store.json', 'tasks']));
    expect(await readdir(workspace)).toEqual([]);
    await a.close();
    await b.close();
    const store = openStore(stateFolderFor(workspace));
    const later = createToolkit({ workspace, store });
    expect(await later.invoke('task', 'task_list', {})).toMatchObject({
      ok: true,
      output: { tasks: [{ title: 'first' }, { title: 'second' }] },
    });
    // Another principal, or another scope, has a list of its own.
    const bob = createToolkit({ workspace, store, principal: 'bob' });
    expect(await bob.invoke('task', 'task_list', {})).toMatchObject({ output: { tasks: [] } });
    const elsewhere = createToolkit({ workspace, store, storeScope: 'elsewhere' });
    expect(await elsewhere.invoke('task', 'task_list', {})).toMatchObject({ output: { tasks: [] } });
    // Closed before the store: their audit entries are written first.
    await Promise.all([later.close(), bob.close(), elsewhere.close()]);
    await store.close();
  });

  it('an embedded store whose folder cannot be made answers UNAVAILABLE naming it, and loses nothing once fixed', async () => {
    const { writeFile, unlink } = await import('node:fs/promises');
    const where = join(workspace, 'state');
    await writeFile(where, 'a file where the folder should be');
    const store = openStore(where);
    for (const attempt of [
      store.tasks.create({ scope: 's', principal: 'p' }, { title: 'x' }, new Date()),
      store.jobs.list({ scope: 's', principal: 'p' }),
      store.audit.query(),
    ]) {
      const error = await attempt.then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(error?.code).toBe('UNAVAILABLE');
      expect(error?.message).toContain(where);
    }
    await unlink(where);
    expect((await store.tasks.create({ scope: 's', principal: 'p' }, { title: 'x' }, new Date())).id).toBe('t1');
    await store.close();
  });

  it('without a store nothing changes: each toolkit has its own in-memory list and writes no file', async () => {
    const a = createToolkit({ workspace });
    const b = createToolkit({ workspace });
    await a.invoke('task', 'task_create', { title: 'x' });
    expect(await b.invoke('task', 'task_list', {})).toMatchObject({ output: { tasks: [] } });
    expect(a.services.store).toBeUndefined();
    expect(await readdir(workspace)).toEqual([]);
  });

  it("a sub-agent shares the parent's store and task list", async () => {
    const { createInProcessKernel } = await import('../../src/public-types.js');
    let childList: unknown;
    let childStore: unknown;
    const kernel = createInProcessKernel({
      step: async ({ toolkit }) => {
        childStore = toolkit.services.store;
        childList = await toolkit.invoke('task', 'task_list', {});
        return 'done';
      },
    });
    const parent = createToolkit({ workspace, store: 'embedded', kernel, profile: ['task.*', 'agent.*'] });
    await parent.invoke('task', 'task_create', { title: 'from the parent' });
    expect(
      await parent.invoke('agent', 'spawn_subagent', {
        prompt: 'p',
        description: 'd',
        capabilities: ['task.task_list'],
      }),
    ).toMatchObject({ ok: true });
    expect(childList).toMatchObject({ ok: true, output: { tasks: [{ title: 'from the parent' }] } });
    expect(childStore).toBe(parent.services.store);
    // The audit entries are written after the calls returned: closing waits for them.
    await parent.close();
  });
});
