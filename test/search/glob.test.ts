import { mkdir, realpath, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlobResult } from '../../src/generated/types.js';
import type { Toolkit } from '../../src/index.js';
import { walkGlob } from '../../src/handlers/search/glob/walk.js';
import { SLICE } from '../../src/runtime/turns/turns.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

async function glob(toolkit: Toolkit, input: Record<string, unknown>): Promise<GlobResult> {
  return expectOk<GlobResult>(await toolkit.invoke('search', 'glob', input));
}

describe('search.glob', () => {
  it('lists files newest first by modification time', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'old.txt': '1', 'new.txt': '2', 'mid.txt': '3' });
    await utimes(path.join(root, 'old.txt'), new Date('2020-01-01'), new Date('2020-01-01'));
    await utimes(path.join(root, 'mid.txt'), new Date('2021-01-01'), new Date('2021-01-01'));
    await utimes(path.join(root, 'new.txt'), new Date('2022-01-01'), new Date('2022-01-01'));
    const out = await glob(toolkit, { pattern: '*.txt' });
    expect(out.files).toEqual(['new.txt', 'mid.txt', 'old.txt']);
    const limited = await toolkit.invoke('search', 'glob', { pattern: '*.txt', limit: 2 });
    expect(expectOk<GlobResult>(limited)).toEqual({
      files: ['new.txt', 'mid.txt'],
      truncated: true,
      total: 3,
      next: { pattern: '*.txt', limit: 2, offset: 2 },
    });
    expect(limited.text).toContain(
      '[cut at file 2 of 3 (limit=2; newest first): continue with {"pattern":"*.txt","limit":2,"offset":2}]',
    );
    const rest = await toolkit.invoke('search', 'glob', { pattern: '*.txt', limit: 2, offset: 2 });
    expect(expectOk<GlobResult>(rest)).toEqual({ files: ['old.txt'], truncated: false, total: 3 });
  });

  it('honours .gitignore files at every level, with deeper files taking precedence', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      '.gitignore': '*.log\n/build/\n',
      'a.log': 'x',
      'build/out.js': 'x',
      'src/build/keep.js': 'x', // "/build/" is anchored to the root
      'sub/.gitignore': 'local/\n!keep.log\n',
      'sub/keep.log': 'x',
      'sub/drop.log': 'x',
      'sub/local/x.txt': 'x',
      'sub/y.txt': 'x',
    });
    const out = await glob(toolkit, { pattern: '**/*' });
    expect(out.files.sort()).toEqual([
      '.gitignore',
      'src/build/keep.js',
      'sub/.gitignore',
      'sub/keep.log',
      'sub/y.txt',
    ]);
    const all = await glob(toolkit, { pattern: '**/*', include_ignored: true });
    expect(all.files).toHaveLength(9);
  });

  it('applies the root .gitignore when the pattern starts in a subfolder', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { '.gitignore': 'gen/\n', 'src/gen/a.ts': 'x', 'src/b.ts': 'x' });
    expect((await glob(toolkit, { pattern: 'src/**/*.ts' })).files).toEqual(['src/b.ts']);
    expect((await glob(toolkit, { pattern: '**/*.ts', path: 'src' })).files).toEqual(['src/b.ts']);
  });

  it('skips .git unless include_ignored, also without any .gitignore', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { '.git/HEAD': 'ref', '.git/objects/ab/cd': 'x', 'sub/.git/config': 'x', 'a.txt': 'x' });
    expect((await glob(toolkit, { pattern: '**' })).files).toEqual(['a.txt']);
    const all = await glob(toolkit, { pattern: '**', include_ignored: true });
    expect(all.files.sort()).toEqual(['.git/HEAD', '.git/objects/ab/cd', 'a.txt', 'sub/.git/config']);
  });

  it('includes dot files and dot folders', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { '.env': 'x', '.config/app.json': '{}', 'visible.json': '{}' });
    expect((await glob(toolkit, { pattern: '**/*.json' })).files.sort()).toEqual(['.config/app.json', 'visible.json']);
    expect((await glob(toolkit, { pattern: '.*' })).files).toEqual(['.env']);
  });

  it('does not follow symlinked folders, survives symlink loops and never lists outside files', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const outside = await tempDir('toolwright-outside-');
    await put(outside, { 'secret.txt': 'x' });
    await put(root, { 'real/f.txt': 'x' });
    await symlink(path.join(root, 'real'), path.join(root, 'link'));
    await symlink(root, path.join(root, 'real', 'loop'));
    await symlink(outside, path.join(root, 'out'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
    const out = await glob(toolkit, { pattern: '**/*.txt' });
    expect(out.files).toEqual(['real/f.txt']);
  });

  it('finds a literal file name containing [ ] ( )', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a[1].txt': 'x', 'app/(group)/page.tsx': 'x', 'pages/[id].tsx': 'x' });
    expect((await glob(toolkit, { pattern: 'a[1].txt' })).files).toEqual(['a[1].txt']);
    expect((await glob(toolkit, { pattern: 'app/(group)/page.tsx' })).files).toEqual(['app/(group)/page.tsx']);
    expect((await glob(toolkit, { pattern: '[id].tsx', path: 'pages' })).files).toEqual(['pages/[id].tsx']);
    // the glob meaning of the same pattern still works
    await put(root, { 'a1.txt': 'x' });
    expect((await glob(toolkit, { pattern: 'a[1].txt' })).files.sort()).toEqual(['a1.txt', 'a[1].txt']);
  });

  it('accepts absolute patterns inside the workspace and leading .. that stays inside', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'lib/x.ts': 'x', 'src/y.ts': 'y' });
    expect((await glob(toolkit, { pattern: `${root}/lib/*.ts` })).files).toEqual(['lib/x.ts']);
    expect((await glob(toolkit, { pattern: '../lib/*.ts', path: 'src' })).files).toEqual(['lib/x.ts']);
  });

  it('returns no files (with a hint) when a literal prefix folder is missing', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.ts': 'x' });
    const result = await toolkit.invoke('search', 'glob', { pattern: 'nowhere/**/*.ts' });
    expect(expectOk<GlobResult>(result)).toEqual({ files: [], truncated: false, total: 0 });
    expect(result.text).toContain('No files match');
    const flat = await toolkit.invoke('search', 'glob', { pattern: '*.md' });
    expect(flat.text).toContain('include_ignored');
  });

  it('refuses bad input with clear codes', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'x', 'src/b.ts': 'x' });
    const cases: [Record<string, unknown>, string][] = [
      [{ pattern: '' }, 'INVALID_INPUT'],
      [{ pattern: '   ' }, 'INVALID_INPUT'],
      [{ pattern: '*', path: 'missing' }, 'NOT_FOUND'],
      [{ pattern: '*', path: 'a.txt' }, 'NOT_DIRECTORY'],
      [{ pattern: '*', path: '..' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '*', path: '/etc' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '/etc/*' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '../*' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: 'src/**/../../../*' }, 'INVALID_PATTERN'],
      [{ pattern: 'src/' }, 'INVALID_PATTERN'],
    ];
    for (const [input, code] of cases) {
      const result = await toolkit.invoke('search', 'glob', input);
      expect([JSON.stringify(input), errorCode(result)]).toEqual([JSON.stringify(input), code]);
    }
    const notDir = await toolkit.invoke('search', 'glob', { pattern: '*', path: 'a.txt' });
    expect(notDir.text).toMatch(/a\.txt is a file/);
  });

  it('returns CANCELLED when the signal is already aborted', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'x' });
    const controller = new AbortController();
    controller.abort();
    const result = await toolkit.invoke('search', 'glob', { pattern: '**' }, { signal: controller.signal });
    expect(errorCode(result)).toBe('CANCELLED');
  });
});

describe('search.glob in a deep chain of folders', () => {
  // Each folder's .gitignore chain is loaded once and reused below it, and only folders that have
  // rules are consulted: the decisions are those of git, at every depth.
  it('applies the .gitignore of every level to what lies below it, at depth 600', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const levels = Array.from({ length: 600 }, () => 'd');
    const at = (depth: number) => path.join(root, ...levels.slice(0, depth));
    await mkdir(at(600), { recursive: true });
    await writeFile(path.join(at(100), '.gitignore'), 'secret.txt\n*.log\n');
    await writeFile(path.join(at(300), '.gitignore'), '!keep.log\n');
    for (const depth of [50, 150, 450, 600]) {
      for (const name of ['secret.txt', 'a.log', 'keep.log', 'plain.txt'])
        await writeFile(path.join(at(depth), name), 'x\n');
    }
    const found = await glob(toolkit, { pattern: '**/*.{txt,log}', limit: 1000 });
    const names = found.files.map((file) => `${file.split('/').length - 1}:${path.posix.basename(file)}`).sort();
    expect(names).toEqual(
      [
        '50:secret.txt',
        '50:a.log',
        '50:keep.log',
        '50:plain.txt',
        '150:plain.txt',
        '450:keep.log',
        '450:plain.txt',
        '600:keep.log',
        '600:plain.txt',
      ].sort(),
    );
  });
});

describe('search.glob over a folder larger than one slice of work', () => {
  it('lists newest first and pages as over a small one, each match once', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const count = 2 * SLICE + 50;
    await mkdir(path.join(root, 'many'));
    const names = Array.from({ length: count }, (_, i) => `f${String(i).padStart(5, '0')}.txt`);
    await Promise.all(names.map((name) => writeFile(path.join(root, 'many', name), 'x')));
    // Three times only: most files share one, so the name orders the ties.
    const times = [new Date('2020-01-01'), new Date('2021-01-01'), new Date('2022-01-01')];
    await Promise.all(names.map((name, i) => utimes(path.join(root, 'many', name), times[i % 3]!, times[i % 3]!)));
    const expected = names
      .map((name, i) => ({ file: `many/${name}`, time: i % 3 }))
      .sort((a, b) => b.time - a.time || (a.file < b.file ? -1 : 1))
      .map((entry) => entry.file);
    const first = await glob(toolkit, { pattern: 'many/*', limit: 1000 });
    expect(first.total).toBe(count);
    expect(first.files).toEqual(expected.slice(0, 1000));
    const later = await glob(toolkit, { pattern: 'many/*', limit: 1000, offset: SLICE });
    expect(later.files).toEqual(expected.slice(SLICE, SLICE + 1000));
    // Two patterns of one walk that both match every file: each still counted once.
    const both = await glob(toolkit, { pattern: 'many/{f*,*.txt}', limit: 10 });
    expect(both.total).toBe(count);
    expect(both.files).toEqual(expected.slice(0, 10));
  });

  it('walks two patterns that match the same files into one list, each file once', async () => {
    const { root } = await workspaceToolkit();
    // Two bases (sub, sub/deep): fast-glob walks sub/deep twice.
    await put(root, { 'sub/f1.ts': 'x', 'sub/deep/x.ts': 'x', 'sub/deep/y.js': 'x', 'g.ts': 'x' });
    const base = await realpath(root);
    const walked = await walkGlob({
      root: base,
      base,
      patterns: ['sub/**/*.ts', 'sub/deep/*'],
      includeIgnored: true,
      signal: new AbortController().signal,
    });
    expect([...walked].sort()).toEqual(['sub/deep/x.ts', 'sub/deep/y.js', 'sub/f1.ts']);
  });
});

describe('search.glob cancelled with thousands of folders queued', () => {
  it('ends CANCELLED without overflowing the stack, and the next call answers', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const folders = 3000;
    for (let i = 0; i < folders; i++) {
      await mkdir(path.join(root, `d${i}`));
      await writeFile(path.join(root, `d${i}`, 'f'), '');
    }
    const controller = new AbortController();
    // Once the root and a first folder were read, every other folder waits in the walk's queue.
    const result = await toolkit.invoke(
      'search',
      'glob',
      { pattern: '**/*' },
      {
        signal: controller.signal,
        onProgress: (event) => {
          if (event.progress > folders) controller.abort();
        },
      },
    );
    expect(errorCode(result)).toBe('CANCELLED');
    // The queued reads answer after the call: a stack overflow among them would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await glob(toolkit, { pattern: 'd1/*' })).files).toEqual(['d1/f']);
  });
});
