// A small file in a held folder on a local file system is opened, read and closed on the calling
// thread (no thread-pool round trips). Everything else keeps the thread pool: a file system not
// known to be local, a file whose device is not its folder's (another file system mounted at its
// name), a large file, and an open that could wait (no O_NONBLOCK). Either way the answer is the
// same, and no descriptor is left open.
import { constants } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolkit, referenceProviders, type InvokeResult, type Provider, type Toolkit } from '../../src/index.js';
import { DescriptorFile } from '../../src/runtime/fs/descriptor-file.js';
import { forgetFolders, leaseFolder } from '../../src/runtime/fs/folder-cache.js';
import { tempDir } from '../support/helpers.js';

/** What the local file system check answers in this file: the real answer unless a test overrides it. */
const localFs = vi.hoisted(() => ({ answer: undefined as boolean | undefined }));
vi.mock('../../src/runtime/fs/local-fs.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/runtime/fs/local-fs.js')>();
  return { isOnLocalFileSystem: async (at: string) => localFs.answer ?? real.isOnLocalFileSystem(at) };
});

const filesystem = referenceProviders.find((p) => p.name === 'filesystem')!;

afterEach(() => {
  vi.restoreAllMocks();
  forgetFolders();
  localFs.answer = undefined;
});

/** Counts of DescriptorFile's operations, at once and through the thread pool, from now on. */
function operations() {
  const counts = { openNow: 0, open: 0, readNow: 0, read: 0, closeNow: 0, close: 0 };
  const count = <K extends keyof typeof counts>(name: K, original: (...args: any[]) => any) =>
    function (this: unknown, ...args: unknown[]) {
      counts[name]++;
      return original.apply(this, args);
    };
  // The originals are taken before any spy replaces them.
  const openNow = count('openNow', DescriptorFile.openNow.bind(DescriptorFile));
  const open = count('open', DescriptorFile.open.bind(DescriptorFile));
  vi.spyOn(DescriptorFile, 'openNow').mockImplementation(openNow);
  vi.spyOn(DescriptorFile, 'open').mockImplementation(open);
  for (const name of ['readNow', 'read', 'closeNow', 'close'] as const) {
    const counted = count(name, DescriptorFile.prototype[name]);
    vi.spyOn(DescriptorFile.prototype, name).mockImplementation(counted as never);
  }
  return {
    counts,
    /** The counts since the last call of `since`. */
    since: (() => {
      let last = { ...counts };
      return () => {
        const now = { ...counts };
        const delta = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - last[k as keyof typeof now]]));
        last = now;
        return delta;
      };
    })(),
  };
}

/** Reads `file` until the runtime holds its folder and knows whether it is local (both learned in the background). */
async function warm(toolkit: Toolkit, root: string, file: string): Promise<void> {
  const folder = path.dirname(path.join(root, file));
  for (let i = 0; i < 100; i++) {
    const result = await toolkit.invoke('filesystem', 'read_file', { path: file });
    if (!result.ok) throw new Error(result.text);
    const held = leaseFolder(folder);
    held?.release();
    if (held && (held.localDevice !== undefined || localFs.answer === false)) {
      await new Promise((r) => setTimeout(r, 20)); // the locality check has settled
      return;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`the folder of ${file} was never held as local`);
}

function said(result: InvokeResult): unknown {
  return result.ok
    ? { ok: true, output: result.output, text: result.text }
    : { ok: false, error: result.error, text: result.text };
}

async function fixture() {
  const root = await tempDir();
  await mkdir(path.join(root, 'd'));
  await writeFile(path.join(root, 'd', 'small.txt'), 'one\ntwo\nthree\n');
  await writeFile(path.join(root, 'd', 'large.txt'), 'x'.repeat(99).concat('\n').repeat(4000));
  return root;
}

const openFds = async () => (await readdir('/proc/self/fd')).length;

describe.runIf(process.platform === 'linux')('read_file at once on a local file system', () => {
  it('a small file is opened, read and closed on the calling thread, answering as through the thread pool', async () => {
    const root = await fixture();
    const toolkit = createToolkit({ workspace: root });
    await warm(toolkit, root, 'd/small.txt');
    const ops = operations();
    const before = await openFds();
    const reads = [
      { path: 'd/small.txt' },
      { path: 'd/small.txt', offset: 2, limit: 1 },
      { path: 'd/small.txt', offset: -1 },
    ];
    for (const input of reads) {
      ops.since();
      const fast = await toolkit.invoke('filesystem', 'read_file', input);
      expect([input, ops.since()]).toEqual([
        input,
        { openNow: 1, open: 0, readNow: 1, read: 0, closeNow: 1, close: 0 },
      ]);
      // A fresh toolkit holds no folder: the slow path, through the thread pool.
      forgetFolders();
      const slow = await createToolkit({ workspace: root }).invoke('filesystem', 'read_file', input);
      expect(ops.since()).toMatchObject({ openNow: 0, readNow: 0, closeNow: 0 });
      expect(said(fast)).toEqual(said(slow));
      await warm(toolkit, root, 'd/small.txt');
    }
    for (let i = 0; i < 20; i++) await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    expect(await openFds()).toBeLessThanOrEqual(before + 1);
  });

  it('a large file is read through the thread pool', async () => {
    const root = await fixture();
    const toolkit = createToolkit({ workspace: root });
    await warm(toolkit, root, 'd/large.txt');
    const ops = operations();
    for (const input of [{ path: 'd/large.txt' }, { path: 'd/large.txt', offset: -3 }]) {
      ops.since();
      const result = await toolkit.invoke('filesystem', 'read_file', input);
      expect(result.ok).toBe(true);
      expect([input, ops.since()]).toMatchObject([input, { readNow: 0, closeNow: 0, close: 1 }]);
      expect(ops.counts.read).toBeGreaterThan(0);
    }
  });

  it('a folder on a file system not known to be local keeps open, read and close on the thread pool', async () => {
    localFs.answer = false;
    const root = await fixture();
    const toolkit = createToolkit({ workspace: root });
    await warm(toolkit, root, 'd/small.txt');
    expect(leaseFolder(path.join(root, 'd'))?.release()).toBeUndefined();
    const ops = operations();
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    expect(result.ok && result.output.content).toContain('three');
    expect(ops.counts).toEqual({ openNow: 0, open: 1, readNow: 0, read: 1, closeNow: 0, close: 1 });
  });

  it('a file whose device is not its folder`s (another file system mounted at its name) is read and closed through the thread pool', async () => {
    const root = await fixture();
    const toolkit = createToolkit({ workspace: root });
    await warm(toolkit, root, 'd/small.txt');
    const folder = leaseFolder(path.join(root, 'd'))!;
    folder.release();
    expect(folder.localDevice).toBeDefined();
    folder.localDevice = folder.localDevice! + 1n; // as if the file were on another device than its folder
    const ops = operations();
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    expect(result.ok && result.output.content).toContain('three');
    expect(ops.counts).toMatchObject({ openNow: 1, readNow: 0, read: 1, closeNow: 0, close: 1 });
  });

  it('a handler that opens its path without O_NONBLOCK (an open that could wait for a FIFO writer) never gets it opened at once', async () => {
    const root = await fixture();
    let flags = constants.O_RDONLY | constants.O_NONBLOCK;
    const toolkit = createToolkit({
      workspace: root,
      validateOutput: false,
      providers: [
        {
          ...filesystem,
          handlers: {
            ...filesystem.handlers,
            read_file: async (_params: unknown, ctx: { workspace: any; paths: Record<string, any> }) => {
              const { handle } = await ctx.workspace.openVerified(ctx.paths.path, flags);
              await handle.close();
              return { opened: true };
            },
          },
        },
      ] as Provider<any>[],
    });
    await warm(toolkit, root, 'd/small.txt');
    const ops = operations();
    await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    expect(ops.since()).toMatchObject({ openNow: 1, open: 0 });
    flags = constants.O_RDONLY; // learned on this call, used from the next one
    await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    ops.since();
    for (let i = 0; i < 5; i++) await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' });
    expect(ops.since()).toMatchObject({ openNow: 0, open: 5 });
  });

  it('a read that fails at once ends the call as the same failure through the thread pool does, and closes the descriptor', async () => {
    const root = await fixture();
    const toolkit = createToolkit({ workspace: root });
    await warm(toolkit, root, 'd/small.txt');
    const before = await openFds();
    const ops = operations();
    const eio = () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', errno: -5, syscall: 'read' });
    vi.mocked(DescriptorFile.prototype.readNow).mockImplementation(() => {
      throw eio();
    });
    const failures: unknown[] = [];
    for (let i = 0; i < 5; i++)
      failures.push(said(await toolkit.invoke('filesystem', 'read_file', { path: 'd/small.txt' })));
    expect(ops.counts).toMatchObject({ openNow: 5, closeNow: 5 }); // readNow is the failing mock now
    expect(await openFds()).toBeLessThanOrEqual(before);
    // The same failure of a read through the thread pool.
    vi.mocked(DescriptorFile.prototype.read).mockImplementation(() => Promise.reject(eio()));
    localFs.answer = false;
    forgetFolders();
    const pooled = createToolkit({ workspace: root });
    const slow = said(await pooled.invoke('filesystem', 'read_file', { path: 'd/small.txt' }));
    expect(slow).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(failures).toEqual(Array(5).fill(slow));
  });

  it('knows local file systems by their type, and counts anything it cannot tell as remote', async () => {
    const { isOnLocalFileSystem } = await vi.importActual<typeof import('../../src/runtime/fs/local-fs.js')>(
      '../../src/runtime/fs/local-fs.js',
    );
    expect(await isOnLocalFileSystem(await tempDir())).toBe(true);
    expect(await isOnLocalFileSystem('/proc')).toBe(false);
    expect(await isOnLocalFileSystem('/sys')).toBe(false);
    expect(await isOnLocalFileSystem(path.join(await tempDir(), 'missing'))).toBe(false);
  });
});
