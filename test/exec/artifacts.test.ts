// A workspace-write command cannot leave behind what the host's own git or editor would run later:
// hooks and programs in git config are moved aside after the run, editor and tool configs reported.
// These run wherever bwrap is installed and always in CI (CI=true), where a missing bwrap fails them.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { BashOutputResult, BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import { git as hostGit } from '../support/git.js';
import { runSandboxTests, waitFor } from '../support/exec-helpers.js';

let ws: string;
let toolkit: Toolkit;
/** What the sandboxed command may use to make commits. */
const IDENTITY =
  'export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_CONFIG_GLOBAL=/dev/null;';

beforeEach(async () => {
  ws = await tempDir('tw-artifacts-');
  hostGit(ws, 'init', '-q');
  await writeFile(path.join(ws, 'a.txt'), 'a\n');
  hostGit(ws, 'add', 'a.txt');
  hostGit(ws, 'commit', '-qm', 'first');
  toolkit = createToolkit({ workspace: ws, exec: { sandbox: 'workspace-write' } });
});

async function run(command: string): Promise<BashResult> {
  const result = await toolkit.invoke('exec', 'bash', { command: `${IDENTITY} ${command}` });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  const output = result.output;
  if (output.exit_code !== 0) throw new Error(`exit ${output.exit_code}: ${output.stderr}`);
  return output;
}

const marker = () => path.join(ws, 'PWNED');
/** A nested repository at `dir` (workspace-relative) with one commit, made inside the sandbox. */
const nestedRepo = (dir: string) =>
  `mkdir -p ${dir} && cd ${dir} && git init -q && echo x > x && git add x && git commit -qm n && cd - >/dev/null`;

describe.runIf(runSandboxTests)('sandbox artifacts', () => {
  it("a nested repository with core.fsmonitor, git-added deep down as a gitlink, cannot make the host's git status run it", async () => {
    const out = await run(
      `${nestedRepo('a/b/c/d/e/f/nested')} && git -C a/b/c/d/e/f/nested config core.fsmonitor "touch ${marker()}; false" && git add a/b/c/d/e/f/nested 2>/dev/null; echo done`,
    );
    expect(out.notes).toEqual([
      expect.objectContaining({
        code: 'SANDBOX_ARTIFACT',
        path: 'a/b/c/d/e/f/nested/.git/config',
        action: 'moved_aside',
      }),
    ]);
    expect(out.notes![0]!.message).toContain('core.fsmonitor');
    hostGit(ws, 'status');
    expect(existsSync(marker())).toBe(false);
    // Nothing was deleted: the config is beside it, to be reviewed.
    expect(await readFile(path.join(ws, 'a/b/c/d/e/f/nested/.git/config.sandbox-artifact'), 'utf8')).toContain(
      'fsmonitor',
    );
  });

  it('moves aside config that runs programs: pager, hooksPath, filter and diff drivers, include.path, aliases, sshCommand', async () => {
    const variants: [string, string][] = [
      ['core.pager', `git config core.pager "touch ${marker()}; cat"`],
      ['core.hookspath', 'git config core.hooksPath /tmp'],
      ['filter.<name>.clean', 'git config filter.x.clean "touch PWNED; cat"'],
      ['diff.<name>.textconv', 'git config diff.x.textconv "touch PWNED; cat"'],
      ['include.path', 'git config include.path ../evil.cfg'],
      ['alias.<name>.st', 'git config alias.st "!touch PWNED"'],
      ['core.sshcommand', 'git config core.sshCommand "touch PWNED"'],
      ['[core] fsmonitor on its header line', "printf '[core] fsmonitor = touch PWNED\\n' >> .git/config"],
    ];
    for (const [i, [what, setting]] of variants.entries()) {
      const dir = `v${i}/repo`;
      const out = await run(`${nestedRepo(dir)} && cd ${dir} && ${setting}`);
      expect(
        out.notes?.map((n) => [n.path, n.action]),
        what,
      ).toEqual([[`${dir}/.git/config`, 'moved_aside']]);
      expect(existsSync(path.join(ws, dir, '.git', 'config')), what).toBe(false);
    }
  });

  it('moves aside hooks, a hooks symlink, commondir and config.worktree of repositories the sandbox does not pin', async () => {
    const out = await run(
      [
        nestedRepo('deep/er/hooked'),
        `printf '#!/bin/sh\\ntouch ${marker()}\\n' > deep/er/hooked/.git/hooks/post-checkout && chmod +x deep/er/hooked/.git/hooks/post-checkout`,
        nestedRepo('deep/er/linked'),
        'rm -rf deep/er/linked/.git/hooks && ln -s /tmp deep/er/linked/.git/hooks',
        nestedRepo('deep/er/common'),
        'echo /tmp/other > deep/er/common/.git/commondir && touch deep/er/common/.git/config.worktree',
      ].join(' && '),
    );
    expect(out.notes?.map((n) => [n.path, n.action]).sort()).toEqual([
      ['deep/er/common/.git/commondir', 'moved_aside'],
      ['deep/er/common/.git/config.worktree', 'moved_aside'],
      ['deep/er/hooked/.git/hooks/post-checkout', 'moved_aside'],
      ['deep/er/linked/.git/hooks', 'moved_aside'],
    ]);
    hostGit(path.join(ws, 'deep/er/hooked'), 'checkout', '-q', '-b', 'other');
    expect(existsSync(marker())).toBe(false);
  });

  it('moves aside a .git file or symlink that points git at a repository outside the workspace', async () => {
    const elsewhere = await tempDir('tw-artifacts-elsewhere-');
    hostGit(elsewhere, 'init', '-q');
    const out = await run(
      `mkdir -p p1 p2 && echo "gitdir: ${elsewhere}/.git" > p1/.git && ln -s ${elsewhere}/.git p2/.git`,
    );
    expect(out.notes?.map((n) => [n.path, n.action]).sort()).toEqual([
      ['p1/.git', 'moved_aside'],
      ['p2/.git', 'moved_aside'],
    ]);
  });

  it('reports editor and tool configs it created or changed, and leaves them', async () => {
    const out = await run(
      [
        'mkdir -p .vscode .claude',
        'echo "{}" > .vscode/tasks.json',
        'echo "{}" > .vscode/settings.json',
        'echo "use nix" > .envrc',
        'echo "script-shell=/tmp/x" > .npmrc',
        'printf "[submodule \\"s\\"]\\n\\tpath = s\\n\\turl = ./s\\n" > .gitmodules',
        'echo "{}" > .claude/settings.json',
        'echo "{}" > .mcp.json',
      ].join(' && '),
    );
    expect(out.notes?.map((n) => [n.path, n.action]).sort()).toEqual([
      ['.claude/settings.json', 'reported'],
      ['.envrc', 'reported'],
      ['.gitmodules', 'reported'],
      ['.mcp.json', 'reported'],
      ['.npmrc', 'reported'],
      ['.vscode/settings.json', 'reported'],
      ['.vscode/tasks.json', 'reported'],
    ]);
    expect(existsSync(path.join(ws, '.envrc'))).toBe(true);
    const text = (await toolkit.invoke('exec', 'bash', { command: 'echo "{}" > .vscode/launch.json' })).text;
    expect(text).toContain('[SANDBOX_ARTIFACT .vscode/launch.json:');
  });

  it('leaves ordinary work alone: a new repository from git init, commits in the workspace repository, files', async () => {
    const out = await run(
      `${nestedRepo('lib/fresh')} && git -C lib/fresh remote add origin https://example.com/x.git && echo b > b.txt && git add b.txt && git commit -qm second && mkdir -p src && echo code > src/main.ts`,
    );
    expect(out.notes).toBeUndefined();
    expect(hostGit(ws, 'log', '--format=%s')).toBe('second\nfirst\n');
    expect(hostGit(path.join(ws, 'lib/fresh'), 'remote', '-v')).toContain('https://example.com/x.git');
  });

  it('an existing repository below the pinned depth whose config a command changes gets the config moved aside', async () => {
    const deep = path.join(ws, 'x/y/z');
    await mkdir(deep, { recursive: true });
    hostGit(deep, 'init', '-q');
    const before = await readFile(path.join(deep, '.git/config'), 'utf8');
    const out = await run('git -C x/y/z config core.editor "touch PWNED"');
    expect(out.notes?.map((n) => [n.path, n.action])).toEqual([['x/y/z/.git/config', 'moved_aside']]);
    expect(await readFile(path.join(deep, '.git/config.sandbox-artifact'), 'utf8')).toContain(
      before.trim().split('\n')[0]!,
    );
  });

  it('a background job reports what it left once it has ended', async () => {
    const started = await toolkit.invoke('exec', 'bash', {
      command: `${IDENTITY} ${nestedRepo('job/repo')} && git -C job/repo config core.fsmonitor true`,
      run_in_background: true,
    });
    const id = (started as { output: { job_id: string } }).output.job_id;
    const ended = await waitFor(
      async () => {
        const read = await toolkit.invoke('exec', 'bash_output', { job_id: id, wait_ms: 2_000 });
        const output = (read as { output: BashOutputResult }).output;
        return output.status !== 'running' && output;
      },
      20_000,
      'the job to end',
    );
    expect(ended.notes?.map((n) => [n.path, n.action])).toEqual([['job/repo/.git/config', 'moved_aside']]);
  });
});

describe.runIf(runSandboxTests)('sandbox artifacts: what the host changes meanwhile', () => {
  it('leaves the pinned git config and hooks of the workspace repository alone when the host changes them during a job', async () => {
    const started = await toolkit.invoke('exec', 'bash', { command: 'sleep 1', run_in_background: true });
    const id = (started as { output: { job_id: string } }).output.job_id;
    hostGit(ws, 'config', 'core.hooksPath', '.husky');
    await writeFile(path.join(ws, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const ended = await waitFor(
      async () => {
        const output = (
          (await toolkit.invoke('exec', 'bash_output', { job_id: id, wait_ms: 2_000 })) as { output: BashOutputResult }
        ).output;
        return output.status !== 'running' && output;
      },
      20_000,
      'the job to end',
    );
    expect(ended.notes).toBeUndefined();
    expect(hostGit(ws, 'config', 'core.hooksPath')).toBe('.husky\n');
    expect(existsSync(path.join(ws, '.git/hooks/pre-commit'))).toBe(true);
  });
});
