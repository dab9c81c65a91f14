// apply_patch: every construct of the envelope (Add, Delete, Update with Move to, @@ anchors, End of
// File, a first change without @@, heredoc and padded markers) and its failure modes (context that
// does not match or matches twice, missing file, a file already there, move onto a file, trailing
// line breaks), each checked on the files it leaves.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Toolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

type Files = Record<string, string | Buffer>;

async function setup(files: Files = {}): Promise<{ root: string; toolkit: Toolkit }> {
  const made = await workspaceToolkit();
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(made.root, name)), { recursive: true });
    await writeFile(path.join(made.root, name), content);
  }
  return made;
}

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const apply = (toolkit: Toolkit, input: string, extra: Record<string, unknown> = {}) =>
  toolkit.invoke('filesystem', 'apply_patch', { input, ...extra });
const read = (root: string, name: string) => readFile(path.join(root, name), 'utf8');

/** Every file under `root` with its text (the workspace as a whole, to show nothing else changed). */
async function tree(root: string, under = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await tree(root, rel));
    else out[rel] = await read(root, rel);
  }
  return out;
}

describe('apply_patch: the constructs', () => {
  it('adds a file, creating its folders', async () => {
    const { root, toolkit } = await setup();
    const out = expectOk(await apply(toolkit, patch('*** Add File: a/b/new.md', '+# Title', '+', '+body')));
    expect(out.files).toEqual([{ path: 'a/b/new.md', action: 'add' }]);
    expect(await read(root, 'a/b/new.md')).toBe('# Title\n\nbody\n');
    expect(out.diff).toContain('--- /dev/null');
    expect(out.diff).toContain('+++ b/a/b/new.md');
  });

  it('adds an empty file', async () => {
    const { root, toolkit } = await setup();
    expectOk(await apply(toolkit, patch('*** Add File: empty.txt')));
    expect(await read(root, 'empty.txt')).toBe('');
  });

  it('deletes a file and leaves the others', async () => {
    const { root, toolkit } = await setup({ 'obsolete.txt': 'x\n', 'keep.txt': 'k\n' });
    const out = expectOk(await apply(toolkit, patch('*** Delete File: obsolete.txt')));
    expect(out.files).toEqual([{ path: 'obsolete.txt', action: 'delete' }]);
    expect(await tree(root)).toEqual({ 'keep.txt': 'k\n' });
    expect(out.diff).toContain('+++ /dev/null');
  });

  it('applies several changes to one file, each after the one before', async () => {
    const { root, toolkit } = await setup({ 'multi.txt': 'line1\nline2\nline3\nline4\n' });
    const out = expectOk(
      await apply(
        toolkit,
        patch(
          '*** Update File: multi.txt',
          '@@',
          ' line1',
          '-line2',
          '+changed2',
          '@@',
          ' line3',
          '-line4',
          '+changed4',
        ),
      ),
    );
    expect(out.files).toEqual([{ path: 'multi.txt', action: 'update', changes: 2 }]);
    expect(await read(root, 'multi.txt')).toBe('line1\nchanged2\nline3\nchanged4\n');
  });

  it('moves a file to a new folder with its change; the old one is gone, its neighbour kept', async () => {
    const { root, toolkit } = await setup({ 'old/name.txt': 'old content\n', 'old/other.txt': 'unrelated\n' });
    const out = expectOk(
      await apply(
        toolkit,
        patch(
          '*** Update File: old/name.txt',
          '*** Move to: renamed/dir/name.txt',
          '@@',
          '-old content',
          '+new content',
        ),
      ),
    );
    expect(out.files).toEqual([{ path: 'renamed/dir/name.txt', action: 'move', from: 'old/name.txt', changes: 1 }]);
    expect(await tree(root)).toEqual({ 'old/other.txt': 'unrelated\n', 'renamed/dir/name.txt': 'new content\n' });
    expect(out.diff).toContain('--- a/old/name.txt');
    expect(out.diff).toContain('+++ b/renamed/dir/name.txt');
  });

  it('a move onto an existing file replaces it (as the reference implementation does) and says so', async () => {
    const { root, toolkit } = await setup({ 'old/name.txt': 'from\n', 'renamed/name.txt': 'existing\n' });
    const out = expectOk(
      await apply(
        toolkit,
        patch('*** Update File: old/name.txt', '*** Move to: renamed/name.txt', '@@', '-from', '+new'),
      ),
    );
    expect(out.files[0]).toMatchObject({ action: 'move', replaced: true });
    expect(await tree(root)).toEqual({ 'renamed/name.txt': 'new\n' });
  });

  it('an Add File of a file that is there replaces it and says so', async () => {
    const { root, toolkit } = await setup({ 'duplicate.txt': 'old content\n' });
    const out = await apply(toolkit, patch('*** Add File: duplicate.txt', '+new content'));
    expect(expectOk(out).files).toEqual([{ path: 'duplicate.txt', action: 'add', replaced: true }]);
    expect(out.text).toContain('replaced the file that was there');
    expect(await read(root, 'duplicate.txt')).toBe('new content\n');
  });

  it('a change with only added lines goes after its anchor', async () => {
    const { root, toolkit } = await setup({ 'input.txt': 'def f():\n    pass\n\ndef g():\n    pass\n' });
    expectOk(await apply(toolkit, patch('*** Update File: input.txt', '@@ def f():', '+    # added')));
    expect(await read(root, 'input.txt')).toBe('def f():\n    # added\n    pass\n\ndef g():\n    pass\n');
  });

  it('a change with only added lines and no anchor goes at the end', async () => {
    const { root, toolkit } = await setup({ 'input.txt': 'a\nb\n' });
    expectOk(await apply(toolkit, patch('*** Update File: input.txt', '@@', '+c')));
    expect(await read(root, 'input.txt')).toBe('a\nb\nc\n');
  });

  it('removes lines with a change of only removed lines', async () => {
    const { root, toolkit } = await setup({ 'lines.txt': 'line1\nline2\nline3\n' });
    expectOk(await apply(toolkit, patch('*** Update File: lines.txt', '@@', ' line1', '-line2', ' line3')));
    expect(await read(root, 'lines.txt')).toBe('line1\nline3\n');
  });

  it('*** End of File places the change at the end of the file', async () => {
    const { root, toolkit } = await setup({ 'tail.txt': 'x\nend\nmiddle\nend\n' });
    expectOk(await apply(toolkit, patch('*** Update File: tail.txt', '@@', '-end', '+last', '*** End of File')));
    expect(await read(root, 'tail.txt')).toBe('x\nend\nmiddle\nlast\n');
  });

  it('*** End of File on lines that are not at the end is a miss that says where they are', async () => {
    const { root, toolkit } = await setup({ 'tail.txt': 'first\nsecond\nthird\n' });
    const result = await apply(
      toolkit,
      patch('*** Update File: tail.txt', '@@', '-first', '+FIRST', '*** End of File'),
    );
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('End of File');
    expect(await read(root, 'tail.txt')).toBe('first\nsecond\nthird\n');
  });

  it('@@ anchors narrow where a change goes; several narrow step by step', async () => {
    const text = 'class A:\n  def run():\n    x = 1\nclass B:\n  def run():\n    x = 1\n';
    const { root, toolkit } = await setup({ 'c.py': text });
    expectOk(
      await apply(
        toolkit,
        patch('*** Update File: c.py', '@@ class B:', '@@   def run():', '-    x = 1', '+    x = 2'),
      ),
    );
    expect(await read(root, 'c.py')).toBe(text.replace(/x = 1\n$/, 'x = 2\n'));
  });

  it('a first change may leave out @@; a later one may not', async () => {
    const { root, toolkit } = await setup({ 'f.py': 'import foo\nx\ny\n' });
    expectOk(await apply(toolkit, patch('*** Update File: f.py', ' import foo', '+bar')));
    expect(await read(root, 'f.py')).toBe('import foo\nbar\nx\ny\n');
    const second = await apply(toolkit, patch('*** Update File: f.py', '@@', '-x', '+X', '-y', ' y'));
    expect(errorCode(second)).toBe('NO_MATCH');
  });

  it('adds a line break to a last line without one when a change reaches it', async () => {
    const { root, toolkit } = await setup({ 'no_newline.txt': 'no newline at end' });
    expectOk(
      await apply(
        toolkit,
        patch('*** Update File: no_newline.txt', '@@', '-no newline at end', '+first line', '+second line'),
      ),
    );
    expect(await read(root, 'no_newline.txt')).toBe('first line\nsecond line\n');
  });

  it('keeps a last line without a line break when the change does not reach it', async () => {
    const { root, toolkit } = await setup({ 'f.txt': 'a\nb\nc' });
    expectOk(await apply(toolkit, patch('*** Update File: f.txt', '@@', '-a', '+A', ' b')));
    expect(await read(root, 'f.txt')).toBe('A\nb\nc');
  });

  it('an empty context line standing for the final line break still matches', async () => {
    const { root, toolkit } = await setup({ 'f.txt': 'a\nb\n' });
    expectOk(await apply(toolkit, patch('*** Update File: f.txt', '@@', ' a', '-b', '+B', ' ')));
    expect(await read(root, 'f.txt')).toBe('a\nB\n');
  });

  it('adds then updates one file in one patch (sections apply in order)', async () => {
    const { root, toolkit } = await setup();
    expectOk(
      await apply(
        toolkit,
        patch('*** Add File: n.txt', '+one', '+two', '*** Update File: n.txt', '@@', '-two', '+TWO'),
      ),
    );
    expect(await read(root, 'n.txt')).toBe('one\nTWO\n');
  });

  it('accepts markers padded with whitespace, CRLF patch text and a heredoc wrapper', async () => {
    const { root, toolkit } = await setup({ 'file.txt': 'one\n' });
    const padded = '  *** Begin Patch  \n *** Update File: file.txt\n@@\n-one\n+two\n*** End Patch   \n';
    expectOk(await apply(toolkit, padded));
    expect(await read(root, 'file.txt')).toBe('two\n');
    expectOk(await apply(toolkit, patch('*** Update File: file.txt', '@@', '-two', '+three').replace(/\n/g, '\r\n')));
    expect(await read(root, 'file.txt')).toBe('three\n');
    expectOk(await apply(toolkit, `<<'EOF'\n${patch('*** Update File: file.txt', '@@', '-three', '+four')}\nEOF\n`));
    expect(await read(root, 'file.txt')).toBe('four\n');
  });

  it('changes text in any script', async () => {
    const { root, toolkit } = await setup({ 'foo.txt': 'héllo wörld\n日本語\n🙂 emoji\n' });
    expectOk(
      await apply(toolkit, patch('*** Update File: foo.txt', '@@', ' héllo wörld', '-日本語', '+中文', ' 🙂 emoji')),
    );
    expect(await read(root, 'foo.txt')).toBe('héllo wörld\n中文\n🙂 emoji\n');
  });

  it('adds, deletes, updates and moves in one patch', async () => {
    const { root, toolkit } = await setup({ 'delete.txt': 'd\n', 'modify.txt': 'line1\nline2\n', 'mv/src.txt': 's\n' });
    const out = expectOk(
      await apply(
        toolkit,
        patch(
          '*** Add File: nested/new.txt',
          '+created',
          '*** Delete File: delete.txt',
          '*** Update File: modify.txt',
          '@@',
          '-line2',
          '+changed',
          '*** Update File: mv/src.txt',
          '*** Move to: mv/dst.txt',
          '@@',
          '-s',
          '+S',
        ),
      ),
    );
    expect(out.files.map((f: { action: string }) => f.action)).toEqual(['add', 'delete', 'update', 'move']);
    expect(await tree(root)).toEqual({
      'nested/new.txt': 'created\n',
      'modify.txt': 'line1\nchanged\n',
      'mv/dst.txt': 'S\n',
    });
  });
});

describe('apply_patch: what it refuses, writing nothing', () => {
  const bad: [string, string, string][] = [
    ['an empty patch', patch(), 'changes no file'],
    ['no Begin Patch', '*** Update File: a.txt\n@@\n-a\n+b\n*** End Patch', 'Begin Patch'],
    ['no End Patch', '*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b', 'End Patch'],
    ['an Update File with no changes', patch('*** Update File: a.txt'), 'no changes'],
    ['an unknown file header', patch('*** Frobnicate File: a.txt'), 'not a valid file header'],
    ['a lowercase header', patch('*** update file: a.txt', '@@', '-a', '+b'), 'not a valid file header'],
    ['a change line without a mark', patch('*** Update File: a.txt', '@@', 'a'), "every line must start with ' '"],
    [
      'an @@ with nothing under it',
      patch('*** Update File: a.txt', '@@', '*** Delete File: b.txt'),
      'every line must start',
    ],
    ['an @@ that ends the patch', patch('*** Update File: a.txt', '@@'), 'holds no lines'],
    ['a second change without @@', patch('*** Update File: a.txt', '@@', '-a', '+b', '*** End of File', '-c'), "'@@'"],
    ['an empty Move to', patch('*** Update File: a.txt', '*** Move to: ', '@@', '-a', '+b'), 'names no path'],
  ];
  for (const [name, input, says] of bad) {
    it(`${name}: INVALID_INPUT naming the problem`, async () => {
      const { root, toolkit } = await setup({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
      const result = await apply(toolkit, input);
      expect(errorCode(result)).toBe('INVALID_INPUT');
      expect(result.text).toContain(says);
      expect(await tree(root)).toEqual({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    });
  }

  it('names the patch line that breaks the format', async () => {
    const { toolkit } = await setup({ 'a.txt': 'a\n' });
    const result = await apply(toolkit, patch('*** Update File: a.txt', '@@', '-a', '+b', '*** Nonsense'));
    expect(errorCode(result)).toBe('INVALID_INPUT');
    expect(result.ok ? undefined : result.error.details).toMatchObject({ line: 6 });
  });

  it('context that is not in the file: NO_MATCH, the closest text and a corrected change', async () => {
    const { root, toolkit } = await setup({ 'modify.txt': 'line1\nline2\n', 'other.txt': 'o\n' });
    const result = await apply(
      toolkit,
      patch('*** Delete File: other.txt', '*** Update File: modify.txt', '@@', '-missing', '+changed'),
    );
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('change 1 of 1 to modify.txt');
    expect(await tree(root)).toEqual({ 'modify.txt': 'line1\nline2\n', 'other.txt': 'o\n' });
  });

  it("context that differs in indentation gets details.corrected with the file's lines", async () => {
    const { toolkit } = await setup({ 'f.py': 'def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n' });
    const result = await apply(
      toolkit,
      patch('*** Update File: f.py', '@@', '   if y:', '-      return 1', '+      return 3'),
    );
    expect(errorCode(result)).toBe('NO_MATCH');
    if (result.ok) return;
    expect(result.error.details?.candidates).toBeDefined();
  });

  it('a miss in the second change says which change and which patch line', async () => {
    const { toolkit } = await setup({ 'f.txt': 'a\nb\nc\nd\n' });
    const result = await apply(toolkit, patch('*** Update File: f.txt', '@@', '-a', '+A', '@@', '-zzz', '+Z'));
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('change 2 of 2 to f.txt (patch line 6)');
  });

  it('changes given out of file order are refused, saying so', async () => {
    const { root, toolkit } = await setup({ 'f.txt': 'a\nb\nc\nd\n' });
    const result = await apply(toolkit, patch('*** Update File: f.txt', '@@', '-c', '+C', '@@', '-a', '+A'));
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain('file order');
    expect(await read(root, 'f.txt')).toBe('a\nb\nc\nd\n');
  });

  it('lines that match in two places without an anchor: AMBIGUOUS_MATCH with both lines', async () => {
    const { root, toolkit } = await setup({ 'dup.txt': 'x = 1\ny\nx = 1\n' });
    const result = await apply(toolkit, patch('*** Update File: dup.txt', '@@', '-x = 1', '+x = 2'));
    expect(errorCode(result)).toBe('AMBIGUOUS_MATCH');
    expect(result.ok ? undefined : result.error.details).toMatchObject({ lines: [1, 3] });
    expect(await read(root, 'dup.txt')).toBe('x = 1\ny\nx = 1\n');
  });

  it('an anchor that is not in the file is a miss naming the anchor', async () => {
    const { toolkit } = await setup({ 'f.py': 'def f():\n    pass\n' });
    const result = await apply(toolkit, patch('*** Update File: f.py', '@@ def g():', '-    pass', '+    return'));
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain("'@@ def g():'");
  });

  it('an update or a delete of a missing file is NOT_FOUND; nothing else is written', async () => {
    const { root, toolkit } = await setup({ 'foo.txt': 'stable\n' });
    for (const section of [['*** Update File: missing.txt', '@@', '-a', '+b'], ['*** Delete File: missing.txt']]) {
      const result = await apply(toolkit, patch('*** Add File: created.txt', '+hello', ...section));
      expect(errorCode(result)).toBe('NOT_FOUND');
      expect(result.text).toContain('missing.txt');
    }
    expect(await tree(root)).toEqual({ 'foo.txt': 'stable\n' });
  });

  it('a file deleted earlier in the patch cannot be updated after', async () => {
    const { root, toolkit } = await setup({ 'f.txt': 'a\n' });
    const result = await apply(toolkit, patch('*** Delete File: f.txt', '*** Update File: f.txt', '@@', '-a', '+b'));
    expect(errorCode(result)).toBe('NOT_FOUND');
    expect(await read(root, 'f.txt')).toBe('a\n');
  });

  it('a folder named as a file to delete or update is refused', async () => {
    const { root, toolkit } = await setup({ 'dir/foo.txt': 'x\n' });
    // Twice each: the first refusal must leave no lock behind for the second to wait on.
    for (let round = 0; round < 2; round++) {
      expect(errorCode(await apply(toolkit, patch('*** Delete File: dir')))).toBe('IS_DIRECTORY');
      expect(errorCode(await apply(toolkit, patch('*** Update File: dir', '@@', '-x', '+y')))).toBe('IS_DIRECTORY');
      expect(errorCode(await apply(toolkit, patch('*** Add File: dir/', '+y')))).toBe('IS_DIRECTORY');
    }
    expect(await tree(root)).toEqual({ 'dir/foo.txt': 'x\n' });
  });

  it('a binary file cannot be updated', async () => {
    const bytes = Buffer.from([0, 1, 2, 3, 0, 255, 10]);
    const { root, toolkit } = await setup({ 'b.bin': bytes });
    const result = await apply(toolkit, patch('*** Update File: b.bin', '@@', '-a', '+b'));
    expect(errorCode(result)).toBe('BINARY_FILE');
    expect(await readFile(path.join(root, 'b.bin'))).toEqual(bytes);
  });

  it('dry_run returns the diff and writes nothing', async () => {
    const { root, toolkit } = await setup({ 'd.txt': 'alpha\n', 'gone.txt': 'g\n' });
    const result = await apply(
      toolkit,
      patch(
        '*** Update File: d.txt',
        '@@',
        '-alpha',
        '+beta',
        '*** Delete File: gone.txt',
        '*** Add File: n.txt',
        '+n',
      ),
      { dry_run: true },
    );
    const out = expectOk(result);
    expect(out.dry_run).toBe(true);
    expect(out.diff).toContain('-alpha');
    expect(out.diff).toContain('+beta');
    expect(result.text).toContain('nothing was written');
    expect(await tree(root)).toEqual({ 'd.txt': 'alpha\n', 'gone.txt': 'g\n' });
  });
});

describe('apply_patch: bounded search on hostile patches', () => {
  // Context lines repeated against a file of the same lines: a search from every place would
  // compare (file lines) × (patch lines) per level, minutes for a patch of 100 KB. Each search now
  // costs the file's lines plus the patch's, and the event loop gets turns while a patch is placed.
  it('repeated context that never matches, and thousands of chunks, end in a miss while timers still run', async () => {
    const { toolkit } = await setup({
      'same.txt': 'x\n'.repeat(30_000),
      'mid.txt': Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join(''),
    });
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    try {
      for (const [input, file] of [
        [patch('*** Update File: same.txt', '@@', ...Array<string>(15_000).fill(' x'), '-y', '+z'), 'same.txt'],
        [patch('*** Update File: same.txt', '@@', ...Array<string>(20_000).fill(' x  '), '-y', '+z'), 'same.txt'],
        [
          patch(
            '*** Update File: mid.txt',
            // Each change is checked for a second place to the end of the file.
            ...Array.from({ length: 9_000 }, (_, i) => ['@@', `-line ${i * 2}`, '+changed']).flat(),
            '@@',
            '-missing',
            '+m',
          ),
          'mid.txt',
        ],
      ] as const) {
        const before = turns;
        const result = await apply(toolkit, input, { dry_run: true });
        expect(errorCode(result), file).toBe('NO_MATCH');
        expect(result.ok ? '' : result.error.message).toContain(`to ${file}`);
        // Timers fired while the call ran: the search gave the event loop turns.
        expect(turns, file).toBeGreaterThan(before);
      }
    } finally {
      clearInterval(ticker);
    }
  });
});

describe('apply_patch: diff headers of names the diff quotes', () => {
  it('a new file is --- /dev/null and a deleted one +++ /dev/null, whatever its name', async () => {
    const { toolkit } = await setup({ 'old\\name.txt': 'x\n', 'tab\there.txt': 'y\n' });
    for (const name of ['ｆ.txt', 'a\\b.txt', 'with "quotes".txt']) {
      const added = expectOk(await apply(toolkit, patch(`*** Add File: ${name}`, '+hi'), { dry_run: true }));
      expect((added as { diff: string }).diff, name).toMatch(/^--- \/dev\/null$/m);
    }
    for (const name of ['old\\name.txt', 'tab\there.txt']) {
      const deleted = expectOk(await apply(toolkit, patch(`*** Delete File: ${name}`), { dry_run: true }));
      expect((deleted as { diff: string }).diff, name).toMatch(/^\+\+\+ \/dev\/null$/m);
    }
  });
});
