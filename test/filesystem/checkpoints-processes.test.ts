// Two processes over one workspace share its checkpoint repository and its index: their snapshots
// take turns (a lock file beside the repository), so none fails on the other's git lock.
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShadowRepo } from '../../src/runtime/checkpoints/shadow-git.js';
import { fixtureArgs } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const ROUNDS = 25;

function snapshotsIn(gitDir: string, workspace: string, tag: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      fixtureArgs('checkpoints/snapshot-loop.ts', gitDir, workspace, String(ROUNDS), tag),
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`exit ${code}`)),
    );
  });
}

describe('checkpoint snapshots across processes', () => {
  it(
    'three processes snapshotting one workspace at once: every snapshot is taken',
    { timeout: scaled(120_000) },
    async () => {
      const workspace = await tempDir();
      await writeFile(path.join(workspace, 'base.txt'), 'base\n');
      const gitDir = path.join(await mkdtemp(path.join(tmpdir(), 'tw-shadow-')), 'checkpoints', 'repo.git');
      await new ShadowRepo(gitDir, workspace).ready();
      const failures = await Promise.all(['a', 'b', 'c'].map((tag) => snapshotsIn(gitDir, workspace, tag)));
      expect(failures).toEqual([[], [], []]);
      // The last snapshot holds every file the three wrote.
      const repo = new ShadowRepo(gitDir, workspace);
      const tree = await repo.snapshot();
      const listed = (await repo.run(['ls-tree', '--name-only', tree])).toString('utf8').trim().split('\n');
      expect(listed).toHaveLength(1 + 3 * ROUNDS);
    },
  );
});
