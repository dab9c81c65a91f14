// Entries planted where the embedded store keeps its files (a link, a hard link, a FIFO, another
// user's file, a folder others can write) are refused, never read or written through, and no
// message quotes what they hold; the folders it makes are this user's alone.
import { execFileSync } from 'node:child_process';
import { chmod, chown, link, lstat, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, openStore } from '../../src/index.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { StoreKey } from '../../src/runtime/store/types.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const isRoot = process.getuid?.() === 0;
const key: StoreKey = { scope: 'scope', principal: 'alice' };
const HOST_SECRET = 'host-secret:x:0:0:root';

/** A host file (outside the store) with what it held at the start. */
async function hostFile(): Promise<{ file: string; content: string }> {
  const file = path.join(await tempDir('toolwright-host-'), 'passwd');
  const content = `${HOST_SECRET}\n`;
  await writeFile(file, content);
  return { file, content };
}

/** A fresh store folder (made by a first store that wrote to it), and that store's key file name. */
async function seededStore(): Promise<{ folder: string; keyFile: string }> {
  const folder = path.join(await tempDir('toolwright-store-'), 'store');
  const store = createEmbeddedStore(folder);
  await store.tasks.create(key, { title: 'first' }, new Date());
  await store.audit.append({
    scope: 'scope',
    principal: 'alice',
    operation: 'p.o',
    risk: 'low',
    decision: 'allow',
    rule: null,
    error_code: null,
    duration_ms: 1,
    input: {},
  });
  await store.close();
  const keyFile = (await readdir(path.join(folder, 'tasks')))[0]!.replace(/\.json$/, '');
  return { folder, keyFile };
}

async function failure(work: Promise<unknown>): Promise<{ code?: string; message: string; details?: any }> {
  return work.then(
    () => ({ message: 'no error' }),
    (error: { code?: string; message: string; details?: unknown }) => error,
  );
}

const entry = { scope: 'scope', principal: 'alice', operation: 'exec.bash', risk: 'high', decision: 'allow' } as const;
const auditLine = { ...entry, rule: null, error_code: null, duration_ms: 1, input: { command: '$(id)' } };

describe('files planted in the store folder', () => {
  it('audit.jsonl as a link, a hard link or a FIFO: appends and reads are refused, the target is untouched', async () => {
    for (const plant of ['symlink', 'hard link', 'fifo'] as const) {
      const { folder } = await seededStore();
      const host = await hostFile();
      const audit = path.join(folder, 'audit.jsonl');
      await rm(audit);
      if (plant === 'symlink') await symlink(host.file, audit);
      else if (plant === 'hard link') await link(host.file, audit);
      else execFileSync('mkfifo', [audit]);
      const store = openStore(folder);
      for (const attempt of [() => store.audit.append(auditLine), () => store.audit.query()]) {
        const error = await failure(attempt());
        expect(error.code, plant).toBe('UNAVAILABLE');
        expect(error.message, plant).toContain(audit);
        expect(error.message, plant).not.toContain('host-sec');
        expect(error.details?.reason, plant).toBe(
          plant === 'symlink' ? 'link' : plant === 'fifo' ? 'not_regular' : 'hard_links',
        );
      }
      await store.close();
      expect(await readFile(host.file, 'utf8'), plant).toBe(host.content);
    }
  });

  it('a toolkit whose audit file is a planted link keeps working and reports the failure, writing nothing there', async () => {
    const { folder } = await seededStore();
    const host = await hostFile();
    const audit = path.join(folder, 'audit.jsonl');
    await rm(audit);
    await symlink(host.file, audit);
    const workspace = await tempDir();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const toolkit = createToolkit({ workspace, store: folder });
      expectOk(await toolkit.invoke('task', 'task_list', {}));
      await toolkit.close();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(await readFile(host.file, 'utf8')).toBe(host.content);
    expect(warnings.some((w) => /audit/.test(w.message) && w.message.includes('symbolic link'))).toBe(true);
  });

  it("a principal's task list as a link or hard link to a host file is refused, its content never quoted", async () => {
    for (const plant of ['symlink', 'hard link'] as const) {
      const { folder, keyFile } = await seededStore();
      const host = await hostFile();
      const list = path.join(folder, 'tasks', `${keyFile}.json`);
      await rm(list);
      if (plant === 'symlink') await symlink(host.file, list);
      else await link(host.file, list);
      const store = openStore(folder);
      for (const attempt of [store.tasks.list(key), store.tasks.create(key, { title: 'x' }, new Date())]) {
        const error = await failure(attempt);
        expect(error.code, plant).toBe('UNAVAILABLE');
        expect(error.message, plant).not.toContain('host-sec');
      }
      await store.close();
      expect(await readFile(host.file, 'utf8'), plant).toBe(host.content);
    }
  });

  it("a job list or a job's output file planted as a link is refused, the target untouched", async () => {
    const folder = path.join(await tempDir('toolwright-store-'), 'store');
    const store = createEmbeddedStore(folder);
    const job = await store.jobs.create(key, { owner: 'r1', command: 'echo', leaseMs: 10_000 });
    const host = await hostFile();
    const jobsDir = path.join(folder, 'jobs');
    const docName = (await readdir(jobsDir)).find((name) => name.endsWith('.json'))!;
    const output = path.join(jobsDir, docName.replace(/\.json$/, ''), `${job.id}.out`);
    await rm(output);
    await symlink(host.file, output);
    for (const attempt of [
      () => store.jobs.appendOutput(key, job.id, Buffer.from('x')),
      () => store.jobs.readOutput(key, job.id, 0),
    ]) {
      const error = await failure(attempt());
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toContain(output);
    }
    const doc = path.join(jobsDir, docName);
    await rm(doc);
    await link(host.file, doc);
    const error = await failure(store.jobs.list(key));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'hard_links' } });
    expect(error.message).not.toContain('host-sec');
    await store.close();
    expect(await readFile(host.file, 'utf8')).toBe(host.content);
  });

  it('a sub-folder of the store planted as a link to a host folder is refused, nothing written there', async () => {
    const folder = path.join(await tempDir('toolwright-store-'), 'store');
    await mkdir(folder, { mode: 0o700 });
    const hostDir = await tempDir('toolwright-host-dir-');
    await symlink(hostDir, path.join(folder, 'tasks'));
    const store = openStore(folder);
    const error = await failure(store.tasks.create(key, { title: 'x' }, new Date()));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'link' } });
    await store.close();
    expect(await readdir(hostDir)).toEqual([]);
  });

  it('a sub-folder turned into a link to a copy holding other records is refused for reads too', async () => {
    const { folder } = await seededStore();
    const store = openStore(folder);
    const job = await store.jobs.create(key, { owner: 'host-1', command: 'echo real', leaseMs: 60_000 });
    await store.jobs.appendOutput(key, job.id, Buffer.from('ORIGINAL'));
    await store.close();
    const elsewhere = await tempDir('toolwright-elsewhere-');
    for (const kind of ['tasks', 'jobs']) {
      execFileSync('cp', ['-a', path.join(folder, kind), path.join(elsewhere, kind)]);
      execFileSync('mv', [path.join(folder, kind), path.join(folder, `${kind}.moved`)]);
      await symlink(path.join(elsewhere, kind), path.join(folder, kind));
    }
    for (const name of await readdir(path.join(elsewhere, 'tasks')))
      await writeFile(
        path.join(elsewhere, 'tasks', name),
        (await readFile(path.join(elsewhere, 'tasks', name), 'utf8')).replace('first', 'PLANTED'),
      );
    const reopened = openStore(folder);
    expect(await failure(reopened.tasks.list(key))).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'link' } });
    expect(await failure(reopened.jobs.list(key))).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'link' } });
    await reopened.close();
    // A job's output file lies a folder deeper: the linked jobs/ above it is refused too.
    await rm(path.join(folder, 'jobs'));
    execFileSync('cp', ['-a', path.join(folder, 'jobs.moved'), path.join(elsewhere, 'jobs-with-output')]);
    await symlink(path.join(elsewhere, 'jobs-with-output'), path.join(folder, 'jobs'));
    const viaLink = openStore(folder);
    expect(await failure(viaLink.jobs.readOutput(key, job.id, 0, 100))).toMatchObject({
      code: 'UNAVAILABLE',
      details: { reason: 'link' },
    });
    expect(await failure(viaLink.jobs.appendOutput(key, job.id, Buffer.from('PLANTED')))).toMatchObject({
      code: 'UNAVAILABLE',
      details: { reason: 'link' },
    });
    await viaLink.close();
    // A folder of the store others may write is refused for reads as well.
    await rm(path.join(folder, 'tasks'));
    execFileSync('mv', [path.join(folder, 'tasks.moved'), path.join(folder, 'tasks')]);
    await chmod(path.join(folder, 'tasks'), 0o777);
    const open = openStore(folder);
    expect(await failure(open.tasks.list(key))).toMatchObject({
      code: 'UNAVAILABLE',
      details: { reason: 'writable_by_others' },
    });
    await open.close();
  });

  it.runIf(isRoot)('a file of another user in the store is refused', async () => {
    const { folder } = await seededStore();
    const audit = path.join(folder, 'audit.jsonl');
    const before = await readFile(audit, 'utf8');
    await chown(audit, 65534, 65534);
    const store = openStore(folder);
    const error = await failure(store.audit.append(auditLine));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'owner' } });
    await store.close();
    expect(await readFile(audit, 'utf8')).toBe(before);
  });

  it('a FIFO in place of a task list does not hang a call', { timeout: scaled(20_000) }, async () => {
    const { folder, keyFile } = await seededStore();
    const list = path.join(folder, 'tasks', `${keyFile}.json`);
    await rm(list);
    execFileSync('mkfifo', [list]);
    const store = openStore(folder);
    const error = await failure(store.tasks.list(key));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'not_regular' } });
    await store.close();
  });
});

describe("the store folder's own modes", () => {
  it("is made this user's alone (0700), its files 0600", async () => {
    const { folder } = await seededStore();
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, 'tasks'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, 'audit.jsonl'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(folder, 'store.json'))).mode & 0o777).toBe(0o600);
  });

  it('a folder others may read is tightened to 0700; one others may write is refused as it is', async () => {
    const readable = path.join(await tempDir('toolwright-store-'), 'store');
    await mkdir(readable);
    await chmod(readable, 0o755);
    const store = openStore(readable);
    await store.tasks.create(key, { title: 'x' }, new Date());
    await store.close();
    expect((await stat(readable)).mode & 0o777).toBe(0o700);

    for (const mode of [0o777, 0o775, 0o1777]) {
      const writable = path.join(await tempDir('toolwright-store-'), 'store');
      await mkdir(writable);
      await chmod(writable, mode);
      const open = openStore(writable);
      const error = await failure(open.tasks.create(key, { title: 'x' }, new Date()));
      expect(error, mode.toString(8)).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'writable_by_others' } });
      expect(error.message).toMatch(/chmod 700/);
      await open.close();
      expect(await readdir(writable)).toEqual([]);
      expect((await lstat(writable)).mode & 0o7777).toBe(mode);
    }
  });

  it('a file where the store folder should be is refused, its content never quoted', async () => {
    const file = path.join(await tempDir('toolwright-store-'), 'file');
    await writeFile(file, HOST_SECRET);
    const store = openStore(file);
    const error = await failure(store.tasks.list(key));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'not_folder' } });
    expect(error.message).not.toContain('host-sec');
    await store.close();
    expect(await readFile(file, 'utf8')).toBe(HOST_SECRET);
  });

  it.runIf(isRoot)('a store folder owned by another user is refused', async () => {
    const folder = path.join(await tempDir('toolwright-store-'), 'store');
    await mkdir(folder, { mode: 0o700 });
    await chown(folder, 65534, 65534);
    const store = openStore(folder);
    const error = await failure(store.tasks.list(key));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', details: { reason: 'owner' } });
    await store.close();
  });
});
