// Behaviour of the git provider in real temporary repositories, composed with the reference
// providers exactly as a host would: createToolkit({ providers: [...referenceProviders, ...gitProviders] }).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, referenceProviders, ToolError as AnyToolError } from 'toolwright';
import { ToolError } from '../src/generated/errors.js';
import { gitProviders } from '../src/index.js';
import { parseStatus } from '../src/handlers.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'git-provider-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const identity = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
async function sh(cwd: string, ...args: string[]) {
  return execa('git', args, { cwd, env: identity });
}
async function repo(dir = root): Promise<string> {
  await mkdir(dir, { recursive: true });
  await sh(dir, 'init', '-q', '-b', 'main');
  await sh(dir, 'config', 'user.name', 'Test User');
  await sh(dir, 'config', 'user.email', 'test@example.com');
  return dir;
}
async function commitFile(dir: string, file: string, content: string, message: string) {
  await writeFile(path.join(dir, file), content);
  await sh(dir, 'add', file);
  await sh(dir, 'commit', '-q', '-m', message);
}
const toolkitFor = (workspace: string) =>
  createToolkit({ workspace, providers: [...referenceProviders, ...gitProviders] });

describe('git_status', () => {
  it('reports the branch and every staged, modified and untracked file', async () => {
    await repo();
    await commitFile(root, 'a.txt', 'one\n', 'first');
    await writeFile(path.join(root, 'a.txt'), 'changed\n');
    await writeFile(path.join(root, 'b.txt'), 'new\n');
    await sh(root, 'add', 'b.txt');
    await mkdir(path.join(root, 'dir'));
    await writeFile(path.join(root, 'dir', 'c file.txt'), 'untracked\n');
    const toolkit = toolkitFor(root);
    const status = await toolkit.call.git_status({});
    expect(status.branch).toBe('main');
    expect(status.clean).toBe(false);
    expect(status.entries).toEqual([
      { path: 'a.txt', status: 'modified', staged: false },
      { path: 'b.txt', status: 'added', staged: true },
      { path: 'dir/c file.txt', status: 'untracked', staged: false },
    ]);
    const text = await toolkit.invoke('git', 'git_status', {});
    expect(text.text).toContain('On branch main: 3 change(s)');
  });

  it('a clean repository, and a folder below the repository root', async () => {
    await repo();
    await mkdir(path.join(root, 'sub'));
    await commitFile(root, 'sub/x.txt', 'x\n', 'first');
    const status = await toolkitFor(root).call.git_status({ path: 'sub' });
    expect(status).toEqual({ branch: 'main', clean: true, entries: [] });
  });

  it('never finds a repository above the workspace, nor outside it', async () => {
    await repo();
    const inner = path.join(root, 'inner');
    await mkdir(inner);
    const result = await toolkitFor(inner).invoke('git', 'git_status', {});
    expect(!result.ok && result.error.code).toBe('NOT_A_REPOSITORY');
    for (const outside of ['..', '/etc', '../..']) {
      const escaped = await toolkitFor(inner).invoke('git', 'git_status', { path: outside });
      expect(!escaped.ok && escaped.error.code, outside).toBe('OUTSIDE_WORKSPACE');
    }
    const missing = await toolkitFor(root).invoke('git', 'git_status', { path: 'nope' });
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
  });

  it('does not run a command that the repository config names as fsmonitor', async () => {
    await repo();
    await commitFile(root, 'a.txt', 'a\n', 'first');
    const marker = path.join(root, 'fsmonitor-ran');
    await sh(root, 'config', 'core.fsmonitor', `touch ${marker}`);
    // Plain git runs it (the attack is real)…
    await sh(root, 'status');
    expect(existsSync(marker)).toBe(true);
    await rm(marker);
    // …the tool does not.
    expect((await toolkitFor(root).invoke('git', 'git_status', {})).ok).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('parses renames and conflicts from porcelain output', () => {
    expect(parseStatus('R  new.txt\0old.txt\0UU both.txt\0 D gone.txt\0')).toEqual([
      { path: 'new.txt', status: 'renamed', staged: true },
      { path: 'both.txt', status: 'conflicted', staged: false },
      { path: 'gone.txt', status: 'deleted', staged: false },
    ]);
  });
});

describe('git_log', () => {
  it('lists commits newest first, honours limit, dates are ISO 8601', async () => {
    await repo();
    for (const n of [1, 2, 3]) await commitFile(root, `f${n}.txt`, `${n}\n`, `commit ${n}`);
    const toolkit = toolkitFor(root);
    const log = await toolkit.call.git_log({ limit: 2 });
    expect(log.commits.map((c) => c.subject)).toEqual(['commit 3', 'commit 2']);
    expect(log.commits[0]).toMatchObject({ author: 'Test User', email: 'test@example.com' });
    expect(log.commits[0]!.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Number.isNaN(Date.parse(log.commits[0]!.date))).toBe(false);
    expect((await toolkit.call.git_log({})).commits).toHaveLength(3);
  });

  it('a limit out of range is INVALID_INPUT naming the field', async () => {
    await repo();
    const result = await toolkitFor(root).invoke('git', 'git_log', { limit: 500 });
    expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    expect(!result.ok && result.error.message).toContain('limit');
  });
});

describe('git_commit', () => {
  it('commits staged changes only, or everything with all', async () => {
    await repo();
    await commitFile(root, 'a.txt', 'a\n', 'first');
    await writeFile(path.join(root, 'a.txt'), 'a2\n');
    await writeFile(path.join(root, 'b.txt'), 'b\n');
    await sh(root, 'add', 'a.txt');
    const toolkit = toolkitFor(root);
    const staged = await toolkit.call.git_commit({ message: 'only a' });
    expect(staged.files_changed).toBe(1);
    expect((await toolkit.call.git_status({})).entries).toEqual([
      { path: 'b.txt', status: 'untracked', staged: false },
    ]);
    const all = await toolkit.call.git_commit({
      message: 'the rest',
      all: true,
      author: { name: 'Ada', email: 'ada@example.com' },
    });
    expect(all).toMatchObject({ branch: 'main', files_changed: 1 });
    const log = await toolkit.call.git_log({ limit: 1 });
    expect(log.commits[0]).toMatchObject({
      hash: all.hash,
      subject: 'the rest',
      author: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('a message that looks like a flag is committed as a message', async () => {
    await repo();
    await writeFile(path.join(root, 'a.txt'), 'a\n');
    const done = await toolkitFor(root).call.git_commit({ message: '--amend', all: true });
    const log = await toolkitFor(root).call.git_log({});
    expect(log.commits[0]).toMatchObject({ hash: done.hash, subject: '--amend' });
  });

  it('the catalog codes come back typed: NOTHING_TO_COMMIT, NO_IDENTITY', async () => {
    await repo();
    const toolkit = toolkitFor(root);
    const error = await toolkit.call.git_commit({ message: 'nothing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnyToolError);
    expect((error as AnyToolError).code).toBe('NOTHING_TO_COMMIT');

    const bare = path.join(root, 'no-identity');
    await mkdir(bare);
    await sh(bare, 'init', '-q', '-b', 'main');
    await writeFile(path.join(bare, 'x.txt'), 'x\n');
    const saved = { ...process.env };
    Object.assign(process.env, identity, { EMAIL: '', GIT_AUTHOR_EMAIL: '', GIT_COMMITTER_EMAIL: '' });
    try {
      const result = await toolkit.invoke('git', 'git_commit', { message: 'x', all: true, path: 'no-identity' });
      expect(!result.ok && result.error.code).toBe('NO_IDENTITY');
    } finally {
      process.env = saved;
    }
  });
});

describe('types', () => {
  it('calls and errors are typed by the catalog (checked by tsc)', async () => {
    await repo();
    const toolkit = toolkitFor(root);
    // @ts-expect-error limit is an integer
    await toolkit.call.git_log({ limit: 'ten' }).catch(() => undefined);
    // @ts-expect-error git_status has no such param
    await toolkit.call.git_status({ colour: true }).catch(() => undefined);
    expect(() => {
      // @ts-expect-error not a code of this catalog (nor a common one)
      throw new ToolError('NOT_A_CODE', 'x');
    }).toThrow();
    const ok = new ToolError('NOT_A_REPOSITORY', 'typed');
    expect(ok).toBeInstanceOf(AnyToolError);
    const common = new ToolError('TIMEOUT', 'common codes are inherited');
    expect(common.code).toBe('TIMEOUT');
    // The reference tools stay typed beside the third-party ones.
    const file = await toolkit.call.write_file({ path: 'n.txt', content: 'hi' });
    expect(file.created).toBe(true);
  });
});
