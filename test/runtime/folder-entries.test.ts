// A folder's entries, read whole or in batches by its size: the same names and types either way,
// a large folder's across several batches.
import { mkdir, open, readdir, symlink, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderEntries } from '../../src/runtime/fs/folder-entries.js';
import { tempDir } from '../support/helpers.js';

const typed = (entries: { name: string; isDirectory(): boolean; isSymbolicLink(): boolean }[]) =>
  entries.map((e) => `${e.name}:${e.isDirectory() ? 'dir' : e.isSymbolicLink() ? 'link' : 'file'}`).sort();

/** `handle` as it is, but reporting `size` as its own size. */
function sized(handle: FileHandle, size: number): FileHandle {
  return new Proxy(handle, {
    get: (target, key) =>
      key === 'stat' ? async () => ({ ...(await target.stat()), size }) : Reflect.get(target, key, target),
  });
}

describe('folderEntries', () => {
  it('gives what readdir gives, whichever way the folder is read', async () => {
    const root = await tempDir();
    const folder = path.join(root, 'f');
    await mkdir(folder);
    // More than two batches of 1,024.
    await Promise.all(Array.from({ length: 2500 }, (_, i) => writeFile(path.join(folder, `file${i}`), '')));
    await mkdir(path.join(folder, 'sub'));
    await symlink('file1', path.join(folder, 'link'));
    const expected = typed(await readdir(folder, { withFileTypes: true }));
    expect(expected).toHaveLength(2502);
    const handle = await open(folder, 'r');
    try {
      const self = `/proc/self/fd/${handle.fd}`;
      expect(typed(await folderEntries(sized(handle, 10 * 1024 * 1024), self))).toEqual(expected);
      expect(typed(await folderEntries(sized(handle, 4096), self))).toEqual(expected);
    } finally {
      await handle.close();
    }
  });

  it('fails as readdir does on a path that names no folder', async () => {
    const root = await tempDir();
    const handle = await open(root, 'r');
    try {
      await expect(folderEntries(sized(handle, 10 * 1024 * 1024), path.join(root, 'missing'))).rejects.toMatchObject({
        code: 'ENOENT',
      });
    } finally {
      await handle.close();
    }
  });
});
