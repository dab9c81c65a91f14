// Work that runs off this thread keeps its event loop free, timed: a large multi_edit in its job
// process, an abort of it, and an image decode. The quick tests (test/filesystem/edit-job.test.ts,
// media.test.ts) check the same calls' answers.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MultiEditParams } from '../../src/generated/types.js';
import { editProcessesAlive } from '../../src/handlers/filesystem/edit/pool.js';
import { runsInJobProcess } from '../../src/handlers/filesystem/edit/run-edits.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

type Edits = MultiEditParams['edits'];
const LINE = 'foo bar baz qux\n';

/** Runs `work` while a `every` ms timer measures the longest gap between its ticks. */
async function longestStall<T>(work: () => Promise<T>, every = 5): Promise<{ stall: number; value: T }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, every);
  try {
    const value = await work();
    return { stall: Math.max(stall, performance.now() - last), value };
  } finally {
    clearInterval(timer);
  }
}

describe('large edits in the job process', () => {
  it('40 replace_all edits of a 2 MB file leave the event loop free', { timeout: scaled(120_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'big.txt'), LINE.repeat(Math.ceil((2 * 1024 * 1024) / LINE.length)));
    const edits = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? { old_str: 'bar', new_str: 'BAR', replace_all: true }
        : { old_str: 'BAR', new_str: 'bar!', replace_all: true },
    ) as Edits;
    expect(runsInJobProcess(2 * 1024 * 1024, edits, 'exact')).toBe(true);
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' }));
    const { stall, value } = await longestStall(() =>
      toolkit.invoke('filesystem', 'multi_edit', { path: 'big.txt', edits }),
    );
    expectOk(value);
    expect(editProcessesAlive()).toBeGreaterThan(0);
    // The in-thread run of the same edits takes far longer than this: the job process did the work.
    expect(stall).toBeLessThan(scaled(1000));
  });

  it('an abort mid-edit answers CANCELLED at once', { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original = LINE.repeat(Math.ceil((4 * 1024 * 1024) / LINE.length));
    await writeFile(path.join(root, 'big.txt'), original);
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt' }));
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
    expect(await readFile(path.join(root, 'big.txt'), 'utf8')).toBe(original);
  });
});

describe('image decoding', () => {
  it('scaling a 4000×3000 JPEG pauses the event loop for no decode', { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(root, 'photo.jpg'), jpeg);
    const { stall, value } = await longestStall(
      () => toolkit.invoke('filesystem', 'read_file', { path: 'photo.jpg' }),
      2,
    );
    expectOk(value);
    // Decoding and scaling 12 megapixels takes 150-300 ms here; on the main thread that would be
    // one stall of that length (the margin allows for a loaded machine's scheduling delays).
    expect(stall).toBeLessThan(120);
  });
});
