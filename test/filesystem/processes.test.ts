// Tests that need real child processes: torn writes under SIGKILL, memory on a 1 GiB file.
import { execFile, spawn } from 'node:child_process';
import { open, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

/**
 * Starts the writer, waits until it reports `afterWrites` finished writes (so the kill lands in a
 * later write whatever the machine's speed), then SIGKILLs it `killAfterMs` later.
 */
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

describe('write_file under SIGKILL', () => {
  it(
    '30 kills mid-write leave the old or the new content, never a torn file',
    { timeout: scaled(400_000) },
    async () => {
      const root = await tempDir();
      const target = path.join(root, 'data.txt');
      await writeFile(target, 'A'.repeat(2 * 1024 * 1024));
      const seen = new Set<string>();
      for (let round = 0; round < 30; round++) {
        await runUntilReadyThenKill([fixture('write-loop.ts'), root, 'data.txt'], round % 3, (round * 37) % 60);
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
      const { createToolkit } = await import('../../src/index.js');
      const { readdir } = await import('node:fs/promises');
      const result = await createToolkit({ workspace: root }).invoke('filesystem', 'write_file', {
        path: 'data.txt',
        content: 'done',
      });
      expect(result.ok).toBe(true);
      expect(await readdir(root)).toEqual(['data.txt']);
    },
  );
});

describe('read_file on a 1 GiB file', () => {
  it('reads a window at its end with memory bounded by the window', { timeout: scaled(240_000) }, async () => {
    const root = await tempDir();
    const file = path.join(root, 'big.txt');
    const handle = await open(file, 'w');
    const linesPerChunk = 10_000;
    let line = 0;
    let bytes = 0;
    while (bytes < 1024 ** 3) {
      let chunk = '';
      for (let i = 0; i < linesPerChunk; i++) chunk += `line ${++line} ${'lorem ipsum dolor sit amet '.repeat(3)}\n`;
      const buffer = Buffer.from(chunk);
      await handle.write(buffer);
      bytes += buffer.length;
    }
    await handle.close();
    const totalLines = line;
    const run = async (mode?: string) => {
      const { stdout } = await execFileAsync(
        process.execPath,
        [
          '--import',
          tsxLoader,
          fixture('read-window.ts'),
          root,
          'big.txt',
          String(totalLines - 49),
          '50',
          ...(mode ? [mode] : []),
        ],
        { maxBuffer: 1 << 24 },
      );
      return JSON.parse(stdout) as { output: any; maxRssKiB: number };
    };
    const baseline = await run('--baseline');
    const measured = await run();
    expect(measured.output.total_lines).toBe(totalLines);
    expect(measured.output.start_line).toBe(totalLines - 49);
    expect(measured.output.end_line).toBe(totalLines);
    expect(measured.output.content.split('\n').at(-1)).toContain(`line ${totalLines} lorem`);
    const extraMiB = (measured.maxRssKiB - baseline.maxRssKiB) / 1024;
    expect(extraMiB).toBeLessThan(64);
  });
});
