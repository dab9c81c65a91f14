// Large edits (runsInJobProcess) match and diff in a job process (a child process): the event loop
// stays free while they run, the result is the in-thread one, errors keep their codes and names,
// and an abort kills it (CANCELLED, nothing written).
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

/** Runs `work` while a 5 ms timer measures the longest gap between its ticks. */
async function longestStall(work: () => Promise<unknown>): Promise<{ stall: number; value: unknown }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  const value = await work();
  clearInterval(timer);
  return { stall: Math.max(stall, performance.now() - last), value };
}

describe('large edits run off the event loop', () => {
  it(
    'small edits stay in-thread; 40 replace_all edits of a 2 MB file run in the job process, the loop stays free, and the file is what in-thread edits give',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'big.txt');
      const original = LINE.repeat(Math.ceil((2 * 1024 * 1024) / LINE.length));
      await writeFile(file, original);
      await writeFile(path.join(root, 'small.txt'), 'a b c\n');
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'small.txt' })).ok).toBe(true);
      expect(
        (await toolkit.invoke('filesystem', 'edit_file', { path: 'small.txt', old_str: 'b', new_str: 'B' })).ok,
      ).toBe(true);
      expect(editProcessesAlive()).toBe(0);

      const edits = Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? { old_str: 'bar', new_str: 'BAR', replace_all: true }
          : { old_str: 'BAR', new_str: 'bar!', replace_all: true },
      ) as Edits;
      expect(runsInJobProcess(original.length, edits, 'exact')).toBe(true);
      const expected = applyEdits(original, edits, 'big.txt');
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
      const { stall, value } = await longestStall(() =>
        toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits }),
      );
      const result = value as Awaited<ReturnType<typeof toolkit.invoke>>;
      if (!result.ok) throw new Error(result.text);
      expect(editProcessesAlive()).toBeGreaterThan(0);
      expect((result.output as { replacements: number }).replacements).toBe(expected.replacements);
      expect(await readFile(file, 'utf8')).toBe(expected.text);
      // The in-thread run of the same edits takes far longer than this: the job process did the work.
      expect(stall).toBeLessThan(scaled(1000));
    },
  );

  it(
    'a failing edit in the job process is the same NO_MATCH, naming the edit, and nothing is written',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'big.txt');
      const original = LINE.repeat(Math.ceil((8 * 1024 * 1024) / LINE.length));
      await writeFile(file, original);
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' })).ok).toBe(true);
      const edits: Edits = [
        { old_str: 'foo', new_str: 'FOO', replace_all: true },
        { old_str: 'qux', new_str: 'QUX', replace_all: true },
        { old_str: 'not there', new_str: 'x' },
      ];
      expect(runsInJobProcess(original.length, edits, 'exact')).toBe(true);
      const result = await toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits });
      expect(!result.ok && result.error.code).toBe('NO_MATCH');
      expect(!result.ok && result.error.message).toMatch(/^edits\[2\] \(edit 3 of 3\): /);
      expect(!result.ok && result.error.details?.edit_index).toBe(2);
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
    'an abort kills the job process mid-edit: CANCELLED at once, the file unchanged',
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
      const started = performance.now();
      const pending = toolkit.invoke(
        'filesystem',
        'multi_edit',
        { path: 'big.txt', edits },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 300);
      const result = await pending;
      expect(!result.ok && result.error.code).toBe('CANCELLED');
      expect(performance.now() - started).toBeLessThan(scaled(5_000));
      expect(await readFile(file, 'utf8')).toBe(original);
    },
  );
});
