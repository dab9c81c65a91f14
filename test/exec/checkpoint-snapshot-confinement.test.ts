// With checkpoints.bash and a sandbox, the snapshots around a command read the workspace as the
// command sees it: git runs in a sandbox too, so a nested repository's configuration (its filters,
// its fsmonitor) runs nothing on the host, and a folder swapped for a link to a host folder the
// sandbox hides shows nothing of it in a checkpoint.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { outside, useSandboxWorkspace, ws } from './sandbox-workspace.js';

useSandboxWorkspace();

const options = () => ({
  workspace: ws,
  exec: { sandbox: 'workspace-write' as const },
  checkpoints: { bash: true },
});

async function bash(toolkit: Toolkit, command: string, extra: Record<string, unknown> = {}) {
  return expectOk<{ stdout: string; stderr: string; exit_code: number | null; job_id?: string }>(
    await toolkit.invoke('exec', 'bash', { command, ...extra }),
  );
}

describe.runIf(runSandboxTests)('checkpoint snapshots in the sandbox', () => {
  it("a nested repository's filters and fsmonitor run nothing outside the sandbox, at any depth", async () => {
    // A host folder the command cannot write (read-only in its sandbox), the snapshot's not at all.
    const marks = path.join(outside, 'marks');
    const toolkit = createToolkit(options());
    const plant = (dir: string, name: string) =>
      [
        `mkdir -p ${dir} && cd ${dir} && git init -q && echo x > f && git add f`,
        'git -c user.name=a -c user.email=a@b commit -qm x',
        `echo 'f filter=${name}' > .gitattributes`,
        `git config filter.${name}.clean 'mkdir -p ${marks}; echo ${name} >> ${marks}/ran; cat'`,
        `git config filter.${name}.process 'sh -c "mkdir -p ${marks}; echo ${name}-process >> ${marks}/ran"'`,
        `git config core.fsmonitor 'mkdir -p ${marks}; echo ${name}-fsmonitor >> ${marks}/ran; false'`,
        "touch -d '2001-01-01' f",
        'cd "$OLDPWD"',
      ].join(' && ');
    await bash(toolkit, [plant('one', 'shallow'), plant('a/b/c/d/e', 'deep'), 'echo planted'].join(' && '));
    // The snapshots of later calls meet the nested repositories again (indexed ones are checked).
    for (let i = 0; i < 3; i++) await bash(toolkit, `echo ${i} > n${i}.txt; touch one/f a/b/c/d/e/f`);
    await toolkit.close();
    expect(existsSync(marks)).toBe(false);
  });

  it('a folder swapped for a link to a host folder the sandbox hides leaves nothing of it in a checkpoint', async () => {
    const hidden = await tempDir('toolwright-host-');
    await writeFile(path.join(hidden, 'secret.txt'), 'CANARY-HOST-ONLY\n');
    const toolkit = createToolkit(options());
    await bash(toolkit, 'mkdir -p d && echo decoy-content-of-some-length > d/k && echo CANARY-DECOY-FILE > f.txt');
    // Exchanged atomically (renameat2) where python3 is there, by renames in a loop elsewhere.
    await writeFile(
      path.join(ws, 'swap.py'),
      [
        'import ctypes, os, sys',
        'libc = ctypes.CDLL(None, use_errno=True)',
        'os.symlink(sys.argv[1], "other")',
        'os.symlink(sys.argv[1] + "/secret.txt", "f.link")',
        'while True:',
        '    libc.renameat2(-100, b"d", -100, b"other", 2)',
        '    libc.renameat2(-100, b"f.txt", -100, b"f.link", 2)',
      ].join('\n'),
    );
    const swapper = await bash(
      toolkit,
      `if command -v python3 >/dev/null; then exec python3 swap.py ${hidden}; fi; while :; do mv d d.real; ln -s ${hidden} d; rm d; mv d.real d; done`,
      { run_in_background: true },
    );
    try {
      for (let i = 0; i < 20; i++) await bash(toolkit, `echo ${i} > tick.txt`);
    } finally {
      expectOk(await toolkit.invoke('exec', 'bash_kill', { job_id: swapper.job_id! }));
    }
    const list = expectOk<{ checkpoints: { id: string }[] }>(
      await toolkit.invoke('filesystem', 'checkpoint_list', { limit: 100 }),
    );
    expect(list.checkpoints.length).toBeGreaterThan(0);
    for (const { id } of list.checkpoints) {
      const diff = await toolkit.invoke('filesystem', 'checkpoint_diff', { id });
      expect(JSON.stringify(diff), id).not.toContain('CANARY-HOST-ONLY');
    }
    await toolkit.close();
  });
});
