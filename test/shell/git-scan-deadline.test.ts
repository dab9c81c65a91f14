// The repository check before shell_read runs git has one deadline for all its git runs. Whichever
// run the deadline cuts (finding the repository, its config, a submodule's config, listing the
// index), the refusal says the check took too long, not that something could not be read. A git
// that cannot name the work tree's top, or an object's type cut short, is refused: never taken for
// nothing to check. The deadline cases run side by side: each waits on its deadline.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRepositories, type GitScanner } from '../../src/handlers/exec/shell-read/git-repositories.js';
import { GitPathsUnknown, gitReach } from '../../src/handlers/exec/shell-read/git-paths.js';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { classifyReadOnly } from '../../src/runtime/shell/read-only/classify.js';
import { git, testGitEnv } from '../support/git.js';
import { fileTempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

/** A repository holding one populated submodule `sub`. */
async function withSubmodule(): Promise<string> {
  const base = await fileTempDir();
  const origin = path.join(base, 'origin');
  await mkdir(origin);
  git(origin, 'init', '-q');
  await writeFile(path.join(origin, 'x'), 'x\n');
  git(origin, 'add', '.');
  git(origin, 'commit', '-qm', 'o');
  const root = path.join(base, 'root');
  await mkdir(root);
  git(root, 'init', '-q');
  git(root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', origin, 'sub');
  git(root, 'commit', '-qm', 'r');
  return root;
}

/**
 * A PATH whose git runs the real one, except that the run whose arguments match `slow` (in the
 * submodule when `inSubmodule`) sleeps far past the check's deadline, or does `instead`.
 */
async function slowGit(slow: string, inSubmodule: boolean, instead = 'exec sleep 30'): Promise<Record<string, string>> {
  const bin = await fileTempDir('toolwright-slow-git-');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const where = inSubmodule ? '*/sub' : '*/root';
  await writeFile(
    path.join(bin, 'git'),
    `#!/bin/sh\ncase "$PWD" in ${where}) case " $* " in *" ${slow} "*) ${instead} ;; esac ;; esac\nexec ${real} "$@"\n`,
  );
  await chmod(path.join(bin, 'git'), 0o755);
  return { ...testGitEnv, PATH: `${bin}:${process.env.PATH ?? ''}` };
}

describe.concurrent('the repository check before shell_read runs git', () => {
  let root: string;
  beforeAll(async () => {
    root = await withSubmodule();
  });

  const steps: [string, string, boolean][] = [
    ['finding the repository', '--absolute-git-dir', false],
    ['finding the top of the work tree', '--show-toplevel', false],
    ["reading the repository's config", '--show-scope', false],
    ['listing the index for submodules', '--stage', false],
    ["reading a submodule's config", '--show-scope', true],
  ];
  for (const [step, slow, inSubmodule] of steps) {
    // The deadline is what is tested, so it is not stretched on a loaded machine: there an earlier
    // run may be the one cut, and the refusal must read the same.
    it(`says it took too long when the deadline cuts ${step}`, { timeout: scaled(30_000) }, async () => {
      const env = await slowGit(slow, inSubmodule);
      const check = await checkRepositories(root, env, root, undefined, undefined, 1_000);
      expect(check.problem).toMatch(/took too long/);
      expect(check.problem).not.toMatch(/could not/);
    });
  }

  it('refuses when git cannot name the top of the work tree, rather than checking no repository', async () => {
    const env = await slowGit('--show-toplevel', false, 'echo "fatal: broken" >&2; exit 128');
    const check = await checkRepositories(root, env, root, undefined, undefined, scaled(10_000));
    expect(check.problem).toMatch(/could not find the top of the work tree \(fatal: broken\)/);
  });

  it(
    'answers with the top when no run is slow (the shim itself changes nothing)',
    { timeout: scaled(30_000) },
    async () => {
      const env = await slowGit('--no-such-argument', false);
      expect(await checkRepositories(root, env, root, undefined, undefined, scaled(10_000))).toEqual({ top: root });
    },
  );
});

describe('the paths a git command may print, for path rules', () => {
  it('an object whose type could not be found in time is refused, not taken for no blob', async () => {
    await loadBashParser();
    const classified = classifyReadOnly('git cat-file -p 1234abcd');
    if (!classified.ok) throw new Error(classified.reason);
    const root = await fileTempDir();
    const read = { ...classified.git[0]!, cwd: root };
    // Everything but the type lookup answers (with nothing): only that one run is cut.
    const scanner: GitScanner = async (args) =>
      args[0] === 'cat-file' ? { code: 'timeout', stdout: '', stderr: '' } : { code: 0, stdout: '', stderr: '' };
    await expect(gitReach(read, root, root, scanner)).rejects.toThrow(GitPathsUnknown);
    await expect(gitReach(read, root, root, scanner)).rejects.toThrow(/1234abcd names took too long/);
  });
});
