import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_LINE_BYTES,
  NulRecordStream,
  RgJsonStream,
  type RgLineEvent,
} from '../../src/handlers/search/grep/rg-json.js';

/** One line of `rg --json` output for a match. */
function matchLine(path: string, line: number, text: string): string {
  return `${JSON.stringify({
    type: 'match',
    data: {
      path: { text: path },
      lines: { text },
      line_number: line,
      absolute_offset: 0,
      submatches: [{ match: { text: 'x' }, start: 0, end: 1 }],
    },
  })}\n`;
}

function feed(output: Buffer, chunkSizes: number[], wantContext = false): RgLineEvent[] {
  const events: RgLineEvent[] = [];
  const stream = new RgJsonStream((event) => {
    events.push(event);
    return true;
  }, wantContext);
  let offset = 0;
  for (let i = 0; offset < output.length; i++) {
    const size = chunkSizes[i % chunkSizes.length]!;
    stream.push(output.subarray(offset, offset + size));
    offset += size;
  }
  return events;
}

describe('RgJsonStream', () => {
  it('parses events split across arbitrary chunk boundaries and skips begin/end/summary', () => {
    const output = Buffer.from(
      '{"type":"begin","data":{"path":{"text":"a.txt"}}}\n' +
        matchLine('a.txt', 3, 'héllo "quoted" \\ back\n') +
        '{"type":"context","data":{"path":{"text":"a.txt"},"lines":{"text":"ctx\\n"},"line_number":4,"absolute_offset":9,"submatches":[]}}\n' +
        '{"type":"match","data":{"path":{"bytes":"Yv9jLnR4dA=="},"lines":{"bytes":"Y2Fm6SB4Cg=="},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"x"},"start":5,"end":6}]}}\n' +
        '{"type":"end","data":{"path":{"text":"a.txt"},"binary_offset":null,"stats":{}}}\n' +
        '{"data":{"elapsed_total":{}},"type":"summary"}\n',
    );
    for (const sizes of [[output.length], [1], [3, 7, 11], [64]]) {
      const events = feed(output, sizes, true);
      expect(events).toEqual([
        { type: 'match', path: 'a.txt', line: 3, text: 'héllo "quoted" \\ back' },
        { type: 'context', path: 'a.txt', line: 4, text: 'ctx' },
        { type: 'match', path: 'b\ufffdc.txt', line: 1, text: 'caf\ufffd x' },
      ]);
    }
    expect(feed(output, [5], false).map((e) => e.type)).toEqual(['match', 'match']);
  });

  it('streams a line larger than the buffer limit, finding its end through escaped quotes and backslashes', () => {
    // Backslash runs before quotes are where a naive scan for the closing quote goes wrong.
    const unit = 'ab\\"cd\\\\"ef\\\\\\"gh"';
    const text = unit.repeat(Math.ceil((MAX_JSON_LINE_BYTES * 2) / unit.length));
    const output = Buffer.from(matchLine('big.txt', 7, `${text}\n`) + matchLine('after.txt', 9, 'small\n'));
    for (const sizes of [[65536], [4093, 1, 2, 3], [MAX_JSON_LINE_BYTES + 5]]) {
      const events = feed(output, sizes);
      expect(events).toHaveLength(2);
      const [giant, after] = events;
      expect(giant!.path).toBe('big.txt');
      expect(giant!.line).toBe(7);
      expect(giant!.text.length).toBeGreaterThan(2000);
      expect(text.startsWith(giant!.text)).toBe(true);
      expect(giant!.fullLength).toBeGreaterThanOrEqual(text.length);
      expect(after).toEqual({ type: 'match', path: 'after.txt', line: 9, text: 'small' });
    }
  });

  it('stops when the consumer says so', () => {
    const output = Buffer.from(matchLine('a', 1, 'x\n').repeat(10));
    let seen = 0;
    const stream = new RgJsonStream(() => ++seen < 3, false);
    expect(stream.push(output)).toBe(false);
    expect(seen).toBe(3);
  });
});

describe('NulRecordStream', () => {
  it('splits -l and --count records across chunks, including multi-byte names', () => {
    const records: [string, number][] = [];
    const counts = new NulRecordStream(true, (p, n) => (records.push([p, n]), true));
    const bytes = Buffer.from('src/é.ts\u00003\nb.txt\u000012\n');
    for (let i = 0; i < bytes.length; i++) counts.push(bytes.subarray(i, i + 1));
    expect(records).toEqual([
      ['src/é.ts', 3],
      ['b.txt', 12],
    ]);
    const files: string[] = [];
    new NulRecordStream(false, (p) => (files.push(p), true)).push(Buffer.from('./a\u0000b/c\u0000'));
    expect(files).toEqual(['./a', 'b/c']);
  });
});
