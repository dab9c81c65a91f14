// Checkpoints of file operations: every write, edit, patch (add, delete, move) and restore records
// what the files were before it writes; checkpoint_restore puts them back exactly (bytes and
// modes), one call's changes or everything back to a checkpoint; files changed since by someone
// else are left alone unless force; another principal or session sees nothing; the limits drop
// the oldest and say so; nothing is written under the workspace.
import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { NO_EDIT_DIAGNOSTICS, errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

/** Every file under `root`: its bytes (base64) and mode; folders by name. */
async function snapshot(root: string, under = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    const abs = path.join(root, rel);
    if (entry.isDirectory()) Object.assign(out, await snapshot(root, rel));
    else out[rel] = `${((await stat(abs)).mode & 0o7777).toString(8)}:${(await readFile(abs)).toString('base64')}`;
  }
  return out;
}

/** Every folder under `root`, empty ones included. */
async function folders(root: string): Promise<string[]> {
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function put(root: string, name: string, content: string | Buffer, mode?: number): Promise<void> {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), content);
  if (mode !== undefined) await chmod(path.join(root, name), mode);
}

const fs = (toolkit: Toolkit, op: string, input: Record<string, unknown>, principal?: string) =>
  toolkit.invoke('filesystem', op as never, input as never, principal ? { principal } : {});

async function seeded(options: Parameters<typeof createToolkit>[0] extends infer O ? Partial<O> : never = {}) {
  const root = await tempDir();
  await put(root, 'src/app.py', 'def main():\n    print("hi")\n    return 0\n');
  await put(root, 'run.sh', '#!/bin/sh\necho run\n', 0o755);
  await put(root, 'docs/old.md', '# Old\n');
  await put(root, 'crlf.txt', Buffer.from('a\r\nb\r\n'));
  await put(root, 'bin.dat', Buffer.from([0, 1, 2, 255, 0]));
  const toolkit = createToolkit({ ...options, code: NO_EDIT_DIAGNOSTICS, workspace: root });
  return { root, toolkit };
}

/** One of each mutating file operation, with the checkpoint id each made. */
async function changeEverything(toolkit: Toolkit): Promise<string[]> {
  const ids: string[] = [];
  const last = async () => {
    const list = expectOk(await fs(toolkit, 'checkpoint_list', { limit: 1 }));
    ids.push(list.checkpoints[0].id);
  };
  expectOk(await fs(toolkit, 'write_file', { path: 'new/created.txt', content: 'fresh\n' }));
  await last();
  expectOk(await fs(toolkit, 'edit_file', { path: 'src/app.py', old_str: 'print("hi")', new_str: 'print("hello")' }));
  await last();
  expectOk(
    await fs(toolkit, 'multi_edit', {
      path: 'crlf.txt',
      edits: [
        { old_str: 'a', new_str: 'A' },
        { old_str: 'b', new_str: 'B' },
      ],
    }),
  );
  await last();
  expectOk(
    await fs(toolkit, 'apply_patch', {
      input: patch(
        '*** Delete File: docs/old.md',
        '*** Update File: run.sh',
        '*** Move to: scripts/run.sh',
        '@@',
        '-echo run',
        '+echo moved',
        '*** Add File: docs/new.md',
        '+# New',
      ),
    }),
  );
  await last();
  expectOk(await fs(toolkit, 'write_file', { path: 'bin.dat', content: 'now text\n' }));
  await last();
  return ids;
}

describe('checkpoints of file operations', () => {
  it('each call that changed files is listed, newest first, with what it changed', async () => {
    const { toolkit } = await seeded();
    const ids = await changeEverything(toolkit);
    expect(new Set(ids).size).toBe(5);
    const list = expectOk(await fs(toolkit, 'checkpoint_list', {}));
    expect(list.total).toBe(5);
    expect(list.checkpoints.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    const patchCp = list.checkpoints.find((c: { operation: string }) => c.operation === 'filesystem.apply_patch');
    expect(new Map(patchCp.files.map((f: { path: string; change: string }) => [f.path, f.change]))).toEqual(
      new Map([
        ['docs/old.md', 'deleted'],
        ['run.sh', 'deleted'],
        ['scripts/run.sh', 'added'],
        ['docs/new.md', 'added'],
      ]),
    );
    expect(list.checkpoints.every((c: { restorable: boolean }) => c.restorable)).toBe(true);
    // A refused or dry-run call records nothing.
    expect(errorCode(await fs(toolkit, 'edit_file', { path: 'src/app.py', old_str: 'nope', new_str: 'x' }))).toBe(
      'NO_MATCH',
    );
    expectOk(
      await fs(toolkit, 'edit_file', { path: 'src/app.py', old_str: 'return 0', new_str: 'return 1', dry_run: true }),
    );
    expect(expectOk(await fs(toolkit, 'checkpoint_list', {})).total).toBe(5);
  });

  it('restoring each call, newest first, gives back every byte and mode (create, edit, delete, move)', async () => {
    const { root, toolkit } = await seeded();
    const original = await snapshot(root);
    const originalFolders = await folders(root);
    const ids = await changeEverything(toolkit);
    expect(await folders(root)).not.toEqual(originalFolders);
    for (const id of [...ids].reverse()) {
      const out = expectOk(await fs(toolkit, 'checkpoint_restore', { id }));
      expect(out.skipped).toEqual([]);
      expect(out.restored.length).toBeGreaterThan(0);
    }
    expect(await snapshot(root)).toEqual(original);
    // The folders the calls made for their new files are gone again.
    expect(await folders(root)).toEqual(originalFolders);
  });

  it('a folder a call made stays when something else was put in it, or it held a file before', async () => {
    const { root, toolkit } = await seeded();
    expectOk(await fs(toolkit, 'write_file', { path: 'made/inner/one.txt', content: '1\n' }));
    expectOk(await fs(toolkit, 'write_file', { path: 'docs/deeper/two.txt', content: '2\n' }));
    await put(root, 'made/theirs.txt', 'not the call’s\n');
    expectOk(await fs(toolkit, 'checkpoint_restore', { id: 'cp-1' }));
    expectOk(await fs(toolkit, 'checkpoint_restore', { id: 'cp-2' }));
    const now = await folders(root);
    expect(now).toContain('made');
    expect(now).not.toContain(path.join('made', 'inner'));
    expect(now).toContain('docs');
    expect(now).not.toContain(path.join('docs', 'deeper'));
    expect(await readFile(path.join(root, 'made/theirs.txt'), 'utf8')).toBe('not the call’s\n');
  });

  it('an empty folder someone made before the call stays, with the folders above it', async () => {
    const { root, toolkit } = await seeded();
    await mkdir(path.join(root, 'user/made'), { recursive: true });
    // The call begins after the folder was born (file system stamps run a clock tick behind).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expectOk(await fs(toolkit, 'write_file', { path: 'user/made/new/y.txt', content: 'y\n' }));
    const id = expectOk(await fs(toolkit, 'checkpoint_list', { limit: 1 })).checkpoints[0].id as string;
    const restored = expectOk(await fs(toolkit, 'checkpoint_restore', { id }));
    expect(restored.restored).toEqual([{ path: 'user/made/new/y.txt', action: 'delete' }]);
    const now = await folders(root);
    expect(now).toContain(path.join('user', 'made'));
    expect(now).not.toContain(path.join('user', 'made', 'new'));
  });

  it('a path a link now stands in for (the file, or a folder on its way) is skipped: nothing is written or deleted through it', async () => {
    const { root, toolkit } = await seeded();
    const last = async () => expectOk(await fs(toolkit, 'checkpoint_list', { limit: 1 })).checkpoints[0].id as string;
    await put(root, 'important.txt', 'same\n');
    await put(root, 'other/kept.txt', 'other\n');
    expectOk(await fs(toolkit, 'write_file', { path: 'made.txt', content: 'same\n' }));
    const made = await last();
    expectOk(await fs(toolkit, 'edit_file', { path: 'docs/old.md', old_str: '# Old', new_str: '# New' }));
    const edited = await last();
    expectOk(await fs(toolkit, 'write_file', { path: 'sub/kept.txt', content: 'other\n' }));
    const inFolder = await last();
    // The agent puts links in their place, to other files of the workspace with the same content.
    const { rm, symlink } = await import('node:fs/promises');
    await rm(path.join(root, 'made.txt'));
    await symlink('important.txt', path.join(root, 'made.txt'));
    await put(root, 'elsewhere.md', '# New');
    await rm(path.join(root, 'docs/old.md'));
    await symlink('../elsewhere.md', path.join(root, 'docs/old.md'));
    await rm(path.join(root, 'sub'), { recursive: true });
    await symlink('other', path.join(root, 'sub'));
    const { readlink } = await import('node:fs/promises');
    const state = async () => ({
      links: await Promise.all(['made.txt', 'docs/old.md', 'sub'].map((name) => readlink(path.join(root, name)))),
      files: await Promise.all(
        ['important.txt', 'elsewhere.md', 'other/kept.txt'].map((name) => readFile(path.join(root, name), 'utf8')),
      ),
    });
    const before = await state();
    expect(before).toEqual({
      links: ['important.txt', '../elsewhere.md', 'other'],
      files: ['same\n', '# New', 'other\n'],
    });
    for (const [id, file] of [
      [made, 'made.txt'],
      [edited, 'docs/old.md'],
      [inFolder, 'sub/kept.txt'],
    ] as const)
      for (const force of [false, true]) {
        const restored = expectOk(await fs(toolkit, 'checkpoint_restore', { id, force }));
        expect([id, restored.restored, restored.skipped]).toEqual([id, [], [{ path: file, reason: 'unsupported' }]]);
      }
    expect(await state()).toEqual(before);
  });

  it('scope since puts everything back to before a checkpoint in one call', async () => {
    const { root, toolkit } = await seeded();
    const original = await snapshot(root);
    const ids = await changeEverything(toolkit);
    const dry = expectOk(await fs(toolkit, 'checkpoint_restore', { id: ids[0], scope: 'since', dry_run: true }));
    expect(dry.dry_run).toBe(true);
    expect(dry.diff).toContain('-fresh');
    expect(await snapshot(root)).not.toEqual(original);
    const out = expectOk(await fs(toolkit, 'checkpoint_restore', { id: ids[0], scope: 'since' }));
    expect(out.skipped).toEqual([]);
    expect(await snapshot(root)).toEqual(original);
    // The restore is a checkpoint too: restoring it redoes the changes.
    expect(out.checkpoint).toMatch(/^cp-\d+$/);
    const redo = expectOk(await fs(toolkit, 'checkpoint_restore', { id: out.checkpoint }));
    expect(redo.skipped).toEqual([]);
    expect(await readFile(path.join(root, 'scripts/run.sh'), 'utf8')).toBe('#!/bin/sh\necho moved\n');
    expect(await readFile(path.join(root, 'src/app.py'), 'utf8')).toContain('hello');
  });

  it("checkpoint_diff shows a call's changes and everything since", async () => {
    const { toolkit } = await seeded();
    const ids = await changeEverything(toolkit);
    const call = expectOk(await fs(toolkit, 'checkpoint_diff', { id: ids[1] }));
    expect(call.files).toEqual([{ path: 'src/app.py', change: 'modified' }]);
    // The content after the call is found although only its id was recorded (the file is as the call left it).
    expect(call.diff).toContain('-    print("hi")');
    expect(call.diff).toContain('+    print("hello")');
    const since = expectOk(await fs(toolkit, 'checkpoint_diff', { id: ids[0], scope: 'since' }));
    expect(since.files.map((f: { path: string }) => f.path).sort()).toEqual(
      [
        'bin.dat',
        'crlf.txt',
        'docs/new.md',
        'docs/old.md',
        'new/created.txt',
        'run.sh',
        'scripts/run.sh',
        'src/app.py',
      ].sort(),
    );
    expect(since.diff).toContain('(binary file)');
    expect(since.diff).toContain('+++ /dev/null');
  });

  it('a file changed since by someone else is listed and left alone; force restores it', async () => {
    const { root, toolkit } = await seeded();
    const ids = await changeEverything(toolkit);
    // Another program edits the patched file and the created one after the agent did.
    await writeFile(path.join(root, 'scripts/run.sh'), '#!/bin/sh\necho someone else\n');
    await writeFile(path.join(root, 'new/created.txt'), 'theirs\n');
    const patchId = ids[3]!;
    const out = expectOk(await fs(toolkit, 'checkpoint_restore', { id: patchId }));
    expect(out.skipped).toEqual([{ path: 'scripts/run.sh', reason: 'changed_since' }]);
    // The rest of that call's changes are undone: docs/old.md back, docs/new.md gone, run.sh back.
    expect(await readFile(path.join(root, 'docs/old.md'), 'utf8')).toBe('# Old\n');
    await expect(stat(path.join(root, 'docs/new.md'))).rejects.toThrow();
    expect(await readFile(path.join(root, 'run.sh'), 'utf8')).toBe('#!/bin/sh\necho run\n');
    expect(await readFile(path.join(root, 'scripts/run.sh'), 'utf8')).toBe('#!/bin/sh\necho someone else\n');
    const created = expectOk(await fs(toolkit, 'checkpoint_restore', { id: ids[0] }));
    expect(created.skipped).toEqual([{ path: 'new/created.txt', reason: 'changed_since' }]);
    expect(await readFile(path.join(root, 'new/created.txt'), 'utf8')).toBe('theirs\n');
    const forced = expectOk(await fs(toolkit, 'checkpoint_restore', { id: patchId, force: true }));
    expect(forced.skipped).toEqual([]);
    await expect(stat(path.join(root, 'scripts/run.sh'))).rejects.toThrow();
  });

  it('a file someone else only chmodded since is left alone too; force restores its mode', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'tool.sh'), 'echo one\n', { mode: 0o644 });
    await chmod(path.join(root, 'tool.sh'), 0o644);
    expectOk(await fs(toolkit, 'edit_file', { path: 'tool.sh', old_str: 'one', new_str: 'two' }));
    const [latest] = expectOk(await fs(toolkit, 'checkpoint_list', {})).checkpoints;
    await chmod(path.join(root, 'tool.sh'), 0o755);
    const out = expectOk(await fs(toolkit, 'checkpoint_restore', { id: latest!.id }));
    expect(out.skipped).toEqual([{ path: 'tool.sh', reason: 'changed_since' }]);
    expect((await stat(path.join(root, 'tool.sh'))).mode & 0o777).toBe(0o755);
    expect(await readFile(path.join(root, 'tool.sh'), 'utf8')).toBe('echo two\n');
    const forced = expectOk(await fs(toolkit, 'checkpoint_restore', { id: latest!.id, force: true }));
    expect(forced.skipped).toEqual([]);
    expect(await readFile(path.join(root, 'tool.sh'), 'utf8')).toBe('echo one\n');
    expect((await stat(path.join(root, 'tool.sh'))).mode & 0o777).toBe(0o644);
  });

  it('another principal and another session see none of them', async () => {
    const { root, toolkit } = await seeded();
    const ids = await changeEverything(toolkit);
    const other = expectOk(await fs(toolkit, 'checkpoint_list', {}, 'mallory'));
    expect(other).toMatchObject({ checkpoints: [], total: 0 });
    for (const op of ['checkpoint_diff', 'checkpoint_restore']) {
      const result = await fs(toolkit, op, { id: ids[0] }, 'mallory');
      expect(errorCode(result)).toBe('NOT_FOUND');
    }
    const secondSession = createToolkit({ workspace: root, code: NO_EDIT_DIAGNOSTICS });
    expect(expectOk(await fs(secondSession, 'checkpoint_list', {})).total).toBe(0);
    expect(errorCode(await fs(secondSession, 'checkpoint_restore', { id: ids[0] }))).toBe('NOT_FOUND');
    // The owner still has all of them, and mallory's own change is hers alone.
    expectOk(await fs(toolkit, 'write_file', { path: 'm.txt', content: 'm\n' }, 'mallory'));
    expect(expectOk(await fs(toolkit, 'checkpoint_list', {}, 'mallory')).total).toBe(1);
    expect(expectOk(await fs(toolkit, 'checkpoint_list', {})).total).toBe(5);
  });

  it('past the count limit the oldest are dropped, and the list says so', async () => {
    const dir = await tempDir();
    const { root, toolkit } = await seeded({ checkpoints: { maxCount: 3, dir } });
    for (let i = 0; i < 5; i++) expectOk(await fs(toolkit, 'write_file', { path: 'f.txt', content: `v${i}\n` }));
    // The dropped ones' contents are gone from disk: what is kept is v1, v2 and v3 (cp-3..cp-5's befores).
    const blobs = (await readdir(dir, { recursive: true })).map(String).filter((f) => /(^|\/)[0-9a-f]{40}$/.test(f));
    expect(blobs).toHaveLength(3);
    const result = await fs(toolkit, 'checkpoint_list', {});
    const list = expectOk(result);
    expect(list.checkpoints.map((c: { id: string }) => c.id)).toEqual(['cp-5', 'cp-4', 'cp-3']);
    expect(list.dropped).toEqual({ count: 2, last: 'cp-2', reason: 'count' });
    expect(result.text).toContain('dropped');
    const gone = await fs(toolkit, 'checkpoint_restore', { id: 'cp-1' });
    expect(errorCode(gone)).toBe('NOT_FOUND');
    expect(gone.text).toContain('dropped');
    expectOk(await fs(toolkit, 'checkpoint_restore', { id: 'cp-3', scope: 'since' }));
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('v1\n');
  });

  it('past the byte limit the oldest are dropped; a file larger than it is recorded but not kept', async () => {
    const { root, toolkit } = await seeded({ checkpoints: { maxBytes: 100 } });
    const big = 'x'.repeat(60);
    for (let i = 0; i < 3; i++) expectOk(await fs(toolkit, 'write_file', { path: 'g.txt', content: `${big}${i}\n` }));
    const list = expectOk(await fs(toolkit, 'checkpoint_list', {}));
    expect(list.dropped).toMatchObject({ reason: 'bytes' });
    expect(list.dropped.count).toBeGreaterThan(0);
    await put(root, 'huge.txt', 'y'.repeat(500));
    expectOk(await fs(toolkit, 'write_file', { path: 'huge.txt', content: 'small\n' }));
    const last = expectOk(await fs(toolkit, 'checkpoint_list', { limit: 1 })).checkpoints[0];
    expect(last.restorable).toBe(false);
    const out = expectOk(await fs(toolkit, 'checkpoint_restore', { id: last.id }));
    expect(out.skipped).toEqual([{ path: 'huge.txt', reason: 'not_kept' }]);
    expect(await readFile(path.join(root, 'huge.txt'), 'utf8')).toBe('small\n');
  });

  it('nothing is written under the workspace; the checkpoints live in its state folder', async () => {
    const { root, toolkit } = await seeded();
    const before = Object.keys(await snapshot(root));
    await changeEverything(toolkit);
    await fs(toolkit, 'checkpoint_restore', { id: 'cp-1', scope: 'since' });
    expect(Object.keys(await snapshot(root)).sort()).toEqual(before.sort());
    const state = process.env.XDG_STATE_HOME!;
    const found = await readdir(path.join(state, 'toolwright'), { recursive: true });
    expect(found.some((name) => String(name).includes('checkpoints'))).toBe(true);
  });

  it('a checkpoints folder inside the workspace is refused', async () => {
    const root = await tempDir();
    expect(() => createToolkit({ workspace: root, checkpoints: { dir: path.join(root, '.cp') } })).toThrow(
      /checkpoints folder/,
    );
  });

  it('checkpoints: false records nothing and lists no checkpoint operation', async () => {
    const { toolkit } = await workspaceToolkit({ checkpoints: false });
    expectOk(await fs(toolkit, 'write_file', { path: 'a.txt', content: 'a\n' }));
    const names = toolkit.operations.map((op) => op.name);
    expect(names).not.toContain('checkpoint_list');
    expect(names).toContain('apply_patch');
    const on = await workspaceToolkit();
    expect(on.toolkit.operations.map((op) => op.name)).toEqual(
      expect.arrayContaining(['checkpoint_list', 'checkpoint_diff', 'checkpoint_restore']),
    );
  });
});

describe('checkpoints and the path rules', () => {
  it('a path the rules keep from the checkpoint operations is neither listed, shown in a diff, nor written back', async () => {
    const { root, toolkit } = await seeded({
      policy: {
        rules: [{ operation: 'filesystem.checkpoint_*', path: ['secrets/**'], decision: 'deny' }],
      },
    });
    expectOk(await fs(toolkit, 'write_file', { path: 'secrets/key.txt', content: 'SECRET-BEFORE\n' }));
    const id = 'cp-2';
    expectOk(
      await fs(toolkit, 'apply_patch', {
        input: [
          '*** Begin Patch',
          '*** Update File: secrets/key.txt',
          '@@',
          '-SECRET-BEFORE',
          '+SECRET-AFTER',
          '*** Update File: docs/old.md',
          '@@',
          '-# Old',
          '+# New',
          '*** End Patch',
          '',
        ].join('\n'),
      }),
    );
    const list = await fs(toolkit, 'checkpoint_list', {});
    expect(JSON.stringify(list)).not.toContain('secrets/');
    const diff = await fs(toolkit, 'checkpoint_diff', { id });
    expect(JSON.stringify(diff)).not.toMatch(/SECRET|secrets\//);
    expect(JSON.stringify(diff)).toContain('docs/old.md');
    const restored = await fs(toolkit, 'checkpoint_restore', { id });
    expect(JSON.stringify(restored)).not.toMatch(/SECRET|secrets\//);
    expect(expectOk<{ restored: { path: string }[] }>(restored).restored).toEqual([
      { path: 'docs/old.md', action: 'write' },
    ]);
    expect(await readFile(path.join(root, 'secrets/key.txt'), 'utf8')).toBe('SECRET-AFTER\n');
    expect(await readFile(path.join(root, 'docs/old.md'), 'utf8')).toBe('# Old\n');
  });
});
