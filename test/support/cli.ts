// The CLI as the tests drive it: in-process with its output captured, or built into a temporary
// dist/ that the bin runs from.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../../src/cli.js';

/** The checkout the tests run from. */
export const root = join(import.meta.dirname, '../..');

/** A new temporary workspace holding a.txt (three lines), as the CLI tests start from. */
export async function seededWorkspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tw-cli-'));
  await writeFile(join(dir, 'a.txt'), 'one\ntwo\nthree\n');
  return dir;
}

/** Runs the CLI in-process with captured output (and `stdin` as its standard input). */
export async function cli(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    stdout: {
      write: (s: string) => {
        out += s;
      },
    },
    stderr: {
      write: (s: string) => {
        err += s;
      },
    },
    readStdin: async () => stdin,
  });
  return { code, out, err };
}

/** Compiles the sources into `build`/dist with the checkout's package.json and node_modules beside it. */
export async function compileInto(build: string): Promise<void> {
  await symlink(join(root, 'node_modules'), join(build, 'node_modules'));
  await copyFile(join(root, 'package.json'), join(build, 'package.json'));
  const built = spawnSync(
    join(root, 'node_modules/.bin/tsc'),
    ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(build, 'dist')],
    { cwd: root, encoding: 'utf8' },
  );
  expect(built.status, built.stdout).toBe(0);
}
