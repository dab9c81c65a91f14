// What toolwright does for this provider with no code of its own, from catalog.yaml alone: the
// handlers get the catalog's defaults, entries whose path a policy rule denies are left out of
// git_status (of its output and of its text), and failures read as they do for every provider.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, referenceProviders, type PolicyOptions } from 'toolwright';
import { limits } from '../src/generated/registry.js';
import { gitProviders } from '../src/index.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'git-declared-')));
  const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  await execa('git', ['init', '-q', '-b', 'main'], { cwd: root, env });
  await execa('git', ['config', 'user.name', 'Test User'], { cwd: root, env });
  await execa('git', ['config', 'user.email', 'test@example.com'], { cwd: root, env });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolkitFor = (policy?: PolicyOptions) =>
  createToolkit({
    workspace: root,
    providers: [...referenceProviders, ...gitProviders],
    ...(policy ? { policy } : {}),
  });

describe('catalog defaults', () => {
  it('git_log without a limit gets the catalog default, exposed as limits.git_log.limit', async () => {
    const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
    for (let n = 0; n < limits.git_log.limit.default + 2; n++) {
      await execa('git', ['commit', '-q', '--allow-empty', '-m', `commit ${n}`], { cwd: root, env });
    }
    const log = await toolkitFor().call.git_log({});
    expect(log.commits).toHaveLength(limits.git_log.limit.default);
  });

  it('a limit beyond the catalog maximum is refused with the shared wording', async () => {
    const result = await toolkitFor().invoke('git', 'git_log', { limit: limits.git_log.limit.maximum + 1 });
    expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    expect(!result.ok && result.error.message).toBe(`limit must be <= ${limits.git_log.limit.maximum}`);
  });
});

describe('result paths', () => {
  it('git_status leaves out the entries a path rule denies, in its output and its text, and says how many', async () => {
    await mkdir(path.join(root, 'secret'));
    await writeFile(path.join(root, 'secret', 'key.pem'), 'k\n');
    await writeFile(path.join(root, 'secret', 'notes.md'), 'n\n');
    await writeFile(path.join(root, 'open.txt'), 'o\n');
    const open = await toolkitFor().invoke('git', 'git_status', {});
    expect(open.ok && open.text).toContain('secret/key.pem');

    const guarded = await toolkitFor({ rules: [{ path: 'secret/**', decision: 'deny' }] }).invoke(
      'git',
      'git_status',
      {},
    );
    expect(guarded.ok).toBe(true);
    if (!guarded.ok) return;
    expect((guarded.output as { entries: { path: string }[] }).entries.map((e) => e.path)).toEqual(['open.txt']);
    expect(guarded.text).not.toContain('secret');
    expect(guarded.text).toContain('1 change(s)');
    expect(guarded.text).toContain('[2 entries hidden: the policy');
    expect(guarded.meta.hidden).toBe(2);
  });

  it('a repository below the workspace root names its entries from the workspace', async () => {
    const nested = path.join(root, 'nested');
    await mkdir(nested);
    await execa('git', ['init', '-q', '-b', 'main'], { cwd: nested });
    await writeFile(path.join(nested, 'inside.txt'), 'x\n');
    const status = await toolkitFor().call.git_status({ path: 'nested' });
    expect(status.entries.map((e) => e.path)).toEqual(['nested/inside.txt']);
  });
});

describe('shared wording', () => {
  it("a name the catalog declares as an alias gets the tool's name back", async () => {
    // A name known only at run time (a model's): typed calls accept only the catalog's names.
    const result = await toolkitFor().invoke('git', 'history' as string, {});
    expect(!result.ok && result.error.code).toBe('UNKNOWN_OPERATION');
    expect(!result.ok && result.error.message).toBe(
      'provider git has no operation "history" (it has: git_status, git_log, git_commit); did you mean "git_log"?',
    );
  });

  it('a path outside the workspace is OUTSIDE_WORKSPACE, as for read_file', async () => {
    const toolkit = toolkitFor();
    const ours = await toolkit.invoke('git', 'git_status', { path: '../elsewhere' });
    const theirs = await toolkit.invoke('filesystem', 'read_file', { path: '../elsewhere' });
    expect(!ours.ok && ours.error.code).toBe('OUTSIDE_WORKSPACE');
    expect(!theirs.ok && theirs.error.code).toBe('OUTSIDE_WORKSPACE');
    expect(!ours.ok && ours.error.message).toBe(!theirs.ok && theirs.error.message);
  });

  it('a missing path is NOT_FOUND in the words of read_file, list_directory, grep and glob, near names included', async () => {
    await mkdir(path.join(root, 'notes'));
    const toolkit = toolkitFor();
    const calls = [
      toolkit.invoke('git', 'git_status', { path: 'note' }),
      toolkit.invoke('git', 'git_log', { path: 'note' }),
      toolkit.invoke('filesystem', 'read_file', { path: 'note' }),
      toolkit.invoke('filesystem', 'list_directory', { path: 'note' }),
      toolkit.invoke('search', 'grep', { pattern: 'x', path: 'note' }),
      toolkit.invoke('search', 'glob', { pattern: '*', path: 'note' }),
    ];
    for (const result of await Promise.all(calls)) {
      expect(!result.ok && result.error).toEqual({
        code: 'NOT_FOUND',
        message: 'note does not exist; did you mean "notes"?',
        details: { similar: ['notes'] },
      });
    }
  });
});
