// Every search for lines is bounded in bytes: a sparse 20 GiB line stops the scan at the line
// budget with a clear answer (TOO_LARGE, or a window that says where it stopped), in every
// encoding and direction; the per-call budget stops skipping and counting, and the next call
// resumes where the last one stopped.
import { appendFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReadFileResult } from '../../src/generated/types.js';
import { readDecodedWindow } from '../../src/handlers/filesystem/lines/decoded-reader.js';
import type { LineIndex } from '../../src/handlers/filesystem/lines/line-index.js';
import { memoryReader } from '../../src/handlers/filesystem/lines/positional-reader.js';
import { readByteLineWindow } from '../../src/handlers/filesystem/lines/byte-lines.js';
import { readLastLines } from '../../src/handlers/filesystem/lines/read-text.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

type TextResult = Extract<ReadFileResult, { type: 'text' }>;

const HUGE = 20 * 1024 ** 3;
const signal = new AbortController().signal;

/** A workspace with `name`: `head` (text), then a hole up to 20 GiB, then `tail`. */
async function sparseFile(head: Buffer | string, tail: Buffer | string = '') {
  const ws = await workspaceToolkit();
  const file = path.join(ws.root, 'big.txt');
  await writeFile(file, head);
  await truncate(file, HUGE);
  if (tail.length > 0) await appendFile(file, tail);
  return ws;
}

/** Old code scanned the whole hole: the deadline turns that into a CANCELLED the assertions reject. */
const read = (ws: Awaited<ReturnType<typeof workspaceToolkit>>, params: Record<string, unknown>) =>
  ws.toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', ...params }, { signal: AbortSignal.timeout(10_000) });

describe('a 20 GiB sparse line', () => {
  const head = 'line one\nline two\n' + 'x'.repeat(70_000) + '\n';

  it('a head window shows the lines before it and the huge line cut, with no way on by number', async () => {
    const ws = await sparseFile(head);
    const result = await read(ws, { offset: 1, limit: 10 });
    const out = expectOk<TextResult>(result);
    expect(out.start_line).toBe(1);
    expect(out.end_line).toBe(4);
    expect(out.truncated).toBe(true);
    expect(out.next_offset).toBeUndefined();
    expect(out.total_lines_known).toBe(false);
    expect(out.content.split('\n')[3]).toContain(`[line cut: longer than 64 MiB]`);
    expect(result.text).toContain('line 4 is longer than 64 MiB');
  });

  it('a middle window past it is TOO_LARGE, and says why', async () => {
    const ws = await sparseFile(head, '\nafter\n');
    const result = await read(ws, { offset: 6 });
    expect(errorCode(result)).toBe('TOO_LARGE');
    expect(result.ok ? '' : result.error.message).toMatch(
      /line 4 of big\.txt is longer than 64 MiB.*line 6 cannot be read/,
    );
  });

  it('a tail window whose last line is the huge one is TOO_LARGE', async () => {
    const ws = await sparseFile(head);
    for (const offset of [-1, -3]) {
      const result = await read(ws, { offset });
      expect(errorCode(result), String(offset)).toBe('TOO_LARGE');
      expect(result.ok ? '' : result.error.message).toContain('the line at the end of big.txt is longer than 64 MiB');
    }
  });

  it('a tail window shows the complete lines after it, numbered from the end, and says where it stopped', async () => {
    const ws = await sparseFile(head, '\nafter 1\nafter 2\n');
    const result = await read(ws, { offset: -5 });
    const out = expectOk<TextResult>(result);
    expect(out.content).toBe('    -2\tafter 1\n    -1\tafter 2');
    expect(out.truncated).toBe(true);
    expect(result.text).toContain('line -3 (from the end) is longer than 64 MiB');
  });

  it('count_lines stops at the huge line: the total is reported as not known', async () => {
    const ws = await sparseFile(head, '\nafter\n');
    const out = expectOk<TextResult>(await read(ws, { offset: 1, limit: 2, count_lines: true }));
    expect(out.content).toBe('     1\tline one\n     2\tline two');
    expect(out.total_lines_known).toBe(false);
    expect(out.next_offset).toBe(3);
    const fromEnd = await read(ws, { offset: -1, count_lines: true });
    expect(expectOk<TextResult>(fromEnd).content).toBe('    -1\tafter');
    expect(fromEnd.text).toContain('counting stopped at line 4, which is longer than 64 MiB');
  });

  it('the huge line first in the file: the same answers', async () => {
    const ws = await sparseFile('x'.repeat(9000));
    const first = expectOk<TextResult>(await read(ws, { offset: 1 }));
    expect(first.end_line).toBe(1);
    expect(first.next_offset).toBeUndefined();
    expect(errorCode(await read(ws, { offset: 2 }))).toBe('TOO_LARGE');
    expect(errorCode(await read(ws, { offset: -1 }))).toBe('TOO_LARGE');
  });

  it('UTF-16 and legacy encodings stop at the same budget', async () => {
    const utf16 = await sparseFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one\ntwo\n', 'utf16le')]));
    const window = await read(utf16, { offset: 1 });
    expect(expectOk<TextResult>(window).encoding).toBe('utf-16le');
    expect(expectOk<TextResult>(window).end_line).toBe(3);
    expect(window.text).toContain('line 3 is longer than 64 MiB');
    expect(errorCode(await read(utf16, { offset: -1 }))).toBe('TOO_LARGE');
    expect(errorCode(await read(utf16, { offset: 5 }))).toBe('TOO_LARGE');
    const legacy = await sparseFile(
      Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e na\xefve \xe0 la fa\xe7on\n'.repeat(2000), 'latin1'),
    );
    const legacyWindow = await read(legacy, { offset: 1999, limit: 5 });
    expect(expectOk<TextResult>(legacyWindow).encoding).not.toBe('utf-8');
    expect(expectOk<TextResult>(legacyWindow).end_line).toBe(2001);
    expect(legacyWindow.text).toContain('line 2001 is longer than 64 MiB');
  });

  it('edit_file and multi_edit refuse it at once: TOO_LARGE', async () => {
    const ws = await sparseFile(head);
    const edit = await ws.toolkit.invoke(
      'filesystem',
      'edit_file',
      { path: 'big.txt', old_str: 'line one', new_str: 'x' },
      { signal: AbortSignal.timeout(10_000) },
    );
    expect(errorCode(edit)).toBe('TOO_LARGE');
    const multi = await ws.toolkit.invoke(
      'filesystem',
      'multi_edit',
      { path: 'big.txt', edits: [{ old_str: 'line one', new_str: 'x' }] },
      { signal: AbortSignal.timeout(10_000) },
    );
    expect(errorCode(multi)).toBe('TOO_LARGE');
  });
});

/** Lines as read_file shows them (split on \n; a final newline ends the last line). */
function naiveLines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (text.endsWith('\n')) parts.pop();
  return parts;
}

describe('budgets, in the reader itself', () => {
  const wide = { maxLineChars: 1e7, maxChars: 1e12, signal };

  it('the call budget stops skipping; the next call resumes from where it stopped and reaches the window', async () => {
    const bytes = Buffer.from(
      Array.from({ length: 60_000 }, (_, i) => `${i + 1}:${'y'.repeat(i % 90)}`).join('\n') + '\n',
    );
    const index: LineIndex = { checkpoints: [0] };
    const request = {
      ...wide,
      offset: 59_990,
      limit: 5,
      size: bytes.length,
      countAheadBytes: 0,
      budget: { maxLineBytes: 1e9, maxScanBytes: 512 * 1024 },
    };
    let calls = 0;
    let window;
    for (;;) {
      window = await readByteLineWindow(memoryReader(bytes), index, request);
      calls++;
      if (window.lines.length > 0) break;
      expect(window.budgetStop).toMatchObject({ kind: 'scan', during: 'window' });
      expect(calls).toBeLessThan(20);
    }
    expect(calls).toBeGreaterThan(2);
    expect(window.lines).toEqual(naiveLines(bytes.toString()).slice(59_989, 59_994));
    // Every mark left behind is a real line start.
    for (const mark of index.marks ?? []) {
      expect(bytes[mark.byte - 1]).toBe(10);
      expect(naiveLines(bytes.subarray(0, mark.byte).toString()).length).toBe(mark.line - 1);
    }
  });

  it('a count stopped by the call budget goes on at the next call and ends exact', async () => {
    const bytes = Buffer.from('z\n'.repeat(2_000_000));
    const index: LineIndex = { checkpoints: [0] };
    const request = {
      ...wide,
      offset: 1,
      limit: 1,
      size: bytes.length,
      countAheadBytes: Infinity,
      budget: { maxLineBytes: 1e9, maxScanBytes: 1024 * 1024 },
    };
    const first = await readByteLineWindow(memoryReader(bytes), index, request);
    expect(first.budgetStop).toMatchObject({ kind: 'scan', during: 'count' });
    expect(first.totalLines).toBeUndefined();
    expect(first.more).toBe(true);
    let calls = 1;
    while (index.totalLines === undefined && calls < 10) {
      await readByteLineWindow(memoryReader(bytes), index, request);
      calls++;
    }
    expect(index.totalLines).toBe(2_000_000);
  });

  it('backward: the call budget ends a tail window at the lines it reached', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => `${i}:${'w'.repeat(1000)}`).join('\n'));
    const request = {
      ...wide,
      offset: 1,
      limit: 3000,
      size: bytes.length,
      countAheadBytes: 0,
      budget: { maxLineBytes: 1e9, maxScanBytes: 1024 * 1024 },
    };
    const tail = await readLastLines(memoryReader(bytes), 0, bytes.length, 3000, request);
    if (!('window' in tail)) throw new Error('expected a window');
    expect(tail.window.budgetStop).toMatchObject({ kind: 'scan' });
    const all = naiveLines(bytes.toString());
    // 1 MiB of 1005-byte lines, give or take the last chunk read (up to 1 MiB more): not all 3000.
    expect(tail.window.lines.length).toBeGreaterThan(1000);
    expect(tail.window.lines.length).toBeLessThan(2100);
    expect(tail.window.lines).toEqual(all.slice(-tail.window.lines.length));
    expect(tail.window.startLine).toBe(-tail.window.lines.length);
  });

  it('UTF-16: the call budget stops a window before it is reached, and a count', async () => {
    const bytes = Buffer.from('abc\n'.repeat(1_000_000), 'utf16le');
    const budget = { maxLineBytes: 1e9, maxScanBytes: 2 * 1024 * 1024 };
    const far = await readDecodedWindow(memoryReader(bytes), 'utf-16le', 0, {
      ...wide,
      offset: 900_000,
      limit: 5,
      budget,
    });
    expect(far.lines).toEqual([]);
    expect(far.budgetStop).toMatchObject({ kind: 'scan', during: 'window' });
    const near = await readDecodedWindow(memoryReader(bytes), 'utf-16le', 0, { ...wide, offset: 1, limit: 2, budget });
    expect(near.lines).toEqual(['abc', 'abc']);
    expect(near.totalLines).toBeUndefined();
    expect(near.budgetStop).toMatchObject({ kind: 'scan', during: 'count' });
  });

  it('property: with any budgets, what is shown is what the file holds, and a line stop names a line longer than the budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(3), fc.integer({ min: 0, max: 400_000 })), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1000, max: 300_000 }),
        fc.integer({ min: 64 * 1024, max: 3 * 1024 * 1024 }),
        async (shape, offset, limit, maxLineBytes, maxScanBytes) => {
          // Runs of short lines and long lines, so that chunks end inside both.
          const text = shape
            .map(([kind, n]) => (kind === 0 ? `${'s\n'.repeat(n % 5000)}` : `${'L'.repeat(n)}\n`))
            .join('');
          const bytes = Buffer.from(text);
          const lines = naiveLines(text);
          const budget = { maxLineBytes, maxScanBytes };
          const window = await readByteLineWindow(
            memoryReader(bytes),
            { checkpoints: [0] },
            { ...wide, offset, limit, size: bytes.length, countAheadBytes: 0, budget },
          );
          const stop = window.budgetStop;
          const shown = stop?.kind === 'line' && stop.during === 'window' ? window.lines.slice(0, -1) : window.lines;
          expect(shown).toEqual(lines.slice(offset - 1, offset - 1 + shown.length));
          if (stop?.kind === 'line')
            expect(Buffer.byteLength(lines[stop.line - 1] ?? '')).toBeGreaterThan(maxLineBytes);
          if (!stop) expect(window.lines).toEqual(lines.slice(offset - 1, offset - 1 + limit));
          const tail = await readLastLines(memoryReader(bytes), 0, bytes.length, limit, {
            ...wide,
            offset: 1,
            limit,
            size: bytes.length,
            countAheadBytes: 0,
            budget,
          });
          if ('window' in tail) {
            expect(tail.window.lines).toEqual(lines.slice(-tail.window.lines.length));
            if (tail.window.budgetStop?.kind === 'line')
              expect(Buffer.byteLength(lines.at(tail.window.budgetStop.line)!)).toBeGreaterThan(maxLineBytes);
          } else if ('stopped' in tail) {
            expect(tail.stopped.line).toBe(-1);
          } else {
            expect(tail.totalLines).toBe(lines.length);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
