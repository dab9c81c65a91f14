// Large edits (runsInJobProcess) match and diff in a job process (a child process): the result is
// the in-thread one, errors keep their codes and names, and an abort kills it (CANCELLED, nothing
// written). How long the event loop may pause meanwhile: test/stress/off-thread.stress.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editProcessesAlive } from '../../src/handlers/filesystem/edit/pool.js';
import { runsInJobProcess } from '../../src/handlers/filesystem/edit/run-edits.js';
import { applyEdits } from '../../src/handlers/filesystem/edit/match.js';
import { workspaceToolkit } from '../support/helpers.js';
import type { MultiEditInput } from '../../src/generated/types.js';
import { scaled } from '../support/time.js';

/** A non-empty list of edits (the type multi_edit takes; Array.from makes a plain array). */
type Edits = MultiEditInput['edits'];

const LINE = 'foo bar baz qux\n';

/**
 * About `bytes` of text where `bar` is rare (one line in 640): the job process is chosen by size and
 * edit count alone, and few matches keep the in-thread edit the test compares against quick.
 */
function sparseText(bytes: number): string {
  const block = 'foo baz qux quux\n'.repeat(639) + LINE;
  return block.repeat(Math.ceil(bytes / block.length));
}

describe('large edits run off the event loop', () => {
  it(
    'small edits stay in-thread; 16 replace_all edits of a 1 MiB file run in the job process, and the file is what in-thread edits give',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'big.txt');
      const original = sparseText(1024 * 1024);
      await writeFile(file, original);
      await writeFile(path.join(root, 'small.txt'), 'a b c\n');
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'small.txt' })).ok).toBe(true);
      expect(
        (await toolkit.invoke('filesystem', 'edit_file', { path: 'small.txt', old_str: 'b', new_str: 'B' })).ok,
      ).toBe(true);
      expect(editProcessesAlive()).toBe(0);

      const edits = Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? { old_str: 'bar', new_str: 'BAR', replace_all: true }
          : { old_str: 'BAR', new_str: 'bar!', replace_all: true },
      ) as Edits;
      expect(runsInJobProcess(original.length, edits, 'exact')).toBe(true);
      const expected = applyEdits(original, edits, 'big.txt');
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
      const result = await toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits });
      if (!result.ok) throw new Error(result.text);
      expect(editProcessesAlive()).toBeGreaterThan(0);
      expect((result.output as { replacements: number }).replacements).toBe(expected.replacements);
      expect(await readFile(file, 'utf8')).toBe(expected.text);
    },
  );

  it(
    'a failing edit in the job process is the same NO_MATCH, naming the edit, and nothing is written',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'big.txt');
      const original = sparseText(2 * 1024 * 1024);
      await writeFile(file, original);
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
      // Eight replace_all edits that undo each other, then one that matches nothing.
      const edits = Array.from({ length: 9 }, (_, i) =>
        i === 8
          ? { old_str: 'not there', new_str: 'x' }
          : i % 2 === 0
            ? { old_str: 'bar', new_str: 'BAR', replace_all: true }
            : { old_str: 'BAR', new_str: 'bar', replace_all: true },
      ) as Edits;
      expect(runsInJobProcess(original.length, edits, 'exact')).toBe(true);
      const result = await toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits });
      expect(!result.ok && result.error.code).toBe('NO_MATCH');
      expect(!result.ok && result.error.message).toMatch(/^edits\[8\] \(edit 9 of 9\): /);
      expect(!result.ok && result.error.details?.edit_index).toBe(8);
      const ambiguous = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'big.txt',
        old_str: 'baz',
        new_str: 'x',
      });
      expect(!ambiguous.ok && ambiguous.error.code).toBe('AMBIGUOUS_MATCH');
      expect(await readFile(file, 'utf8')).toBe(original);
    },
  );

  it(
    'an abort kills the job process mid-edit: CANCELLED, the file unchanged',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'big.txt');
      const original = LINE.repeat(Math.ceil((4 * 1024 * 1024) / LINE.length));
      await writeFile(file, original);
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
      const edits = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? { old_str: 'bar', new_str: 'BAR', replace_all: true }
          : { old_str: 'BAR', new_str: 'bar', replace_all: true },
      ) as Edits;
      const controller = new AbortController();
      const pending = toolkit.invoke(
        'filesystem',
        'multi_edit',
        { path: 'big.txt', edits },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 300);
      const result = await pending;
      expect(!result.ok && result.error.code).toBe('CANCELLED');
      expect(await readFile(file, 'utf8')).toBe(original);
    },
  );
});
