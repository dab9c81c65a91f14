// Once the runtime has learned that read_file's handler opens its path, it opens the file while
// confining it, through a folder it holds open as proven to lie inside the workspace (no link is
// followed, nothing is resolved first). That fast path must answer exactly as resolving does, for
// every kind of path, and must never open anything outside the workspace, whatever changed since
// the folder was proven.
import { spawn } from 'node:child_process';
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createToolkit,
  referenceProviders,
  type HandlerContext,
  type InvokeResult,
  type Provider,
  type Toolkit,
} from '../../src/index.js';
import { DescriptorFile } from '../../src/runtime/fs/descriptor-file.js';
import { forgetFolders } from '../../src/runtime/fs/folder-cache.js';
import { errorCode, tempDir } from '../support/helpers.js';

const SECRET = 'OUTSIDE SECRET';
const filesystem = referenceProviders.find((p) => p.name === 'filesystem')!;

afterEach(() => {
  vi.restoreAllMocks();
  forgetFolders();
});

async function fixture() {
  const parent = await tempDir();
  const ws = path.join(parent, 'ws');
  const outside = path.join(parent, 'outside');
  await mkdir(path.join(ws, 'd', 'sub'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
  await writeFile(path.join(ws, 'a.txt'), 'one\ntwo\n');
  await writeFile(path.join(ws, 'd', 'b.txt'), 'bee\n');
  await symlink('d/b.txt', path.join(ws, 'link-in.txt'));
  await symlink(path.join(outside, 'secret.txt'), path.join(ws, 'link-out.txt'));
  await symlink(outside, path.join(ws, 'dir-out'));
  execFileSync('mkfifo', [path.join(ws, 'fifo')]);
  return { parent, ws, outside };
}

/** Every path DescriptorFile opens from now on (through the thread pool or at once). */
function opens(): string[] {
  const seen: string[] = [];
  const original = DescriptorFile.open.bind(DescriptorFile);
  vi.spyOn(DescriptorFile, 'open').mockImplementation((file: string, flags: number) => {
    seen.push(file);
    return original(file, flags);
  });
  const originalNow = DescriptorFile.openNow.bind(DescriptorFile);
  vi.spyOn(DescriptorFile, 'openNow').mockImplementation((file: string, flags: number) => {
    seen.push(file);
    return originalNow(file, flags);
  });
  return seen;
}

const throughFolder = (file: string) => /^\/proc\/self\/fd\/\d+\/[^/]+$/.test(file);

/** Reads `file` until a read of it goes through a held folder (the runtime has learned, and holds the folder). */
async function warm(toolkit: Toolkit, file: string, seen: string[]): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = seen.length;
    const result = await toolkit.invoke('filesystem', 'read_file', { path: file });
    if (!result.ok) throw new Error(result.text);
    if (seen.slice(before).some(throughFolder)) return;
    await new Promise((r) => setTimeout(r, 5)); // the folder is opened in the background
  }
  throw new Error(`reads of ${file} never went through a held folder`);
}

/** What a result says, without its timing. */
function said(result: InvokeResult): unknown {
  return result.ok
    ? { ok: true, output: result.output, text: result.text }
    : { ok: false, error: result.error, text: result.text };
}

/** A process blocked opening `fifo` for writing (never creating it): `released()` tells whether some reader opened it. */
async function blockedWriter(fifo: string) {
  const script = `const fs = require('fs'); process.stdout.write('ready;'); fs.openSync(${JSON.stringify(fifo)}, fs.constants.O_WRONLY); process.stdout.write('opened')`;
  const child = spawn(process.execPath, ['-e', script]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  while (!out.includes('ready')) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 50)); // in its open() by now
  return {
    async released(): Promise<boolean> {
      await new Promise((r) => setTimeout(r, 100));
      return out.includes('opened');
    },
    /** Opens the read end (where the FIFO is now: `fifo` or one of `moved`): the writer's open completes and it exits. */
    async stop(...moved: string[]): Promise<void> {
      const at = [fifo, ...moved].find((candidate) => existsSync(candidate))!;
      const fd = openSync(at, constants.O_RDONLY | constants.O_NONBLOCK);
      await exited;
      closeSync(fd);
    },
  };
}

describe('read_file opened through a held folder', () => {
  it('answers exactly as resolving does, for every kind of path', async () => {
    const { ws } = await fixture();
    const seen = opens();
    const warmed = createToolkit({ workspace: ws });
    await warm(warmed, 'a.txt', seen);
    await warm(warmed, 'd/b.txt', seen);
    const inputs = [
      'a.txt',
      'd/b.txt',
      './a.txt',
      'd/./b.txt',
      'd/../a.txt',
      path.join(ws, 'd', 'b.txt'),
      'missing.txt',
      'd/missing.txt',
      'd/sub',
      'd/sub/',
      'd/b.txt/',
      'a.txt/.',
      'link-in.txt',
      'link-out.txt',
      'dir-out/secret.txt',
      '../outside/secret.txt',
      'fifo',
      'd',
    ];
    const tried: string[] = [];
    for (const file of inputs) {
      const before = seen.length;
      const fast = await warmed.invoke('filesystem', 'read_file', { path: file });
      if (seen.slice(before).some(throughFolder)) tried.push(file);
      const slow = await createToolkit({ workspace: ws }).invoke('filesystem', 'read_file', { path: file });
      expect([file, said(fast)]).toEqual([file, said(slow)]);
      expect(fast.text).not.toContain(SECRET);
    }
    // Tried through a held folder (ws, ws/d): every name in them, links and missing names included
    // (those then fall back to resolving); never a path through a folder not held or leaving the workspace.
    expect(tried).toEqual(inputs.filter((file) => !['dir-out/secret.txt', '../outside/secret.txt'].includes(file)));
  });

  it('follows no link made since the folder was held: a file or folder swapped for one is refused, and what it leads to is never opened', async () => {
    const { ws, outside } = await fixture();
    const seen = opens();
    const toolkit = createToolkit({ workspace: ws });
    await warm(toolkit, 'd/b.txt', seen);
    await warm(toolkit, 'a.txt', seen);
    execFileSync('mkfifo', [path.join(outside, 'pipe')]);
    const writer = await blockedWriter(path.join(outside, 'pipe'));
    try {
      expect(await writer.released()).toBe(false);
      // The file itself becomes a link out.
      await rm(path.join(ws, 'a.txt'));
      await symlink(path.join(outside, 'pipe'), path.join(ws, 'a.txt'));
      expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' }))).toBe('OUTSIDE_WORKSPACE');
      // The folder is moved away and a link out takes its name.
      await rename(path.join(ws, 'd'), path.join(ws, 'd-old'));
      await rename(path.join(outside, 'pipe'), path.join(outside, 'b.txt'));
      await symlink(outside, path.join(ws, 'd'));
      const swapped = await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' });
      expect(errorCode(swapped)).toBe('OUTSIDE_WORKSPACE');
      expect(await writer.released()).toBe(false);
    } finally {
      await writer.stop(path.join(outside, 'b.txt'));
    }
    // The check sees an open when there is one: read_file does open a FIFO inside the workspace.
    const inside = await blockedWriter(path.join(ws, 'fifo'));
    try {
      expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'fifo' }))).toBe('INVALID_INPUT');
      expect(await inside.released()).toBe(true);
    } finally {
      await inside.stop();
    }
  });

  it('reads what the path names now: a folder renamed and made again, a file replaced or removed', async () => {
    const { ws } = await fixture();
    const seen = opens();
    const toolkit = createToolkit({ workspace: ws });
    await warm(toolkit, 'd/b.txt', seen);
    await rename(path.join(ws, 'd'), path.join(ws, 'd-old'));
    await mkdir(path.join(ws, 'd'));
    await writeFile(path.join(ws, 'd', 'b.txt'), 'new bee\n');
    const renamed = await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' });
    expect(renamed.ok && renamed.output.content).toBe('     1\tnew bee');
    await warm(toolkit, 'd/b.txt', seen);
    await writeFile(path.join(ws, 'd', 'b.tmp'), 'replaced\n');
    await rename(path.join(ws, 'd', 'b.tmp'), path.join(ws, 'd', 'b.txt'));
    const replaced = await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' });
    expect(replaced.ok && replaced.output.content).toBe('     1\treplaced');
    await rm(path.join(ws, 'd', 'b.txt'));
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' }))).toBe('NOT_FOUND');
  });

  it('opens nothing in advance for a handler that does not open its path, one that opens it to write, or a path a rule looks at', async () => {
    const { ws } = await fixture();
    const seen = opens();
    const withReadFile = (
      read_file: (params: unknown, ctx: HandlerContext) => Promise<unknown>,
      validateOutput = true,
    ) =>
      createToolkit({
        workspace: ws,
        validateOutput,
        providers: [{ ...filesystem, handlers: { ...filesystem.handlers, read_file } }] as Provider<any>[],
      });
    const variants: [string, Toolkit][] = [
      ['does not open', withReadFile(async (_p, ctx) => ({ note: ctx.paths.path!.relative }), false)],
      [
        'opens to write',
        withReadFile(async (_p, ctx) => {
          const { handle } = await ctx.workspace.openVerified(ctx.paths.path!, constants.O_RDWR);
          await handle.close();
          return { written: true };
        }, false),
      ],
      [
        'a path rule',
        createToolkit({
          workspace: ws,
          policy: { rules: [{ operation: 'read_file', path: 'secret/**', decision: 'deny' }] },
        }),
      ],
    ];
    for (const [what, toolkit] of variants) {
      const before = seen.length;
      for (let i = 0; i < 10; i++) {
        await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' });
        await new Promise((r) => setTimeout(r, 2));
      }
      expect([what, seen.slice(before).filter(throughFolder)]).toEqual([what, []]);
    }
  });

  it('leaves no descriptor open: one the handler took is its own, one it did not is closed after the call', async () => {
    const { ws } = await fixture();
    const seen = opens();
    let skip = false;
    const read = filesystem.handlers.read_file!;
    // A handler that sometimes fails before it opens the file: the descriptor opened for it is closed.
    const flaky = (params: unknown, ctx: HandlerContext) =>
      skip ? Promise.reject(new Error('not now')) : read(params, ctx);
    const toolkit = createToolkit({
      workspace: ws,
      providers: [{ ...filesystem, handlers: { ...filesystem.handlers, read_file: flaky } }] as Provider<any>[],
    });
    await warm(toolkit, 'd/b.txt', seen);
    const count = async () => (await readdir('/proc/self/fd')).length;
    await new Promise((r) => setTimeout(r, 20));
    const before = await count();
    for (let i = 0; i < 30; i++) {
      skip = i % 3 === 0;
      await toolkit.invoke('filesystem', 'read_file', { path: 'd/b.txt' });
    }
    await new Promise((r) => setTimeout(r, 50)); // closes are made after the answer
    expect(await count()).toBeLessThanOrEqual(before + 2);
  });
});
