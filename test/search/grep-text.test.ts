// grep's model-facing notes count in words that agree with the number: "1 matching line in 1 file".
import { describe, expect, it } from 'vitest';
import type { GrepParams } from '../../src/generated/types.js';
import { renderGrep, type GrepRendering } from '../../src/handlers/search/grep/render.js';
import { nextArguments, noteLeftOut } from '../../src/runtime/continuation.js';

// What grep receives for { pattern: 'x' }: the catalog's defaults filled in, remembered as left out.
const params: GrepParams = {
  pattern: 'x',
  path: '.',
  case_insensitive: false,
  fixed_strings: false,
  multiline: false,
  context: 0,
  output_mode: 'content',
  max_results: 200,
  offset: 0,
  include_ignored: false,
  timeout_ms: 60_000,
};
noteLeftOut(params, new Set(Object.keys(params).filter((key) => key !== 'pattern')));
const match = (path: string, line: number) => ({ path, line, text: 'x' });
const how = (mode: string, max: number | undefined): GrepRendering => ({
  params,
  mode,
  max,
  problem: undefined,
  nextAfter: (shown) => nextArguments(params, { offset: shown }),
});

describe('grep text: singular and plural', () => {
  it('count mode: one line in one file, several lines in several files', () => {
    const one = renderGrep({ counts: [{ path: 'a', count: 1 }], truncated: false }, how('count', 10));
    expect(one).toContain('(1 matching line in 1 file)');
    const two = renderGrep(
      {
        counts: [
          { path: 'a', count: 1 },
          { path: 'b', count: 2 },
        ],
        truncated: false,
      },
      how('count', 10),
    );
    expect(two).toContain('(3 matching lines in 2 files)');
  });

  it('content mode: one match in one file, two matches in one file', () => {
    expect(renderGrep({ matches: [match('a', 1)], truncated: false }, how('content', 10))).toContain(
      '(1 match in 1 file)',
    );
    expect(renderGrep({ matches: [match('a', 1), match('a', 2)], truncated: false }, how('content', 10))).toContain(
      '(2 matches in 1 file)',
    );
  });

  it('truncation notes: max_results=1 and the memory bound name one match or one file', () => {
    const atMax = renderGrep({ matches: [match('a', 1)], truncated: true }, how('content', 1));
    expect(atMax).toContain('[stopped at max_results=1 match: continue with {"pattern":"x","offset":1}]');
    const filesAtMax = renderGrep({ files: ['a'], truncated: true }, how('files_with_matches', 1));
    expect(filesAtMax).toContain('[stopped at max_results=1 file: continue with');
    const bound = renderGrep({ files: ['a'], truncated: true }, how('files_with_matches', undefined));
    expect(bound).toContain('[stopped after 1 file at the results');
    expect(renderGrep({ files: ['a', 'b'], truncated: true }, how('files_with_matches', 2))).toContain(
      '[stopped at max_results=2 files: continue with',
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
      how('content', 10),
    );
    expect(two).toContain('[text cut after 1 of 2 matches, the rest are in the structured output: continue with');
  });
});
