// A task file inside the workspace (`tasks: { file }`, `--tasks-file`) is within the agent's reach:
// a link, a hard link or a FIFO put in its place, or a folder on its path swapped for a link out of
// the workspace, never makes task_list read a host file or task_create write outside, and no error
// quotes what an unexpected file holds. As another user, a file of someone else is refused.
import { execFile, execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { chmod, chown, link, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createToolkit, type InvokeResult } from '../../src/index.js';
import { fixtureArgs } from '../support/built-cli.js';
import { cli } from '../support/cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);

const SECRET = 'host-secret:x:0:0:root';
const HOST_LIST = JSON.stringify({
  version: 1,
  next: 2,
  tasks: [{ id: 't1', title: 'host-secret task', status: 'pending', created_at: 'x', updated_at: 'x' }],
});

async function hostFile(content: string): Promise<string> {
  const file = path.join(await tempDir('toolwright-host-'), 'tasks.json');
  await writeFile(file, content);
  return file;
}

function refused(result: InvokeResult): string {
  expect(result.ok).toBe(false);
  if (result.ok) return '';
  expect(result.error.code).toBe('UNAVAILABLE');
  expect(result.text).not.toContain('host-sec');
  expect(JSON.stringify(result.error)).not.toContain('host-sec');
  return result.error.message;
}

describe('a task file in the workspace', () => {
  for (const content of [SECRET, HOST_LIST]) {
    for (const plant of ['symlink', 'hard link'] as const) {
      it(`as a ${plant} to a host file (${content === SECRET ? 'not JSON' : 'a task list'}): nothing read or quoted, the host file kept`, async () => {
        const workspace = await tempDir();
        const host = await hostFile(content);
        if (plant === 'symlink') await symlink(host, path.join(workspace, 'tasks.json'));
        else await link(host, path.join(workspace, 'tasks.json'));
        const toolkit = createToolkit({ workspace, tasks: { file: 'tasks.json' } });
        const message = refused(await toolkit.invoke('task', 'task_list', {}));
        expect(message).toMatch(plant === 'symlink' ? /symbolic link/ : /hard links/);
        refused(await toolkit.invoke('task', 'task_create', { title: 'mine' }));
        expect(await readFile(host, 'utf8')).toBe(content);
      });
    }
  }

  it('as a FIFO: task_list answers at once instead of waiting for a writer', { timeout: scaled(20_000) }, async () => {
    const workspace = await tempDir();
    execFileSync('mkfifo', [path.join(workspace, 'tasks.json')]);
    const toolkit = createToolkit({ workspace, tasks: { file: 'tasks.json' } });
    expect(refused(await toolkit.invoke('task', 'task_list', {}))).toMatch(/FIFO/);
  });

  it('in a folder swapped for a link out of the workspace: nothing read there, nothing written there', async () => {
    for (const layout of ['folder', 'nested'] as const) {
      const workspace = await tempDir();
      const hostDir = await tempDir('toolwright-host-dir-');
      await writeFile(path.join(hostDir, 'tasks.json'), HOST_LIST);
      const file = layout === 'folder' ? '.toolwright/tasks.json' : 'state/deep/tasks.json';
      if (layout === 'folder') await symlink(hostDir, path.join(workspace, '.toolwright'));
      else {
        await mkdir(path.join(workspace, 'state'));
        await symlink(hostDir, path.join(workspace, 'state', 'deep'));
      }
      const toolkit = createToolkit({ workspace, tasks: { file } });
      expect(refused(await toolkit.invoke('task', 'task_list', {})), layout).toMatch(/out of the workspace/);
      refused(await toolkit.invoke('task', 'task_create', { title: 'mine' }));
      expect(await readdir(hostDir), layout).toEqual(['tasks.json']);
      expect(await readFile(path.join(hostDir, 'tasks.json'), 'utf8')).toBe(HOST_LIST);
    }
  });

  it('a folder on its path that is a link inside the workspace is followed, and the list works', async () => {
    const workspace = await tempDir();
    await mkdir(path.join(workspace, 'real'));
    await symlink(path.join(workspace, 'real'), path.join(workspace, 'alias'));
    const toolkit = createToolkit({ workspace, tasks: { file: 'alias/tasks.json' } });
    expect((await toolkit.invoke('task', 'task_create', { title: 'kept' })).ok).toBe(true);
    expect(JSON.parse(await readFile(path.join(workspace, 'real', 'tasks.json'), 'utf8')).tasks).toHaveLength(1);
  });

  it('that is not JSON: the error says where, never what it holds', async () => {
    const workspace = await tempDir();
    await writeFile(path.join(workspace, 'tasks.json'), `${SECRET} token=abc`);
    const toolkit = createToolkit({ workspace, tasks: { file: 'tasks.json' } });
    expect(refused(await toolkit.invoke('task', 'task_list', {}))).toMatch(/tasks\.json is not valid JSON/);
  });

  it('through the CLI (--tasks-file): a linked file exits 1 without quoting it', async () => {
    const workspace = await tempDir();
    const host = await hostFile(SECRET);
    await symlink(host, path.join(workspace, 'tasks.json'));
    const run = await cli(['call', 'task_list', '{}', '--tasks-file', 'tasks.json', '-w', workspace]);
    expect(run.code).toBe(1);
    expect(run.out + run.err).toMatch(/symbolic link/);
    expect(run.out + run.err).not.toContain('host-sec');
    expect(await readFile(host, 'utf8')).toBe(SECRET);
  });
});

/** Root, and a checkout that `nobody` can traverse and read (it runs the fixture from it). */
function canDropPrivileges(): boolean {
  if (process.getuid?.() !== 0) return false;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o005) !== 0o005) return false;
    if (path.dirname(dir) === dir) return true;
  }
}
const NOBODY = 65534;

describe.skipIf(!canDropPrivileges())('as another user (a child process run as nobody)', () => {
  it("files of someone else put where nobody's toolkit keeps its own are refused, never written", async () => {
    const parent = await tempDir();
    await chmod(parent, 0o755);
    const workspace = path.join(parent, 'ws');
    const store = path.join(parent, 'store');
    for (const dir of [workspace, store]) {
      await mkdir(dir, { mode: 0o700 });
      await chown(dir, NOBODY, NOBODY);
    }
    // Writable by everyone, owned by root: a plain open would append to them.
    for (const file of [path.join(store, 'audit.jsonl'), path.join(workspace, 'tasks.json')]) {
      await writeFile(file, '');
      await chmod(file, 0o666);
    }
    const { stdout } = await execFileAsync(process.execPath, fixtureArgs('store-as-user.ts', workspace, store), {
      uid: NOBODY,
      gid: NOBODY,
      env: { PATH: process.env.PATH, HOME: '/tmp' },
    });
    const report = JSON.parse(stdout) as { uid: number; results: { ok: boolean; code?: string; message?: string }[] };
    expect(report.uid).toBe(NOBODY);
    // The task file: refused (another user's); the store's audit file: refused, so nothing lands in it.
    expect(report.results[0]).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    expect(report.results[0]!.message).toMatch(/belongs to uid 0/);
    expect(await readFile(path.join(store, 'audit.jsonl'), 'utf8')).toBe('');
    expect(await readFile(path.join(workspace, 'tasks.json'), 'utf8')).toBe('');
  });
});
