// grep's model-facing notes count in words that agree with the number: "1 matching line in 1 file".
import { describe, expect, it } from 'vitest';
import type { GrepParams } from '../../src/generated/types.js';
import { renderGrep } from '../../src/handlers/search/grep/render.js';

const params: GrepParams = { pattern: 'x' };
const match = (path: string, line: number) => ({ path, line, text: 'x' });

describe('grep text: singular and plural', () => {
  it('count mode: one line in one file, several lines in several files', () => {
    const one = renderGrep({ counts: [{ path: 'a', count: 1 }], truncated: false }, params, 'count', 10, undefined);
    expect(one).toContain('(1 matching line in 1 file)');
    const two = renderGrep(
      {
        counts: [
          { path: 'a', count: 1 },
          { path: 'b', count: 2 },
        ],
        truncated: false,
      },
      params,
      'count',
      10,
      undefined,
    );
    expect(two).toContain('(3 matching lines in 2 files)');
  });

  it('content mode: one match in one file, two matches in one file', () => {
    expect(renderGrep({ matches: [match('a', 1)], truncated: false }, params, 'content', 10, undefined)).toContain(
      '(1 match in 1 file)',
    );
    expect(
      renderGrep({ matches: [match('a', 1), match('a', 2)], truncated: false }, params, 'content', 10, undefined),
    ).toContain('(2 matches in 1 file)');
  });

  it('truncation notes: max_results=1 and the memory bound name one match or one file', () => {
    const atMax = renderGrep({ matches: [match('a', 1)], truncated: true }, params, 'content', 1, undefined);
    expect(atMax).toContain('[stopped at max_results=1 match;');
    const filesAtMax = renderGrep({ files: ['a'], truncated: true }, params, 'files_with_matches', 1, undefined);
    expect(filesAtMax).toContain('[stopped at max_results=1 file;');
    const bound = renderGrep({ files: ['a'], truncated: true }, params, 'files_with_matches', undefined, undefined);
    expect(bound).toContain('[stopped after 1 file:');
    expect(renderGrep({ files: ['a', 'b'], truncated: true }, params, 'files_with_matches', 2, undefined)).toContain(
      '[stopped at max_results=2 files;',
    );
  });

  it('the note on what the text leaves out agrees with its count', () => {
    const long = 'y'.repeat(30_000);
    const two = renderGrep(
      {
        matches: [
          { path: 'a', line: 1, text: long },
          { path: 'a', line: 2, text: long },
        ],
        truncated: false,
      },
      params,
      'content',
      10,
      undefined,
    );
    expect(two).toContain('[… 1 more match in the structured output');
  });
});
