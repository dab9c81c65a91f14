import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlobResult, GrepResult } from '../../src/generated/types.js';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { RG_PATH_ENV } from '../../src/runtime/sandbox/ripgrep-path.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

async function put(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

async function grep(toolkit: Toolkit, input: Record<string, unknown>): Promise<GrepResult> {
  return expectOk<GrepResult>(await toolkit.invoke('search', 'grep', input));
}

/** Pids of live processes whose command line mentions `needle`. */
async function processesMentioning(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      if (cmdline.includes(needle) && !/State:\s+Z/.test(status)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

async function waitUntilGone(needle: string, ms = 3000): Promise<number[]> {
  const deadline = Date.now() + scaled(ms);
  let pids = await processesMentioning(needle);
  while (pids.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    pids = await processesMentioning(needle);
  }
  return pids;
}

describe('search.grep content mode', () => {
  it('returns workspace-relative matches with line numbers and compact text', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'src/a.ts': 'one\nfind me\nthree\n', 'src/deep/b.ts': 'find me too\n', 'c.md': 'nothing\n' });
    const result = await toolkit.invoke('search', 'grep', { pattern: 'find me' });
    expect(expectOk<GrepResult>(result)).toEqual({
      matches: [
        { path: 'src/a.ts', line: 2, text: 'find me' },
        { path: 'src/deep/b.ts', line: 1, text: 'find me too' },
      ],
      truncated: false,
    });
    expect(result.text).toBe('src/a.ts:2: find me\nsrc/deep/b.ts:1: find me too\n(2 matches in 2 files)');
  });

  it('searches one file when path is a file, and patterns that start with a dash', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'src/a.ts': '--flag\nx\n', 'src/b.ts': '--flag\n' });
    const out = await grep(toolkit, { pattern: '--flag', path: 'src/a.ts' });
    expect(out.matches).toEqual([{ path: 'src/a.ts', line: 1, text: '--flag' }]);
  });

  it('returns context lines before and after, rendered like rg', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'l1\nl2\nhit A\nl4\nhit B\nl6\nl7\nl8\nl9\nl10\nhit C\nl12\n' });
    const result = await toolkit.invoke('search', 'grep', { pattern: 'hit', context: 2 });
    const out = expectOk<GrepResult>(result);
    expect(out.matches).toEqual([
      { path: 'a.txt', line: 3, text: 'hit A', before: ['l1', 'l2'], after: ['l4', 'hit B'] },
      { path: 'a.txt', line: 5, text: 'hit B', before: ['hit A', 'l4'], after: ['l6', 'l7'] },
      { path: 'a.txt', line: 11, text: 'hit C', before: ['l9', 'l10'], after: ['l12'] },
    ]);
    expect(result.text.split('\n')).toEqual([
      'a.txt-1- l1',
      'a.txt-2- l2',
      'a.txt:3: hit A',
      'a.txt-4- l4',
      'a.txt:5: hit B',
      'a.txt-6- l6',
      'a.txt-7- l7',
      '--',
      'a.txt-9- l9',
      'a.txt-10- l10',
      'a.txt:11: hit C',
      'a.txt-12- l12',
      '(3 matches in 1 file)',
    ]);
  });

  it('supports case_insensitive, fixed_strings, multiline and a glob filter', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      'src/a.ts': 'Hello\nfunction f(\n  x,\n) {}\ncall(a.b)\ncallXaYb\n',
      'src/b.js': 'hello\n',
      'lib/c.ts': 'HELLO\n',
    });
    expect((await grep(toolkit, { pattern: 'hello' })).matches!.map((m) => m.path)).toEqual(['src/b.js']);
    const insensitive = await grep(toolkit, { pattern: 'hello', case_insensitive: true, glob: 'src/**/*.ts' });
    expect(insensitive.matches).toEqual([{ path: 'src/a.ts', line: 1, text: 'Hello' }]);
    const excluded = await grep(toolkit, { pattern: 'hello', case_insensitive: true, glob: '!*.ts' });
    expect(excluded.matches!.map((m) => m.path)).toEqual(['src/b.js']);
    const literal = await grep(toolkit, { pattern: 'a.b)', fixed_strings: true });
    expect(literal.matches).toEqual([{ path: 'src/a.ts', line: 5, text: 'call(a.b)' }]);
    const regex = await grep(toolkit, { pattern: 'call.a.b', path: 'src' });
    expect(regex.matches!.map((m) => m.line)).toEqual([5, 6]);
    const multi = await grep(toolkit, { pattern: 'function f\\(.*?\\)', multiline: true });
    expect(multi.matches).toEqual([{ path: 'src/a.ts', line: 2, text: 'function f(\n  x,\n) {}' }]);
    await put(root, { 'win/crlf.ts': 'x\r\nfunction g(\r\n  y,\r\n) {}\r\n' });
    const crlf = await grep(toolkit, { pattern: 'function g\\(.*?\\)', multiline: true, path: 'win' });
    expect(crlf.matches).toEqual([{ path: 'win/crlf.ts', line: 2, text: 'function g(\n  y,\n) {}' }]);
  });

  it('stops at max_results, kills rg early and says the output is truncated', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`f${String(i).padStart(3, '0')}.txt`] = 'needle\n'.repeat(100);
    await put(root, files);
    const result = await toolkit.invoke('search', 'grep', { pattern: 'needle', max_results: 25 });
    const out = expectOk<GrepResult>(result);
    expect(out.matches).toHaveLength(25);
    expect(out.truncated).toBe(true);
    expect(result.text).toContain('stopped at max_results=25');
    const exact = await grep(toolkit, { pattern: 'needle', path: 'f000.txt', max_results: 100 });
    expect(exact).toMatchObject({ truncated: false });
    expect(exact.matches).toHaveLength(100);
  });
});

describe('search.grep memory bound', () => {
  it(
    'stops collecting at about 1 MiB of results even when max_results allows more',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const line = `needle${'x'.repeat(1993)}\n`; // 2000 characters: not cut, so every match keeps all of it
      await writeFile(path.join(root, 'huge.txt'), line.repeat(3_000));
      const result = await toolkit.invoke('search', 'grep', { pattern: 'needle', max_results: 1_000_000 });
      const out = expectOk<GrepResult>(result);
      expect(out.truncated).toBe(true);
      expect(out.matches!.length).toBeGreaterThan(400);
      expect(out.matches!.length).toBeLessThan(600);
      expect(JSON.stringify(out).length).toBeLessThan(1024 * 1024);
      expect(result.text).toContain('960 KiB bound');
      const files = await toolkit.invoke('search', 'grep', {
        pattern: 'needle',
        output_mode: 'files_with_matches',
        max_results: 1_000_000,
      });
      expect(expectOk<GrepResult>(files)).toEqual({ files: ['huge.txt'], truncated: false });
    },
  );
});

describe('search.grep other output modes', () => {
  it('files_with_matches and count, sorted by path and capped by max_results', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'b.txt': 'x\nx\n', 'a.txt': 'x\n', 'c/d.txt': 'x\nx\nx\n', 'e.txt': 'y\n' });
    expect(await grep(toolkit, { pattern: 'x', output_mode: 'files_with_matches' })).toEqual({
      files: ['a.txt', 'b.txt', 'c/d.txt'],
      truncated: false,
    });
    const counted = await toolkit.invoke('search', 'grep', { pattern: 'x', output_mode: 'count' });
    expect(expectOk<GrepResult>(counted)).toEqual({
      counts: [
        { path: 'a.txt', count: 1 },
        { path: 'b.txt', count: 2 },
        { path: 'c/d.txt', count: 3 },
      ],
      truncated: false,
    });
    expect(counted.text).toContain('(6 matching lines in 3 files)');
    const single = await grep(toolkit, { pattern: 'x', output_mode: 'count', path: 'b.txt' });
    expect(single.counts).toEqual([{ path: 'b.txt', count: 2 }]);
    const capped = await grep(toolkit, { pattern: 'x', output_mode: 'files_with_matches', max_results: 2 });
    expect(capped.files).toHaveLength(2);
    expect(capped.truncated).toBe(true);
  });
});

describe('search.grep ignore rules', () => {
  it('honours nested .gitignore outside a git repository and agrees with glob', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      '.gitignore': '*.log\n/build/\n',
      'a.log': 'needle',
      'build/out.js': 'needle',
      'src/build/keep.js': 'needle',
      'sub/.gitignore': 'local/\n!keep.log\n',
      'sub/keep.log': 'needle',
      'sub/drop.log': 'needle',
      'sub/local/x.txt': 'needle',
      'sub/y.txt': 'needle',
      '.hidden/h.txt': 'needle',
      '.git/config': 'needle',
    });
    const grepped = await grep(toolkit, { pattern: 'needle', output_mode: 'files_with_matches' });
    const globbed = expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**/*' }));
    expect(grepped.files).toEqual(['.hidden/h.txt', 'src/build/keep.js', 'sub/keep.log', 'sub/y.txt']);
    expect(globbed.files.filter((f) => !f.endsWith('.gitignore')).sort()).toEqual(grepped.files);
    const all = await grep(toolkit, { pattern: 'needle', output_mode: 'files_with_matches', include_ignored: true });
    expect(all.files).toHaveLength(9);
    expect(all.files).toContain('.git/config');
  });

  it('honours .gitignore files above the workspace like rg does, in grep and glob alike', async () => {
    const parent = await tempDir('toolwright-parent-');
    await put(parent, {
      '.gitignore': '*.log\ngen/\nws/\n', // "ws/" names the workspace itself: rg does not apply it
      'ws/a.log': 'needle',
      'ws/b.txt': 'needle',
      'ws/src/gen/c.txt': 'needle',
      'ws/src/d.txt': 'needle',
    });
    const toolkit = createToolkit({ workspace: path.join(parent, 'ws') });
    const grepped = await grep(toolkit, { pattern: 'needle', output_mode: 'files_with_matches' });
    expect(grepped.files).toEqual(['b.txt', 'src/d.txt']);
    const globbed = expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**' }));
    expect(globbed.files.sort()).toEqual(grepped.files);
    const inSub = expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**', path: 'src' }));
    expect(inSub.files).toEqual(['src/d.txt']);
  });

  it('honours .gitignore inside a real git repository too', async () => {
    const { root, toolkit } = await workspaceToolkit();
    execFileSync('git', ['init', '-q'], { cwd: root });
    await put(root, { '.gitignore': 'dist/\n', 'dist/x.js': 'needle', 'src/x.js': 'needle' });
    expect((await grep(toolkit, { pattern: 'needle', output_mode: 'files_with_matches' })).files).toEqual(['src/x.js']);
  });

  it('never reports files reached through symlinks, and survives symlink loops', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const outside = await tempDir('toolwright-outside-');
    await put(outside, { 'secret.txt': 'needle' });
    await put(root, { 'real/f.txt': 'needle' });
    await symlink(outside, path.join(root, 'out'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
    await symlink(root, path.join(root, 'real', 'loop'));
    await symlink(path.join(root, 'real'), path.join(root, 'inner-link'));
    const out = await grep(toolkit, { pattern: 'needle', output_mode: 'files_with_matches' });
    expect(out.files).toEqual(['real/f.txt']);
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'out' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'secret-link.txt' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
  });
});

describe('search.grep awkward content', () => {
  it('cuts long lines at 2000 characters with a marker, keeping the match in view', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      'min.js': `${'a'.repeat(5000)}needle${'b'.repeat(3000)}\n`,
      'short.js': `needle${'c'.repeat(2500)}\n`,
    });
    const out = await grep(toolkit, { pattern: 'needle' });
    const [minified, short] = out.matches!;
    expect(minified!.text).toContain('needle');
    expect(minified!.text).toMatch(/^\[… 4800 chars\] a+needleb+ \[… line cut: 8006 chars\]$/);
    expect(minified!.text.length).toBeLessThan(2100);
    expect(short!.text.startsWith('needlecc')).toBe(true);
    expect(short!.text).toMatch(/c \[… line cut: 2506 chars\]$/);
  });

  it(
    'handles a 50 MB single-line file (UTF-8 and not) without buffering the line',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
      big.write('needle', 10);
      big[big.length - 1] = 0x0a;
      await writeFile(path.join(root, 'big.txt'), big);
      big[5] = 0xff; // invalid UTF-8: rg reports the line base64-encoded
      big[big.length - 2] = 0x22; // a quote at the very end of the line, escaped in JSON
      await writeFile(path.join(root, 'big-latin.txt'), big);
      await put(root, { 'small.txt': 'needle\n' });
      const out = await grep(toolkit, { pattern: 'needle' });
      expect(out.matches!.map((m) => [m.path, m.line])).toEqual([
        ['big-latin.txt', 1],
        ['big.txt', 1],
        ['small.txt', 1],
      ]);
      for (const m of out.matches!.slice(0, 2)) {
        expect(m.text).toContain('needle');
        expect(m.text.length).toBeLessThan(2100);
        // Cut by the fast way (exact length) or, if rg grew past its memory bound, the bounded way.
        expect(m.text).toMatch(/\[… line cut: (\d{8} chars|longer than 8192 bytes)\]$/);
      }
      expect(out.matches![2]!.text).toBe('needle');
    },
  );

  it('decodes non-UTF-8 contents and file names without breaking the stream', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'latin1.txt'), Buffer.from('caf\xe9 needle\nplain needle\n', 'latin1'));
    await writeFile(Buffer.from(path.join(root, 'bad-\xff-name.txt'), 'latin1'), 'needle\n');
    await put(root, { 'z.txt': 'needle\n' });
    const out = await grep(toolkit, { pattern: 'needle' });
    const latin = out.matches!.filter((m) => m.path === 'latin1.txt');
    expect(latin.map((m) => m.text)).toEqual(['caf\ufffd needle', 'plain needle']);
    expect(out.matches!.some((m) => m.path.startsWith('bad-') && m.path.endsWith('-name.txt'))).toBe(true);
    expect(out.matches!.at(-1)).toEqual({ path: 'z.txt', line: 1, text: 'needle' });
  });
});

describe('search.grep failures', () => {
  it("reports an invalid regex as INVALID_PATTERN with rg's reason", async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'x\n' });
    const unclosed = await toolkit.invoke('search', 'grep', { pattern: 'foo(' });
    expect(errorCode(unclosed)).toBe('INVALID_PATTERN');
    expect(unclosed.text).toContain('unclosed group');
    const lookahead = await toolkit.invoke('search', 'grep', { pattern: 'a(?=b)' });
    expect(errorCode(lookahead)).toBe('INVALID_PATTERN');
    expect(lookahead.text).toMatch(/look-?around/i);
    const badGlob = await toolkit.invoke('search', 'grep', { pattern: 'x', glob: 'src/{a' });
    expect(errorCode(badGlob)).toBe('INVALID_PATTERN');
  });

  it('refuses missing and outside paths', async () => {
    const { toolkit } = await workspaceToolkit();
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'x', path: 'nope' }))).toBe('NOT_FOUND');
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'x', path: '../' }))).toBe('OUTSIDE_WORKSPACE');
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'x', path: '/etc/passwd' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
  });

  it('is UNAVAILABLE when the rg binary is missing', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'x\n' });
    const saved = process.env[RG_PATH_ENV];
    process.env[RG_PATH_ENV] = path.join(root, 'no-such-rg');
    try {
      const result = await toolkit.invoke('search', 'grep', { pattern: 'x' });
      expect(errorCode(result)).toBe('UNAVAILABLE');
      expect(result.text).toContain('no-such-rg');
    } finally {
      if (saved === undefined) delete process.env[RG_PATH_ENV];
      else process.env[RG_PATH_ENV] = saved;
    }
  });

  /** Runs `body` with TOOLWRIGHT_RG_PATH set to a stand-in rg that never answers (a shell loop). */
  async function withStalledRg<T>(root: string, body: () => Promise<T>): Promise<T> {
    const fake = path.join(root, 'stalled-rg.sh');
    await writeFile(fake, '#!/bin/sh\nwhile :; do sleep 1; done\n', { mode: 0o755 });
    const saved = process.env[RG_PATH_ENV];
    process.env[RG_PATH_ENV] = fake;
    try {
      return await body();
    } finally {
      if (saved === undefined) delete process.env[RG_PATH_ENV];
      else process.env[RG_PATH_ENV] = saved;
    }
  }

  it('times out with a hint to narrow the search, leaving no rg behind', { timeout: scaled(20_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    const marker = `stalled-${process.pid}-${Date.now()}`;
    await put(root, { [`${marker}/a.txt`]: 'x\n' });
    const result = await withStalledRg(root, () =>
      toolkit.invoke('search', 'grep', { pattern: 'x', path: marker, timeout_ms: 300 }),
    );
    expect(errorCode(result)).toBe('TIMEOUT');
    expect(result.text).toMatch(/narrow/);
    expect(await waitUntilGone(marker)).toEqual([]);
  });

  it('an abort kills rg and returns CANCELLED', { timeout: scaled(20_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    const marker = `stalled-${process.pid}-${Date.now()}`;
    await put(root, { [`${marker}/a.txt`]: 'x\n' });
    await withStalledRg(root, async () => {
      const controller = new AbortController();
      const pending = toolkit.invoke('search', 'grep', { pattern: 'x', path: marker }, { signal: controller.signal });
      let running: number[] = [];
      for (let i = 0; i < 100 && running.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        running = await processesMentioning(marker);
      }
      controller.abort();
      // The stand-in rg really was running (twice when the search in path order was held beside the parallel one).
      expect(running.length).toBeGreaterThan(0);
      expect(errorCode(await pending)).toBe('CANCELLED');
    });
    expect(await waitUntilGone(marker)).toEqual([]);
  });
});
