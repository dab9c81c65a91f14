// Write safety under attack: edits from two processes, races that swap folders or files for
// symlinks, temp-file leftovers, long names, trailing slashes, paths the kernel refuses.
import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../src/index.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from './helpers.js';

const execFileAsync = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

async function runFixture(args: string[]): Promise<any> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', tsxLoader, ...args], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout);
}

/** A pid that belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid!;
  await new Promise((done) => child.on('exit', done));
  return pid;
}

describe('edits from two processes', () => {
  const variants: [string, string, string][] = [
    ['two processes × 50 concurrent edit_file calls (burst)', 'burst', 'burst'],
    ['two processes × 50 edit_file calls one after another', 'sequential', 'sequential'],
    ['edit_file in one process, multi_edit in the other (CRLF file)', 'sequential', 'multi'],
  ];
  for (const [name, modeA, modeB] of variants) {
    it(`${name}: all 100 edits land`, async () => {
      const { root } = await workspaceToolkit();
      const crlf = modeB === 'multi';
      const eol = crlf ? '\r\n' : '\n';
      const lines = ['a', 'b'].flatMap((label) => Array.from({ length: 50 }, (_, i) => `${label}-${i}: todo`));
      await writeFile(path.join(root, 'shared.txt'), lines.join(eol) + eol);
      // Both children start at the same moment (after their start-up), so their edits overlap.
      const startAt = String(Date.now() + 4000);
      const [a, b] = await Promise.all([
        runFixture([fixture('edit-loop.ts'), root, 'shared.txt', 'a', '50', modeA, startAt]),
        runFixture([fixture('edit-loop.ts'), root, 'shared.txt', 'b', '50', modeB, startAt]),
      ]);
      expect([...a.failures, ...b.failures]).toEqual([]);
      const after = await readFile(path.join(root, 'shared.txt'), 'utf8');
      expect(after).toBe(lines.map((l) => l.replace('todo', 'done')).join(eol) + eol);
      // No lock or temp file is left behind.
      expect(await readdir(root)).toEqual(['shared.txt']);
    }, 120_000);
  }

  it('a lock left by a writer that died is broken at once', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x\n');
    await writeFile(path.join(root, '.f.txt.tw-lock'), JSON.stringify({ pid: await deadPid(), host: (await import('node:os')).hostname(), token: 'dead' }));
    const started = Date.now();
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'x', new_str: 'y' }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('y\n');
    expect(await readdir(root)).toEqual(['f.txt']);
  });

  it('a lock held by a live writer makes the next one wait, not interleave', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x\n');
    const lock = path.join(root, '.f.txt.tw-lock');
    await writeFile(lock, JSON.stringify({ pid: process.ppid, host: (await import('node:os')).hostname(), token: 'alive' }));
    const pending = toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: 'new\n' });
    await new Promise((done) => setTimeout(done, 300));
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('x\n');
    const { rm } = await import('node:fs/promises');
    await rm(lock);
    expectOk(await pending);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('new\n');
  });
});

describe('a file changed by another program between read and rename', () => {
  it('an edit made while the file is being rewritten by a non-toolwright writer is not lost', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'f.txt');
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}: todo`);
    await writeFile(file, lines.join('\n') + '\n');
    // A foreign writer appends in place (no lock) while we edit: our edits and its lines must all survive.
    const { appendFile } = await import('node:fs/promises');
    let appended = 0;
    const foreign = (async () => {
      for (; appended < 100; appended++) {
        await appendFile(file, `extra ${appended}\n`);
        await new Promise((done) => setImmediate(done));
      }
    })();
    const results = [];
    for (let i = 0; i < 200; i += 4) results.push(await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: `line ${i}: todo`, new_str: `line ${i}: done` }));
    await foreign;
    const final = await readFile(file, 'utf8');
    for (let i = 0; i < 100; i++) expect(final).toContain(`extra ${i}\n`);
    const okCount = results.filter((r) => r.ok).length;
    for (let i = 0; i < 200; i += 4) {
      const r = results[i / 4]!;
      if (r.ok) expect(final).toContain(`line ${i}: done`);
      else expect(errorCode(r)).toBe('STALE_FILE');
    }
    expect(okCount).toBeGreaterThan(0);
  }, 60_000);
});
