import { open, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedLineIndex, LINE_INDEX_STRIDE } from '../../src/handlers/filesystem/lines/line-index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

const lines = (n: number, make = (i: number) => `line ${i}`) =>
  Array.from({ length: n }, (_, i) => make(i + 1)).join('\n') + '\n';

describe('read_file', () => {
  it('pages through a file: every window matches the file, next_offset chains to the end', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), lines(10_500));
    const seen: string[] = [];
    let offset = 1;
    for (;;) {
      const out = expectOk(
        await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', offset, limit: 1234, line_numbers: false }),
      );
      expect(out.total_lines).toBe(10_500);
      seen.push(...out.content.split('\n'));
      if (!out.next_offset) break;
      expect(out.next_offset).toBe(out.end_line + 1);
      offset = out.next_offset;
    }
    expect(seen).toEqual(lines(10_500).trimEnd().split('\n'));
  });

  it('random windows agree with a naive split, also when served from the line index', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const text = lines(25_000, (i) => `${i}:${'x'.repeat(i % 37)}`);
    await writeFile(path.join(root, 'g.txt'), text);
    const all = text.trimEnd().split('\n');
    for (const [offset, limit] of [
      [24_990, 50],
      [1, 3],
      [LINE_INDEX_STRIDE, 2],
      [LINE_INDEX_STRIDE + 1, 1],
      [12_345, 1000],
      [25_000, 10],
    ] as const) {
      const out = expectOk(
        await toolkit.invoke('filesystem', 'read_file', { path: 'g.txt', offset, limit, line_numbers: false }),
      );
      expect(out.content).toBe(all.slice(offset - 1, offset - 1 + limit).join('\n'));
      expect(out.end_line).toBe(Math.min(offset + limit - 1, 25_000));
    }
  });

  it('builds a sparse index keyed by file identity, and a change to the file invalidates it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'h.txt');
    await writeFile(file, lines(5000));
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'h.txt', offset: 4990 }));
    const before = await stat(file, { bigint: true });
    const key = `${before.dev}:${before.ino}:${before.size}:${before.mtimeNs}`;
    const index = sharedLineIndex.get(key, 0);
    expect(index.totalLines).toBe(5000);
    // Byte offsets where lines 1, 1001, … 5001 start (5001 = end of file: one past the last line).
    const text = lines(5000);
    const expected = [1, 1001, 2001, 3001, 4001, 5001].map((n) =>
      Buffer.byteLength(
        text
          .split('\n')
          .slice(0, n - 1)
          .map((l) => l + '\n')
          .join(''),
      ),
    );
    expect(index.checkpoints).toEqual(expected);
    // Append: size and mtime change, so the next read must see the new line count.
    const handle = await open(file, 'a');
    await handle.write('extra line\n');
    await handle.close();
    const out = expectOk(
      await toolkit.invoke('filesystem', 'read_file', { path: 'h.txt', offset: 5001, line_numbers: false }),
    );
    expect(out.total_lines).toBe(5001);
    expect(out.content).toBe('extra line');
  });

  it('cuts long lines with a marker and stays under the window cap', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'long.txt'), `short\n${'y'.repeat(50_000)}\nafter\n`);
    const out = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'long.txt', line_numbers: false }));
    const [first, second, third] = out.content.split('\n');
    expect(first).toBe('short');
    expect(second.startsWith('y'.repeat(2000) + ' … [line cut')).toBe(true);
    expect(second).toContain('50000');
    expect(third).toBe('after');
    expect(out.truncated).toBe(true);

    await writeFile(
      path.join(root, 'wide.txt'),
      lines(3000, () => 'z'.repeat(1500)),
    );
    const capped = await toolkit.invoke('filesystem', 'read_file', { path: 'wide.txt' });
    const output = expectOk(capped);
    expect(output.content.length).toBeLessThanOrEqual(100 * 1024 + 2000);
    expect(output.end_line).toBeLessThan(3000);
    expect(capped.text).toContain(`"offset":${output.end_line + 1}`);
  });

  it('reads a 50 MB single-line file without holding it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'one.txt'), Buffer.alloc(50 * 1024 * 1024, 'a'));
    const out = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'one.txt' }));
    expect(out.total_lines).toBe(1);
    expect(out.content.length).toBeLessThan(2200);
    expect(out.content).toContain('52428800 bytes');
  });

  it('handles empty files, files without a final newline, and offset past the end', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'empty.txt'), '');
    await writeFile(path.join(root, 'nofinal.txt'), 'a\nb');
    const empty = await toolkit.invoke('filesystem', 'read_file', { path: 'empty.txt' });
    expect(expectOk(empty)).toMatchObject({
      content: '',
      total_lines: 0,
      start_line: 1,
      end_line: 0,
      truncated: false,
    });
    expect(empty.text).toContain('empty');
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'nofinal.txt', line_numbers: false })),
    ).toMatchObject({ content: 'a\nb', total_lines: 2 });
    const past = await toolkit.invoke('filesystem', 'read_file', { path: 'nofinal.txt', offset: 3 });
    expect(errorCode(past)).toBe('INVALID_INPUT');
    expect(past.text).toContain('2 lines');
  });

  it('decodes BOMs: UTF-8 BOM is hidden, UTF-16 BE/LE are decoded', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(
      path.join(root, 'bom8.txt'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\r\nwörld\r\n')]),
    );
    await writeFile(
      path.join(root, 'be.txt'),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('ab\ncd\n', 'utf16le').swap16()]),
    );
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'bom8.txt', line_numbers: false })),
    ).toMatchObject({ content: 'héllo\nwörld', encoding: 'utf-8-bom', total_lines: 2 });
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'be.txt', offset: 2, line_numbers: false })),
    ).toMatchObject({ content: 'cd', encoding: 'utf-16be', total_lines: 2 });
  });

  it('suggests similar names on NOT_FOUND and refuses binary files and directories', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'package.json'), '{}');
    await writeFile(path.join(root, 'packages.txt'), '');
    await writeFile(path.join(root, 'data.bin'), Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]));
    const missing = await toolkit.invoke('filesystem', 'read_file', { path: 'pakage.json' });
    expect(errorCode(missing)).toBe('NOT_FOUND');
    expect(missing.text).toContain('package.json');
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'data.bin' }))).toBe('BINARY_FILE');
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: '.' }))).toBe('IS_DIRECTORY');
  });
});

describe('read_file line index under concurrency', () => {
  it('concurrent first reads of one file build one consistent index', async () => {
    const { root, toolkit } = await workspaceToolkit();
    // Several MiB, so reads interleave at their chunk boundaries.
    const text = lines(300_000, (i) => `${i}:${'w'.repeat(i % 29)}`);
    await writeFile(path.join(root, 'c.txt'), text);
    const all = text.trimEnd().split('\n');
    const offsets = [290_000, 155_000, 25_000, 270_001, 99_999, 1];
    const first = await Promise.all(
      offsets.map((offset) =>
        toolkit.invoke('filesystem', 'read_file', { path: 'c.txt', offset, limit: 5, line_numbers: false }),
      ),
    );
    first.forEach((result, i) =>
      expect(expectOk(result).content).toBe(all.slice(offsets[i]! - 1, offsets[i]! + 4).join('\n')),
    );
    // Every later read goes through the shared index: each must still be exact.
    for (const offset of [1001, 2001, 149_999, 299_996, 200_000, 123_456]) {
      const out = expectOk(
        await toolkit.invoke('filesystem', 'read_file', { path: 'c.txt', offset, limit: 5, line_numbers: false }),
      );
      expect(out.content).toBe(all.slice(offset - 1, offset + 4).join('\n'));
    }
  });
});
