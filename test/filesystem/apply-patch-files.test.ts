// apply_patch and the files it writes: line endings, BOM and legacy encodings kept as edit_file keeps
// them; loose matching (trailing blanks, indentation, typographic punctuation) said in the result;
// confinement of every path a patch names (`..`, absolute, symlinked folders, Move to outside) and
// path rules; all files or none; changes on disk since the session read a file.
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const apply = (toolkit: Toolkit, input: string, extra: Record<string, unknown> = {}) =>
  toolkit.invoke('filesystem', 'apply_patch', { input, ...extra });

async function put(root: string, name: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), content);
}
const bytes = (root: string, name: string) => readFile(path.join(root, name));
const text = (root: string, name: string) => readFile(path.join(root, name), 'utf8');

async function listing(root: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    out.push(rel);
    if (entry.isDirectory()) out.push(...(await listing(root, rel)));
  }
  return out.sort();
}

describe('apply_patch: line endings and encodings', () => {
  it("keeps CRLF: context lines keep theirs, new lines take the file's", async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'win.txt', 'a\r\nb\r\nc\r\n');
    expectOk(await apply(toolkit, patch('*** Update File: win.txt', '@@', ' a', '-b', '+B', '+b2', ' c')));
    expect(await text(root, 'win.txt')).toBe('a\r\nB\r\nb2\r\nc\r\n');
  });

  it('keeps mixed line endings outside the change, bytes for bytes', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'mixed.txt', 'one\r\ntwo\nthree\r\nfour\nfive\r\n');
    expectOk(await apply(toolkit, patch('*** Update File: mixed.txt', '@@', ' three', '-four', '+FOUR')));
    expect(await text(root, 'mixed.txt')).toBe('one\r\ntwo\nthree\r\nFOUR\r\nfive\r\n');
  });

  it('keeps a CRLF file CRLF when the patch is sent with CRLF too', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'win.txt', 'x\r\ny\r\n');
    const input = patch('*** Update File: win.txt', '@@', '-y', '+z').replace(/\n/g, '\r\n');
    expectOk(await apply(toolkit, input));
    expect(await text(root, 'win.txt')).toBe('x\r\nz\r\n');
  });

  it('keeps a UTF-8 BOM', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'bom.txt', '\uFEFFfirst\nsecond\n');
    expectOk(await apply(toolkit, patch('*** Update File: bom.txt', '@@', '-first', '+premier')));
    const out = await bytes(root, 'bom.txt');
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString('utf8')).toBe('premier\nsecond\n');
  });

  it('keeps UTF-16LE with its BOM and CRLF', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'u16.txt', Buffer.from('\uFEFFalpha\r\nbeta\r\n', 'utf16le'));
    expectOk(await apply(toolkit, patch('*** Update File: u16.txt', '@@', ' alpha', '-beta', '+gamma')));
    expect(await bytes(root, 'u16.txt')).toEqual(Buffer.from('\uFEFFalpha\r\ngamma\r\n', 'utf16le'));
  });

  it('keeps a Windows-1252 file in Windows-1252', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original =
      'Le cœur déçu mais l’âme plutôt naïve, « Ça coûte 5 € », dit-il.\nDer Größenwahn führt über Brücken.\n';
    await put(root, 'legacy.txt', iconv.encode(original, 'windows-1252'));
    expectOk(
      await apply(
        toolkit,
        patch(
          '*** Update File: legacy.txt',
          '@@',
          '-Der Größenwahn führt über Brücken.',
          '+Der Größenwahn führt über Flüsse.',
        ),
      ),
    );
    expect(await bytes(root, 'legacy.txt')).toEqual(
      iconv.encode(original.replace('Brücken', 'Flüsse'), 'windows-1252'),
    );
  });

  it("refuses text the file's encoding cannot hold, writing no file of the patch", async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original =
      'Le cœur déçu mais l’âme plutôt naïve, « Ça coûte 5 € », dit-il.\nDer Größenwahn führt über Brücken.\n';
    await put(root, 'legacy.txt', iconv.encode(original, 'windows-1252'));
    await put(root, 'other.txt', 'o\n');
    const result = await apply(
      toolkit,
      patch(
        '*** Update File: other.txt',
        '@@',
        '-o',
        '+p',
        '*** Update File: legacy.txt',
        '@@',
        '-Der Größenwahn führt über Brücken.',
        '+日本語',
      ),
    );
    expect(errorCode(result)).toBe('INVALID_INPUT');
    expect(result.text).toContain('legacy.txt');
    expect(await bytes(root, 'legacy.txt')).toEqual(iconv.encode(original, 'windows-1252'));
    expect(await text(root, 'other.txt')).toBe('o\n');
  });

  it('a new file is UTF-8 with LF line endings', async () => {
    const { root, toolkit } = await workspaceToolkit();
    expectOk(await apply(toolkit, patch('*** Add File: n.txt', '+é', '+ü')));
    expect(await bytes(root, 'n.txt')).toEqual(Buffer.from('é\nü\n', 'utf8'));
  });

  it('keeps the file mode', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'run.sh', '#!/bin/sh\necho a\n');
    const { chmod, stat } = await import('node:fs/promises');
    await chmod(path.join(root, 'run.sh'), 0o750);
    expectOk(
      await apply(toolkit, patch('*** Update File: run.sh', '*** Move to: bin/run.sh', '@@', '-echo a', '+echo b')),
    );
    expect((await stat(path.join(root, 'bin/run.sh'))).mode & 0o777).toBe(0o750);
  });
});

describe('apply_patch: loose matches are said', () => {
  it('trailing blanks in the file or the patch', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 't.txt', 'keep   \nchange\t\n');
    const out = expectOk(await apply(toolkit, patch('*** Update File: t.txt', '@@', ' keep', '-change', '+changed')));
    expect(out.files[0].normalized).toEqual(['trailing_whitespace']);
    // The context line keeps its own trailing blanks.
    expect(await text(root, 't.txt')).toBe('keep   \nchanged\n');
  });

  it('Unicode punctuation in the file and ASCII in the patch (and the other way round)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(
      root,
      'p.py',
      'import asyncio  # local import \u2013 avoids top\u2011level dep\nx = \u201Cquoted\u201D\u00A0here\n',
    );
    const out = expectOk(
      await apply(
        toolkit,
        patch(
          '*** Update File: p.py',
          '@@',
          '-import asyncio  # local import - avoids top-level dep',
          '+import asyncio  # HELLO',
          ' x = "quoted" here',
        ),
      ),
    );
    expect(out.files[0].normalized).toEqual(['punctuation']);
    // The context line is kept as the file has it.
    expect(await text(root, 'p.py')).toBe('import asyncio  # HELLO\nx = \u201Cquoted\u201D\u00A0here\n');
    await put(root, 'q.txt', "it's - fine\n");
    const back = expectOk(await apply(toolkit, patch('*** Update File: q.txt', '@@', '-it\u2019s \u2014 fine', '+ok')));
    expect(back.files[0].normalized).toEqual(['punctuation']);
    expect(await text(root, 'q.txt')).toBe('ok\n');
  });

  it('an exact match is preferred to a loose one further up', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'e.txt', 'a \u2013 b\nmiddle\na - b\n');
    const out = expectOk(await apply(toolkit, patch('*** Update File: e.txt', '@@', '-a - b', '+X')));
    expect(out.files[0].normalized).toBeUndefined();
    expect(await text(root, 'e.txt')).toBe('a \u2013 b\nmiddle\nX\n');
  });
});

describe('apply_patch: confinement of every path it names', () => {
  async function withOutside(): Promise<{ root: string; outside: string; toolkit: Toolkit }> {
    const { root, toolkit } = await workspaceToolkit();
    const outside = await tempDir('toolwright-outside-');
    await writeFile(path.join(outside, 'secret.txt'), 'SECRET\n');
    await put(root, 'in.txt', 'inside\n');
    await symlink(outside, path.join(root, 'link'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
    return { root, outside, toolkit };
  }

  const escapes = (outside: string): [string, string][] => [
    ['.. in an Add', patch('*** Add File: ../escaped.txt', '+x')],
    ['.. deep in an Add', patch('*** Add File: a/../../escaped.txt', '+x')],
    ['an absolute path outside', patch(`*** Add File: ${path.join(outside, 'escaped.txt')}`, '+x')],
    ['an absolute Delete outside', patch(`*** Delete File: ${path.join(outside, 'secret.txt')}`)],
    ['an Update through a symlinked folder', patch('*** Update File: link/secret.txt', '@@', '-SECRET', '+PWNED')],
    ['a Delete through a symlinked folder', patch('*** Delete File: link/secret.txt')],
    ['an Add through a symlinked folder', patch('*** Add File: link/escaped.txt', '+x')],
    ['an Update of a symlink to a file outside', patch('*** Update File: secret-link.txt', '@@', '-SECRET', '+PWNED')],
    [
      'a Move to outside',
      patch('*** Update File: in.txt', `*** Move to: ${path.join(outside, 'escaped.txt')}`, '@@', '-inside', '+x'),
    ],
    ['a Move to .. ', patch('*** Update File: in.txt', '*** Move to: ../escaped.txt', '@@', '-inside', '+x')],
    [
      'a Move into a symlinked folder',
      patch('*** Update File: in.txt', '*** Move to: link/escaped.txt', '@@', '-inside', '+x'),
    ],
  ];

  for (const [name, _] of escapes('/x')) {
    it(`${name}: OUTSIDE_WORKSPACE, nothing written on either side`, async () => {
      const { root, outside, toolkit } = await withOutside();
      const input = escapes(outside).find(([n]) => n === name)![1];
      // A harmless section first: all or nothing means it is not written either.
      const result = await apply(
        toolkit,
        input.replace('*** Begin Patch\n', '*** Begin Patch\n*** Add File: first.txt\n+1\n'),
      );
      expect(errorCode(result)).toBe('OUTSIDE_WORKSPACE');
      expect(await listing(outside)).toEqual(['secret.txt']);
      expect(await text(outside, 'secret.txt')).toBe('SECRET\n');
      expect(await text(root, 'in.txt')).toBe('inside\n');
      expect(await listing(root)).toEqual(['in.txt', 'link', 'secret-link.txt']);
    });
  }

  it('a Delete or a Move of a link to a file inside is refused: neither the link nor its file changes', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'inner.txt', 'inner\n');
    await symlink('inner.txt', path.join(root, 'inlink'));
    const touchFirst = (named: string) => ['*** Update File: ' + named, '@@', '-inner', '+touched'];
    for (const input of [
      patch('*** Delete File: inlink'),
      patch('*** Update File: inlink', '*** Move to: moved.txt', '@@', '-inner', '+moved'),
      // A section before that changed the file the link leads to (by its name or the link's) does
      // not make the link a file.
      patch(...touchFirst('inner.txt'), '*** Delete File: inlink'),
      patch(...touchFirst('inlink'), '*** Delete File: inlink'),
      patch(...touchFirst('inner.txt'), '*** Update File: inlink', '*** Move to: moved.txt', '@@', '-touched', '+m'),
    ]) {
      const result = await apply(
        toolkit,
        input.replace('*** Begin Patch\n', '*** Begin Patch\n*** Add File: first.txt\n+1\n'),
      );
      expect(errorCode(result)).toBe('INVALID_INPUT');
      expect(result.ok ? '' : result.error.message).toContain('inlink is a symbolic link');
      expect(await listing(root)).toEqual(['inlink', 'inner.txt']);
      expect(await text(root, 'inlink')).toBe('inner\n');
    }
    // An Update in place goes through the link to its file, as write_file and edit_file do.
    expectOk(await apply(toolkit, patch('*** Update File: inlink', '@@', '-inner', '+changed')));
    expect(await text(root, 'inner.txt')).toBe('changed\n');
  });

  it('an absolute path inside the workspace is accepted', async () => {
    const { root, toolkit } = await workspaceToolkit();
    expectOk(await apply(toolkit, patch(`*** Add File: ${path.join(root, 'abs.txt')}`, '+a')));
    expect(await text(root, 'abs.txt')).toBe('a\n');
  });

  it('path rules decide every path of the patch, the Move to included', async () => {
    const { root } = await workspaceToolkit();
    await put(root, 'src/a.txt', 'a\n');
    await put(root, 'secrets/key.txt', 'k\n');
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'filesystem.*', path: 'secrets/**', decision: 'deny' }] },
    });
    const cases = [
      patch('*** Update File: src/a.txt', '*** Move to: secrets/a.txt', '@@', '-a', '+b'),
      patch('*** Add File: src/ok.txt', '+x', '*** Delete File: secrets/key.txt'),
      patch('*** Update File: secrets/key.txt', '@@', '-k', '+K'),
    ];
    for (const input of cases) {
      const result = await apply(toolkit, input);
      expect(errorCode(result)).toBe('DENIED_BY_POLICY');
    }
    expect(await listing(root)).toEqual(['secrets', 'secrets/key.txt', 'src', 'src/a.txt']);
    expectOk(await apply(toolkit, patch('*** Update File: src/a.txt', '@@', '-a', '+b')));
  });
});

describe('apply_patch: bounded', () => {
  it('a patch of more file sections than one call applies is refused at once, naming the bound', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const sections = Array.from({ length: 1001 }, (_, i) => [`*** Add File: f${i}.txt`, '+x']).flat();
    const result = await apply(toolkit, patch(...sections));
    expect(errorCode(result)).toBe('INVALID_INPUT');
    expect(result.ok ? '' : result.error.message).toContain('at most 1000');
    expect(await listing(root)).toEqual([]);
  });
});

describe('apply_patch: all files or none', () => {
  it('a miss in the last section leaves every earlier one unwritten (adds, deletes, moves)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'a.txt', 'a\n');
    await put(root, 'b.txt', 'b\n');
    await put(root, 'c.txt', 'c\n');
    const before = await listing(root);
    const result = await apply(
      toolkit,
      patch(
        '*** Add File: new/n.txt',
        '+n',
        '*** Delete File: a.txt',
        '*** Update File: b.txt',
        '*** Move to: moved/b.txt',
        '@@',
        '-b',
        '+B',
        '*** Update File: c.txt',
        '@@',
        '-not there',
        '+x',
      ),
    );
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(await listing(root)).toEqual(before);
    expect(await text(root, 'b.txt')).toBe('b\n');
  });

  it('a section whose folder is a file fails before anything is written', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'a.txt', 'a\n');
    await put(root, 'plain', 'i am a file\n');
    const result = await apply(
      toolkit,
      patch('*** Update File: a.txt', '@@', '-a', '+A', '*** Add File: plain/child.txt', '+x'),
    );
    expect(['NOT_DIRECTORY', 'NOT_FOUND']).toContain(errorCode(result));
    expect(await text(root, 'a.txt')).toBe('a\n');
  });

  it('concurrent patches to the same files in opposite orders all land (no deadlock, none lost)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const n = 12;
    await put(root, 'x.txt', Array.from({ length: n }, (_, i) => `x${i}`).join('\n') + '\n');
    await put(root, 'y.txt', Array.from({ length: n }, (_, i) => `y${i}`).join('\n') + '\n');
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const [first, second] = i % 2 === 0 ? ['x', 'y'] : ['y', 'x'];
        return apply(
          toolkit,
          patch(
            `*** Update File: ${first}.txt`,
            '@@',
            `-${first}${i}`,
            `+${first.toUpperCase()}${i}`,
            `*** Update File: ${second}.txt`,
            '@@',
            `-${second}${i}`,
            `+${second.toUpperCase()}${i}`,
          ),
        );
      }),
    );
    expect(results.filter((r) => !r.ok).map((r) => r.text)).toEqual([]);
    expect(await text(root, 'x.txt')).toBe(Array.from({ length: n }, (_, i) => `X${i}`).join('\n') + '\n');
    expect(await text(root, 'y.txt')).toBe(Array.from({ length: n }, (_, i) => `Y${i}`).join('\n') + '\n');
  });
});

describe('apply_patch: files changed on disk since the session read them', () => {
  it('a change to the lines the patch changes is STALE_FILE; elsewhere it applies and says so', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    await put(root, 'f.txt', lines.join('\n') + '\n');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    // Someone else changes line 28; the patch changes line 2.
    const { utimes } = await import('node:fs/promises');
    await put(root, 'f.txt', lines.map((l, i) => (i === 28 ? 'other writer' : l)).join('\n') + '\n');
    await utimes(path.join(root, 'f.txt'), new Date(), new Date(Date.now() + 5000));
    const ok = expectOk(await apply(toolkit, patch('*** Update File: f.txt', '@@', '-line 2', '+LINE 2')));
    expect(ok.changed_since_read).toBe(true);
    // Now someone changes the lines next to the next change.
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt' }));
    const now = await text(root, 'f.txt');
    await put(root, 'f.txt', now.replace('line 11', 'edited 11'));
    await utimes(path.join(root, 'f.txt'), new Date(), new Date(Date.now() + 10_000));
    const stale = await apply(toolkit, patch('*** Update File: f.txt', '@@', ' edited 11', '-line 12', '+LINE 12'));
    expect(errorCode(stale)).toBe('STALE_FILE');
    expect(await text(root, 'f.txt')).toBe(now.replace('line 11', 'edited 11'));
  });

  it('a file deleted or replaced whole must be as the session read it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, 'g.txt', 'g\n');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'g.txt' }));
    await put(root, 'g.txt', 'changed by someone\n');
    const { utimes } = await import('node:fs/promises');
    await utimes(path.join(root, 'g.txt'), new Date(), new Date(Date.now() + 5000));
    expect(errorCode(await apply(toolkit, patch('*** Delete File: g.txt')))).toBe('STALE_FILE');
    expect(errorCode(await apply(toolkit, patch('*** Add File: g.txt', '+new')))).toBe('STALE_FILE');
    expect(await text(root, 'g.txt')).toBe('changed by someone\n');
  });
});
