// The CLI as the tests drive it in-process, with its output captured (as a process: built-cli.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
