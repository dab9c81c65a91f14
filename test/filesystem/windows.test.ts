// read_file windows that cost the window: negative offsets (backward scan), totals reported only
// when counted, and a sparse line index that stays exact under partial counts (property tests).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_INDEX_STRIDE, type LineIndex } from '../../src/handlers/filesystem/lines/line-index.js';
import { memoryReader } from '../../src/handlers/filesystem/lines/positional-reader.js';
import { readByteLineWindow } from '../../src/handlers/filesystem/lines/byte-lines.js';
import { COUNT_AHEAD_BYTES, readLastLines } from '../../src/handlers/filesystem/lines/read-text.js';
import { findTailStart } from '../../src/handlers/filesystem/lines/tail-scan.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

const signal = new AbortController().signal;
const big = { maxLineChars: 1_000_000, maxChars: 1e9, signal };

/** Lines as read_file shows them: split on \n, a final newline ends the last line, CR before LF dropped. */
function naiveLines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (text.endsWith('\n')) parts.pop();
  return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

// Texts whose lines cross 64 KiB tail chunks and 1000-line checkpoints at varied places.
const textArb = fc
  .tuple(
    fc.array(fc.tuple(fc.nat(120), fc.constantFrom('', '\r', 'é')), { minLength: 0, maxLength: 3000 }),
    fc.boolean(),
  )
  .map(([lines, finalNewline]) => {
    const body = lines.map(([len, end], i) => `${i}:${'x'.repeat(len)}${end}`).join('\n');
    return finalNewline && body ? `${body}\n` : body;
  });

/** Pieces of a byte text: UTF-8 text, line ends (weighted by `newlineWeight`), invalid bytes, long runs. */
function textPiece(newlineWeight: number) {
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map((t) => Buffer.from(t)) },
    { weight: newlineWeight, arbitrary: fc.constantFrom(Buffer.from('\n'), Buffer.from('\r\n'), Buffer.from('\r')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.nat(300).map((n) => Buffer.from('x'.repeat(n))) },
  );
}

describe('backward tail scan', () => {
  it('finds where the n-th line from the end starts, or the total when the file is shorter', async () => {
    await fc.assert(
      fc.asyncProperty(textArb, fc.integer({ min: 1, max: 3500 }), async (text, n) => {
        const bytes = Buffer.from(text);
        const lines = naiveLines(text);
        const tail = await findTailStart(memoryReader(bytes), 0, bytes.length, n, signal);
        if (n >= lines.length) {
          expect(tail.totalLines).toBe(lines.length);
          expect(tail.start).toBe(0);
        } else {
          expect(tail.totalLines).toBeUndefined();
          expect(bytes.subarray(tail.start).toString()).toBe(
            text
              .split('\n')
              .slice(-n - (text.endsWith('\n') ? 1 : 0))
              .join('\n'),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the last lines straight from the last chunk are exactly what the line reader makes of them', async () => {
    // The in-memory shortcut against the line reader (forced by a per-line decoder): same lines,
    // cuts, caps and `more`, with and without the caller's prefetched last bytes, after a BOM.
    const piece = textPiece(3);
    let windows = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 20, maxLength: 600, size: 'large' }),
        fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 200 })),
        fc.integer({ min: 1, max: 300 }),
        fc.oneof(fc.integer({ min: 5, max: 200 }), fc.constant(2000)),
        fc.oneof(fc.integer({ min: 20, max: 3000 }), fc.integer({ min: 3000, max: 20_000 })),
        fc.constantFrom(0, 3),
        fc.option(fc.integer({ min: 1, max: 20_000 })),
        async (pieces, n, limit, maxLineChars, maxChars, contentStart, prefetch) => {
          const bytes = Buffer.concat([Buffer.from('\ufeff').subarray(0, contentStart), ...pieces]);
          if (bytes.length <= contentStart) return;
          const request = { offset: 1, limit, maxLineChars, maxChars, signal, size: bytes.length, countAheadBytes: 0 };
          const last =
            prefetch === null
              ? undefined
              : {
                  position: Math.max(0, bytes.length - prefetch),
                  bytes: bytes.subarray(Math.max(0, bytes.length - prefetch)),
                  atEnd: true,
                };
          const fast = await readLastLines(memoryReader(bytes), contentStart, bytes.length, n, request, last);
          const slow = await readLastLines(memoryReader(bytes), contentStart, bytes.length, n, {
            ...request,
            decodeLine: (b, start, end) => b.toString('utf8', start, end),
          });
          expect(fast).toEqual(slow);
          if ('window' in slow) windows++;
          // And both are the naive split's last lines (when nothing is cut or capped).
          if ('window' in slow && slow.window.cutLines.length === 0 && !slow.window.charCapped) {
            expect(slow.window.lines).toEqual(
              naiveLines(bytes.subarray(contentStart).toString('utf8')).slice(-n).slice(0, limit),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(windows).toBeGreaterThan(60); // about half the runs are tail windows (the rest whole short files): never vacuous
    // The edges: a window exactly at the text cap and one past it, a line exactly at the line cap and one past it.
    const bytes = Buffer.from('head\n' + 'abcd\n'.repeat(4));
    const at = { offset: 1, limit: 10, maxLineChars: 4, maxChars: 20, signal, size: bytes.length, countAheadBytes: 0 };
    expect(await readLastLines(memoryReader(bytes), 0, bytes.length, 4, at)).toMatchObject({
      window: { lines: ['abcd', 'abcd', 'abcd', 'abcd'], charCapped: false, more: false },
    });
    expect(await readLastLines(memoryReader(bytes), 0, bytes.length, 4, { ...at, maxChars: 19 })).toMatchObject({
      window: { lines: ['abcd', 'abcd', 'abcd'], charCapped: true, more: true },
    });
    expect(
      await readLastLines(memoryReader(bytes), 0, bytes.length, 4, { ...at, maxLineChars: 3, maxChars: 1000 }),
    ).toMatchObject({ window: { cutLines: [-4, -3, -2, -1] } });
    // A cut line the text cap then leaves out is not listed as cut.
    expect(await readLastLines(memoryReader(bytes), 0, bytes.length, 4, { ...at, maxLineChars: 3 })).toMatchObject({
      window: { lines: ['abc … [line cut: 4 characters in all]'], cutLines: [-4], charCapped: true },
    });
  });

  it('skips a BOM-sized content start and handles the one-newline file', async () => {
    const bytes = Buffer.from('\ufeffa\nb\n');
    const last = await findTailStart(memoryReader(bytes), 3, bytes.length, 1, signal);
    expect(last.start).toBe(5);
    // The chunk that held the tail comes back, so the window needs no second read.
    expect(last.tail!.bytes.subarray(last.start - last.tail!.position).toString()).toBe('b\n');
    expect(await findTailStart(memoryReader(bytes), 3, bytes.length, 9, signal)).toEqual({ start: 3, totalLines: 2 });
    expect(await findTailStart(memoryReader(Buffer.from('\n')), 0, 1, 3, signal)).toEqual({ start: 0, totalLines: 1 });
    expect(await findTailStart(memoryReader(Buffer.alloc(0)), 0, 0, 3, signal)).toEqual({ start: 0, totalLines: 0 });
  });
});

describe('partial counts keep the line index exact', () => {
  it('any sequence of windows with any count-ahead agrees with a naive split, and every checkpoint is right', async () => {
    await fc.assert(
      fc.asyncProperty(
        textArb,
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 3200 }),
            fc.integer({ min: 1, max: 1500 }),
            fc.constantFrom(0, 5000, Infinity),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (text, reads) => {
          const bytes = Buffer.from(text);
          const lines = naiveLines(text);
          const index: LineIndex = { checkpoints: [0] };
          for (const [offset, limit, countAheadBytes] of reads) {
            const window = await readByteLineWindow(memoryReader(bytes), index, {
              ...big,
              offset,
              limit,
              size: bytes.length,
              countAheadBytes,
            });
            expect(window.lines).toEqual(lines.slice(offset - 1, offset - 1 + limit));
            expect(window.more).toBe(offset - 1 + limit < lines.length);
            if (window.totalLines !== undefined) expect(window.totalLines).toBe(lines.length);
            // Counting on to the end is what makes the total known; never counting leaves it unknown unless the window reached the end.
            if (countAheadBytes === Infinity) expect(window.totalLines).toBe(lines.length);
          }
          const starts = [0];
          let at = 0;
          for (let i = 0; i < lines.length; i++) {
            at = bytes.indexOf(10, at) + 1 || bytes.length;
            if ((i + 1) % LINE_INDEX_STRIDE === 0) starts.push(at);
          }
          expect(index.checkpoints).toEqual(starts.slice(0, index.checkpoints.length));
          if (index.totalLines !== undefined) expect(index.totalLines).toBe(lines.length);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('batch decoding (legacy codecs) gives the same windows, cuts and caps as line-by-line decoding', async () => {
    await fc.assert(
      fc.asyncProperty(
        textArb,
        fc.integer({ min: 1, max: 3200 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 5, max: 200 }),
        fc.integer({ min: 50, max: 20_000 }),
        async (text, offset, limit, maxLineChars, maxChars) => {
          const bytes = Buffer.from(text);
          const request = { offset, limit, maxLineChars, maxChars, signal, size: bytes.length, countAheadBytes: 4096 };
          const single = await readByteLineWindow(memoryReader(bytes), { checkpoints: [0] }, request);
          // UTF-8 needs up to 3 bytes per UTF-16 unit: the read-ahead bound must hold for it.
          const batched = await readByteLineWindow(
            memoryReader(bytes),
            { checkpoints: [0] },
            { ...request, decodeLines: (ls) => ls.map((l) => l.toString('utf8')), maxBytesPerUnit: 3 },
          );
          expect(batched.lines).toEqual(single.lines);
          expect([batched.endLine, batched.more, batched.charCapped, batched.cutLines]).toEqual([
            single.endLine,
            single.more,
            single.charCapped,
            single.cutLines,
          ]);
          if (batched.totalLines !== undefined && single.totalLines !== undefined)
            expect(batched.totalLines).toBe(single.totalLines);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the bulk UTF-8 path (one decode per run of lines) gives exactly the line-by-line windows, checkpoints and totals', async () => {
    // Invalid bytes, CRs and long lines mixed in; the line-by-line path is forced by passing a decodeLine.
    const piece = textPiece(2);
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 400 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 5, max: 200 }),
        fc.integer({ min: 50, max: 20_000 }),
        fc.boolean(),
        async (pieces, offset, limit, maxLineChars, maxChars, countAll) => {
          const bytes = Buffer.concat(pieces);
          const request = {
            offset,
            limit,
            maxLineChars,
            maxChars,
            signal,
            size: bytes.length,
            countAheadBytes: countAll ? Infinity : 64,
          };
          const bulkIndex: LineIndex = { checkpoints: [0] };
          const slowIndex: LineIndex = { checkpoints: [0] };
          const bulk = await readByteLineWindow(memoryReader(bytes), bulkIndex, request);
          const slow = await readByteLineWindow(memoryReader(bytes), slowIndex, {
            ...request,
            decodeLine: (b, start, end) => b.toString('utf8', start, end),
          });
          expect(bulk).toEqual(slow);
          expect(bulkIndex).toEqual(slowIndex);
        },
      ),
      { numRuns: 300 },
    );
    // A window across two checkpoint lines, read in bulk: the checkpoints are the lines' exact starts.
    const rows = Array.from({ length: 3000 }, (_, i) => `row ${i + 1}`);
    const rowBytes = Buffer.from(`${rows.join('\n')}\n`);
    const index: LineIndex = { checkpoints: [0] };
    const across = await readByteLineWindow(memoryReader(rowBytes), index, {
      offset: 1,
      limit: 2500,
      maxLineChars: 2000,
      maxChars: 1e7,
      signal,
      size: rowBytes.length,
      countAheadBytes: 0,
    });
    expect(across.lines).toEqual(rows.slice(0, 2500));
    expect(index.checkpoints).toEqual([0, rowBytes.indexOf('row 1001\n'), rowBytes.indexOf('row 2001\n')]);
    // Thousands of lines: runs that end at a checkpoint line, windows deep in the file.
    await fc.assert(
      fc.asyncProperty(
        textArb,
        fc.integer({ min: 1, max: 3200 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.oneof(fc.integer({ min: 5, max: 200 }), fc.constant(2000)),
        fc.oneof(fc.integer({ min: 50, max: 200_000 }), fc.constant(1e7)),
        async (text, offset, limit, maxLineChars, maxChars) => {
          const bytes = Buffer.from(text);
          const request = { offset, limit, maxLineChars, maxChars, signal, size: bytes.length, countAheadBytes: 4096 };
          const bulkIndex: LineIndex = { checkpoints: [0] };
          const slowIndex: LineIndex = { checkpoints: [0] };
          expect(await readByteLineWindow(memoryReader(bytes), bulkIndex, request)).toEqual(
            await readByteLineWindow(memoryReader(bytes), slowIndex, {
              ...request,
              decodeLine: (b, start, end) => b.toString('utf8', start, end),
            }),
          );
          expect(bulkIndex).toEqual(slowIndex);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops after the window: a window of the first lines reads one chunk, not the file', async () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const bytes = Buffer.from(text);
    let readBytes = 0;
    const counting = {
      read: ((buffer: Buffer, offset: number, length: number, position: number) => {
        const n = Math.max(0, Math.min(length, bytes.length - position));
        bytes.copy(buffer, offset, position, position + n);
        readBytes += n;
        return Promise.resolve({ bytesRead: n, buffer });
      }) as never,
    };
    const index: LineIndex = { checkpoints: [0] };
    const window = await readByteLineWindow(counting, index, {
      ...big,
      offset: 1,
      limit: 50,
      size: bytes.length,
      countAheadBytes: 0,
    });
    expect(window.lines).toHaveLength(50);
    expect(window.totalLines).toBeUndefined();
    expect(window.more).toBe(true);
    expect(readBytes).toBeLessThanOrEqual(1 << 20);
  });
});

describe('read_file windows from the end and unknown totals', () => {
  const bigFile = async () => {
    const { root, toolkit } = await workspaceToolkit();
    // Larger than the count-ahead limit, so totals are not counted unless asked.
    const count = Math.ceil((COUNT_AHEAD_BYTES * 1.5) / 20);
    const text = Array.from({ length: count }, (_, i) => `line ${String(i + 1).padStart(13, '0')}`).join('\n') + '\n';
    await writeFile(path.join(root, 'big.txt'), text);
    return { root, toolkit, count, all: naiveLines(text) };
  };

  it('a head window of a large file does not count it, and says how to get the total', async () => {
    const { toolkit } = await bigFile();
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', limit: 50, line_numbers: false });
    const out = expectOk(result);
    expect(out).toMatchObject({
      type: 'text',
      start_line: 1,
      end_line: 50,
      total_lines_known: false,
      truncated: true,
      next_offset: 51,
    });
    expect(out.total_lines).toBeUndefined();
    expect(result.text).toContain('count_lines: true');
    expect(result.text).toContain('"offset":51');
  });

  it('negative offsets read the last lines numbered from the end, then by line once counted', async () => {
    const { toolkit, count, all } = await bigFile();
    const tail = await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: -50 });
    const out = expectOk(tail);
    expect(out).toMatchObject({ start_line: -50, end_line: -1, total_lines_known: false, truncated: false });
    expect(out.content.split('\n').map((l: string) => l.split('\t')[1])).toEqual(all.slice(-50));
    expect(out.content.split('\n')[0]).toMatch(/^\s+-50\t/);
    expect(tail.text).toContain('numbered from the end');
    // A window inside the tail, continued with next_offset.
    const part = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: -10, limit: 4, line_numbers: false }),
    );
    expect(part).toMatchObject({ start_line: -10, end_line: -7, truncated: true, next_offset: -6 });
    expect(part.content).toBe(all.slice(-10, -6).join('\n'));
    // count_lines makes the total exact; later tail reads number lines from the start.
    const counted = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: 5, limit: 1, count_lines: true }),
    );
    expect(counted).toMatchObject({ total_lines: count, total_lines_known: true });
    const numbered = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: -1, line_numbers: false }),
    );
    expect(numbered).toMatchObject({ start_line: count, end_line: count, total_lines: count, content: all.at(-1) });
  });

  it('tail windows larger than the chunk read with the head, and a last line longer than it, come out whole', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const count = Math.ceil((COUNT_AHEAD_BYTES * 1.2) / 20);
    const lines = Array.from({ length: count }, (_, i) => `line ${String(i + 1).padStart(13, '0')}`);
    // The last line (no final newline) is longer than the 8 KiB tail chunk read beside the head.
    lines.push(`last ${'x'.repeat(20_000)}`);
    await writeFile(path.join(root, 'tail.txt'), lines.join('\n'));
    const wide = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'tail.txt', offset: -2000, line_numbers: false }),
    );
    const shown = wide.content.split('\n');
    expect(shown).toHaveLength(2000);
    expect(shown.slice(0, -1)).toEqual(lines.slice(-2000, -1));
    expect(shown.at(-1)).toMatch(/^last x{1995} … \[line cut: 20005 (characters|bytes) in all\]$/);
    const one = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'tail.txt', offset: -2, line_numbers: false }),
    );
    expect(one.content.split('\n')[0]).toBe(lines.at(-2));
    expect(one).toMatchObject({ start_line: -2, end_line: -1 });
  });

  it('a window that reaches the end of a large file knows the total; past the end is INVALID_INPUT', async () => {
    const { toolkit, count, all } = await bigFile();
    const end = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: count - 2, line_numbers: false }),
    );
    expect(end).toMatchObject({
      total_lines: count,
      total_lines_known: true,
      truncated: false,
      content: all.slice(-3).join('\n'),
    });
    const past = await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: count + 5 });
    expect(errorCode(past)).toBe('INVALID_INPUT');
    expect(past.text).toContain(`${count} lines`);
  });

  it('small files: negative offsets clamp to the first line, handle no final newline, CRLF, UTF-16 and 0', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.txt'), 'one\r\ntwo\r\nthree');
    await writeFile(
      path.join(root, 'u16.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x\ny\nz\n', 'utf16le')]),
    );
    await writeFile(path.join(root, 'empty.txt'), '');
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', offset: -2, line_numbers: false })),
    ).toMatchObject({ content: 'two\nthree', start_line: 2, total_lines: 3 });
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', offset: -99, line_numbers: false })),
    ).toMatchObject({ content: 'one\ntwo\nthree', start_line: 1 });
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'u16.txt', offset: -1, line_numbers: false })),
    ).toMatchObject({ content: 'z', start_line: 3, total_lines: 3, encoding: 'utf-16le' });
    expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'empty.txt', offset: -5 }))).toMatchObject({
      content: '',
      total_lines: 0,
      end_line: 0,
    });
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', offset: 0 }))).toBe(
      'INVALID_INPUT',
    );
  });
});
