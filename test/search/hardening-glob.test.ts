// Hostile patterns for glob and grep's glob: confinement through braces,
// extglobs, escapes and symlinks; bounded brace expansion; patterns that would backtrack.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlobResult, GrepResult } from '../../src/generated/types.js';
import type { InvokeResult } from '../../src/index.js';
import { MAX_BRACE_EXPANSIONS, expandBraces } from '../../src/runtime/glob-braces.js';
import { WalkFence } from '../../src/handlers/search/glob/fence.js';
import { exactMatcher, relaxPattern } from '../../src/handlers/search/glob/match.js';
import { createRequire } from 'node:module';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

// The matcher fast-glob itself uses, loaded the way fast-glob loads it.
const fastGlobRequire = createRequire(createRequire(import.meta.url).resolve('fast-glob'));
const micromatch = fastGlobRequire('micromatch') as {
  isMatch(name: string, pattern: string, options: object): boolean;
};

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

/** A workspace with folders a/ b/ real/, and `linkdir` → a folder outside holding secret.txt. */
async function confinedSetup() {
  const { root, toolkit } = await workspaceToolkit();
  const outside = await tempDir('toolwright-outside-');
  await put(outside, { 'secret.txt': 'needle', 'deeper/secret2.txt': 'needle' });
  await put(root, { 'a/x.txt': 'needle', 'b/y.txt': 'needle', 'real/f.txt': 'needle' });
  await symlink(outside, path.join(root, 'linkdir'));
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'a', 'filelink.txt'));
  await symlink(outside, path.join(root, 'real', 'nested-link'));
  const up = path.relative(root, outside); // "../toolwright-outside-…"
  return { root, toolkit, outside, name: path.basename(outside), up };
}

/** Either refused (with one of `codes`) or answered with workspace paths that never reach outside. */
function expectConfined(result: InvokeResult, codes = ['OUTSIDE_WORKSPACE', 'INVALID_PATTERN']): void {
  if (!result.ok) {
    expect(codes).toContain(result.error.code);
    return;
  }
  const files = (result.output as GlobResult).files;
  for (const file of files) {
    expect(file.split('/')).not.toContain('..');
    expect(file.startsWith('/')).toBe(false);
    expect(file).not.toMatch(/secret/);
  }
}

describe('glob confinement through brace alternatives', () => {
  it('never lists outside files for alternatives that spell "..", absolute paths or a symlinked folder', async () => {
    const { toolkit, outside, name } = await confinedSetup();
    const patterns = [
      `{a,b}/{.,.}./{.,.}./${name}/*`,
      `a/.{.,}/.{.,}/${name}/*`,
      `{..,x}/${name}/*`,
      `{x,..}/${name}/**`,
      `a/{{.,.}.,x}/{..,y}/${name}/*`,
      `a/{.{.,.},z}/{.{.,.},z}/${name}/*`,
      `{a/..,b}/../${name}/*`,
      `{${outside},x}/*`,
      `{/,a}${outside.slice(1)}/*`,
      `{/etc,a}/*`,
      '{linkdir,zz}/*',
      '{linkdir,zz}/secret.txt',
      '{linkdir/secret.txt,zz}',
      '{link,real}dir/**',
      '{l,r}i{n,e}k{dir,}/*',
      'real/{nested-link,zz}/*',
      `{a,b}/{1..2}/../../../${name}/*`,
    ];
    for (const pattern of patterns) {
      const result = await toolkit.invoke('search', 'glob', { pattern });
      expect(result.ok, `${pattern} was answered: ${result.text}`).toBe(false);
      expectConfined(result);
    }
  });

  it('refuses ".." spelled with escapes or produced after a wildcard, and extglobs cannot walk up', async () => {
    const { toolkit, name } = await confinedSetup();
    const refused = [
      `a/\\.\\./\\.\\./${name}/*`,
      `a/.\\./..\\/${name}/*`,
      `*/{..,x}/${name}/*`,
      `**/../${name}/*`,
      `a/*/.{.,}/x`,
      `a/\\./*`,
    ];
    for (const pattern of refused) {
      const result = await toolkit.invoke('search', 'glob', { pattern });
      expect(errorCode(result), pattern).toBe('INVALID_PATTERN');
    }
    const wildcards = [
      `@(..)/${name}/*`,
      `a/@(..)/@(..)/${name}/*`,
      `+(.)/${name}/*`,
      `.[.]/${name}/*`,
      `a/?(.).//${name}/*`,
      '*/*',
      '**/*',
      '**/secret*',
      'l*/*',
      '*/secret.txt',
      'real/*/*',
      '**/.*',
    ];
    for (const pattern of wildcards) expectConfined(await toolkit.invoke('search', 'glob', { pattern }));
    const all = expectOk<GlobResult>(
      await toolkit.invoke('search', 'glob', { pattern: '**/*', include_ignored: true }),
    );
    expect(all.files.sort()).toEqual(['a/x.txt', 'b/y.txt', 'real/f.txt']); // symlinks are not listed as files
  });

  it('holds with path set to a subfolder and for absolute patterns inside the workspace', async () => {
    const { root, toolkit, name } = await confinedSetup();
    expectConfined(await toolkit.invoke('search', 'glob', { pattern: `{.,..}/../${name}/*`, path: 'a' }));
    expectConfined(await toolkit.invoke('search', 'glob', { pattern: `../{linkdir,b}/*`, path: 'a' }));
    const inside = expectOk<GlobResult>(
      await toolkit.invoke('search', 'glob', { pattern: `{${root}/a,${root}/b}/*.txt` }),
    );
    expect(inside.files.sort()).toEqual(['a/x.txt', 'b/y.txt']);
    const up = expectOk<GlobResult>(
      await toolkit.invoke('search', 'glob', { pattern: '../{b,real}/*.txt', path: 'a' }),
    );
    expect(up.files.sort()).toEqual(['b/y.txt', 'real/f.txt']);
  });

  it('keeps ordinary brace patterns working: lists, nesting, ranges, literal and escaped braces', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      'src/a.ts': '',
      'src/b.tsx': '',
      'src/c.js': '',
      'lib/d.ts': '',
      'file1.txt': '',
      'file2.txt': '',
      'file3.txt': '',
      '{a}.txt': '',
      '{a,b}.md': '',
      'x/y/z.json': '',
      'x/w.yaml': '',
    });
    const files = async (pattern: string) =>
      expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern })).files.sort();
    expect(await files('src/**/*.{ts,tsx}')).toEqual(['src/a.ts', 'src/b.tsx']);
    expect(await files('{src,lib}/*.ts')).toEqual(['lib/d.ts', 'src/a.ts']);
    expect(await files('{src/{a,c},lib/d}.*')).toEqual(['lib/d.ts', 'src/a.ts', 'src/c.js']);
    expect(await files('file{1..2}.txt')).toEqual(['file1.txt', 'file2.txt']);
    expect(await files('{a}.txt')).toEqual(['{a}.txt']);
    expect(await files('\\{a,b\\}.md')).toEqual(['{a,b}.md']);
    expect(await files('x/**/*.{json,yaml}')).toEqual(['x/w.yaml', 'x/y/z.json']);
    expect(await files('{,x/}*.yaml')).toEqual(['x/w.yaml']);
  });
});

describe('glob patterns that would backtrack', () => {
  it(
    'answers at once for many stars in a segment, nested extglobs and many globstars on hostile names',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const hostile = `${'a'.repeat(200)}c`;
      let deep = 'd';
      for (let i = 0; i < 120; i++) deep += '/x';
      await put(root, { [hostile]: '', [`${deep}/z`]: '', 'keep/ab.txt': '' });
      const cases = [
        '*a*a*a*a*a*a*a*a*a*a*a*a*b',
        '**/*a*a*a*a*a*a*a*a*b',
        '+(@(a|a))b',
        '+(a)+(a)+(a)+(a)+(a)+(a)b',
        '**/x/**/x/**/x/**/x/**/x/**/y',
        'd/**/x/**/x/**/x/**/x/**/z',
      ];
      // Backtracking regexes would take minutes to hours here (timed in test/stress/linear-time).
      for (const pattern of cases)
        expect(errorCode(await toolkit.invoke('search', 'glob', { pattern })), pattern).toBe('OK');
      const found = expectOk<GlobResult>(
        await toolkit.invoke('search', 'glob', { pattern: 'd/**/x/**/x/**/x/**/x/**/z' }),
      );
      expect(found.files).toEqual([`${deep}/z`]);
    },
  );

  it('matches complex patterns exactly (relaxed walk, exact check)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      'lib/authXservice.ts': '',
      'lib/service_auth.ts': '',
      'lib/auth/service.ts': '',
      'src/q/x/r/y.ts': '',
      'src/x/y.ts': '',
      'src/y.ts': '',
      'x.test.ts': '',
      'a.b.c': '',
      abc: '',
      '.hidden/a1a2b': '',
    });
    const files = async (pattern: string) =>
      expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern })).files.sort();
    expect(await files('**/*auth*service*')).toEqual(['lib/authXservice.ts']);
    expect(await files('src/**/x/**/y.ts')).toEqual(['src/q/x/r/y.ts', 'src/x/y.ts']);
    expect(await files('*.*.*')).toEqual(['a.b.c', 'x.test.ts']);
    expect(await files('**/*a*a*b')).toEqual(['.hidden/a1a2b']);
    expect(await files('{lib,src}/**/*a*e*')).toEqual(['lib/authXservice.ts']);
  });

  it('the exact matcher agrees with picomatch on random patterns and names', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const atoms = ['a', 'b', '.', '*', '?', '[ab]', '[^a]', 'x'];
    const options = { dot: true, nobrace: true, noext: true };
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const segments = Array.from({ length: 1 + random(3) }, () =>
        random(5) === 0 ? '**' : Array.from({ length: 1 + random(6) }, () => atoms[random(atoms.length)]).join(''),
      );
      const pattern = segments.join('/');
      const matches = exactMatcher(pattern);
      const relaxed = relaxPattern(pattern);
      for (let j = 0; j < 12; j++) {
        const name = Array.from({ length: 1 + random(3) }, () =>
          Array.from({ length: 1 + random(6) }, () => 'ab.x'[random(4)]).join(''),
        ).join('/');
        const want = micromatch.isMatch(name, pattern, options);
        expect(matches(name), `${pattern} vs ${name}`).toBe(want);
        if (want) expect(micromatch.isMatch(name, relaxed, options), `${relaxed} ⊇ ${pattern} for ${name}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(4800);
  });
});

describe('.gitignore rules with several **', () => {
  it('agree with git and do not stall on a deep tree', { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      '.gitignore':
        ['**/x/**/y/', 'a/**/b/**', '!a/**/b/**/keep.txt', '**/p/**/q/**/r', 'plain.log', '/**/z/**/w.txt'].join('\n') +
        '\n',
      'm/x/n/y/f.txt': '',
      'x/y/g.txt': '',
      'x/yy/h.txt': '',
      'a/b/c.txt': '',
      'a/k/b/l/keep.txt': '',
      'a/k/b/l/drop.txt': '',
      'p/q/r': '',
      'p/1/q/2/r': '',
      'p/q/r2': '',
      'plain.log': '',
      's/plain.log': '',
      'z/w.txt': '',
      'o/z/u/w.txt': '',
      'z/w.md': '',
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    const git = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort();
    const listed = expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**/*' })).files.sort();
    expect(listed).toEqual(git);
    let deep = 'd';
    for (let i = 0; i < 300; i++) deep += '/x';
    await put(root, { [`${deep}/f`]: '' });
    // The ignore package's regexes took minutes here (timed in test/stress/linear-time).
    expect(expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**/f' })).files).toEqual([
      `${deep}/f`,
    ]);
  });
});

describe('the glob walk fence', () => {
  it('refuses to read folders outside its base or reached through a symlink, and rejects unplain results', async () => {
    const { root, outside } = await confinedSetup();
    const fence = new WalkFence(root, new AbortController().signal);
    const fs = fence.adapter() as {
      readdir: (d: string, o: unknown, cb: (e: NodeJS.ErrnoException | null, v?: unknown[]) => void) => void;
      lstat: (p: string, cb: (e: NodeJS.ErrnoException | null) => void) => void;
    };
    const readdirOf = (dir: string) =>
      new Promise<string>((resolve) => fs.readdir(dir, { withFileTypes: true }, (e) => resolve(e ? e.code! : 'read')));
    const lstatOf = (p: string) => new Promise<string>((resolve) => fs.lstat(p, (e) => resolve(e ? e.code! : 'stat')));
    expect(await readdirOf(root)).toBe('read');
    expect(await readdirOf(path.join(root, 'a'))).toBe('read');
    expect(await readdirOf(outside)).toBe('ENOENT');
    expect(await readdirOf(path.join(root, 'a', '..', '..'))).toBe('ENOENT');
    expect(await readdirOf(path.join(root, 'linkdir'))).toBe('ENOENT');
    expect(await readdirOf(path.join(root, 'linkdir', 'deeper'))).toBe('ENOENT');
    expect(await lstatOf(path.join(root, 'linkdir', 'secret.txt'))).toBe('ENOENT');
    expect(await lstatOf(path.join(outside, 'secret.txt'))).toBe('ENOENT');
    expect(await lstatOf(path.join(root, 'a', 'x.txt'))).toBe('stat');
    expect(fence.check('a/x.txt', '')).toBe('a/x.txt');
    for (const bad of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//x.txt',
      './a/x.txt',
      'linkdir/secret.txt',
      'real/nested-link/secret.txt',
      '',
    ]) {
      expect(fence.check(bad, ''), bad).toBeUndefined();
    }
  });
});

describe('bounded brace expansion', () => {
  it("refuses explosive patterns with INVALID_PATTERN at once, in glob and in grep's glob", async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'needle\n' });
    let nested = 'z';
    for (let i = 0; i < 30; i++) nested = `{a${i},${nested}}`;
    const explosive = [
      '{a,b}'.repeat(24),
      '{a,b}'.repeat(11),
      '{a,b,c,d}/'.repeat(6) + '*',
      '{1..100000}',
      '{a..z}{a..z}{a..z}',
      '{1..40}{1..40}',
      `{${'x,'.repeat(2000)}y}`,
      nested,
      '{'.repeat(500) + 'a,b' + '}'.repeat(500),
    ];
    // Refused before expanding (time and heap: test/stress/linear-time).
    for (const pattern of explosive) {
      const result = await toolkit.invoke('search', 'glob', { pattern });
      expect(errorCode(result), pattern.slice(0, 40)).toBe('INVALID_PATTERN');
      expect(result.text).toMatch(/alternatives|nest/);
    }
    for (const pattern of ['{a,b}'.repeat(24), '{a,b,c,d,e,f,g,h}'.repeat(4), nested]) {
      expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'needle', glob: pattern }))).toBe(
        'INVALID_PATTERN',
      );
    }
    // Up to the bound is fine (and rg's globs have no ranges, so they are not counted there).
    expect(errorCode(await toolkit.invoke('search', 'glob', { pattern: '{a,b}'.repeat(10) }))).toBe('OK');
    const ranged = await toolkit.invoke('search', 'grep', { pattern: 'needle', glob: '{1..100000}' });
    expect(expectOk<GrepResult>(ranged).matches).toEqual([]);
  });

  it('expands like bash within the limits, refusing before building anything', () => {
    expect(expandBraces('a{b,c{d,e}}f')).toEqual(['abf', 'acdf', 'acef']);
    expect(expandBraces('{3..1}')).toEqual(['3', '2', '1']);
    expect(expandBraces('{01..10..4}')).toEqual(['01', '05', '09']);
    expect(expandBraces('{a..e..2}')).toEqual(['a', 'c', 'e']);
    expect(expandBraces('[{,}]x')).toEqual(['[{,}]x']);
    expect(expandBraces('\\{a,b}')).toEqual(['\\{a,b}']);
    expect(expandBraces('{a,b')).toEqual(['{a,b']);
    expect(expandBraces('{a,a}')).toEqual(['a']);
    expect(expandBraces('{a,b}'.repeat(10))).toHaveLength(MAX_BRACE_EXPANSIONS);
    expect(() => expandBraces('{1..999999999999}')).toThrow(/far more than/);
    expect(() => expandBraces(`{${'a'.repeat(300)},${'b'.repeat(300)}}`.repeat(9))).toThrow(/KiB/);
  });
});
