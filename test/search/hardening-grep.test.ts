// Hostile paths and files for grep: special files as path, rg's memory on a
// giant single-line file, the bounded way and its memory-mapped pass over files past 8 MiB.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GrepInput, GrepResult } from '../../src/generated/types.js';
import { GREP_BOUNDED_ENV } from '../../src/handlers/search/grep.js';
import { createToolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

describe('grep on special files', () => {
  it(
    'refuses a FIFO, a symlink to a FIFO and a socket as path at once, instead of waiting for the timeout',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      await put(root, { 'dir/a.txt': 'needle\n' });
      execFileSync('mkfifo', [path.join(root, 'dir', 'pipe')]);
      await symlink(path.join(root, 'dir', 'pipe'), path.join(root, 'pipe-link'));
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(path.join(root, 'dir', 'sock'), resolve));
      try {
        // Refused, not searched: a search would wait for a writer until TIMEOUT (30 s here).
        for (const target of ['dir/pipe', 'pipe-link', 'dir/sock']) {
          const result = await toolkit.invoke('search', 'grep', {
            pattern: 'needle',
            path: target,
            timeout_ms: 30_000,
          });
          expect(errorCode(result), target).toBe('INVALID_INPUT');
          expect(result.text).toMatch(/FIFO|socket/);
        }
        // A folder holding them is searched (rg skips what is not a regular file) without hanging.
        for (const mode of ['content', 'files_with_matches', 'count'] as const) {
          const result = await toolkit.invoke('search', 'grep', {
            pattern: 'needle',
            path: 'dir',
            output_mode: mode,
            timeout_ms: 20_000,
          });
          expect(errorCode(result), mode).toBe('OK');
          expect(result.text).toContain('dir/a.txt');
        }
        const globbed = await toolkit.invoke('search', 'grep', { pattern: 'needle', glob: 'pipe', timeout_ms: 20_000 });
        expect(expectOk<GrepResult>(globbed).matches).toEqual([]);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it('a device reached through a symlink is outside the workspace', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await symlink('/dev/zero', path.join(root, 'zero'));
    expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'x', path: 'zero' }))).toBe('OUTSIDE_WORKSPACE');
  });
});

/** Runs `body` with grep forced to its bounded way (standard printer, big files memory-mapped). */
async function bounded<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env[GREP_BOUNDED_ENV];
  process.env[GREP_BOUNDED_ENV] = '1';
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env[GREP_BOUNDED_ENV];
    else process.env[GREP_BOUNDED_ENV] = saved;
  }
}

describe('grep the bounded way gives what the fast way gives', () => {
  it('same matches, context, counts, files and cuts in both ways', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, {
      'src/a.ts': 'one\nfind me\nthree\nfind me again\n',
      'src/crlf.txt': 'x find me\r\ny\r\n',
      'b: c.txt': 'find me\n',
      'min.js': `${'a'.repeat(5000)}find me${'b'.repeat(3000)}\n`,
      'multi.txt': 'start\nfind\nme\nend\n',
      // Names that hold a newline and the words of rg's messages: each is a file, never a message.
      'x: WARNING: \nsrc/a.ts': 'find me from the odd name\n',
      'y: binary file matches (found "\\0" byte around offset 1)\nREADME.md': 'find me too\n',
      'binary file matches (found "\\0" byte around offset 2)\nz.txt': 'find me as well\n',
    });
    await writeFile(path.join(root, 'latin1.txt'), Buffer.from('caf\xe9 find me\n', 'latin1'));
    const inputs: GrepInput[] = [
      { pattern: 'find me' },
      { pattern: 'find me', context: 1 },
      { pattern: 'find me', output_mode: 'count' },
      { pattern: 'find me', output_mode: 'files_with_matches' },
      { pattern: 'find me', path: 'src/a.ts', max_results: 1 }, // one file: which matches come first is rg's order
      { pattern: 'find\\nme', multiline: true },
      { pattern: 'FIND', case_insensitive: true, glob: '*.ts' },
    ];
    for (const input of inputs) {
      const fast = await toolkit.invoke('search', 'grep', input);
      const slow = await bounded(() => toolkit.invoke('search', 'grep', input));
      expect(expectOk(slow), JSON.stringify(input)).toEqual(expectOk(fast));
      expect(slow.text).toBe(fast.text);
    }
    const everything = expectOk(await bounded(() => toolkit.invoke('search', 'grep', { pattern: 'find me' })));
    const paths = new Set((everything.matches ?? []).map((m: { path: string }) => m.path));
    expect(paths).toContain('x: WARNING: \nsrc/a.ts');
    expect(paths).not.toContain('README.md');
    expect(paths).not.toContain('z.txt');
  });

  it("a file name forging a line of rg's log or naming a large file beside it passes nothing off as another file", async () => {
    const { root } = await workspaceToolkit();
    await put(root, { 'visible.txt': 'plain\n', 'secrets/a: WARNING: z\nvisible.txt': 'TOPSECRET hunter2\n' });
    // Sparse files past the first pass's size: the second pass names them to rg one by one.
    for (const name of ['secrets/a', 'secrets/i\nrg: DEBUG|ignore::walk|x: ignoring .'])
      execFileSync('truncate', ['-s', '9M', path.join(root, name)]);
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'read_file', path: 'secrets/**', decision: 'deny' }] },
    });
    try {
      const found = await bounded(() => toolkit.invoke('search', 'grep', { pattern: 'TOPSECRET' }));
      expect(JSON.stringify(expectOk(found))).not.toContain('hunter2');
      expect(found.text).not.toMatch(/^visible\.txt/m);
    } finally {
      await toolkit.close();
    }
  });

  it('a file named like a message does not pass its lines off as another file, hidden or not', async () => {
    const { root } = await workspaceToolkit();
    await put(root, {
      'README.md': 'readme\n',
      'secrets/x: WARNING: \nREADME.md': 'TOPSECRET=hunter2\n',
    });
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'read_file', path: 'secrets/**', decision: 'deny' }] },
    });
    try {
      for (const input of [{ pattern: 'TOPSECRET' }, { pattern: 'TOPSECRET', output_mode: 'count' as const }]) {
        const found = await bounded(() => toolkit.invoke('search', 'grep', input));
        expect(JSON.stringify(expectOk(found)), JSON.stringify(input)).not.toContain('hunter2');
        expect(found.text).not.toContain('README.md');
      }
    } finally {
      await toolkit.close();
    }
  });
});

describe('grep over files larger than the first pass reads', () => {
  it(
    'finds matches in files over 8 MiB in every mode, keeps max_results across both passes, and shows no rg log',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const bigLines = Array.from({ length: 300_000 }, (_, i) =>
        i % 1000 === 0 ? `needle ${i}` : `filler line ${i} ${'x'.repeat(40)}`,
      ).join('\n');
      expect(bigLines.length).toBeGreaterThan(9 * 1024 * 1024); // past the first pass's 8 MiB
      await put(root, {
        'big/large.log': `${bigLines}\n`,
        'big/small.txt': 'needle small\n',
        'big/: odd name 12 bytes': 'needle odd\n',
      });
      await bounded(async () => {
        const content = expectOk<GrepResult>(
          await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'big', max_results: 1000 }),
        );
        expect(content.matches!.filter((m) => m.path === 'big/large.log')).toHaveLength(300);
        expect(content.matches!.some((m) => m.path === 'big/small.txt')).toBe(true);
        expect(content.truncated).toBe(false);
        const capped = await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'big', max_results: 5 });
        expect(expectOk<GrepResult>(capped)).toMatchObject({ truncated: true });
        expect(expectOk<GrepResult>(capped).matches).toHaveLength(5);
        expect(capped.text).not.toMatch(/DEBUG|some files could not be searched/);
        const files = expectOk<GrepResult>(
          await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'big', output_mode: 'files_with_matches' }),
        );
        expect(files.files).toEqual(['big/: odd name 12 bytes', 'big/large.log', 'big/small.txt']);
        const counts = expectOk<GrepResult>(
          await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'big/large.log', output_mode: 'count' }),
        );
        expect(counts.counts).toEqual([{ path: 'big/large.log', count: 300 }]);
      });
    },
  );
});

describe('grep on a giant single-line file', () => {
  // rg's memory while it runs (the fast way stopped at 64 MiB, the bounded way mapping the file) is
  // measured in the stress suite; here, what the answer says.
  it(
    'finds the match past a 200 MB line, with the line cut, in content and count modes',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      await mkdir(path.join(root, 'giant'));
      // Written by the shell so the test process never holds the 200 MB itself.
      execFileSync('sh', [
        '-c',
        `head -c ${200 * 1024 * 1024} /dev/zero | tr '\\0' 'a' > "${path.join(root, 'giant/giant.txt')}" && printf ' needle\\n' >> "${path.join(root, 'giant/giant.txt')}"`,
      ]);
      await put(root, { 'giant/small.txt': 'needle\n' });
      const content = expectOk<GrepResult>(
        await toolkit.invoke('search', 'grep', {
          pattern: 'needle',
          path: 'giant',
          timeout_ms: Math.min(scaled(100_000), 600_000),
        }),
      );
      expect(content.matches!.map((m) => m.path).sort()).toEqual(['giant/giant.txt', 'giant/small.txt']);
      const giant = content.matches!.find((m) => m.path.endsWith('giant.txt'))!;
      expect(giant.text.length).toBeLessThan(2100);
      expect(giant.text).toMatch(/line cut: longer than 8192 bytes\]$/);
      const counts = expectOk<GrepResult>(
        await toolkit.invoke('search', 'grep', {
          pattern: 'needle',
          path: 'giant',
          output_mode: 'count',
          timeout_ms: Math.min(scaled(100_000), 600_000),
        }),
      );
      expect(counts.counts).toEqual([
        { path: 'giant/giant.txt', count: 1 },
        { path: 'giant/small.txt', count: 1 },
      ]);
    },
  );
});
