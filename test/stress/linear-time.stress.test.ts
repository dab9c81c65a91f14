// Inputs that a backtracking regex, a whole-file diff or an unbounded expansion would make take
// minutes or gigabytes, timed (and for brace expansion, the heap measured): the speed side of quick
// tests that check the same inputs' answers (test/exec/env*.test.ts, test/web/convert-html.test.ts,
// test/search/hardening-glob.test.ts, test/filesystem/multi-edit.test.ts,
// test/shell/analyzer-matching.test.ts). The bounds are generous: the point is "no explosion".
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { looksSecret } from '../../src/handlers/exec/run/env.js';
import { secretClass } from '../../src/handlers/exec/run/secrets.js';
import { applyEdits } from '../../src/handlers/filesystem/edit/match.js';
import { unifiedDiff } from '../../src/handlers/filesystem/edit/diff.js';
import { convertHtml } from '../../src/handlers/web/html/convert.js';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { errorCode, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

/** Milliseconds `work` took. */
async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('secret detection is linear', () => {
  it('a long value of colons, slashes and letters is checked in one pass', async () => {
    const value = ':/'.repeat(200_000) + '://'.repeat(100_000) + 'a'.repeat(200_000);
    expect(await timed(() => looksSecret('SOME_SETTING', value))).toBeLessThan(scaled(1000));
  });

  it('runs of token, pair and dot characters are checked at once', async () => {
    const values = [
      'a'.repeat(128 * 1024),
      '='.repeat(64 * 1024) + 'a=',
      'a.'.repeat(64 * 1024),
      '"a": "'.repeat(20_000),
      'eyJhbGci.'.repeat(14_000),
      'gh'.repeat(64 * 1024),
    ];
    expect(await timed(() => values.forEach((value) => secretClass('SOME_SETTING', value)))).toBeLessThan(scaled(2000));
  });
});

describe('HTML and edits', () => {
  it('a tag with 20,000 attributes converts quickly', async () => {
    const many = `<p>before</p><div ${Array.from({ length: 20_000 }, (_, i) => `a${i}="x"`).join(' ')}>hi</div>`;
    expect(await timed(() => convertHtml(many, 'markdown', 'http://x/'))).toBeLessThan(scaled(2000));
  });

  it('two distant edits of a 100,000-line file and their diff skip the whole-file diff', async () => {
    const before = Array.from({ length: 100_000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const took = await timed(() => {
      const outcome = applyEdits(
        before,
        [
          { old_str: 'row 10\n', new_str: 'ROW 10\n' },
          { old_str: 'row 90000\n', new_str: 'ROW 90000\n' },
        ],
        'f.txt',
      );
      unifiedDiff('f.txt', before, outcome.text, outcome.changes);
    });
    expect(took).toBeLessThan(scaled(2000));
  });

  it('an old_str found 100,000 times is reported in one pass', async () => {
    const before = 'dup\n'.repeat(100_000);
    const took = await timed(() => {
      expect(() => applyEdits(before, [{ old_str: 'dup', new_str: 'x' }], 'f.txt')).toThrow(/100000 times/);
    });
    expect(took).toBeLessThan(scaled(2000));
  });
});

describe('glob patterns and ignore rules that would backtrack', () => {
  it(
    'many stars in a segment, nested extglobs and many globstars answer at once',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      let deep = 'd';
      for (let i = 0; i < 120; i++) deep += '/x';
      await put(root, { [`${'a'.repeat(200)}c`]: '', [`${deep}/z`]: '', 'keep/ab.txt': '' });
      for (const pattern of [
        '*a*a*a*a*a*a*a*a*a*a*a*a*b',
        '**/*a*a*a*a*a*a*a*a*b',
        '+(@(a|a))b',
        '+(a)+(a)+(a)+(a)+(a)+(a)b',
        '**/x/**/x/**/x/**/x/**/x/**/y',
        'd/**/x/**/x/**/x/**/x/**/z',
      ]) {
        expect(await timed(() => toolkit.invoke('search', 'glob', { pattern })), pattern).toBeLessThan(scaled(8000));
      }
    },
  );

  it('.gitignore rules with several ** on a 300-deep tree', { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    let deep = 'd';
    for (let i = 0; i < 300; i++) deep += '/x';
    await put(root, {
      '.gitignore': ['**/x/**/y/', 'a/**/b/**', '!a/**/b/**/keep.txt', '**/p/**/q/**/r', '/**/z/**/w.txt'].join('\n'),
      [`${deep}/f`]: '',
    });
    expect(await timed(() => toolkit.invoke('search', 'glob', { pattern: '**/f' }))).toBeLessThan(scaled(8000));
  });

  it('explosive brace patterns are refused without expanding (time and heap)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await put(root, { 'a.txt': 'needle\n' });
    let nested = 'z';
    for (let i = 0; i < 30; i++) nested = `{a${i},${nested}}`;
    const explosive = [
      '{a,b}'.repeat(24),
      '{a,b,c,d}/'.repeat(6) + '*',
      '{1..100000}',
      '{a..z}{a..z}{a..z}',
      `{${'x,'.repeat(2000)}y}`,
      nested,
      '{'.repeat(500) + 'a,b' + '}'.repeat(500),
    ];
    const heapBefore = process.memoryUsage().heapUsed;
    const took = await timed(async () => {
      for (const pattern of explosive) {
        expect(errorCode(await toolkit.invoke('search', 'glob', { pattern }))).toBe('INVALID_PATTERN');
      }
      for (const pattern of ['{a,b}'.repeat(24), nested]) {
        expect(errorCode(await toolkit.invoke('search', 'grep', { pattern: 'needle', glob: pattern }))).toBe(
          'INVALID_PATTERN',
        );
      }
    });
    expect(took).toBeLessThan(scaled(10_000));
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('the shell analyzer', () => {
  it('a line of 3,001 commands is decided within its parse budget', async () => {
    await loadBashParser();
    const bash = operations.find((o) => o.name === 'bash')!;
    const policy = compilePolicy({
      rules: [{ operation: 'bash', command: 'echo *', decision: 'allow' }],
      default: 'deny',
    });
    const line = `${'echo a && '.repeat(3000)}echo b`;
    expect(await timed(() => policy.decideCall(bash, { command: line }, { workspaceRoot: '/ws' }))).toBeLessThan(
      scaled(5000),
    );
  });
});
