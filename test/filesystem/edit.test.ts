import { chmod, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

const edit = (old_str: string, new_str: string, extra: Record<string, unknown> = {}) => ({
  path: 'f.txt',
  old_str,
  new_str,
  ...extra,
});

describe('edit_file', () => {
  it('applies 50 concurrent edits to one file: none lost', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original = Array.from({ length: 50 }, (_, i) => `item ${i}: todo`).join('\n') + '\n';
    await writeFile(path.join(root, 'f.txt'), original);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        toolkit.invoke('filesystem', 'edit_file', edit(`item ${i}: todo`, `item ${i}: done`)),
      ),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe(original.replace(/todo/g, 'done'));
  });

  it('concurrent edits through two toolkits (two sessions) on one file also all apply', async () => {
    const { root } = await workspaceToolkit();
    const tokens = Array.from({ length: 20 }, (_, i) => `a${i}; b${i};`).join('\n') + '\n';
    await writeFile(path.join(root, 'f.txt'), tokens);
    const one = createToolkit({ workspace: root });
    const two = createToolkit({ workspace: root });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => one.invoke('filesystem', 'edit_file', edit(`a${i};`, `A${i};`))),
      ...Array.from({ length: 20 }, (_, i) => two.invoke('filesystem', 'edit_file', edit(`b${i};`, `B${i};`))),
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe(
      tokens.replace(/a(\d+);/g, 'A$1;').replace(/b(\d+);/g, 'B$1;'),
    );
  });

  it('round-trips CRLF, UTF-8 BOM and UTF-16LE files byte for byte outside the edit', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    await writeFile(path.join(root, 'crlf.txt'), 'one\r\ntwo\r\nthree\r\n');
    await writeFile(path.join(root, 'bom.txt'), Buffer.concat([bom, Buffer.from('alpha\nbeta\n')]));
    await writeFile(
      path.join(root, 'u16.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1\r\ny = 2\r\n', 'utf16le')]),
    );
    expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'crlf.txt',
        old_str: 'two\r\nthree',
        new_str: 'TWO\nTHREE\nFOUR',
      }),
    );
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'bom.txt', old_str: 'beta', new_str: 'gamma' }));
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'u16.txt', old_str: 'y = 2', new_str: 'y = 3' }));
    expect(await readFile(path.join(root, 'crlf.txt'), 'utf8')).toBe('one\r\nTWO\r\nTHREE\r\nFOUR\r\n');
    expect(await readFile(path.join(root, 'bom.txt'))).toEqual(Buffer.concat([bom, Buffer.from('alpha\ngamma\n')]));
    expect(await readFile(path.join(root, 'u16.txt'))).toEqual(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1\r\ny = 3\r\n', 'utf16le')]),
    );
  });

  it('keeps a final newline the replacement swallowed, and no newline where there was none', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'a\nb\n');
    expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('b\n', 'c')));
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('a\nc\n');
    await writeFile(path.join(root, 'g.txt'), 'a\nb');
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'g.txt', old_str: 'b', new_str: 'c' }));
    expect(await readFile(path.join(root, 'g.txt'), 'utf8')).toBe('a\nc');
  });

  it('keeps non-UTF-8 (Latin-1) bytes untouched outside the edit', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const latin1 = (s: string) => Buffer.from(s, 'latin1');
    const prose = 'The menu of the little cafe on the corner lists one dish: ';
    await writeFile(path.join(root, 'f.txt'), latin1(`${prose}crêpe\nprice: 4\n`));
    expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('price: 4', 'price: 5')));
    expect(await readFile(path.join(root, 'f.txt'))).toEqual(latin1(`${prose}crêpe\nprice: 5\n`));
    const wide = await toolkit.invoke('filesystem', 'edit_file', edit('price: 5', 'price: 5 €'));
    expect(errorCode(wide)).toBe('INVALID_INPUT');
  });

  it('reports ambiguity with every line, and replace_all fixes it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x\nfoo\nx\nx\nbar\nx\n');
    const ambiguous = await toolkit.invoke('filesystem', 'edit_file', edit('x', 'y'));
    expect(errorCode(ambiguous)).toBe('AMBIGUOUS_MATCH');
    expect(ambiguous.text).toContain('4 times');
    expect(ambiguous.text).toContain('lines 1, 3, 4, 6');
    expect(ambiguous.text).toContain('replace_all');
    expect(
      expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('x', 'y', { replace_all: true }))).replacements,
    ).toBe(4);
  });

  it('explains a no-match caused by pasted read_file line numbers', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'const a = 1;\nconst b = 2;\n');
    const result = await toolkit.invoke(
      'filesystem',
      'edit_file',
      edit('     1\tconst a = 1;\n     2\tconst b = 2;', 'x'),
    );
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('line-number prefixes');
  });

  it('returns a unified diff', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'a\nb\nc\n');
    const out = expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('b', 'B')));
    expect(out.diff).toContain('--- a/f.txt');
    expect(out.diff).toContain('+++ b/f.txt');
    expect(out.diff).toContain('-b\n+B');
  });

  it('stale-file guard: refuses after an outside change, accepts after a re-read', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'f.txt');
    await writeFile(file, 'v1\n');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    await writeFile(file, 'v2 from another program\n');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    const stale = await toolkit.invoke('filesystem', 'edit_file', edit('v2', 'v3'));
    expect(errorCode(stale)).toBe('STALE_FILE');
    expect(errorCode(await toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: 'x' }))).toBe(
      'STALE_FILE',
    );
    expect(await readFile(file, 'utf8')).toBe('v2 from another program\n');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('v2', 'v3')));
    // The session's own write refreshed its record: a second edit is not stale.
    expectOk(await toolkit.invoke('filesystem', 'edit_file', edit('v3', 'v4')));
  });
});

describe('write_file', () => {
  it('keeps the mode of an existing file and creates new files with the default mode', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const script = path.join(root, 'run.sh');
    await writeFile(script, '#!/bin/sh\n');
    await chmod(script, 0o751);
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'run.sh', content: '#!/bin/sh\necho hi\n' }));
    expect((await stat(script)).mode & 0o777).toBe(0o751);
    expect(await readFile(script, 'utf8')).toBe('#!/bin/sh\necho hi\n');
  });

  it('leaves no temporary files behind', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        toolkit.invoke('filesystem', 'write_file', { path: 'same.txt', content: `v${i}` }),
      ),
    );
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(root)).toEqual(['same.txt']);
  });
});
