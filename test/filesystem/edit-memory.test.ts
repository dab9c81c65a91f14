// An edit whose work outgrows the edit process's heap ends only that process: the call is
// TOO_LARGE, the file is untouched, the host lives on and the next large edit runs on a fresh
// process. The heap is shrunk here so that a few megabytes reach it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editMemory, editProcessesAlive } from '../../src/handlers/filesystem/edit/pool.js';
import { runsInJobProcess } from '../../src/handlers/filesystem/edit/run-edits.js';
import type { MultiEditInput } from '../../src/generated/types.js';
import { workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

type Edits = MultiEditInput['edits'];

describe('an edit that exhausts its process heap', () => {
  it('is TOO_LARGE, leaves the file as it was, and the next edit runs', { timeout: scaled(120_000) }, async () => {
    editMemory.heapMb = 24;
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'big.txt');
    const original = 'abcdefgh\n'.repeat(1024 * 1024);
    await writeFile(file, original);
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
    // Each replacement grows the text 8×; the rounds keep copies of it alive while diffing.
    const edits = [
      { old_str: 'a', new_str: 'aaaaaaaa', replace_all: true },
      { old_str: 'b', new_str: 'bbbbbbbb', replace_all: true },
    ] as Edits;
    expect(runsInJobProcess(original.length, edits, 'exact')).toBe(true);
    const blown = await toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits });
    expect(blown.ok).toBe(false);
    if (blown.ok) return;
    expect(blown.error.code).toBe('TOO_LARGE');
    expect(blown.error.message).toContain('need more memory than an edit process has');
    expect(await readFile(file, 'utf8')).toBe(original);

    // A job that fits runs on a fresh process with the heap it needs (a file of the same size
    // where the edits match rarely, so the job itself is quick).
    editMemory.heapMb = 2048;
    const next = path.join(root, 'next.txt');
    const sparse = ('abcdefgh\n'.repeat(1023) + 'the end\n').repeat(1024);
    await writeFile(next, sparse);
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'next.txt' })).ok).toBe(true);
    const fits = [
      { old_str: 'the', new_str: 'THE', replace_all: true },
      { old_str: 'end', new_str: 'END', replace_all: true },
    ] as Edits;
    expect(runsInJobProcess(sparse.length, fits, 'exact')).toBe(true);
    const done = await toolkit.invoke('filesystem', 'multi_edit', { path: 'next.txt', edits: fits });
    if (!done.ok) throw new Error(done.text);
    expect(await readFile(next, 'utf8')).toBe(sparse.replaceAll('the end', 'THE END'));
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(editProcessesAlive()).toBeGreaterThan(0);
  });
});
