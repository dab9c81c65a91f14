// checkpoints.bash: a bash call is bracketed by snapshots of the workspace in a shadow git repository
// kept in the toolkit's state folder. What the command changed (created, changed, removed, made
// executable) is a checkpoint that checkpoint_restore undoes exactly; ignored files are left out;
// the workspace's own repository and folder get nothing.
import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { git } from '../support/git.js';

async function snapshot(root: string, under = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (rel === '.git') continue;
    const abs = path.join(root, rel);
    if (entry.isDirectory()) Object.assign(out, await snapshot(root, rel));
    else out[rel] = `${((await stat(abs)).mode & 0o777).toString(8)}:${(await readFile(abs)).toString('base64')}`;
  }
  return out;
}

async function workspace(): Promise<string> {
  const root = await tempDir();
  await writeFile(path.join(root, 'a.txt'), 'alpha\n');
  await writeFile(path.join(root, 'b.txt'), 'bravo\n');
  await writeFile(path.join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  await chmod(path.join(root, 'run.sh'), 0o644);
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src/keep.ts'), 'export {}\n');
  await writeFile(path.join(root, '.gitignore'), 'build/\n');
  return root;
}

const bash = (toolkit: Toolkit, command: string) => toolkit.invoke('exec', 'bash', { command });
const list = async (toolkit: Toolkit) => expectOk(await toolkit.invoke('filesystem', 'checkpoint_list', {}));

const CHANGES = [
  "printf 'changed\\n' > a.txt",
  'rm b.txt',
  'mkdir -p d/e && echo new > d/e/c.txt',
  'chmod +x run.sh',
  'mkdir -p build && echo ignored > build/out.js',
].join(' && ');

describe('checkpoints of bash commands (checkpoints.bash)', () => {
  it('a command that changed files is a checkpoint; restoring it gives back every byte and mode', async () => {
    const root = await workspace();
    const toolkit = createToolkit({ workspace: root, checkpoints: { bash: true } });
    const original = await snapshot(root);
    const result = await bash(toolkit, CHANGES);
    expect(expectOk(result).exit_code).toBe(0);
    expect(result.text).toContain('checkpoint cp-1');
    const listed = await list(toolkit);
    expect(listed.checkpoints).toHaveLength(1);
    const cp = listed.checkpoints[0];
    expect(cp).toMatchObject({ id: 'cp-1', operation: 'exec.bash', command: CHANGES, restorable: true });
    expect(new Map(cp.files.map((f: { path: string; change: string }) => [f.path, f.change]))).toEqual(
      new Map([
        ['a.txt', 'modified'],
        ['b.txt', 'deleted'],
        ['d/e/c.txt', 'added'],
        ['run.sh', 'modified'],
      ]),
    );
    const diff = expectOk(await toolkit.invoke('filesystem', 'checkpoint_diff', { id: 'cp-1' }));
    expect(diff.diff).toContain('-alpha');
    expect(diff.diff).toContain('+changed');
    const restored = expectOk(await toolkit.invoke('filesystem', 'checkpoint_restore', { id: 'cp-1' }));
    expect(restored.skipped).toEqual([]);
    // The ignored build output was never recorded, so it stays; everything else is as it was.
    const now = await snapshot(root);
    delete now['build/out.js'];
    expect(now).toEqual(original);
  });

  it('a command that changed nothing makes no checkpoint; without bash: true none is made', async () => {
    const root = await workspace();
    const on = createToolkit({ workspace: root, checkpoints: { bash: true } });
    expectOk(await bash(on, 'cat a.txt > /dev/null'));
    expect((await list(on)).total).toBe(0);
    const off = createToolkit({ workspace: root });
    expectOk(await bash(off, 'echo x > a.txt'));
    expect((await list(off)).total).toBe(0);
  });

  it('a file changed by someone else after the command is left alone', async () => {
    const root = await workspace();
    const toolkit = createToolkit({ workspace: root, checkpoints: { bash: true } });
    expectOk(await bash(toolkit, "printf 'one\\n' > a.txt && printf 'two\\n' > b.txt"));
    await writeFile(path.join(root, 'b.txt'), 'someone else\n');
    const out = expectOk(await toolkit.invoke('filesystem', 'checkpoint_restore', { id: 'cp-1' }));
    expect(out.skipped).toEqual([{ path: 'b.txt', reason: 'changed_since' }]);
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(await readFile(path.join(root, 'b.txt'), 'utf8')).toBe('someone else\n');
  });

  it('bash and file operations interleave; scope since undoes them all', async () => {
    const root = await workspace();
    const toolkit = createToolkit({ workspace: root, checkpoints: { bash: true } });
    const original = await snapshot(root);
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'ALPHA' }));
    expectOk(await bash(toolkit, "sed -i 's/ALPHA/omega/' a.txt && rm src/keep.ts"));
    expectOk(
      await toolkit.invoke('filesystem', 'write_file', { path: 'src/keep.ts', content: 'export const x = 1\n' }),
    );
    expect((await list(toolkit)).total).toBe(3);
    const out = expectOk(await toolkit.invoke('filesystem', 'checkpoint_restore', { id: 'cp-1', scope: 'since' }));
    expect(out.skipped).toEqual([]);
    expect(await snapshot(root)).toEqual(original);
  });

  it("the workspace's own git repository and folder get nothing", async () => {
    const root = await workspace();
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
    const gitFiles = async () => (await readdir(path.join(root, '.git'), { recursive: true })).map(String).sort();
    const indexBefore = await readFile(path.join(root, '.git/index'));
    const filesBefore = await gitFiles();
    const toolkit = createToolkit({ workspace: root, checkpoints: { bash: true } });
    expectOk(await bash(toolkit, 'echo changed > a.txt'));
    expectOk(await toolkit.invoke('filesystem', 'checkpoint_restore', { id: 'cp-1' }));
    expect(await readFile(path.join(root, '.git/index'))).toEqual(indexBefore);
    expect(await gitFiles()).toEqual(filesBefore);
    expect(git(root, 'status', '--porcelain')).toBe('');
    const top = (await readdir(root)).sort();
    expect(top).toEqual(['.git', '.gitignore', 'a.txt', 'b.txt', 'run.sh', 'src']);
  });
});
