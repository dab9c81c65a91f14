// A missed old_str says why: details.candidates names the closest regions, what differs, and an
// old_str that, sent back as is, matches that region exactly once.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editProcessesAlive } from '../../src/handlers/filesystem/edit/pool.js';
import type { Toolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const PYTHON = [
  'import os',
  '',
  'class Loader:',
  '\tdef __init__(self, root):',
  '\t\tself.root = root',
  '',
  '\tdef load(self, name):',
  '\t\tpath = os.path.join(self.root, name)',
  '\t\twith open(path) as f:',
  '\t\t\treturn f.read()',
  '',
].join('\n');

const YAML = ['services:', '  web:', '    image: "nginx:1.25"', '    ports:', '      - "8080:80"', ''].join('\n');

const MARKDOWN = ['# Setup', '', 'Run "npm install" first, then the tool\'s own setup.', '', '## Use', ''].join('\n');

interface Miss {
  text: string;
  candidates: { line: number; text: string; difference: string; old_str: string }[];
}

async function miss(toolkit: Toolkit, file: string, oldStr: string, newStr = 'X'): Promise<Miss> {
  const result = await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str: oldStr, new_str: newStr });
  expect(errorCode(result)).toBe('NO_MATCH');
  return { text: result.text, candidates: (result as any).error.details.candidates };
}

/** Retries with candidates[0].old_str and checks exactly that region was replaced. */
async function retry(toolkit: Toolkit, root: string, file: string, found: Miss, newStr: string) {
  const before = await readFile(path.join(root, file), 'utf8');
  const oldStr = found.candidates[0]!.old_str;
  expect(before.split(oldStr).length).toBe(2);
  expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str: oldStr, new_str: newStr }));
  expect(await readFile(path.join(root, file), 'utf8')).toBe(before.replace(oldStr, () => newStr));
}

describe('edit_file: a miss is diagnosed', () => {
  it('indentation (Python, spaces for tabs): names both indents, and the corrected old_str applies', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'loader.py'), PYTHON);
    const found = await miss(toolkit, 'loader.py', '        with open(path) as f:\n            return f.read()');
    expect(found.candidates[0]).toMatchObject({ line: 9, difference: 'indentation' });
    expect(found.candidates[0]!.old_str).toBe('\t\twith open(path) as f:\n\t\t\treturn f.read()');
    expect(found.text).toContain('old_str differs from line 9 only in indentation (8 spaces vs 2 tabs)');
    expect(found.text).toContain('details.candidates[0].old_str matches it');
    await retry(toolkit, root, 'loader.py', found, '\t\treturn open(path).read()');
  });

  it('indentation missing altogether, and a one-line old_str', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'loader.py'), PYTHON);
    const found = await miss(toolkit, 'loader.py', 'self.root = root\n\ndef load(self, name):');
    expect(found.candidates[0]).toMatchObject({ line: 5, difference: 'indentation' });
    await retry(toolkit, root, 'loader.py', found, 'self.root = root\n\n\tdef load(self, name, mode):');
  });

  it('whitespace (YAML): trailing blanks in old_str, and runs of spaces inside a line', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'compose.yaml'), YAML);
    const trailing = await miss(toolkit, 'compose.yaml', '    ports:  \n      - "8080:80"');
    expect(trailing.candidates[0]).toMatchObject({ line: 4, difference: 'whitespace' });
    expect(trailing.text).toContain('only in whitespace');
    const runs = await miss(toolkit, 'compose.yaml', 'image:   "nginx:1.25"');
    expect(runs.candidates[0]).toMatchObject({ line: 3, difference: 'whitespace', old_str: 'image: "nginx:1.25"' });
    await retry(toolkit, root, 'compose.yaml', trailing, '    ports:\n      - "9090:80"');
  });

  it('quotes (Markdown): typographic quotes in old_str for the straight ones in the file', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'README.md'), MARKDOWN);
    const found = await miss(
      toolkit,
      'README.md',
      'Run \u201cnpm install\u201d first, then the tool\u2019s own setup.',
    );
    expect(found.candidates[0]).toMatchObject({ line: 3, difference: 'quotes' });
    expect(found.text).toContain('only in quotes');
    await retry(toolkit, root, 'README.md', found, 'Run "npm ci" first.');
  });

  it('escapes: \\n written for a line break, \\" for a quote, and a line break for a \\n in the file', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'compose.yaml'), YAML);
    const newline = await miss(toolkit, 'compose.yaml', '    ports:\\n      - \\"8080:80\\"');
    expect(newline.candidates[0]).toMatchObject({ line: 4, difference: 'escapes' });
    expect(newline.candidates[0]!.old_str).toBe('    ports:\n      - "8080:80"');
    await writeFile(path.join(root, 'say.js'), 'console.log("one\\ntwo");\n');
    const literal = await miss(toolkit, 'say.js', 'console.log("one\ntwo");');
    expect(literal.candidates[0]).toMatchObject({
      line: 1,
      difference: 'escapes',
      old_str: 'console.log("one\\ntwo");',
    });
    await retry(toolkit, root, 'say.js', literal, 'console.log("one");');
  });

  it('line endings: a file with mixed CRLF and LF lines, old_str with LF only', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'mixed.txt'), 'alpha\r\nbeta\ngamma\r\ndelta\n');
    const found = await miss(toolkit, 'mixed.txt', 'alpha\nbeta\ngamma');
    expect(found.candidates[0]).toMatchObject({ line: 1, difference: 'line_endings', old_str: 'alpha\r\nbeta\ngamma' });
    expect(found.text).toContain('only in line endings');
    await retry(toolkit, root, 'mixed.txt', found, 'ALPHA');
  });

  it("in a CRLF copy, the corrected old_str carries the file's CRLF and applies", async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'loader.py'), PYTHON.replace(/\n/g, '\r\n'));
    const found = await miss(
      toolkit,
      'loader.py',
      '    def load(self, name):\n        path = os.path.join(self.root, name)',
    );
    expect(found.candidates[0]).toMatchObject({ line: 7, difference: 'indentation' });
    expect(found.candidates[0]!.old_str).toBe('\tdef load(self, name):\r\n\t\tpath = os.path.join(self.root, name)');
    await retry(toolkit, root, 'loader.py', found, '\tdef load(self, name):\r\n\t\tpath = name');
  });

  it('trailing blanks in a CRLF file are whitespace, not line endings, in the miss and in a loose edit', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const crlf = PYTHON.replace(/\n/g, '\r\n');
    await writeFile(path.join(root, 'loader.py'), crlf);
    const found = await miss(toolkit, 'loader.py', '\t\twith open(path) as f:  \n\t\t\treturn f.read()');
    expect(found.candidates[0]).toMatchObject({ line: 9, difference: 'whitespace' });
    expect(found.text).toContain('old_str differs from line 9 only in whitespace');
    const indented = await miss(
      toolkit,
      'loader.py',
      '    def load(self, name): \n        path = os.path.join(self.root, name)',
    );
    expect(indented.candidates[0]).toMatchObject({ line: 7, difference: 'indentation' });
    const loose = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'loader.py',
      old_str: '\t\twith open(path) as f:  \n\t\t\treturn f.read()',
      new_str: '\t\twith open(path) as f:\n\t\t\treturn f.read().strip()',
      match: 'loose',
    });
    expect(expectOk(loose).normalized).toEqual(['whitespace']);
    expect(await readFile(path.join(root, 'loader.py'), 'utf8')).toBe(
      crlf.replace('return f.read()', 'return f.read().strip()'),
    );
  });

  it('stale: old_str copied from what the session read, the file changed there since', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'compose.yaml');
    await writeFile(file, YAML);
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'compose.yaml' }));
    await writeFile(file, YAML.replace('"nginx:1.25"', '"nginx:1.27"'));
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    const found = await miss(toolkit, 'compose.yaml', '    image: "nginx:1.25"\n    ports:');
    expect(found.candidates[0]).toMatchObject({ line: 3, difference: 'stale' });
    expect(found.candidates[0]!.text).toContain('nginx:1.27');
    expect(found.text).toContain('when this session last read it');
    const again = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'compose.yaml',
      old_str: found.candidates[0]!.old_str,
      new_str: '    image: "nginx:1.28"\n    ports:',
    });
    expect(expectOk(again)).toMatchObject({ changed_since_read: true });
    expect(await readFile(file, 'utf8')).toContain('nginx:1.28');
  });

  it('other: a typo gives the closest lines, labelled other', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'loader.py'), PYTHON);
    const found = await miss(toolkit, 'loader.py', '\t\tpath = os.path.join(self.rot, name)');
    expect(found.candidates[0]).toMatchObject({ line: 8, difference: 'other' });
    expect(found.text).toContain('the closest text is at line 8');
    const nothing = await miss(toolkit, 'loader.py', 'zzzz qqqq wwww');
    expect(nothing.candidates).toEqual([]);
    expect(nothing.text).toContain('Read the file again');
  });

  it('a corrected old_str is widened by lines until it is unique', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'dup.py'), 'def a():\n\treturn 1\n\ndef b():\n\treturn 1\n');
    const found = await miss(toolkit, 'dup.py', 'def b():\n    return 1');
    expect(found.candidates[0]).toMatchObject({ line: 4, difference: 'indentation', old_str: 'def b():\n\treturn 1' });
    const single = await miss(toolkit, 'dup.py', '    return 1');
    for (const c of single.candidates)
      expect((await readFile(path.join(root, 'dup.py'), 'utf8')).split(c.old_str).length).toBe(2);
    expect(single.candidates.map((c) => c.line)).toEqual([2, 5]);
  });

  it('a corrected old_str is unique counting overlaps: the retry edits the region it names', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const file = path.join(root, 'r.js');
    const original = 'begin();\n\tstep();\n\tstep();\n\tstep();\nend();\n';
    await writeFile(file, original);
    const found = await miss(toolkit, 'r.js', '  step();\n  step();');
    expect(found.candidates.length).toBeGreaterThan(0);
    const first = found.candidates[0]!;
    expect(original.split(first.old_str).length).toBe(2);
    expect(first.old_str).not.toBe('\tstep();\n\tstep();');
    expect(found.text).toContain('keep them unchanged in new_str');
  });

  it('multi_edit names the edit and diagnoses it against the text after the edits before it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'loader.py'), PYTHON);
    const result = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'loader.py',
      edits: [
        { old_str: 'import os', new_str: 'import os\nimport sys' },
        { old_str: '    def load(self, name):', new_str: '    def load(self, name, mode):' },
      ],
    });
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('edits[1]');
    const details = (result as any).error.details;
    expect(details.edit_index).toBe(1);
    expect(details.candidates[0]).toMatchObject({
      line: 8,
      difference: 'indentation',
      old_str: '\tdef load(self, name):',
    });
    expect(await readFile(path.join(root, 'loader.py'), 'utf8')).toBe(PYTHON);
  });
});

describe('a miss on a large file is diagnosed off the event loop, in bounded work', () => {
  it(
    'an 8 MB file and old_strs built to be costly: the timer keeps firing, the answer has candidates',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const body = Array.from({ length: 250_000 }, (_, i) => `    value_${i % 50} = compute(${i % 7})  `).join('\n');
      await writeFile(path.join(root, 'big.py'), body + '\n');
      expect(editProcessesAlive()).toBe(0);
      const costly = [
        'value_1 = compute(1)\n'.repeat(3000), // every line votes for thousands of regions
        'a'.repeat(200_000) + 'b', // a long run no line holds
        '    value_3 = compute(3) \n'.repeat(50) + 'zzz', // normalised, it keeps nearly matching
      ];
      for (const oldStr of costly) {
        let ticks = 0;
        const timer = setInterval(() => ticks++, 1);
        const result = await toolkit.invoke('filesystem', 'edit_file', {
          path: 'big.py',
          old_str: oldStr,
          new_str: 'x',
        });
        clearInterval(timer);
        expect(errorCode(result)).toBe('NO_MATCH');
        expect(Array.isArray((result as any).error.details.candidates)).toBe(true);
        expect(ticks).toBeGreaterThan(2);
        expect(editProcessesAlive()).toBeGreaterThan(0);
      }
    },
  );
});
