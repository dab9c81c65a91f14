// match: "loose" changes the indentation offset of a whole region, never how its lines nest: an
// old_str that puts a line into or out of a block is a miss with candidates, and new_str is
// re-indented by the region's offset, in the file's indent unit.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/handlers/filesystem/edit/match.js';
import type { Toolkit } from '../../src/index.js';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { cli } from '../support/cli.js';
import { errorCode, workspaceToolkit } from '../support/helpers.js';

interface Outcome {
  code?: string;
  text: string;
  candidates?: { line: number; text: string; difference: string; old_str: string }[];
  normalized?: string[];
}

async function looseEdit(toolkit: Toolkit, file: string, old_str: string, new_str: string): Promise<Outcome> {
  const result = await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str, new_str, match: 'loose' });
  if (!result.ok)
    return { code: errorCode(result), text: result.text, candidates: (result as any).error.details?.candidates };
  return { text: result.text, normalized: (result.output as { normalized?: string[] }).normalized };
}

/** A loose edit that must miss: NO_MATCH naming the nesting, candidates as the file has them, the file untouched. */
async function expectNestingMiss(content: string, old_str: string, new_str: string, line: number, file = 'm.py') {
  const { root, toolkit } = await workspaceToolkit();
  await writeFile(path.join(root, file), content);
  const out = await looseEdit(toolkit, file, old_str, new_str);
  expect(out.code).toBe('NO_MATCH');
  expect(out.text).toContain('nests its lines otherwise than the file does');
  expect(out.candidates![0]).toMatchObject({ line, difference: 'indentation' });
  expect(content.split(out.candidates![0]!.old_str).length).toBe(2);
  expect(await readFile(path.join(root, file), 'utf8')).toBe(content);
  return out;
}

/** A loose edit that must apply, with the file as expected after. */
async function expectApplied(content: string, old_str: string, new_str: string, after: string, file = 'm.py') {
  const { root, toolkit } = await workspaceToolkit();
  await writeFile(path.join(root, file), content);
  const out = await looseEdit(toolkit, file, old_str, new_str);
  expect(out.code, out.text).toBeUndefined();
  expect(await readFile(path.join(root, file), 'utf8')).toBe(after);
  return out;
}

describe('match: loose keeps nesting (a different nesting is a miss)', () => {
  it("Python if: old_str moving the block's last line out of it misses (the example: y() out of the if)", async () => {
    const file = 'def f():\n    if c:\n        x()\n        y()\n    z()\n';
    const out = await expectNestingMiss(file, '    if c:\n        x()\n    y()', '    if c:\n        x()\n    y2()', 2);
    expect(out.text).toContain(
      'old_str indents its line 3 as deep as its line 1, the file indents it deeper than that line',
    );
  });

  it('Python if: old_str moving a line into the block misses', async () => {
    const out = await expectNestingMiss(
      'if c:\n    x()\ny()\n',
      'if c:\n    x()\n    y()',
      'if c:\n    x()\n    w()',
      1,
    );
    expect(out.text).toContain(
      'old_str indents its line 3 as deep as its line 2, the file indents it less deep than that line',
    );
  });

  it('Python for and with blocks, un-nested and re-nested, at another offset too', async () => {
    await expectNestingMiss('for i in r:\n    a(i)\nb()\n', 'for i in r:\n  a(i)\n  b()', 'x', 1);
    await expectNestingMiss(
      'with open(p) as f:\n    data = f.read()\nprint(data)\n',
      '  with open(p) as f:\n      data = f.read()\n      print(data)',
      'x',
      1,
    );
    await expectNestingMiss(
      'class A:\n    def f(self):\n        with lock:\n            a()\n            b()\n',
      'with lock:\n    a()\nb()',
      'x',
      3,
    );
  });

  it('tabs in the file, spaces in old_str: a line un-nested misses, the same nesting applies', async () => {
    const content = 'class A:\n\tdef f(self):\n\t\tif a:\n\t\t\tx()\n\t\t\ty()\n\t\treturn 1\n';
    await expectNestingMiss(content, '        if a:\n            x()\n        y()', 'x', 3);
    await expectApplied(
      content,
      '        if a:\n            x()\n            y()',
      '        if a:\n            x()\n            y()\n        z()',
      'class A:\n\tdef f(self):\n\t\tif a:\n\t\t\tx()\n\t\t\ty()\n\t\tz()\n\t\treturn 1\n',
    );
  });

  it('YAML: a key moved out of its parent misses; the same nesting at another offset applies', async () => {
    const content = 'app:\n  name: web\n  env:\n    DEBUG: "1"\n    PORT: "80"\n';
    await expectNestingMiss(content, '  env:\n  DEBUG: "1"', '  env:\n  DEBUG: "0"', 3, 'c.yaml');
    await expectNestingMiss(content, 'env:\n  DEBUG: "1"\nPORT: "80"', 'x', 3, 'c.yaml');
    await expectApplied(
      content,
      'env:\n  DEBUG: "1"\n  PORT: "80"',
      'env:\n  DEBUG: "0"\n  PORT: "80"\n  HOST: all',
      'app:\n  name: web\n  env:\n    DEBUG: "0"\n    PORT: "80"\n    HOST: all\n',
      'c.yaml',
    );
  });

  it('blank lines inside the region do not count, the lines around them do', async () => {
    const content = 'if a:\n    x()\n\n    y()\nz()\n';
    await expectNestingMiss(content, 'if a:\n  x()\n\ny()\nz()', 'q', 1);
    await expectApplied(
      content,
      'if a:\n  x()\n\n  y()',
      'if a:\n  x()\n\n  y()\n  w()',
      'if a:\n    x()\n\n    y()\n    w()\nz()\n',
    );
  });

  it('mixed tabs and spaces that compare only with a tab width are no loose match', async () => {
    // "\t" against 4 spaces: deeper with a tab of 8 columns, shallower with a tab of one.
    await expectNestingMiss('if a:\n\tx()\n    y()\n', '  if a:\n    x()\n    y()', 'q', 1);
  });

  it('multi_edit: the edit whose old_str nests otherwise is named, nothing is written', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const content = 'def f():\n    if c:\n        x()\n        y()\n    z()\n';
    await writeFile(path.join(root, 'm.py'), content);
    const result = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'm.py',
      match: 'loose',
      edits: [
        { old_str: 'z()', new_str: 'z(1)' },
        { old_str: 'if c:\n    x()\ny()', new_str: 'if c:\n    x()\ny(2)' },
      ],
    });
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('edits[1]');
    expect(result.text).toContain('nests its lines otherwise than the file does');
    expect((result as any).error.details).toMatchObject({
      edit_index: 1,
      candidates: [{ line: 2, difference: 'indentation' }],
    });
    expect(await readFile(path.join(root, 'm.py'), 'utf8')).toBe(content);
  });

  it('a nesting miss on a large file (edited in the job process) is a miss too', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const filler = Array.from({ length: 20_000 }, (_, i) => `v${i} = ${i}`).join('\n');
    const content = `${filler}\nif ready:\n    start()\n    wait()\n`;
    await writeFile(path.join(root, 'big.py'), content);
    const out = await looseEdit(toolkit, 'big.py', 'if ready:\n  start()\nwait()', 'x');
    expect(out.code).toBe('NO_MATCH');
    expect(out.candidates![0]).toMatchObject({ line: 20_001, difference: 'indentation' });
    const ok = await looseEdit(toolkit, 'big.py', 'if ready:\n  start()\n  wait()', 'if ready:\n  start()\n  wait(5)');
    expect(ok.code, ok.text).toBeUndefined();
    expect(await readFile(path.join(root, 'big.py'), 'utf8')).toBe(`${filler}\nif ready:\n    start()\n    wait(5)\n`);
  });

  it('a region that nests as old_str does is taken even where another, nested otherwise, also matches loosely', async () => {
    const content = 'if a:\n    x()\ny()\n\nif a:\n    x()\n    y()\n';
    await expectApplied(
      content,
      'if a:\n  x()\n  y()',
      'if a:\n  x()\n  y(2)',
      'if a:\n    x()\ny()\n\nif a:\n    x()\n    y(2)\n',
    );
  });
});

describe("match: loose re-indents new_str by the region's offset", () => {
  it('old_str one level shallower than the file: new_str lands one level deeper, nested as written', async () => {
    const out = await expectApplied(
      'class A:\n    def f(self):\n        if a:\n            x()\n        y()\n',
      'def f(self):\n    if a:\n        x()\n    y()',
      'def f(self):\n    if a:\n        x()\n        w()\n    y()',
      'class A:\n    def f(self):\n        if a:\n            x()\n            w()\n        y()\n',
    );
    expect(out.normalized).toEqual(['indentation']);
  });

  it('old_str one level deeper than the file; a new_str line dedented below old_str keeps its relative depth', async () => {
    await expectApplied(
      'def f():\n\tfor i in r:\n\t\ta(i)\n\treturn 0\n',
      '        for i in r:\n            a(i)',
      '        for i in r:\n            a(i)\n    done()',
      'def f():\n\tfor i in r:\n\t\ta(i)\ndone()\n\treturn 0\n',
    );
  });

  it('a single-line region in a tab-indented file: a deeper new_str line gets a tab', async () => {
    await expectApplied(
      'def f():\n\tif a:\n\t\treturn 1\n',
      '    return 1',
      '    if b:\n        return 2\n    return 1',
      'def f():\n\tif a:\n\t\tif b:\n\t\t\treturn 2\n\t\treturn 1\n',
    );
  });

  it('a new_str dedented past the start of the line is refused, nothing written', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.py'), 'x()\ny()\n');
    const out = await looseEdit(toolkit, 'f.py', '\tx()', '\tx()\nz()');
    expect(out.code).toBe('INVALID_INPUT');
    expect(out.text).toContain('line 2 of new_str is indented less');
    expect(out.candidates![0]).toMatchObject({ line: 1, old_str: 'x()' });
    expect(await readFile(path.join(root, 'f.py'), 'utf8')).toBe('x()\ny()\n');
  });

  it("old_str copied from after its first line's indentation still matches where only whitespace differs", async () => {
    await expectApplied(
      '    if a:  \n        x()\n    y()\n',
      'if a:\n        x()\n    y()',
      'if a:\n        x(1)\n    y()\nz()',
      '    if a:\n        x(1)\n    y()\nz()\n',
    );
  });
});

describe('property: a loose edit never changes how the lines of the file nest', () => {
  /** Indentation depth (in levels) of each line of a file, blank lines as -1. */
  const depths = (text: string, unit: string) =>
    text.split('\n').map((line) => (line.trim() === '' ? -1 : /^[ \t]*/.exec(line)![0].length / unit.length));

  it('old_str re-indented by an offset, in another unit, one line moved a level or not: new_str = old_str leaves every depth as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('    ', '\t', '  '),
        fc.constantFrom('    ', '\t', '  '),
        fc.integer({ min: -2, max: 2 }),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(-1, 1)), { nil: undefined }),
        (levels, from, to, fileUnit, needleUnit, offset, moved) => {
          const lines = levels.map((level, i) => (i % 4 === 3 ? '' : `${fileUnit.repeat(level)}line_${i}()`));
          const text = `${lines.join('\n')}\n`;
          const [first, last] = [from % lines.length, to % lines.length].sort((a, b) => a - b) as [number, number];
          if (lines.slice(first, last + 1).every((l) => l === '')) return;
          const regionLevels = levels.slice(first, last + 1);
          const shift = Math.max(offset, -Math.min(...regionLevels));
          const needleLevels = regionLevels.map((level) => level + shift);
          if (moved) {
            const at = moved[0] % needleLevels.length;
            needleLevels[at] = Math.max(0, needleLevels[at]! + moved[1]);
          }
          const needle = lines
            .slice(first, last + 1)
            .map((line, k) => (line === '' ? '' : `${needleUnit.repeat(needleLevels[k]!)}${line.trim()}`))
            .join('\n');
          let after: string;
          try {
            after = applyEdits(text, [{ old_str: needle, new_str: needle }], 'f.py', undefined, {
              match: 'loose',
            }).text;
          } catch (error) {
            if (!(error instanceof ToolError)) throw error;
            expect(['NO_MATCH', 'AMBIGUOUS_MATCH']).toContain(error.code);
            return;
          }
          // Whatever matched, every line keeps its depth: the file is as it was.
          expect(depths(after, fileUnit)).toEqual(depths(text, fileUnit));
          expect(after).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the CLI', () => {
  it('toolwright call edit_file with match loose: a nesting miss exits 1 with NO_MATCH, the file untouched', async () => {
    const { root } = await workspaceToolkit();
    const content = 'if c:\n    x()\n    y()\n';
    await writeFile(path.join(root, 'm.py'), content);
    const args = JSON.stringify({
      path: 'm.py',
      old_str: 'if c:\n  x()\ny()',
      new_str: 'if c:\n  x()\ny(1)',
      match: 'loose',
    });
    const { code, err } = await cli(['call', 'edit_file', args, '-w', root]);
    expect(code).toBe(1);
    expect(err).toMatch(/^Error NO_MATCH: /);
    expect(err).toContain('nests its lines otherwise than the file does');
    expect(await readFile(path.join(root, 'm.py'), 'utf8')).toBe(content);
    const ok = JSON.stringify({
      path: 'm.py',
      old_str: 'if c:\n  x()\n  y()',
      new_str: 'if c:\n  x()\n  y(1)',
      match: 'loose',
    });
    expect((await cli(['call', 'edit_file', ok, '-w', root])).code).toBe(0);
    expect(await readFile(path.join(root, 'm.py'), 'utf8')).toBe('if c:\n    x()\n    y(1)\n');
  });
});
