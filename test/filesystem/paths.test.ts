// Path confinement: every way out of the workspace we know of must be refused.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, resolveInsideWorkspace } from '../../src/index.js';
import { errorCode, expectOk, tempDir } from '../support/helpers.js';

async function setup() {
  const parent = await tempDir();
  const ws = path.join(parent, 'ws');
  const sibling = path.join(parent, 'ws2');
  await mkdir(ws);
  await mkdir(sibling);
  await writeFile(path.join(sibling, 'secret.txt'), 'sibling secret');
  await writeFile(path.join(parent, 'outside.txt'), 'parent secret');
  await writeFile(path.join(ws, 'inside.txt'), 'inside');
  await mkdir(path.join(ws, 'sub'));
  await symlink(path.join(parent, 'outside.txt'), path.join(ws, 'link-out'));
  await symlink('../ws2', path.join(ws, 'dir-link-out'));
  await symlink(path.join(parent, 'does-not-exist-yet.txt'), path.join(ws, 'dangling-out'));
  await symlink('loop-b', path.join(ws, 'loop-a'));
  await symlink('loop-a', path.join(ws, 'loop-b'));
  await symlink('inside.txt', path.join(ws, 'link-in'));
  await symlink('sub', path.join(ws, 'dir-link-in'));
  await symlink('/', path.join(ws, 'root-link'));
  return { parent, ws, sibling };
}

describe('resolveInsideWorkspace refuses escapes', () => {
  const attacks: [string, (p: { parent: string; ws: string; sibling: string }) => string][] = [
    ['dot-dot to parent', () => '../outside.txt'],
    ['dot-dot deep', () => '../../../../../../etc/passwd'],
    ['dot-dot after a folder', () => 'sub/../../outside.txt'],
    ['absolute path elsewhere', () => '/etc/passwd'],
    ['absolute path of the parent', ({ parent }) => parent],
    ['prefix sibling /ws2 vs /ws', ({ sibling }) => path.join(sibling, 'secret.txt')],
    ['prefix sibling via dot-dot', () => '../ws2/secret.txt'],
    ['symlink to a file outside', () => 'link-out'],
    ['symlinked folder outside', () => 'dir-link-out/secret.txt'],
    ['dangling symlink outside (write would create outside)', () => 'dangling-out'],
    ['symlink loop', () => 'loop-a'],
    ['symlink loop as a parent', () => 'loop-a/child.txt'],
    ['NUL byte', () => 'inside.txt\0.png'],
    ['symlink to /', () => 'root-link/etc/passwd'],
    ['new file under a symlinked folder outside', () => 'dir-link-out/new/file.txt'],
    ['encoded-looking dot-dot is literal but backslash dot-dot on posix', () => '..\\..\\etc\\passwd'],
    ['trailing slash dot-dot', () => 'sub/../../'],
  ];
  for (const [name, make] of attacks) {
    it(name, async () => {
      const paths = await setup();
      const attempt = make(paths);
      const outcome = await resolveInsideWorkspace(paths.ws, attempt).then(
        (resolved) => `resolved to ${resolved.absolute}`,
        (error: { code?: string }) => error.code,
      );
      if (name.startsWith('encoded-looking')) {
        // On POSIX a backslash is an ordinary file-name character: it must stay inside.
        expect(outcome).toBe(`resolved to ${path.join(paths.ws, attempt)}`);
      } else {
        expect(outcome).toBe('OUTSIDE_WORKSPACE');
      }
    });
  }

  it('allows paths inside, through inner symlinks, and new files in new folders', async () => {
    const { ws } = await setup();
    expect((await resolveInsideWorkspace(ws, 'inside.txt')).relative).toBe('inside.txt');
    expect((await resolveInsideWorkspace(ws, 'link-in')).relative).toBe('inside.txt');
    expect((await resolveInsideWorkspace(ws, 'dir-link-in/x/y.txt')).relative).toBe('sub/x/y.txt');
    expect((await resolveInsideWorkspace(ws, path.join(ws, 'sub'))).relative).toBe('sub');
    expect((await resolveInsideWorkspace(ws, 'sub/../inside.txt')).relative).toBe('inside.txt');
    const fresh = await resolveInsideWorkspace(ws, 'a/b/c.txt');
    expect(fresh.exists).toBe(false);
    expect(fresh.absolute).toBe(path.join(ws, 'a/b/c.txt'));
  });
});

describe('filesystem operations stay confined', () => {
  it('read_file, write_file and edit_file all refuse escapes and touch nothing outside', async () => {
    const { parent, ws, sibling } = await setup();
    const toolkit = createToolkit({ workspace: ws });
    for (const attempt of [
      '../outside.txt',
      'link-out',
      'dir-link-out/secret.txt',
      path.join(sibling, 'secret.txt'),
      'loop-a',
    ]) {
      expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: attempt }))).toBe('OUTSIDE_WORKSPACE');
      expect(errorCode(await toolkit.invoke('filesystem', 'write_file', { path: attempt, content: 'pwned' }))).toBe(
        'OUTSIDE_WORKSPACE',
      );
      expect(
        errorCode(
          await toolkit.invoke('filesystem', 'edit_file', { path: attempt, old_str: 'secret', new_str: 'pwned' }),
        ),
      ).toBe('OUTSIDE_WORKSPACE');
    }
    expect(
      errorCode(await toolkit.invoke('filesystem', 'write_file', { path: 'dangling-out', content: 'pwned' })),
    ).toBe('OUTSIDE_WORKSPACE');
    expect(
      errorCode(
        await toolkit.invoke('filesystem', 'edit_file', {
          path: 'dir-link-out/new.txt',
          old_str: '',
          new_str: 'pwned',
        }),
      ),
    ).toBe('OUTSIDE_WORKSPACE');
    expect(await readFile(path.join(parent, 'outside.txt'), 'utf8')).toBe('parent secret');
    expect(await readFile(path.join(sibling, 'secret.txt'), 'utf8')).toBe('sibling secret');
    await expect(readFile(path.join(parent, 'does-not-exist-yet.txt'))).rejects.toThrow();
  });

  it('accepts the workspace given through a symlinked alias', async () => {
    const parent = await tempDir();
    await mkdir(path.join(parent, 'real'));
    await writeFile(path.join(parent, 'real', 'a.txt'), 'hello\n');
    await symlink(path.join(parent, 'real'), path.join(parent, 'alias'));
    const toolkit = createToolkit({ workspace: path.join(parent, 'alias') });
    const output = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: path.join(parent, 'alias', 'a.txt') }),
    );
    expect(output.path).toBe('a.txt');
  });
});
