// A listing limited to some levels (find -maxdepth N, tree -L N) is decided by what it reaches in
// those levels: a hidden path deeper down does not refuse it, one within reach does. A walk from a
// folder above the workspace counts the levels it spends getting there; one that follows links
// does not rely on its limit at all.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit, type PolicyOptions, type Toolkit } from '../../src/index.js';
import { walkFolder, type Reached } from '../../src/handlers/exec/shell-read/walk-paths.js';
import type { FolderUse } from '../../src/runtime/policy/shell/read-only-model.js';
import { tempDir } from '../support/helpers.js';

const DENY: PolicyOptions = { rules: [{ path: '**/.env', decision: 'deny' }] };

/** A workspace whose only .env lies three levels down (sub/deep/.env). */
async function workspace(): Promise<string> {
  const root = await tempDir('tw-sr-levels-');
  await mkdir(path.join(root, 'sub', 'deep'), { recursive: true });
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'sub', 'deep', '.env'), 'SECRET=hunter2\n');
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  return root;
}

async function run(toolkit: Toolkit, command: string) {
  const result = await toolkit.invoke('exec', 'shell_read', { command });
  const output = result.ok ? (result.output as { stdout: string; stderr: string }) : undefined;
  return { result, printed: output ? output.stdout + output.stderr : result.text };
}

describe('shell_read: listings limited to some levels, under path rules', () => {
  it.each(['find . -maxdepth 2', 'find sub -maxdepth 1', 'tree -a -L 2', 'tree -a -L 1 sub', 'find . -maxdepth 0'])(
    '%s does not reach sub/deep/.env and runs',
    async (command) => {
      const toolkit = createToolkit({ workspace: await workspace(), policy: DENY });
      const { result, printed } = await run(toolkit, command);
      expect(result.ok ? 'ran' : result.text, command).toBe('ran');
      expect(printed).not.toContain('.env');
    },
  );

  it.each([
    'find . -maxdepth 3',
    'find sub -maxdepth 2',
    'find . -maxdepth 2 -maxdepth 3',
    'find . -maxdepth 1 -o -maxdepth 5',
    'find . -maxdepth +2',
    'find . -maxdepth x',
    'tree -a -L 3',
    'tree -a -L 1 -L 3',
    'tree -a -L 3 sub/deep/..',
    'tree -a',
  ])('%s reaches sub/deep/.env and is refused', async (command) => {
    const toolkit = createToolkit({ workspace: await workspace(), policy: DENY });
    const { result, printed } = await run(toolkit, command);
    expect(result.ok ? `ran: ${printed}` : result.error.code, command).toBe('DENIED_BY_POLICY');
    expect(printed).not.toContain('hunter2');
    expect(printed).toContain('sub/deep/.env');
  });
});

describe('walking a folder above the workspace', () => {
  const names = (depth: number, follows = false): FolderUse => ({ reads: 'names', depth, dotfiles: true, follows });
  const budget = () => ({ entries: 10_000, deadline: Infinity, signal: new AbortController().signal });

  async function reached(start: string, root: string, folder: FolderUse): Promise<string[]> {
    const into: Reached = { plain: [], linked: [] };
    await walkFolder(start, folder, root, budget(), into);
    return [...into.plain, ...into.linked].sort();
  }

  it('spends the levels it takes to get into the workspace, then reaches what is left', async () => {
    const parent = await tempDir('tw-sr-above-');
    const root = path.join(parent, 'ws');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await writeFile(path.join(root, 'sub', '.env'), 'x');
    expect(await reached(parent, root, names(1))).toEqual([]);
    expect(await reached(parent, root, names(2))).toEqual(['sub']);
    expect(await reached(parent, root, names(3))).toEqual(['sub', 'sub/.env']);
    expect(await reached(parent, root, names(Infinity))).toEqual(['sub', 'sub/.env']);
    expect(await reached(path.dirname(parent), root, names(3))).toEqual(['sub']);
  });

  it('a walk that follows links reaches every level, as a link outside may lead back in deeper', async () => {
    const parent = await tempDir('tw-sr-above-');
    const root = path.join(parent, 'ws');
    await mkdir(path.join(root, 'sub', 'deep'), { recursive: true });
    await writeFile(path.join(root, 'sub', 'deep', '.env'), 'x');
    await symlink(path.join(root, 'sub', 'deep'), path.join(parent, 'shortcut'));
    expect(await reached(parent, root, names(2, true))).toContain('sub/deep/.env');
    expect(await reached(root, root, names(1, true))).toContain('sub/deep/.env');
  });
});
