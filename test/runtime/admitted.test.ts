// invoke's onAdmitted: told once, after the policy (and any approval) let the call through and
// before its handler runs; never for a call refused first; a bad listener is a usage error.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/toolkit.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-admitted-'));
  await writeFile(join(dir, 'a.txt'), 'hello\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('onAdmitted', () => {
  it('is told once before the handler runs, and not for refused calls', async () => {
    const order: string[] = [];
    const toolkit = createToolkit({
      workspace: dir,
      policy: { rules: [{ operation: 'write_file', decision: 'deny' }], default: 'allow' },
    });
    const read = await toolkit.invoke(
      'filesystem',
      'read_file',
      { path: 'a.txt' },
      { onAdmitted: () => order.push('admitted') },
    );
    order.push('returned');
    expect(read.ok).toBe(true);
    expect(order).toEqual(['admitted', 'returned']);
    let told = 0;
    const denied = await toolkit.invoke(
      'filesystem',
      'write_file',
      { path: 'b.txt', content: 'x' },
      { onAdmitted: () => told++ },
    );
    const invalid = await toolkit.invoke('filesystem', 'read_file', { nope: 1 } as never, { onAdmitted: () => told++ });
    expect(denied.ok || invalid.ok).toBe(false);
    expect(told).toBe(0);
    // A listener that throws changes nothing.
    const thrown = await toolkit.invoke(
      'filesystem',
      'read_file',
      { path: 'a.txt' },
      {
        onAdmitted: () => {
          throw new Error('listener');
        },
      },
    );
    expect(thrown.ok).toBe(true);
    await toolkit.close();
  });

  it('must be a function', async () => {
    const toolkit = createToolkit({ workspace: dir });
    for (const bad of [1, 'x', {}, null]) {
      const result = await toolkit.invoke(
        'filesystem',
        'read_file',
        { path: 'a.txt' },
        { onAdmitted: bad as () => void },
      );
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_INPUT');
    }
    await toolkit.close();
  });
});
