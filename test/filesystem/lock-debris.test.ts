// A writer SIGKILLed while breaking a stale lock leaves the lock moved aside; the next write in that
// folder (any process) removes it once its PID is gone, and never while that process lives.
import { execFile, spawn } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { KEPT_RECHECK_MS, siblingNameFor } from '../../src/runtime/fs/atomic-write.js';
import { createFileTaskStore } from '../../src/runtime/services/tasks.js';
import { fixtureArgs } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);

/** Starts the fixture; resolves when it has written the aside file, with its name and the child. */
function leaveAside(dir: string, lockName: string, mode: 'exit' | 'wait') {
  const child = spawn(process.execPath, fixtureArgs('lock-aside.ts', dir, lockName, mode), {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return new Promise<{ name: string; exited: Promise<void>; stop: () => void }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.endsWith('\n')) resolve({ name: out.trim(), exited, stop: () => child.stdin.end() });
    });
    child.on('error', reject);
  });
}

describe('a stale lock moved aside by a writer that died', () => {
  it('is removed by the next write_file once its process is gone', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'data.txt'), 'old');
    const left = await leaveAside(root, siblingNameFor('data.txt', '.tw-lock'), 'exit');
    await left.exited;
    expect((await readdir(root)).sort()).toEqual([left.name, 'data.txt'].sort());
    const result = await createToolkit({ workspace: root }).invoke('filesystem', 'write_file', {
      path: 'data.txt',
      content: 'new',
    });
    expect(result.ok).toBe(true);
    expect(await readdir(root)).toEqual(['data.txt']);
  });

  it('is kept while its process lives (it may still put back a lock it moved by mistake)', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'data.txt'), 'old');
    const left = await leaveAside(root, siblingNameFor('data.txt', '.tw-lock'), 'wait');
    const toolkit = createToolkit({ workspace: root });
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'data.txt', content: 'mid' })).ok).toBe(true);
    expect((await readdir(root)).sort()).toEqual([left.name, 'data.txt'].sort());
    left.stop();
    await left.exited;
    // The folder is unchanged since the sweep that kept the file; it is read again once
    // KEPT_RECHECK_MS has passed, and the file of the now-dead writer goes.
    await new Promise((done) => setTimeout(done, KEPT_RECHECK_MS + 50));
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'data.txt', content: 'new' })).ok).toBe(true);
    expect(await readdir(root)).toEqual(['data.txt']);
  });

  it('is removed from a task store folder by the next change', async () => {
    const root = await tempDir();
    const file = path.join(root, 'tasks.json');
    const left = await leaveAside(root, 'tasks.json.lock', 'exit');
    await left.exited;
    const task = await createFileTaskStore({ path: file }).create({ title: 'after a crash' }, new Date(0));
    expect(task.id).toBe('t1');
    expect(await readdir(root)).toEqual(['tasks.json']);
  });
});

describe('something other than a lock where the lock file goes', () => {
  const lockOf = (root: string) => path.join(root, siblingNameFor('data.txt', '.tw-lock'));
  const kinds: [string, (at: string) => Promise<void>][] = [
    ['a FIFO', async (at) => void (await execFileAsync('mkfifo', [at]))],
    ['a dangling symbolic link', (at) => symlink('nowhere', at)],
    ['a symbolic link to a file outside', (at) => symlink('/etc/hostname', at)],
    ['a folder', (at) => mkdir(at)],
  ];
  for (const [kind, make] of kinds) {
    it(
      `${kind}: writes fail at once with ALREADY_EXISTS, nothing is removed or followed, the process stays responsive`,
      { timeout: scaled(20_000) },
      async () => {
        const root = await tempDir();
        await writeFile(path.join(root, 'data.txt'), 'old');
        await writeFile(path.join(root, 'other.txt'), 'other');
        await make(lockOf(root));
        const toolkit = createToolkit({ workspace: root });
        // More writers than libuv has threads: a blocking open of a FIFO would starve every later call.
        // ALREADY_EXISTS, not TIMEOUT: each was refused without waiting for the lock.
        const writes = await Promise.all(
          Array.from({ length: 6 }, () =>
            toolkit.invoke('filesystem', 'write_file', { path: 'data.txt', content: 'new' }),
          ),
        );
        for (const result of writes) {
          expect(!result.ok && result.error.code, kind).toBe('ALREADY_EXISTS');
          expect(!result.ok && result.error.message).toMatch(/lock file .*tw-lock is a .*remove it/);
        }
        expect((await toolkit.invoke('filesystem', 'read_file', { path: 'data.txt' })).ok).toBe(true);
        const edit = await toolkit.invoke('filesystem', 'edit_file', {
          path: 'data.txt',
          old_str: 'old',
          new_str: 'x',
        });
        expect(!edit.ok && edit.error.code).toBe('ALREADY_EXISTS');
        const read = await toolkit.invoke('filesystem', 'read_file', { path: 'other.txt' });
        expect(read.ok).toBe(true);
        const multi = await toolkit.invoke('filesystem', 'multi_edit', {
          path: 'data.txt',
          edits: [{ old_str: 'old', new_str: 'y' }],
        });
        expect(!multi.ok && multi.error.code).toBe('ALREADY_EXISTS');
        expect(await readFile(path.join(root, 'data.txt'), 'utf8')).toBe('old');
        expect((await lstat(lockOf(root))).isFile()).toBe(false);
      },
    );
  }
});
