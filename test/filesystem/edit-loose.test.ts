// match: "loose": one region that differs from old_str only in trailing whitespace, indentation
// depth, line endings or typographic quotes takes the edit, new_str re-indented; more than one
// region refuses and writes nothing.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

const loose = (file: string, old_str: string, new_str: string, extra: Record<string, unknown> = {}) => ({
  path: file,
  old_str,
  new_str,
  match: 'loose' as const,
  ...extra,
});

describe('edit_file match: loose', () => {
  it("re-indents new_str from 4 spaces to the file's tabs, nested lines included", async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'm.py');
    await writeFile(file, 'class A:\n\tdef f(self):\n\t\tif self.x:\n\t\t\treturn 1\n\t\treturn 0\n');
    const out = expectOk(
      await toolkit.invoke(
        'filesystem',
        'edit_file',
        loose(
          'm.py',
          '    def f(self):\n        if self.x:\n            return 1',
          '    def f(self):\n        if self.x:\n            for y in self.x:\n                print(y)\n            return 1',
        ),
      ),
    );
    expect(out).toMatchObject({ replacements: 1, normalized: ['indentation'] });
    expect(await readFile(file, 'utf8')).toBe(
      'class A:\n\tdef f(self):\n\t\tif self.x:\n\t\t\tfor y in self.x:\n\t\t\t\tprint(y)\n\t\t\treturn 1\n\t\treturn 0\n',
    );
  });

  it('re-indents by depth: old_str without indentation for a block nested 8 spaces deep', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'n.py');
    await writeFile(file, 'def g():\n    try:\n        run()\n        done()\n    except E:\n        pass\n');
    expectOk(
      await toolkit.invoke('filesystem', 'edit_file', loose('n.py', 'run()\ndone()', 'run()\nif ok:\n    done()')),
    );
    expect(await readFile(file, 'utf8')).toBe(
      'def g():\n    try:\n        run()\n        if ok:\n            done()\n    except E:\n        pass\n',
    );
  });

  it('tolerates trailing whitespace, typographic quotes and mixed line endings, and says so', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.yaml'), 'name: app   \nimage: "web"\n');
    const trailing = expectOk(
      await toolkit.invoke(
        'filesystem',
        'edit_file',
        loose('a.yaml', 'name: app\nimage: \u201cweb\u201d', 'name: app\nimage: "api"'),
      ),
    );
    expect(trailing.normalized).toEqual(['whitespace', 'quotes']);
    expect(await readFile(path.join(root, 'a.yaml'), 'utf8')).toBe('name: app\nimage: "api"\n');
    await writeFile(path.join(root, 'mixed.txt'), 'one\r\ntwo\nthree\r\n');
    const endings = await toolkit.invoke('filesystem', 'edit_file', loose('mixed.txt', 'one\ntwo\nthree', 'uno\ndos'));
    expect(expectOk(endings).normalized).toEqual(['line_endings']);
    expect(endings.text).toContain('matched loosely (normalised: line_endings)');
    expect(await readFile(path.join(root, 'mixed.txt'), 'utf8')).toBe('uno\r\ndos\r\n');
  });

  it('an exact match is taken as is (nothing normalised), and exact mode stays exact', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), '\tx = 1\n    x = 1\n');
    const exact = expectOk(await toolkit.invoke('filesystem', 'edit_file', loose('f.txt', '\tx = 1', '\tx = 2')));
    expect(exact.normalized).toBeUndefined();
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('\tx = 2\n    x = 1\n');
    const strict = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'f.txt',
      old_str: '  x = 1 ',
      new_str: 'y',
    });
    expect(errorCode(strict)).toBe('NO_MATCH');
  });

  it('ambiguous: two regions match loosely, nothing is written, both are listed with unique old_strs', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'dup.py');
    const original = 'def a():\n\treturn 1\n\ndef b():\n\t\treturn 1\n';
    await writeFile(file, original);
    const before = await readFile(file);
    const result = await toolkit.invoke('filesystem', 'edit_file', loose('dup.py', '    return 1', '    return 2'));
    expect(errorCode(result)).toBe('AMBIGUOUS_MATCH');
    expect(result.text).toContain('lines 2, 5');
    const candidates = (result as any).error.details.candidates as { line: number; old_str: string }[];
    expect(candidates.map((c) => c.line)).toEqual([2, 5]);
    for (const c of candidates) expect(original.split(c.old_str).length).toBe(2);
    expect(await readFile(file)).toEqual(before);
  });

  it('overlapping regions are two: three equal lines and a two-line old_str refuse', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'r.js');
    await writeFile(file, 'begin();\n\tstep();\n\tstep();\n\tstep();\nend();\n');
    const result = await toolkit.invoke('filesystem', 'edit_file', loose('r.js', '  step();\n  step();', '  step(2);'));
    expect(errorCode(result)).toBe('AMBIGUOUS_MATCH');
    expect((result as any).error.details.lines).toEqual([2, 3]);
    expect(await readFile(file, 'utf8')).toBe('begin();\n\tstep();\n\tstep();\n\tstep();\nend();\n');
  });

  it('a trailing blank in old_str never matches inside a longer line ("x = 1 " vs "x = 10")', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x = 10\n');
    expect(errorCode(await toolkit.invoke('filesystem', 'edit_file', loose('f.txt', 'x = 1 ', 'x = 2')))).toBe(
      'NO_MATCH',
    );
    expect(errorCode(await toolkit.invoke('filesystem', 'edit_file', loose('f.txt', '  = 1', 'x = 2')))).toBe(
      'NO_MATCH',
    );
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('x = 10\n');
  });

  it('multi_edit takes match per call; dry_run writes nothing', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'c.js');
    await writeFile(file, 'function f() {\n\tconst a = 1;  \n\treturn a;\n}\n');
    const dry = expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'c.js',
        match: 'loose',
        dry_run: true,
        edits: [
          { old_str: '  const a = 1;', new_str: '  const a = 2;' },
          { old_str: 'return a;', new_str: 'return a + 1;' },
        ],
      }),
    );
    expect(dry).toMatchObject({ dry_run: true, replacements: 2, normalized: ['indentation'] });
    expect(await readFile(file, 'utf8')).toBe('function f() {\n\tconst a = 1;  \n\treturn a;\n}\n');
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'c.js',
        match: 'loose',
        edits: [{ old_str: '  const a = 1;', new_str: '  const a = 2;' }],
      }),
    );
    expect(await readFile(file, 'utf8')).toBe('function f() {\n\tconst a = 2;  \n\treturn a;\n}\n');
  });
});
