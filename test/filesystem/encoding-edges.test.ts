// Bytes an encoding cannot account for: an odd last byte of a UTF-16 file is kept through an edit;
// a lone surrogate in new text for a UTF-8 file is INVALID_INPUT (UTF-8 cannot hold it), never
// written as U+FFFD behind a diff that shows the surrogate.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceToolkit } from '../support/helpers.js';

describe('UTF-16 files with an odd byte count', () => {
  const files: [string, Buffer][] = [
    [
      'utf-16le',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello world\n', 'utf16le'), Buffer.from([0x41])]),
    ],
    [
      'utf-16be',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hello world\n', 'utf16le').swap16(), Buffer.from([0x41])]),
    ],
  ];
  for (const [encoding, bytes] of files) {
    it(`${encoding}: edit_file and multi_edit change the edit only and keep the stray last byte`, async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'f.txt');
      await writeFile(file, bytes);
      expect((await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' })).ok).toBe(true);
      const edit = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'f.txt',
        old_str: 'world',
        new_str: 'there',
      });
      if (!edit.ok) throw new Error(edit.text);
      const after = await readFile(file);
      expect(after.length).toBe(bytes.length);
      expect(after.at(-1)).toBe(0x41);
      const expected = Buffer.from(bytes);
      const there = Buffer.from('there', 'utf16le');
      if (encoding === 'utf-16be') there.swap16();
      there.copy(expected, 2 + 'hello '.length * 2); // after the BOM and 'hello '
      expect(after.equals(expected)).toBe(true);
      const multi = await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'f.txt',
        edits: [{ old_str: 'hello', new_str: 'HELLO' }],
      });
      if (!multi.ok) throw new Error(multi.text);
      const final = await readFile(file);
      expect(final.length).toBe(bytes.length);
      expect(final.at(-1)).toBe(0x41);
    });
  }
});

describe('lone surrogates in new text for a UTF-8 file', () => {
  it('write_file, edit_file (also its create form and a dry run) and multi_edit refuse them and change nothing', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'a.txt');
    await writeFile(file, 'hello world\n');
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' })).ok).toBe(true);
    const calls: [string, Record<string, unknown>][] = [
      ['write_file', { path: 'a.txt', content: 'w\ud800rld\n' }],
      ['write_file', { path: 'new.txt', content: 'x\udc00' }],
      ['edit_file', { path: 'a.txt', old_str: 'world', new_str: 'w\ud800rld' }],
      ['edit_file', { path: 'a.txt', old_str: 'world', new_str: '\udfff', dry_run: true }],
      ['edit_file', { path: 'new2.txt', old_str: '', new_str: 'w\udc00rld' }],
      ['edit_file', { path: 'new3.txt', old_str: '', new_str: '\ud83d', dry_run: true }],
      [
        'multi_edit',
        {
          path: 'a.txt',
          edits: [
            { old_str: 'hello', new_str: 'ok' },
            { old_str: 'world', new_str: '\ud800x' },
          ],
        },
      ],
    ];
    for (const [operation, input] of calls) {
      const result = await toolkit.invoke('filesystem', operation, input);
      expect(!result.ok && result.error.code, `${operation} ${JSON.stringify(input)}`).toBe('INVALID_INPUT');
      expect(!result.ok && result.error.message).toMatch(/lone surrogate \\u[0-9A-F]{4}/);
    }
    expect(await readFile(file, 'utf8')).toBe('hello world\n');
    // A real pair is a character: it is written.
    const ok = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'a.txt',
      old_str: 'world',
      new_str: '\ud83d\ude00',
    });
    expect(ok.ok).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('hello 😀\n');
  });
});
