// A writer process killed mid-write: fixtures/write-loop.ts rewrites a file in a loop and is SIGKILLed
// once it has finished a given number of writes, so the kill lands inside a later write whatever
// the machine's speed. Shared by the quick test (a few kills) and the stress loop (many).
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import { createToolkit } from '../../src/index.js';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const writeLoop = path.join(import.meta.dirname, '../fixtures/write-loop.ts');

/** Starts the writer, waits for `afterWrites` finished writes, then SIGKILLs it `killAfterMs` later. */
function runUntilReadyThenKill(args: string[], afterWrites: number, killAfterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let armed = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const writes = stdout.split('\n').filter((line) => line.startsWith('wrote ')).length;
      if (!armed && writes >= afterWrites) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited ${code}: ${stderr}`)),
    );
  });
}

/**
 * `rounds` writers killed mid-write over one 2 MiB file (A, B or C throughout): after each kill the
 * file holds one whole version, never a mix; then a write sweeps what the killed writers left.
 */
export async function killWritersMidWrite(root: string, rounds: number): Promise<void> {
  const target = path.join(root, 'data.txt');
  await writeFile(target, 'A'.repeat(2 * 1024 * 1024));
  const seen = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    await runUntilReadyThenKill([writeLoop, root, 'data.txt'], round % 3, (round * 37) % 60);
    const content = await readFile(target, 'latin1');
    expect(content.length).toBe(2 * 1024 * 1024);
    const letter = content[0]!;
    expect(['A', 'B', 'C']).toContain(letter);
    expect(content === letter.repeat(content.length), `round ${round}: torn file`).toBe(true);
    seen.add(letter);
  }
  // The kills landed at different points of the write cycle (after 0, 1 or 2 finished writes).
  expect(seen.size).toBeGreaterThan(1);
  // What the killed writers left (temp files, a lock) is swept or broken by the next write.
  const result = await createToolkit({ workspace: root }).invoke('filesystem', 'write_file', {
    path: 'data.txt',
    content: 'done',
  });
  expect(result.ok).toBe(true);
  expect(await readdir(root)).toEqual(['data.txt']);
}
