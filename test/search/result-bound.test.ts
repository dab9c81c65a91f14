// grep's result bound counts what the JSON result holds: every copy of a context line (each match
// carries its own before/after lines) and escapes (a control character is six characters).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const BOUND = 1024 * 1024;

describe('grep result bound', () => {
  const cases: [string, string, string, number][] = [
    ['long lines with 20 lines of context', 'a'.repeat(1999), 'a', 20],
    ['control characters (JSON escapes)', '\x01'.repeat(1999), '\\x01', 0],
    ['control characters with context', '\x01'.repeat(1999), '\\x01', 20],
    ['short lines with the widest context (20)', 'x'.repeat(40), 'x', 20],
  ];
  for (const [name, line, pattern, context] of cases) {
    it(`${name}: the JSON output stays under 1 MiB and says it is truncated`, { timeout: scaled(60_000) }, async () => {
      const { root, toolkit } = await workspaceToolkit();
      await writeFile(path.join(root, 'f.txt'), `${line}\n`.repeat(5000));
      const result = await toolkit.invoke('search', 'grep', {
        pattern,
        path: 'f.txt',
        context,
        max_results: 1_000_000,
      });
      if (!result.ok) throw new Error(result.text);
      const output = result.output as { matches: { before?: string[]; after?: string[] }[]; truncated: boolean };
      expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(BOUND);
      expect(output.truncated).toBe(true);
      expect(output.matches.length).toBeGreaterThan(0);
      if (context > 0) expect(output.matches[1]!.before!.length).toBe(1);
    });
  }
});

describe('glob result bound', () => {
  it(
    '2,000 files with 700-character paths and a high limit: the answer stays under 1 MiB and says why it was cut',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const { mkdir } = await import('node:fs/promises');
      const deep = path.join(root, ...Array.from({ length: 3 }, (_, i) => `${i}${'d'.repeat(200)}`));
      await mkdir(deep, { recursive: true });
      for (let i = 0; i < 2000; i++)
        await writeFile(path.join(deep, `${String(i).padStart(4, '0')}${'f'.repeat(80)}.txt`), '');
      const result = await toolkit.invoke('search', 'glob', { pattern: '**/*.txt', limit: 100_000 });
      if (!result.ok) throw new Error(result.text);
      const output = result.output;
      expect(output.total).toBe(2000);
      expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(1024 * 1024);
      expect(output.files.length).toBeLessThan(2000);
      expect(output.files.length).toBeGreaterThan(100);
      expect(output.truncated).toBe(true);
      expect(result.text).toMatch(/size bound/);
    },
  );
});
