// TOCTOU: a helper process swaps a parent folder (or the file itself) between the real thing and
// a symlink to a folder outside the workspace, as fast as it can, while calls run. Nothing may be
// read from, written to, edited in, listed in or left behind in the outside folder.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type InvokeResult } from '../../src/index.js';
import { fixtureArgs } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const SECRET = 'OUTSIDE SECRET';

/** Runs `work` over and over while the flipper swaps `target` for a link to `outside`; returns the flip count. */
async function duringFlips(
  target: string,
  outside: string,
  ms: number,
  work: () => Promise<void>,
): Promise<{ flips: number; calls: number }> {
  const child = spawn(process.execPath, fixtureArgs('flipper.ts', target, outside, String(ms)), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let exited = false;
  const done = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => ((out += chunk), out.includes('ready') && resolve())),
  );
  let calls = 0;
  while (!exited) {
    await work();
    calls++;
  }
  await done;
  return { flips: Number(out.split('\n')[1]), calls };
}

async function setup() {
  const parent = await tempDir();
  const ws = path.join(parent, 'ws');
  const outside = path.join(parent, 'outside');
  await mkdir(path.join(ws, 'sub'), { recursive: true });
  await mkdir(outside);
  for (const name of ['f.txt', 'e.txt']) await writeFile(path.join(outside, name), `${SECRET} ${name}\n`);
  await writeFile(path.join(outside, 'outside-only.txt'), 'x');
  await writeFile(path.join(ws, 'sub', 'f.txt'), 'inside f\n');
  await writeFile(path.join(ws, 'sub', 'e.txt'), 'inside e\n');
  return { parent, ws, outside, toolkit: createToolkit({ workspace: ws }) };
}

async function outsideUntouched(outside: string): Promise<void> {
  expect((await readdir(outside)).sort()).toEqual(['e.txt', 'f.txt', 'outside-only.txt']);
  expect(await readFile(path.join(outside, 'f.txt'), 'utf8')).toBe(`${SECRET} f.txt\n`);
  expect(await readFile(path.join(outside, 'e.txt'), 'utf8')).toBe(`${SECRET} e.txt\n`);
}

const leaked = (result: InvokeResult) => result.ok && JSON.stringify(result.output).includes('SECRET');

/**
 * Adds to `escapes` each call of a round that showed outside content (or `outsideName`) or edited the
 * outside file; a refusal must be a named one, never INTERNAL. Returns how many calls succeeded.
 */
function judgeRound(results: [string, InvokeResult][], escapes: string[], outsideName?: string): number {
  let ok = 0;
  for (const [name, result] of results) {
    if (result.ok) ok++;
    const shown = result.ok && outsideName !== undefined && JSON.stringify(result.output).includes(outsideName);
    if (leaked(result) || shown) escapes.push(`${name}: ${result.text.slice(0, 80)}`);
    if ((name === 'edit_file' || name === 'multi_edit') && result.ok)
      escapes.push(`${name} succeeded on the outside file`);
    if (!result.ok) expect(result.error.code, `${name}: ${result.error.message}`).not.toBe('INTERNAL');
  }
  return ok;
}

describe('a parent folder swapped for a symlink to outside while calls run', () => {
  it(
    'read_file, write_file, edit_file, multi_edit and list_directory never reach outside',
    { timeout: scaled(60_000) },
    async () => {
      const { ws, outside, toolkit } = await setup();
      const escapes: string[] = [];
      let n = 0;
      let okCalls = 0;
      const { flips, calls } = await duringFlips(path.join(ws, 'sub'), outside, scaled(2500), async () => {
        n++;
        const results: [string, InvokeResult][] = [
          ['read_file', await toolkit.invoke('filesystem', 'read_file', { path: 'sub/f.txt' })],
          [
            'write_file',
            await toolkit.invoke('filesystem', 'write_file', { path: `sub/new-${n % 5}.txt`, content: `w${n}\n` }),
          ],
          [
            'write_file over',
            await toolkit.invoke('filesystem', 'write_file', { path: 'sub/f.txt', content: `inside f ${n}\n` }),
          ],
          // Only the outside file holds SECRET: an edit that succeeds has edited outside.
          [
            'edit_file',
            await toolkit.invoke('filesystem', 'edit_file', { path: 'sub/e.txt', old_str: 'SECRET', new_str: 'PWNED' }),
          ],
          [
            'multi_edit',
            await toolkit.invoke('filesystem', 'multi_edit', {
              path: 'sub/e.txt',
              edits: [{ old_str: 'SECRET', new_str: 'PWNED' }],
            }),
          ],
          ['list_directory', await toolkit.invoke('filesystem', 'list_directory', { path: 'sub' })],
          ['list_directory depth', await toolkit.invoke('filesystem', 'list_directory', { depth: 2 })],
        ];
        okCalls += judgeRound(results, escapes, 'outside-only');
      });
      expect(escapes).toEqual([]);
      await outsideUntouched(outside);
      // The race really ran: many swaps, many calls, and calls that got through while the folder was real.
      expect(flips).toBeGreaterThan(50);
      expect(calls).toBeGreaterThan(10);
      expect(okCalls).toBeGreaterThan(0);
    },
  );
});

describe('the file itself swapped for a symlink to outside while calls run', () => {
  it(
    'read_file, edit_file, multi_edit and write_file never read or change the outside file',
    { timeout: scaled(60_000) },
    async () => {
      const { ws, outside, toolkit } = await setup();
      await writeFile(path.join(ws, 'e.txt'), 'inside e\n');
      await writeFile(path.join(ws, 'f.txt'), 'inside f\n');
      const escapes: string[] = [];
      const { flips } = await duringFlips(
        path.join(ws, 'e.txt'),
        path.join(outside, 'e.txt'),
        scaled(2500),
        async () => {
          const results: [string, InvokeResult][] = [
            ['read_file', await toolkit.invoke('filesystem', 'read_file', { path: 'e.txt' })],
            [
              'edit_file',
              await toolkit.invoke('filesystem', 'edit_file', { path: 'e.txt', old_str: 'SECRET', new_str: 'PWNED' }),
            ],
            [
              'multi_edit',
              await toolkit.invoke('filesystem', 'multi_edit', {
                path: 'e.txt',
                edits: [{ old_str: 'SECRET', new_str: 'PWNED' }],
              }),
            ],
            ['write_file', await toolkit.invoke('filesystem', 'write_file', { path: 'e.txt', content: 'inside e\n' })],
          ];
          judgeRound(results, escapes);
        },
      );
      expect(escapes).toEqual([]);
      await outsideUntouched(outside);
      expect(flips).toBeGreaterThan(50);
    },
  );
});
