// multi_edit and the edit core: ordered, all-or-nothing edits; the diff of only the changed regions
// (property-tested against applying it); every edit_file guarantee; dry_run.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyPatch, createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/handlers/filesystem/edit/diff.js';
import { applyEdits, occurrences } from '../../src/handlers/filesystem/edit/match.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import type { MultiEditInput } from '../../src/generated/types.js';

const multi = (edits: MultiEditInput['edits'], extra: Partial<MultiEditInput> = {}): MultiEditInput => ({
  path: 'f.txt',
  edits,
  ...extra,
});

describe('edit core: changed ranges and the region diff', () => {
  // Text from a small alphabet so that edits collide, overlap and repeat.
  const text = fc
    .array(fc.constantFrom('a', 'b', 'c', ' ', '\n', 'ab\n', 'x'), { minLength: 0, maxLength: 80 })
    .map((parts) => parts.join(''));

  it('gaps between changed ranges are identical, and the diff applies back to the new text', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.tuple(fc.nat(), fc.nat(6), fc.constantFrom('', 'Q', 'QQ\n', '\n', 'a')), {
          minLength: 1,
          maxLength: 6,
        }),
        (original, picks) => {
          let current = original;
          const edits = [];
          for (const [at, len, replacement] of picks) {
            if (current.length === 0) break;
            const start = at % current.length;
            const oldStr = current.slice(start, start + Math.max(1, len));
            if (oldStr === replacement) continue;
            edits.push({ old_str: oldStr, new_str: replacement, replace_all: true });
            current = current.split(oldStr).join(replacement);
          }
          if (edits.length === 0) return;
          let outcome;
          try {
            outcome = applyEdits(original, edits, 'f.txt');
          } catch {
            return; // an edit whose text vanished through an earlier one: NO_MATCH is right
          }
          // Gaps are equal in both texts.
          let prevNew = 0;
          let prevOld = 0;
          for (const c of outcome.changes) {
            expect(outcome.text.slice(prevNew, c.start)).toBe(original.slice(prevOld, c.oldStart));
            prevNew = c.end;
            prevOld = c.oldEnd;
          }
          expect(outcome.text.slice(prevNew)).toBe(original.slice(prevOld));
          const diff = unifiedDiff('f.txt', original, outcome.text, outcome.changes);
          expect(applyPatch(original, diff)).toBe(outcome.text);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the large-text search (rarest-character anchor) finds exactly what an indexOf loop finds', () => {
    const naive = (h: string, n: string) => {
      const out: number[] = [];
      for (let at = h.indexOf(n); at !== -1; at = h.indexOf(n, at + n.length)) out.push(at);
      return out;
    };
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('aa', 'ab', 'b', 'Z', 'aZa', '\n', 'zZ'), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (parts, seed) => {
          const unit = parts.join('');
          const haystack = unit.repeat(Math.ceil((300 * 1024) / unit.length));
          const start = seed % haystack.length;
          const needle = haystack.slice(start, start + 4 + (seed % 9));
          if (needle.length < 4) return;
          expect(occurrences(haystack, needle)).toEqual(naive(haystack, needle));
          expect(occurrences(haystack, `${needle}Q`)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('matches the whole-file diff for a single edit', () => {
    const before = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const outcome = applyEdits(before, [{ old_str: 'line 20\n', new_str: 'LINE 20\nextra\n' }], 'f.txt');
    const whole = createTwoFilesPatch('a/f.txt', 'b/f.txt', before, outcome.text, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
    expect(unifiedDiff('f.txt', before, outcome.text, outcome.changes)).toBe(whole);
  });

  it('two distant edits in a 100,000-line file give two hunks with the right line numbers', () => {
    // Without the whole-file diff (the slow path; timed in test/stress/linear-time).
    const before = Array.from({ length: 100_000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const outcome = applyEdits(
      before,
      [
        { old_str: 'row 10\n', new_str: 'ROW 10\n' },
        { old_str: 'row 90000\n', new_str: 'ROW 90000\n' },
      ],
      'f.txt',
    );
    const diff = unifiedDiff('f.txt', before, outcome.text, outcome.changes);
    expect(diff.match(/^@@ .* @@$/gm)).toEqual(['@@ -8,7 +8,7 @@', '@@ -89998,7 +89998,7 @@']);
    expect(applyPatch(before, diff)).toBe(outcome.text);
  });

  it('replace_all with 50,000 hits keeps the diff capped and the work bounded', () => {
    const before = 'x\n'.repeat(50_000);
    const outcome = applyEdits(before, [{ old_str: 'x', new_str: 'y', replace_all: true }], 'f.txt');
    expect(outcome.replacements).toBe(50_000);
    const diff = unifiedDiff('f.txt', before, outcome.text, outcome.changes);
    expect(diff.length).toBeLessThan(21_000);
    expect(diff).toContain('diff cut');
  });

  it('a window with more changed lines than the line diff may spend on is shown as one block, still a correct patch', () => {
    const before = Array.from({ length: 1500 }, (_, i) => (i % 3 ? `x${i % 7}` : 'keep')).join('\n') + '\nlast';
    const outcome = applyEdits(
      before,
      [
        { old_str: 'x', new_str: 'yy', replace_all: true },
        { old_str: 'last', new_str: 'LAST\n' },
      ],
      'f.txt',
    );
    const diff = unifiedDiff('f.txt', before, outcome.text, outcome.changes);
    expect(diff).not.toContain('diff cut');
    expect(applyPatch(before, diff)).toBe(outcome.text);
  });

  it('ambiguous matches list line numbers in one pass (100,000 hits)', () => {
    const before = 'dup\n'.repeat(100_000);
    expect(() => applyEdits(before, [{ old_str: 'dup', new_str: 'x' }], 'f.txt')).toThrow(/100000 times/);
  });
});

describe('multi_edit', () => {
  it('applies edits in order, each on the result of the one before, with one diff', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const out = expectOk(
      await toolkit.invoke(
        'filesystem',
        'multi_edit',
        multi([
          { old_str: 'const a = 1;', new_str: 'let a = 1;' },
          { old_str: 'let a = 1;\nconst b', new_str: 'let a = 1;\nlet b' }, // only matches after edit 0
          { old_str: 'const', new_str: 'var', replace_all: true },
        ]),
      ),
    );
    expect(out.replacements).toBe(3);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('let a = 1;\nlet b = 2;\nvar c = 3;\n');
    expect(out.diff.match(/^@@/gm)).toHaveLength(1);
    expect(out.diff).toContain('-const a = 1;\n-const b = 2;\n-const c = 3;\n+let a = 1;\n+let b = 2;\n+var c = 3;');
  });

  it("all or nothing: a failing edit is named by index with edit_file's hints, and the file is untouched", async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original = 'if x:\n        return 1\nvalue = 2\nvalue = 2\n';
    await writeFile(path.join(root, 'f.txt'), original);
    const nearMiss = await toolkit.invoke(
      'filesystem',
      'multi_edit',
      multi([
        { old_str: 'if x:', new_str: 'if y:' },
        { old_str: 'if y:\n    return 1', new_str: 'if y:\n    return 9' },
      ]),
    );
    expect(errorCode(nearMiss)).toBe('NO_MATCH');
    expect(nearMiss.text).toContain('edits[1]');
    expect(nearMiss.text).toContain('only in indentation (4 spaces vs 8 spaces)');
    expect((nearMiss as any).error.details.edit_index).toBe(1);
    expect((nearMiss as any).error.details.candidates[0]).toMatchObject({
      line: 1,
      difference: 'indentation',
      old_str: 'if y:\n        return 1',
    });
    const ambiguous = await toolkit.invoke(
      'filesystem',
      'multi_edit',
      multi([
        { old_str: 'return 1', new_str: 'return 0' },
        { old_str: 'value = 2', new_str: 'value = 3' },
      ]),
    );
    expect(errorCode(ambiguous)).toBe('AMBIGUOUS_MATCH');
    expect(ambiguous.text).toContain('edits[1]');
    expect(ambiguous.text).toContain('lines 3, 4');
    const same = await toolkit.invoke(
      'filesystem',
      'multi_edit',
      multi([
        { old_str: 'x', new_str: 'y' },
        { old_str: 'q', new_str: 'q' },
      ]),
    );
    expect(errorCode(same)).toBe('INVALID_INPUT');
    expect(same.text).toContain('edits[1]');
    const pasted = await toolkit.invoke(
      'filesystem',
      'multi_edit',
      multi([{ old_str: '     1\tif x:', new_str: 'z' }]),
    );
    expect(pasted.text).toContain('line-number prefixes');
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe(original);
  });

  it('keeps CRLF, a UTF-8 BOM, UTF-16LE and the final newline', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    await writeFile(path.join(root, 'crlf.txt'), 'one\r\ntwo\r\nthree\r\n');
    await writeFile(path.join(root, 'bom.txt'), Buffer.concat([bom, Buffer.from('alpha\nbeta\n')]));
    await writeFile(
      path.join(root, 'u16.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1\r\ny = 2\r\n', 'utf16le')]),
    );
    await writeFile(path.join(root, 'nl.txt'), 'a\nb\n');
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'crlf.txt',
        edits: [
          { old_str: 'one\ntwo', new_str: 'ONE\nTWO' },
          { old_str: 'three\n', new_str: 'THREE\nFOUR\n' },
        ],
      }),
    );
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'bom.txt',
        edits: [
          { old_str: 'beta', new_str: 'gamma' },
          { old_str: 'alpha', new_str: 'ALPHA' },
        ],
      }),
    );
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'u16.txt',
        edits: [{ old_str: 'y = 2', new_str: 'y = 3' }],
      }),
    );
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', { path: 'nl.txt', edits: [{ old_str: 'b\n', new_str: 'c' }] }),
    );
    expect(await readFile(path.join(root, 'crlf.txt'), 'utf8')).toBe('ONE\r\nTWO\r\nTHREE\r\nFOUR\r\n');
    expect(await readFile(path.join(root, 'bom.txt'))).toEqual(Buffer.concat([bom, Buffer.from('ALPHA\ngamma\n')]));
    expect(await readFile(path.join(root, 'u16.txt'))).toEqual(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1\r\ny = 3\r\n', 'utf16le')]),
    );
    expect(await readFile(path.join(root, 'nl.txt'), 'utf8')).toBe('a\nc\n');
  });

  it('refuses a stale file, and a Latin-1 file gets only Latin-1 text (edit named)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'f.txt');
    await writeFile(file, 'v1\n');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    await writeFile(file, 'v2\n');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(errorCode(await toolkit.invoke('filesystem', 'multi_edit', multi([{ old_str: 'v2', new_str: 'v3' }])))).toBe(
      'STALE_FILE',
    );
    expect(await readFile(file, 'utf8')).toBe('v2\n');
    await writeFile(
      path.join(root, 'l.txt'),
      Buffer.from('The cafe menu lists one dish only: crêpe\nprice 4\n', 'latin1'),
    );
    const wide = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'l.txt',
      edits: [
        { old_str: 'price 4', new_str: 'price 5' },
        { old_str: 'price 5', new_str: 'price 5 €' },
      ],
    });
    expect(errorCode(wide)).toBe('INVALID_INPUT');
    expect(wide.text).toContain('edits[1]');
  });

  it('dry_run returns the diff and writes nothing, for multi_edit and edit_file (also creating edits)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'a\nb\n');
    const dry = expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', multi([{ old_str: 'a', new_str: 'A' }], { dry_run: true })),
    );
    expect(dry).toMatchObject({ dry_run: true, replacements: 1 });
    expect(dry.diff).toContain('+A');
    const dryEdit = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: 'b',
      new_str: 'B',
      dry_run: true,
    });
    expect(expectOk(dryEdit).diff).toContain('+B');
    expect(dryEdit.text).toContain('nothing was written');
    const dryCreate = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'new/dir/n.txt',
        old_str: '',
        new_str: 'hi\n',
        dry_run: true,
      }),
    );
    expect(dryCreate).toMatchObject({ created: true, dry_run: true });
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('a\nb\n');
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(root)).toEqual(['f.txt']);
    // A dry run reports the same failures a real run would.
    expect(
      errorCode(
        await toolkit.invoke('filesystem', 'multi_edit', multi([{ old_str: 'zzz', new_str: 'y' }], { dry_run: true })),
      ),
    ).toBe('NO_MATCH');
  });

  it('concurrent multi_edit and edit_file calls on one file all apply', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const lines = Array.from({ length: 60 }, (_, i) => `item ${i}: todo`);
    await writeFile(path.join(root, 'f.txt'), lines.join('\n') + '\n');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, k) =>
        k % 2
          ? toolkit.invoke(
              'filesystem',
              'multi_edit',
              multi([
                { old_str: `item ${2 * k}: todo`, new_str: `item ${2 * k}: done` },
                { old_str: `item ${2 * k + 1}: todo`, new_str: `item ${2 * k + 1}: done` },
              ]),
            )
          : Promise.all([
              toolkit.invoke('filesystem', 'edit_file', {
                path: 'f.txt',
                old_str: `item ${2 * k}: todo`,
                new_str: `item ${2 * k}: done`,
              }),
              toolkit.invoke('filesystem', 'edit_file', {
                path: 'f.txt',
                old_str: `item ${2 * k + 1}: todo`,
                new_str: `item ${2 * k + 1}: done`,
              }),
            ]),
      ),
    );
    expect(results.flat().filter((r) => !r.ok)).toEqual([]);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe(
      lines.map((l) => l.replace('todo', 'done')).join('\n') + '\n',
    );
  });
});
