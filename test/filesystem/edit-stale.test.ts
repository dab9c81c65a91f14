// The stale-file guard by region: a file changed on disk since this session read it still takes an
// edit whose lines and the 3 lines around them are as read (changed_since_read: true); a change
// there refuses the edit and writes nothing.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);
const text = (ls: string[]) => ls.join('\n') + '\n';

/** Another program rewrites the file (a later mtime, so the change is seen even on coarse clocks). */
async function rewrite(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await utimes(file, new Date(), new Date(Date.now() + 5000));
}

async function readThenChange(content: string[], changed: string[], readArgs: Record<string, unknown> = {}) {
  const { root, toolkit } = await workspaceToolkit();
  const file = path.join(root, 'f.txt');
  await writeFile(file, text(content));
  expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', ...readArgs }));
  await rewrite(file, text(changed));
  return { root, toolkit, file };
}

describe('stale-file guard by region', () => {
  it('a change far from the edit: applied, changed_since_read, the other change kept', async () => {
    const before = lines(40);
    const after = [...before];
    after[2] = 'line 3 reformatted';
    const { toolkit, file } = await readThenChange(before, after);
    const out = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 30', new_str: 'LINE 30' }),
    );
    expect(out.changed_since_read).toBe(true);
    const expected = [...after];
    expected[29] = 'LINE 30';
    expect(await readFile(file, 'utf8')).toBe(text(expected));
  });

  it('a window read again and again does not push out another window read: an edit there still applies', async () => {
    const before = lines(200);
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'f.txt');
    await writeFile(file, text(before));
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', offset: 150, limit: 10 }));
    for (let i = 0; i < 40; i++)
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', offset: 1, limit: 10 }));
    const after = before.map((l) => (l === 'line 100' ? 'line 100 reformatted' : l));
    await rewrite(file, text(after));
    const out = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 155', new_str: 'LINE 155' }),
    );
    expect(out.changed_since_read).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(text(after.map((l) => (l === 'line 155' ? 'LINE 155' : l))));
  });

  it('lines inserted above (a formatter adding imports) shift the region: still applied', async () => {
    const before = lines(30);
    const after = ['import a', 'import b', ...before];
    const { toolkit, file } = await readThenChange(before, after);
    const result = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 20\n',
      new_str: 'twenty\n',
    });
    expect(expectOk(result).changed_since_read).toBe(true);
    expect(result.text).toContain('had changed on disk since it was read');
    expect(await readFile(file, 'utf8')).toBe(text(after.map((l) => (l === 'line 20' ? 'twenty' : l))));
  });

  it('a change inside the region refuses, and the file keeps its bytes', async () => {
    const before = lines(30);
    const after = before.map((l) => (l === 'line 15' ? 'line 15 // changed' : l));
    const { toolkit, file } = await readThenChange(before, after);
    const result = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 14\nline 15',
      new_str: 'x',
    });
    expect(errorCode(result)).toBe('STALE_FILE');
    expect(result.text).toContain('are not as read');
    expect(await readFile(file, 'utf8')).toBe(text(after));
  });

  it('a change in the context (3 lines above or below) refuses; 4 lines away does not', async () => {
    for (const [distance, code] of [
      [-3, 'STALE_FILE'],
      [3, 'STALE_FILE'],
      [-4, 'OK'],
      [4, 'OK'],
    ] as const) {
      const before = lines(30);
      const after = [...before];
      after[14 + distance] = `changed ${distance}`;
      const { toolkit } = await readThenChange(before, after);
      const result = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'f.txt',
        old_str: 'line 15\n',
        new_str: 'x\n',
      });
      expect([distance, errorCode(result)]).toEqual([distance, code]);
    }
  });

  it('lines the session never read refuse: an edit outside the window read', async () => {
    const before = lines(100);
    const after = before.map((l) => (l === 'line 2' ? 'line two' : l));
    const { toolkit } = await readThenChange(before, after, { offset: 40, limit: 20 });
    const outside = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 80\n',
      new_str: 'L80\n',
    });
    expect(errorCode(outside)).toBe('STALE_FILE');
    const inside = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 50\n',
      new_str: 'L50\n',
    });
    expect(expectOk(inside).changed_since_read).toBe(true);
  });

  it('a line read_file showed cut counts as unknown: an edit next to it refuses', async () => {
    const before = lines(30);
    before[15] = `const table = "${'x'.repeat(5000)}";`;
    const after = before.map((l) => (l === 'line 2' ? 'line two' : l));
    const { toolkit } = await readThenChange(before, after);
    const near = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 15\n',
      new_str: 'x\n',
    });
    expect(errorCode(near)).toBe('STALE_FILE');
    const far = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 25\n',
      new_str: 'x\n',
    });
    expect(expectOk(far).changed_since_read).toBe(true);
  });

  it('a region at the file start takes the start as context: a line added at the top refuses', async () => {
    const before = lines(20);
    const { toolkit } = await readThenChange(before, ['#!/bin/sh', ...before]);
    const result = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'line 1\n',
      new_str: 'one\n',
    });
    expect(errorCode(result)).toBe('STALE_FILE');
  });

  it('multi_edit: one edit in a changed region refuses them all', async () => {
    const before = lines(40);
    const after = before.map((l) => (l === 'line 35' ? 'line 35!' : l));
    const { toolkit, file } = await readThenChange(before, after);
    const result = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'f.txt',
      edits: [
        { old_str: 'line 5\n', new_str: 'five\n' },
        { old_str: 'line 34\n', new_str: 'x\n' },
      ],
    });
    expect(errorCode(result)).toBe('STALE_FILE');
    expect(await readFile(file, 'utf8')).toBe(text(after));
    const fine = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'f.txt',
      edits: [
        { old_str: 'line 5\n', new_str: 'five\n' },
        { old_str: 'line 20\n', new_str: 'twenty\n' },
      ],
    });
    expect(expectOk(fine)).toMatchObject({ replacements: 2, changed_since_read: true });
  });

  it('after its own edit the session knows the text it wrote: a later outside change elsewhere is fine', async () => {
    const before = lines(30);
    const { toolkit, file } = await readThenChange(before, before);
    expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 10\n', new_str: 'ten\n' }),
    );
    const now = await readFile(file, 'utf8');
    await rewrite(file, now.replace('line 25', 'line 25 changed'));
    expect(
      errorCode(
        await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 25 changed', new_str: 'y' }),
      ),
    ).toBe('STALE_FILE');
    const result = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'ten\n',
      new_str: 'TEN\n',
    });
    expect(expectOk(result).changed_since_read).toBe(true);
  });

  it('an unchanged file says nothing, and a session that never read the file is not guarded', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), text(lines(10)));
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    const same = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 5\n', new_str: 'five\n' }),
    );
    expect(same.changed_since_read).toBeUndefined();
    const other = createToolkit({ workspace: root });
    await rewrite(path.join(root, 'f.txt'), text(lines(10)));
    expect(
      expectOk(await other.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'line 5\n', new_str: 'x\n' }))
        .changed_since_read,
    ).toBeUndefined();
  });

  it('write_file still refuses a file changed since it was read', async () => {
    const before = lines(10);
    const { toolkit } = await readThenChange(before, [...before, 'more']);
    expect(errorCode(await toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: 'x' }))).toBe(
      'STALE_FILE',
    );
  });
});
