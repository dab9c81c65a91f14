// read_file of a name directly in the workspace root: the runtime resolves the path once before the
// handler runs (the handler opens what was resolved, checking the descriptor), every kind of entry
// gets its own answer, and nothing outside may be reached, even with the root itself swapped.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createToolkit, type InvokeResult } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

const SECRET = 'OUTSIDE SECRET';

/** The result without its timing, for comparing two runs of the same call. */
function comparable(result: InvokeResult): unknown {
  const { meta, ...rest } = result;
  return { ...rest, meta: { ...meta, duration_ms: 0 } };
}

async function fixture() {
  const parent = await tempDir();
  const ws = path.join(parent, 'ws');
  const outside = path.join(parent, 'outside');
  await mkdir(path.join(ws, 'sub'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(outside, 'f.txt'), `${SECRET}\n`);
  await writeFile(path.join(ws, 'f.txt'), 'inside one\ninside two\n');
  await writeFile(path.join(ws, 'sub', 'g.txt'), 'nested\n');
  await writeFile(path.join(ws, 'bin.dat'), Buffer.from([0, 1, 2, 3, 0, 255]));
  await symlink('f.txt', path.join(ws, 'link-in.txt'));
  await symlink(path.join(ws, 'sub', 'g.txt'), path.join(ws, 'link-abs-in.txt'));
  await symlink(path.join(outside, 'f.txt'), path.join(ws, 'link-out.txt'));
  await symlink('nowhere.txt', path.join(ws, 'dangling.txt'));
  await symlink('loop-b', path.join(ws, 'loop-a'));
  await symlink('loop-a', path.join(ws, 'loop-b'));
  await symlink(outside, path.join(ws, 'dir-out'));
  execFileSync('mkfifo', [path.join(ws, 'pipe')]);
  return { parent, ws, outside };
}

describe('a name directly in the workspace root', () => {
  it('answers every kind of entry and spelling the same on every call, never with what is outside', async () => {
    const { ws } = await fixture();
    const direct = createToolkit({ workspace: ws });
    const usual = createToolkit({ workspace: ws });
    const paths = [
      'f.txt',
      './f.txt',
      'sub/../f.txt',
      path.join(ws, 'f.txt'),
      'F.txt',
      'f.tx',
      'missing.txt',
      'link-in.txt',
      'link-abs-in.txt',
      'link-out.txt',
      'dangling.txt',
      'loop-a',
      'dir-out',
      'dir-out/f.txt',
      'pipe',
      'sub',
      'sub/',
      'f.txt/',
      'bin.dat',
      '.',
      '..',
      '../outside/f.txt',
      'sub/g.txt',
    ];
    const codes = new Set<string>();
    for (const p of paths) {
      for (const extra of [{}, { offset: -1 }, { offset: 2, limit: 1 }]) {
        const params = { path: p, ...extra };
        const a = await direct.invoke('filesystem', 'read_file', params);
        const b = await usual.invoke('filesystem', 'read_file', params);
        expect(comparable(a), JSON.stringify(params)).toEqual(comparable(b));
        expect(a.text).not.toContain(SECRET);
        codes.add(a.ok ? 'ok' : a.error.code);
      }
    }
    // The list above reaches every outcome a read can have here, not just the happy one.
    expect([...codes].sort()).toEqual(
      ['BINARY_FILE', 'INVALID_INPUT', 'IS_DIRECTORY', 'NOT_FOUND', 'NOT_DIRECTORY', 'OUTSIDE_WORKSPACE', 'ok'].sort(),
    );
  });

  it('is resolved once, by the runtime, before the handler runs (top, nested and linked alike)', async () => {
    const { ws } = await fixture();
    const toolkit = createToolkit({ workspace: ws });
    const resolve = vi.spyOn(toolkit.workspace, 'resolve');
    const top = await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' });
    expect(top.ok && top.output).toMatchObject({ path: 'f.txt', total_lines: 2 });
    expect(resolve).toHaveBeenCalledTimes(1);
    const nested = await toolkit.invoke('filesystem', 'read_file', { path: 'sub/g.txt' });
    expect(nested.ok && nested.output).toMatchObject({ path: 'sub/g.txt' });
    expect(resolve).toHaveBeenCalledTimes(2);
    const linked = await toolkit.invoke('filesystem', 'read_file', { path: 'link-in.txt' });
    expect(linked.ok && linked.output).toMatchObject({ path: 'f.txt' });
    expect(resolve).toHaveBeenCalledTimes(3);
    expect(resolve.mock.calls.map((c) => c[0])).toEqual(['f.txt', 'sub/g.txt', 'link-in.txt']);
  });

  it('records the read for the stale-file guard like any read', async () => {
    const { ws } = await fixture();
    const toolkit = createToolkit({ workspace: ws });
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' })).ok).toBe(true);
    await writeFile(path.join(ws, 'f.txt'), 'changed behind our back, and longer\n');
    const edit = await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'changed', new_str: 'x' });
    expect(!edit.ok && edit.error.code).toBe('STALE_FILE');
  });

  it('never opens anything outside: a writer waiting on an outside FIFO stays blocked', async () => {
    const { ws, outside } = await fixture();
    const fifo = path.join(outside, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await symlink(fifo, path.join(ws, 'pipe-link'));
    // The writer's open blocks until some process opens the FIFO for reading.
    const writer = spawn('sh', ['-c', `printf written > '${fifo}'`], { stdio: 'ignore' });
    let writerExited = false;
    writer.on('exit', () => {
      writerExited = true;
    });
    try {
      const toolkit = createToolkit({ workspace: ws });
      for (const p of ['pipe-link', 'dir-out/pipe', path.join(ws, 'dir-out', 'pipe')]) {
        const result = await toolkit.invoke('filesystem', 'read_file', { path: p });
        expect(!result.ok && result.error.code, p).toBe('OUTSIDE_WORKSPACE');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(writerExited).toBe(false);
    } finally {
      // Release the writer: open the FIFO for reading ourselves.
      if (!writerExited) {
        const exited = new Promise((resolve) => writer.once('exit', resolve));
        await readFile(fifo).catch(() => undefined);
        writer.kill();
        await exited;
      }
    }
  });

  it('never reads outside when the workspace root itself is swapped for a link to outside', async () => {
    const { parent, ws, outside } = await fixture();
    const toolkit = createToolkit({ workspace: ws });
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' })).ok).toBe(true);
    await rename(ws, path.join(parent, 'ws-moved'));
    await symlink(outside, ws);
    for (const p of ['f.txt', path.join(ws, 'f.txt'), 'sub/../f.txt']) {
      const result = await toolkit.invoke('filesystem', 'read_file', { path: p });
      expect(result.ok, p).toBe(false);
      expect(!result.ok && result.error.code).toBe('OUTSIDE_WORKSPACE');
      expect(result.text).not.toContain(SECRET);
    }
  });
});
