// glob's progress: reported as the walk goes (entries read from folders, files matched so far),
// through invoke's onProgress and over MCP, the same files found whether followed or not, and
// nothing sent to a call that asked for none.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import {
  callOverMcp,
  everyProgressNotification,
  expectGrowing,
  invokeFollowed,
  progressClient,
} from '../support/progress.js';

/** A tree of `folders` × `files` files (one in three a .ts), folders nested two deep, and 3 files at the root (one a .ts). */
async function tree(root: string, folders: number, files: number): Promise<void> {
  for (const name of ['top.ts', 'top.txt', 'top.md']) await writeFile(path.join(root, name), '');
  for (let d = 0; d < folders; d++) {
    const dir = path.join(root, `a${d % 20}`, `b${d}`);
    await mkdir(dir, { recursive: true });
    await Promise.all(
      Array.from({ length: files }, (_, f) => writeFile(path.join(dir, `f${f}.${f % 3 === 0 ? 'ts' : 'txt'}`), '')),
    );
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

const MESSAGE = /^\d+ entries seen, \d+ files? matched$/;

describe('glob progress', () => {
  it('a large walk reports growing entries seen, with the matches so far, through onProgress', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await tree(root, 60, 9);
    const { result, events } = await invokeFollowed(toolkit, 'search', 'glob', { pattern: '**/*.ts', limit: 10 }, 6);
    const output = expectOk<{ total: number }>(result);
    expect(output.total).toBe(60 * 3 + 1);
    expectGrowing(events, 6, MESSAGE);
    // Reported during the walk: what was seen and matched grows, never past the tree.
    const matched = events.map((e) => Number(/(\d+) files? matched/.exec(e.message!)![1]));
    expect(matched.every((m) => m <= 181)).toBe(true);
    expect(matched.some((m) => m > 0 && m < 181)).toBe(true);
    // Entries: 20 top folders and 3 files, 60 folders below them, 540 files in those.
    expect(events.every((e) => e.progress <= 23 + 60 + 540)).toBe(true);
  });

  it('followed or not, the walk finds the same files (ignored folders pruned either way); only a followed one streams', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await tree(root, 40, 6);
    await writeFile(path.join(root, '.gitignore'), 'a3/\n*.txt\n');
    const streamed = vi.spyOn(fg, 'stream');
    const plain = expectOk<{ files: string[] }>(await toolkit.invoke('search', 'glob', { pattern: '**/*' }));
    expect(streamed).not.toHaveBeenCalled();
    const { result } = await invokeFollowed(toolkit, 'search', 'glob', { pattern: '**/*' });
    expect(streamed).toHaveBeenCalledTimes(1);
    const followed = expectOk<{ files: string[] }>(result);
    expect([...followed.files].sort()).toEqual([...plain.files].sort());
    expect(plain.files.some((f) => f.startsWith('a3/') || f.endsWith('.txt'))).toBe(false);
    expect(plain.files).toContain('a4/b4/f0.ts');
    expect(plain.files).toContain('top.ts');
  });

  it('the SDK client gets the same growing progress for a call with a token, and none without', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await tree(root, 60, 9);
    const client = await progressClient(toolkit);
    const { result, events } = await callOverMcp(client, 'glob', { pattern: '**/*.ts', limit: 10 });
    expect(result.isError).toBeFalsy();
    expectGrowing(events, 3, MESSAGE);
    const seen = everyProgressNotification(client);
    const silent = await client.callTool({ name: 'glob', arguments: { pattern: '**/*.ts', limit: 10 } });
    expect(silent.isError).toBeFalsy();
    expect(seen).toEqual([]);
    await client.close();
  });
});
