// A missed old_str that fits several near-identical blocks once normalised: the block whose raw text
// is strictly closest to what was sent comes first and its corrected old_str applies there; blocks
// equally close are a tie, named as such, and none of them is offered as the fix.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedDistance, closeness, shareOf } from '../../src/handlers/filesystem/edit/closeness.js';
import type { Toolkit } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

interface Miss {
  text: string;
  details: {
    ambiguous?: boolean;
    edit_index?: number;
    candidates: { line: number; text: string; difference: string; old_str: string }[];
  };
}

async function miss(toolkit: Toolkit, file: string, oldStr: string): Promise<Miss> {
  const result = await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str: oldStr, new_str: 'CHANGED' });
  expect(errorCode(result)).toBe('NO_MATCH');
  return { text: result.text, details: (result as any).error.details };
}

/** Writes `content`, misses with `oldStr`, retries with candidates[0].old_str: it must change the lines from `line`. */
async function strictlyCloser(file: string, content: string, oldStr: string, line: number, difference: string) {
  const { root, toolkit } = await workspaceToolkit();
  await writeFile(path.join(root, file), content);
  const found = await miss(toolkit, file, oldStr);
  expect(found.details.ambiguous).toBeUndefined();
  expect(found.details.candidates[0]).toMatchObject({ line, difference });
  expect(found.text).toContain(`differs from line ${line} only in`);
  const best = found.details.candidates[0]!;
  const at = content.indexOf(best.old_str);
  expect(content.slice(0, at).split('\n').length).toBeLessThanOrEqual(line);
  const newStr = best.old_str.replace('ready', 'armed');
  expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str: best.old_str, new_str: newStr }));
  const after = await readFile(path.join(root, file), 'utf8');
  expect(after).toBe(content.slice(0, at) + newStr + content.slice(at + best.old_str.length));
  // The edit is in the region meant: the line that changed is `line` or below it, within the region.
  const changed = after.split('\n').findIndex((l, i) => l !== content.split('\n')[i]) + 1;
  expect(changed).toBeGreaterThanOrEqual(line);
  expect(changed).toBeLessThan(line + oldStr.split(/\n|\\n/).length);
}

/** Writes `content`, misses with `oldStr`: a tie of `lines`, no candidate offered as the fix, nothing written. */
async function tie(file: string, content: string, oldStr: string, lines: number[], ignored: string) {
  const { root, toolkit } = await workspaceToolkit();
  await writeFile(path.join(root, file), content);
  const found = await miss(toolkit, file, oldStr);
  expect(found.details.ambiguous).toBe(true);
  expect(found.text).toContain(`fits ${lines.length} regions equally (lines ${lines.join(', ')}) once ${ignored}`);
  expect(found.text).toContain('include more surrounding lines to choose one');
  expect(found.text).not.toContain('details.candidates[0].old_str matches it');
  expect(found.text).not.toMatch(/differs from line \d+ only/);
  expect(found.details.candidates.map((c) => c.line)).toEqual(lines.slice(0, 3));
  for (const c of found.details.candidates) expect(content.split(c.old_str).length).toBe(2);
  expect(await readFile(path.join(root, file), 'utf8')).toBe(content);
  return { root, toolkit, found };
}

// Two loops, the first nested one level deeper than the second.
const PYTHON = [
  'class Worker:',
  '    def run(self):',
  '        for job in self.jobs:',
  '            if job.ready:',
  '                job.start()',
  '',
  'def run_all(jobs):',
  '    for job in jobs:',
  '        if job.ready:',
  '            job.start()',
  '',
].join('\n');

const YAML = [
  'defaults:',
  '  retry:',
  '    message: "try again when ready"',
  '    attempts: 3',
  'services:',
  '  web:',
  '    retry:',
  '      message: "try again when ready"',
  '      attempts: 3',
  '',
].join('\n');

// The same loop twice, one comment spaced differently.
const READER = [
  'def read(self):',
  '    while True:',
  '        if self.state is None:',
  "            self.token = ''  # end of file, ready",
  '            break',
  '',
  'def peek(self):',
  '    while True:',
  '        if self.state is None:',
  "            self.token = ''   # end of file, ready",
  '            break',
  '',
].join('\n');

describe('edit_file: of near-identical blocks, the one strictly closest to old_str comes first', () => {
  it('Python, trailing blanks: the block whose indentation old_str has exactly', async () => {
    await strictlyCloser('jobs.py', PYTHON, '        if job.ready:  \n            job.start()', 9, 'whitespace');
  });

  it('YAML, typographic quotes: the block at the indentation old_str has', async () => {
    const oldStr = '    retry:\n      message: \u201ctry again when ready\u201d\n      attempts: 3';
    await strictlyCloser('ci.yaml', YAML, oldStr, 7, 'quotes');
  });

  it('CRLF, escapes: the block whose comment old_str spaces exactly as the file does', async () => {
    const oldStr = "            self.token = ''   # end of file, ready\\n            break";
    await strictlyCloser('reader.py', READER.replace(/\n/g, '\r\n'), oldStr, 10, 'escapes');
  });

  it('CRLF, typographic quotes: the corrected old_str carries CRLF and applies to the closer block', async () => {
    const oldStr = '    retry:\n      message: \u201ctry again when ready\u201d\n      attempts: 3';
    await strictlyCloser('ci.yaml', YAML.replace(/\n/g, '\r\n'), oldStr, 7, 'quotes');
  });

  it('CRLF, trailing blanks: the corrected old_str carries CRLF and applies to the closer block', async () => {
    const oldStr = '        if job.ready:  \n            job.start()';
    await strictlyCloser('jobs.py', PYTHON.replace(/\n/g, '\r\n'), oldStr, 9, 'whitespace');
  });

  it('indentation: a block moved as a whole is closer than one whose lines are re-indented apart', async () => {
    // old_str is the second block with its common indent dropped; the first block's lines sit at
    // one depth, so old_str's inner indentation fits it nowhere.
    const content = 'if a:\n  if ready:\n  go()\n  stop()\nif b:\n  if ready:\n      go()\n      stop()\n';
    await strictlyCloser('blocks.txt', content, 'if ready:\n    go()\n    stop()', 6, 'indentation');
  });
});

const LOOPS = [
  'def start(jobs):',
  '    for job in jobs:',
  '        if job.ready:',
  '            job.start()',
  '',
  'def resume(jobs):',
  '    for job in jobs:',
  '        if job.ready:',
  '            job.start()',
  '',
].join('\n');

const STAGES = [
  'staging:',
  '  db:',
  '    host: "db.internal"',
  '    port: 5432',
  'production:',
  '  db:',
  '    host: "db.internal"',
  '    port: 5432',
  '',
].join('\n');

describe('edit_file: near-identical blocks equally close to old_str are a tie', () => {
  it('Python, indentation dropped: both loops named, neither is the fix, nothing written', async () => {
    const { root, toolkit, found } = await tie(
      'jobs.py',
      LOOPS,
      'if job.ready:\n    job.start()',
      [3, 8],
      'indentation is ignored',
    );
    expect(found.text).toContain('keep them unchanged in new_str');
    // The widened old_str of the one meant applies to it.
    const second = found.details.candidates[1]!;
    const newStr = second.old_str.replace('job.start()', 'job.resume()');
    expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'jobs.py', old_str: second.old_str, new_str: newStr }),
    );
    const after = (await readFile(path.join(root, 'jobs.py'), 'utf8')).split('\n');
    expect(after[3]).toBe('            job.start()');
    expect(after[8]).toBe('            job.resume()');
  });

  it('YAML, tabs for spaces and typographic quotes: both stages named', async () => {
    await tie(
      'stages.yaml',
      STAGES,
      '\tdb:\n\t\thost: \u201cdb.internal\u201d',
      [2, 6],
      'indentation and typographic quotes are ignored',
    );
  });

  it('CRLF, one level deeper: both loops named', async () => {
    await tie(
      'jobs.py',
      LOOPS.replace(/\n/g, '\r\n'),
      '            if job.ready:\n                job.start()',
      [3, 8],
      'indentation is ignored',
    );
  });

  it('CRLF, escapes: \\n written for the line breaks of two identical blocks', async () => {
    await tie(
      'jobs.py',
      LOOPS.replace(/\n/g, '\r\n'),
      '        if job.ready:\\n            job.start()',
      [3, 8],
      'line endings and escapes are ignored',
    );
  });

  it('more equal blocks than are listed: all their lines named, three candidates', async () => {
    const block = (i: number) => `def f${i}():\n    if ready:\n        go()\n`;
    const content = Array.from({ length: 5 }, (_, i) => block(i)).join('');
    const { found } = await tie('many.py', content, 'if ready:\n    go()', [2, 5, 8, 11, 14], 'indentation is ignored');
    expect(found.text).toContain('details.candidates lists 3 of them');
  });

  it('past the cap on regions ranked, the count is a lower bound', async () => {
    const content = Array.from({ length: 40 }, (_, i) => `def f${i}():\n    if ready:\n        go()\n`).join('');
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'many.py'), content);
    const found = await miss(toolkit, 'many.py', 'if ready:\n    go()');
    expect(found.details.ambiguous).toBe(true);
    expect(found.text).toMatch(/fits at least 16 regions equally \(lines 2, 5, 8, .*\) once indentation is ignored/);
  });

  it('a tie of regions no nearby lines set apart: said so, no candidate', async () => {
    const content = '\tx = 1\n'.repeat(40);
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'same.py'), content);
    const found = await miss(toolkit, 'same.py', '    x = 1');
    expect(found.details).toMatchObject({ ambiguous: true, candidates: [] });
    expect(found.text).toContain('fits at least 16 regions equally (lines 1, 2, 3');
    expect(found.text).toContain('No old_str of a few lines around them matches one of them alone');
    expect(found.text).not.toContain('Read the file again');
  });

  it('a difference found within the work budget ranks; past it, regions it cannot tell apart tie', async () => {
    // Two one-line blocks alike once normalised; old_str has typographic quotes and the second's run of spaces.
    const block = (width: number, gap: string) => `\tlog("${'a'.repeat(width)}${gap}${'b'.repeat(width)}")`;
    const sent = (width: number) => `    log(\u201c${'a'.repeat(width)}  ${'b'.repeat(width)}\u201d)`;
    for (const [width, ambiguous] of [
      [40, undefined],
      [40_000, true],
    ] as const) {
      const content = `${block(width, ' ')}\n${block(width, '  ')}\n`;
      const { root, toolkit } = await workspaceToolkit();
      await writeFile(path.join(root, 'log.py'), content);
      const found = await miss(toolkit, 'log.py', sent(width));
      expect(found.details.ambiguous).toBe(ambiguous);
      if (!ambiguous) expect(found.details.candidates[0]!.line).toBe(2);
      else expect(found.text).toContain('fits 2 regions equally (lines 1, 2)');
    }
  });

  it('typo: two identical blocks equally close to old_str, which matches neither', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'jobs.py'), LOOPS);
    const found = await miss(toolkit, 'jobs.py', '        if job.redy:\n            job.start()');
    expect(found.details.ambiguous).toBe(true);
    expect(found.text).toContain('old_str is equally close to 2 regions (lines 3, 8) and matches none of them');
    expect(found.text).not.toContain('details.candidates[0].old_str matches it');
    expect(await readFile(path.join(root, 'jobs.py'), 'utf8')).toBe(LOOPS);
  });

  it('a large file diagnosed in the edit worker: the tie survives the trip back', async () => {
    const filler = Array.from({ length: 12_000 }, (_, i) => `value_${i} = compute(${i})`).join('\n');
    const content = `${LOOPS}${filler}\n${LOOPS.replace(/start/g, 'begin')}`;
    expect(content.length).toBeGreaterThan(256 * 1024);
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'big.py'), content);
    const found = await miss(toolkit, 'big.py', 'if job.ready:\n    job.start()');
    expect(found.details.ambiguous).toBe(true);
    expect(found.text).toContain('fits 2 regions equally (lines 3, 8) once indentation is ignored');
    expect(await readFile(path.join(root, 'big.py'), 'utf8')).toBe(content);
  });

  it('multi_edit names the edit that tied, and writes nothing', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'jobs.py'), LOOPS);
    const result = await toolkit.invoke('filesystem', 'multi_edit', {
      path: 'jobs.py',
      edits: [
        { old_str: 'def start(jobs):', new_str: 'def start(jobs, now):' },
        { old_str: 'if job.ready:\n    job.start()', new_str: 'if job.ready:\n    job.run()' },
        { old_str: 'def resume(jobs):', new_str: 'def resume(jobs, now):' },
      ],
    });
    expect(errorCode(result)).toBe('NO_MATCH');
    expect(result.text).toContain(
      'edits[1] (edit 2 of 3): old_str was not found in jobs.py. old_str fits 2 regions equally (lines 3, 8) once indentation is ignored',
    );
    expect(result.text).not.toContain('details.candidates[0].old_str matches it');
    const details = (result as any).error.details;
    expect(details).toMatchObject({ edit_index: 1, ambiguous: true });
    expect(details.candidates.map((c: { line: number }) => c.line)).toEqual([3, 8]);
    expect(await readFile(path.join(root, 'jobs.py'), 'utf8')).toBe(LOOPS);
  });
});

/** Plain Levenshtein distance, for checking the bounded one. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), prev[j]! + 1, cur[j - 1]! + 1);
    prev = cur;
  }
  return prev[b.length]!;
}

describe('closeness: a bounded edit distance on the raw characters', () => {
  it('equals the edit distance below its cap, the cap above it, and bounds it past the budget', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: Math.floor(rand() * 30) }, () => 'ab c'[Math.floor(rand() * 4)]).join('');
    for (let n = 0; n < 400; n++) {
      const [a, b] = [word(), word()];
      const exact = levenshtein(a, b);
      expect(boundedDistance(a, b, 8, shareOf(1))).toEqual({ low: Math.min(8, exact), high: Math.min(8, exact) });
      const bounded = boundedDistance(a, b, 64, { cells: 0 });
      expect(bounded.low).toBeLessThanOrEqual(exact);
      expect(bounded.high).toBeGreaterThanOrEqual(Math.min(64, exact));
    }
  });

  it("counts a line's indentation as one unit whatever its depth, and a block moved whole as one", () => {
    const budget = shareOf(1);
    expect(closeness('if a:\n    b', '        if a:\n            b', budget)).toEqual({ low: 1, high: 1 });
    expect(closeness('if a:\n    b', '                        if a:\n                            b', budget)).toEqual({
      low: 1,
      high: 1,
    });
    expect(closeness('  if a:\n    b', '  if a:\n\tb', budget)).toEqual({ low: 1, high: 1 });
    expect(closeness('if a:  \n    b', 'if a:\n    b', budget)).toEqual({ low: 2, high: 2 });
  });
});
