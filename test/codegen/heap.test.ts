// The generator's one explicit collection (before the compile workers start on a big catalog)
// really collects, and leaves no `gc` global behind in the generator's own context.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../codegen/src/heap.js';

describe('collectGarbage', () => {
  it('frees what nothing references any more, and exposes no gc global', async () => {
    const before = typeof (globalThis as { gc?: unknown }).gc;
    // Made and dropped inside a function: nothing but the WeakRef holds the array after it returns.
    const ref = ((): WeakRef<number[][]> => new WeakRef(Array.from({ length: 1000 }, (_, i) => [i])))();
    // A WeakRef's target lives until the job that created or read it ends.
    await sleep(0);
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(before);
  });
});
