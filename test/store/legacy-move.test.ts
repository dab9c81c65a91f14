// A store an earlier version kept inside the workspace (.toolwright/store) is moved to the state
// folder on first open: its records are kept, the workspace emptied of them, an existing store at
// the destination never overwritten, and nothing planted in the old folder (links, hard links,
// FIFOs, a linked .toolwright or store) makes the move copy a host file or delete anything outside.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, link, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, stateFolderFor } from '../../src/index.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { Store } from '../../src/runtime/store/types.js';
import { cli } from '../support/cli.js';
import { expectOk, tempDir } from '../support/helpers.js';

const isRoot = process.getuid?.() === 0;
let workspace: string;
let warnings: Error[];
const onWarning = (warning: Error) => warnings.push(warning);

beforeEach(async () => {
  workspace = await tempDir('toolwright-legacy-');
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

const oldFolder = () => path.join(workspace, '.toolwright', 'store');
const moveWarnings = () => warnings.filter((w) => (w as { code?: string }).code === 'TOOLWRIGHT_STORE_MOVED');

/** An old store as an earlier version left it: tasks of two principals and audit entries. */
async function seedOldStore(): Promise<void> {
  const old = createEmbeddedStore(oldFolder());
  for (const principal of ['local', 'bob'])
    await old.tasks.create({ scope: workspace, principal }, { title: `${principal}'s task` }, new Date());
  await old.audit.append({
    scope: workspace,
    principal: 'local',
    operation: 'filesystem.read_file',
    risk: 'low',
    decision: 'allow',
    rule: null,
    error_code: null,
    duration_ms: 1,
    input: { path: 'old.txt' },
  });
  await old.close();
}

async function tasksOf(principal: string): Promise<string[]> {
  const toolkit = createToolkit({ workspace, store: 'embedded', principal });
  const out = expectOk<{ tasks: { title: string }[] }>(await toolkit.invoke('task', 'task_list', {}));
  await toolkit.close();
  return out.tasks.map((t) => t.title);
}

async function hostFile(content = 'host-secret\n'): Promise<string> {
  const file = path.join(await tempDir('toolwright-host-'), 'host.txt');
  await writeFile(file, content);
  return file;
}

describe('the old in-workspace store', () => {
  it('is moved to the state folder on first open: records kept, nothing left in the workspace, said once', async () => {
    await seedOldStore();
    await writeFile(path.join(workspace, 'a.txt'), 'a\n');
    expect(await tasksOf('local')).toEqual(["local's task"]);
    expect(await tasksOf('bob')).toEqual(["bob's task"]);
    expect(await readdir(workspace)).toEqual(['a.txt']);
    expect(await readdir(stateFolderFor(workspace))).toEqual(
      expect.arrayContaining(['audit.jsonl', 'tasks', 'store.json']),
    );
    const toolkit = createToolkit({ workspace, store: 'embedded' });
    const audit = await (toolkit.options.store as Store).audit.query({ limit: 100 });
    expect(audit[0]).toMatchObject({ operation: 'filesystem.read_file', input: { path: 'old.txt' } });
    await toolkit.close();
    expect(moveWarnings()).toHaveLength(1);
    expect(moveWarnings()[0]!.message).toMatch(/was moved to .*\(\d+ files\)/);
  });

  it('keeps what else .toolwright holds (a task file of --tasks-file)', async () => {
    await seedOldStore();
    await writeFile(path.join(workspace, '.toolwright', 'tasks.json'), '{"version":1,"next":1,"tasks":[]}\n');
    expect(await tasksOf('local')).toEqual(["local's task"]);
    expect(await readdir(path.join(workspace, '.toolwright'))).toEqual(['tasks.json']);
  });

  it('is not moved over a store already in the state folder: both are kept as they are, and it says so', async () => {
    await seedOldStore();
    const existing = createEmbeddedStore(stateFolderFor(workspace));
    await existing.tasks.create({ scope: workspace, principal: 'local' }, { title: 'the current one' }, new Date());
    await existing.close();
    expect(await tasksOf('local')).toEqual(['the current one']);
    expect(existsSync(path.join(oldFolder(), 'tasks'))).toBe(true);
    expect(moveWarnings()[0]!.message).toMatch(/not moved .*already holds a store/);
  });

  it('planted links, hard links and FIFOs are left in the workspace, never copied or followed', async () => {
    await seedOldStore();
    const host = await hostFile();
    const hostDir = await tempDir('toolwright-host-dir-');
    await writeFile(path.join(hostDir, 'keep.json'), '{"version":1,"replicas":[]}\n');
    const old = oldFolder();
    await symlink(host, path.join(old, 'replicas.json'));
    const tasks = path.join(old, 'tasks');
    const hard = path.join(tasks, `${'f'.repeat(32)}.json`);
    await link(host, hard);
    execFileSync('mkfifo', [path.join(old, 'mcp-tasks.fifo')]);
    await mkdir(path.join(old, 'jobs'));
    await symlink(hostDir, path.join(old, 'jobs', 'linked'));
    await symlink(hostDir, path.join(old, 'mcp-tasks'));

    expect(await tasksOf('local')).toEqual(["local's task"]);
    const moved = stateFolderFor(workspace);
    const copied = (await readdir(moved, { recursive: true })).map(String);
    expect(copied).not.toContain('replicas.json');
    expect(copied).not.toContain(`tasks/${'f'.repeat(32)}.json`);
    expect(copied).not.toContain('mcp-tasks');
    expect(copied.some((name) => name.includes('fifo') || name.includes('linked'))).toBe(false);
    for (const file of (await readdir(moved, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()))
      expect(await readFile(path.join(file.parentPath, file.name), 'utf8')).not.toContain('host-secret');
    // Left where they were, the host's files untouched and still there.
    expect(await readFile(host, 'utf8')).toBe('host-secret\n');
    expect(await readdir(hostDir)).toEqual(['keep.json']);
    // (readdir's recursion goes through the linked folders: their keep.json is the host's.)
    const left = (await readdir(old, { recursive: true }))
      .map(String)
      .filter((name) => !name.endsWith('/keep.json'))
      .sort();
    expect(left, left.join()).toEqual(
      [
        'jobs',
        'jobs/linked',
        'mcp-tasks',
        'mcp-tasks.fifo',
        'replicas.json',
        'tasks',
        `tasks/${'f'.repeat(32)}.json`,
      ].sort(),
    );
    const said = moveWarnings()[0]!.message;
    for (const name of ['replicas.json', 'mcp-tasks.fifo', 'jobs/linked', 'hard links']) expect(said).toContain(name);
  });

  it('.toolwright or .toolwright/store as a link to a host folder holding a store: left alone, nothing copied or removed', async () => {
    for (const plant of ['toolwright', 'store'] as const) {
      workspace = await tempDir('toolwright-legacy-');
      warnings = [];
      const hostDir = await tempDir('toolwright-host-dir-');
      const hostStore = path.join(hostDir, 'store');
      const fake = createEmbeddedStore(hostStore);
      await fake.tasks.create({ scope: workspace, principal: 'local' }, { title: 'host-secret task' }, new Date());
      await fake.close();
      const before = (await readdir(hostDir, { recursive: true })).map(String).sort();
      if (plant === 'toolwright') await symlink(hostDir, path.join(workspace, '.toolwright'));
      else {
        await mkdir(path.join(workspace, '.toolwright'));
        await symlink(hostStore, path.join(workspace, '.toolwright', 'store'));
      }
      expect(await tasksOf('local'), plant).toEqual([]);
      expect((await readdir(hostDir, { recursive: true })).map(String).sort(), plant).toEqual(before);
      expect(moveWarnings()[0]?.message, plant).toMatch(/not moved.*symbolic link.*left alone/);
    }
  });

  it.runIf(isRoot)('a file of another user in the old store is left, not copied', async () => {
    await seedOldStore();
    const audit = path.join(oldFolder(), 'audit.jsonl');
    await chown(audit, 65534, 65534);
    expect(await tasksOf('local')).toEqual(["local's task"]);
    expect(existsSync(audit)).toBe(true);
    // The new audit holds the calls since, not the old entries.
    expect(await readFile(path.join(stateFolderFor(workspace), 'audit.jsonl'), 'utf8')).not.toContain('old.txt');
    expect(moveWarnings()[0]!.message).toContain('audit.jsonl');
  });

  it('`toolwright audit -w` on a workspace with only the old store moves it and shows its entries', async () => {
    await seedOldStore();
    const run = await cli(['audit', '-w', workspace, '--json']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('old.txt');
    expect(existsSync(oldFolder())).toBe(false);
  });
});
