// list_directory: types and sizes, folders first, depth breadth-first, .gitignore like glob,
// symlinks reported and never followed, capped output for huge folders, confinement.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';
import { SLICE } from '../../src/runtime/turns/turns.js';

async function files(root: string, tree: Record<string, string>) {
  for (const [rel, content] of Object.entries(tree)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), content);
  }
}

const paths = (output: { entries: { path: string }[] }) => output.entries.map((e) => e.path);

describe('list_directory', () => {
  it('nested .gitignore rules, negations and .git are honoured as glob does', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await files(root, {
      '.gitignore': 'build/\n*.log\n!keep.log\n',
      'a.log': '',
      'keep.log': '',
      'build/out.js': '',
      'src/.gitignore': 'gen/\nsecret.ts\n',
      'src/gen/x.ts': '',
      'src/secret.ts': '',
      'src/main.ts': 'm',
      '.git/config': '',
      'src/lib/util.ts': '',
    });
    const listed = expectOk(await toolkit.invoke('filesystem', 'list_directory', { depth: 3 }));
    expect(paths(listed)).toEqual([
      'src',
      'src/lib',
      'src/lib/util.ts',
      'src/.gitignore',
      'src/main.ts',
      '.gitignore',
      'keep.log',
    ]);
    expect(listed.ignored).toBe(5); // a.log, build, .git, src/gen, src/secret.ts
    const globbed = expectOk(await toolkit.invoke('search', 'glob', { pattern: '**/*' }));
    expect([...globbed.files].sort()).toEqual(
      listed.entries
        .filter((e: { type: string }) => e.type === 'file')
        .map((e: { path: string }) => e.path)
        .sort(),
    );
    const all = expectOk(await toolkit.invoke('filesystem', 'list_directory', { depth: 3, include_ignored: true }));
    expect(paths(all)).toEqual(
      expect.arrayContaining(['.git', '.git/config', 'build/out.js', 'a.log', 'src/gen/x.ts', 'src/secret.ts']),
    );
    expect(all.ignored).toBe(0);
  });

  it('lists a sub-folder with workspace-relative paths and a .gitignore above it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await files(root, { '.gitignore': '*.tmp\n', 'pkg/a.ts': 'aa', 'pkg/b.tmp': '', 'pkg/deep/c.ts': '' });
    const listed = expectOk(await toolkit.invoke('filesystem', 'list_directory', { path: 'pkg', depth: 2 }));
    expect(listed.path).toBe('pkg');
    expect(listed.entries).toEqual([
      { path: 'pkg/deep', type: 'dir' },
      { path: 'pkg/deep/c.ts', type: 'file', size: 0 },
      { path: 'pkg/a.ts', type: 'file', size: 2 },
    ]);
    expect(expectOk(await toolkit.invoke('filesystem', 'list_directory', { path: 'pkg/' })).entries).toHaveLength(2);
  });

  it('symlinks are reported with their target and never followed, even to folders (inside or outside)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const outside = await tempDir();
    await files(outside, { 'secret.txt': 's' });
    await files(root, { 'real/x.txt': 'x' });
    await symlink('real', path.join(root, 'in-dir'));
    await symlink(outside, path.join(root, 'out-dir'));
    await symlink('missing', path.join(root, 'dangling'));
    const listed = expectOk(await toolkit.invoke('filesystem', 'list_directory', { depth: 5 }));
    expect(listed.entries).toEqual([
      { path: 'real', type: 'dir' },
      { path: 'real/x.txt', type: 'file', size: 1 },
      { path: 'dangling', type: 'symlink', target: 'missing' },
      { path: 'in-dir', type: 'symlink', target: 'real' },
      { path: 'out-dir', type: 'symlink', target: outside },
    ]);
    // Listing a symlinked folder inside the workspace lists its target; outside is refused.
    expect(paths(expectOk(await toolkit.invoke('filesystem', 'list_directory', { path: 'in-dir' })))).toEqual([
      'real/x.txt',
    ]);
    expect(errorCode(await toolkit.invoke('filesystem', 'list_directory', { path: 'out-dir' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
    expect(errorCode(await toolkit.invoke('filesystem', 'list_directory', { path: '../' }))).toBe('OUTSIDE_WORKSPACE');
    expect(errorCode(await toolkit.invoke('filesystem', 'list_directory', { path: '/etc' }))).toBe('OUTSIDE_WORKSPACE');
  });

  it(
    'a 20,000-file folder answers well under 200 KB with a truncation hint; the cap cuts breadth-first',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      await mkdir(path.join(root, 'many'));
      await mkdir(path.join(root, 'a-first'));
      await writeFile(path.join(root, 'a-first', 'deep.txt'), '');
      const { writeFileSync } = await import('node:fs');
      for (let i = 0; i < 20_000; i++)
        writeFileSync(path.join(root, 'many', `file-${String(i).padStart(5, '0')}.txt`), 'x');
      const result = await toolkit.invoke('filesystem', 'list_directory', { path: 'many' });
      const output = expectOk(result);
      expect(output.truncated).toBe(true);
      expect(output.entries).toHaveLength(1000);
      expect(output.entries[0]).toEqual({ path: 'many/file-00000.txt', type: 'file', size: 1 });
      expect(result.text).toContain('limit=1000');
      const bytes = Buffer.byteLength(JSON.stringify(output)) + Buffer.byteLength(result.text);
      expect(bytes).toBeLessThan(120 * 1024);
      // depth 2 from the root: both top-level folders are listed before any deeper entry fills the cap.
      const top = expectOk(await toolkit.invoke('filesystem', 'list_directory', { depth: 2, limit: 50 }));
      expect(paths(top).slice(0, 2)).toEqual(['a-first', 'a-first/deep.txt']);
      expect(paths(top)).toContain('many');
      expect(top.entries).toHaveLength(50);
    },
  );

  it('an empty folder, a file and a missing path', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await mkdir(path.join(root, 'empty'));
    await writeFile(path.join(root, 'f.txt'), '');
    const empty = await toolkit.invoke('filesystem', 'list_directory', { path: 'empty' });
    expect(expectOk(empty).entries).toEqual([]);
    expect(empty.text).toContain('empty is empty');
    expect(errorCode(await toolkit.invoke('filesystem', 'list_directory', { path: 'f.txt' }))).toBe('NOT_DIRECTORY');
    const missing = await toolkit.invoke('filesystem', 'list_directory', { path: 'empyt' });
    expect(errorCode(missing)).toBe('NOT_FOUND');
    expect(missing.text).toContain('empty');
  });

  it('works through the workspace given as a symlinked alias', async () => {
    const parent = await tempDir();
    await files(path.join(parent, 'real'), { 'a.txt': 'a' });
    await symlink(path.join(parent, 'real'), path.join(parent, 'alias'));
    const toolkit = createToolkit({ workspace: path.join(parent, 'alias') });
    expect(
      paths(expectOk(await toolkit.invoke('filesystem', 'list_directory', { path: path.join(parent, 'alias') }))),
    ).toEqual(['a.txt']);
  });
});

describe('list_directory over a folder larger than one slice of work', () => {
  it('orders folders first, then names, and pages as over a small one', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const many = path.join(root, 'many');
    await mkdir(many);
    const count = 2 * SLICE + 30;
    // Names in an order unlike their sorted one; one in fifty a folder.
    const names = Array.from({ length: count }, (_, i) => `n${String((i * 7919) % count).padStart(5, '0')}`);
    await Promise.all(
      names.map((name, i) => (i % 50 === 0 ? mkdir(path.join(many, name)) : writeFile(path.join(many, name), ''))),
    );
    const folders = names.filter((_, i) => i % 50 === 0).sort();
    const plain = names.filter((_, i) => i % 50 !== 0).sort();
    const expected = [...folders, ...plain].map((name) => `many/${name}`);
    const page = (offset: number) =>
      toolkit.invoke('filesystem', 'list_directory', { path: 'many', limit: 500, offset }).then((result) => {
        const output = expectOk<{ entries: { path: string }[]; truncated: boolean }>(result);
        return output.entries.map((entry) => entry.path);
      });
    expect(await page(0)).toEqual(expected.slice(0, 500));
    expect(await page(SLICE + 3)).toEqual(expected.slice(SLICE + 3, SLICE + 503));
  });
});
