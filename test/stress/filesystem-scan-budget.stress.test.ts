// The 2 GiB call budget end to end, on a sparse 3 GiB file with a newline every 32 MiB (each line
// under the line budget): skipping and counting stop at the budget, and the next call goes on
// from where the last one stopped. Scans gigabytes, so it lives outside the quick suite.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadFileResult } from '../../src/generated/types.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

type TextResult = Extract<ReadFileResult, { type: 'text' }>;

const LINE = 32 * 1024 * 1024;
const LINES = 96; // 3 GiB

async function stripedFile() {
  const ws = await workspaceToolkit();
  const handle = await open(path.join(ws.root, 'striped.txt'), 'w');
  await handle.write(`head${'x'.repeat(9000)}`, 0);
  for (let n = 1; n <= LINES; n++) await handle.write('\n', n * LINE - 1);
  await handle.close();
  return ws;
}

describe('the 2 GiB call budget', () => {
  it('a window past it is TOO_LARGE, and the next call reaches it', { timeout: scaled(120_000) }, async () => {
    const ws = await stripedFile();
    const read = () => ws.toolkit.invoke('filesystem', 'read_file', { path: 'striped.txt', offset: 90, limit: 1 });
    const first = await read();
    expect(errorCode(first)).toBe('TOO_LARGE');
    expect(first.ok ? '' : first.error.message).toMatch(/more than the 2 GiB one call scans .*call again/);
    const second = expectOk<TextResult>(await read());
    expect(second.start_line).toBe(90);
    expect(second.end_line).toBe(90);
  });

  it(
    'count_lines stops at it with the total unknown, and the next call counts on to the exact total',
    { timeout: scaled(120_000) },
    async () => {
      const ws = await stripedFile();
      const count = () =>
        ws.toolkit.invoke('filesystem', 'read_file', { path: 'striped.txt', limit: 1, count_lines: true });
      const first = await count();
      expect(expectOk<TextResult>(first).total_lines_known).toBe(false);
      expect(first.text).toContain('counting stopped after scanning 2 GiB');
      const second = expectOk<TextResult>(await count());
      expect(second.total_lines).toBe(LINES);
    },
  );
});
