// Helpers for the confinement tests: a process that keeps swapping a workspace folder for a symlink
// to a folder outside, and a stand-in rg that reports what it can see instead of searching.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RG_PATH_ENV } from '../../src/runtime/sandbox/ripgrep-path.js';

/** Fills `dir` with `files` files holding `line` a few times each. */
export async function fill(dir: string, files: number, line: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const body = `${Array.from({ length: 5 }, () => line).join('\n')}\n`;
  await Promise.all(Array.from({ length: files }, (_, i) => writeFile(path.join(dir, `f${i}.txt`), body)));
}

/**
 * A separate process (so it races for real) that swaps `folder` for a symlink to `outside` and back,
 * as fast as it can. `stop()` kills it and leaves the real folder in place.
 */
export function startSwapper(folder: string, outside: string): { stop(): Promise<void>; child: ChildProcess } {
  const real = `${folder}.real`;
  // Each state lasts a few milliseconds (`read -t` on a pipe nobody writes: a sleep without a fork),
  // long enough for a walk to list the folder in one state and read its files in the other.
  const script = `exec 9<> <(:); while :; do mv -T ${q(folder)} ${q(real)} && ln -sfn ${q(outside)} ${q(folder)}; read -t 0.00$((RANDOM % 6 + 1)) -u 9; rm -f ${q(folder)}; mv -T ${q(real)} ${q(folder)}; read -t 0.00$((RANDOM % 6 + 1)) -u 9; done`;
  const child = spawn('bash', ['-c', script], { stdio: 'ignore' });
  return {
    child,
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
      // Killed between the steps: put the real folder back.
      await new Promise<void>((resolve) => {
        const fix = spawn(
          'bash',
          ['-c', `[ -d ${q(real)} ] && { rm -f ${q(folder)}; mv -T ${q(real)} ${q(folder)}; }; true`],
          { stdio: 'ignore' },
        );
        fix.once('exit', () => resolve());
      });
    },
  };
}

const q = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * Installs a stand-in rg (through TOOLWRIGHT_RG_PATH) that runs `script` and prints each line of its
 * output as a file name, so `grep {output_mode: 'files_with_matches'}` returns what rg saw.
 * Returns a function that restores the real rg.
 */
export async function fakeRipgrep(dir: string, script: string): Promise<() => void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'rg');
  await writeFile(
    file,
    `#!/bin/bash\n{ ${script}\n} 2>&1 | while IFS= read -r line; do printf '%s\\0' "$line"; done\n`,
  );
  await chmod(file, 0o755);
  const saved = process.env[RG_PATH_ENV];
  process.env[RG_PATH_ENV] = file;
  return () => {
    if (saved === undefined) delete process.env[RG_PATH_ENV];
    else process.env[RG_PATH_ENV] = saved;
  };
}
