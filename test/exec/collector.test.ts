import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputCollector } from '../../src/handlers/exec/run/collector.js';

/** Feeds `text` to a collector in pieces of the given sizes (bytes), then finishes. */
function collect(limit: number, input: Buffer | string, pieces: number[] = []) {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  const c = new OutputCollector(limit);
  let at = 0;
  for (const size of pieces) {
    if (at >= bytes.length) break;
    c.push(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) c.push(bytes.subarray(at));
  return c.finish();
}

const MARKER = /\[… (\d+) bytes omitted …\]\n/;

describe('OutputCollector', () => {
  it('returns output within the limit verbatim', () => {
    const out = collect(100, 'hello\nworld\n');
    expect(out).toEqual({ text: 'hello\nworld\n', truncated: false, binary: false, totalBytes: 12 });
  });

  it('keeps exactly `limit` characters verbatim and cuts at limit + 1', () => {
    expect(collect(50, 'x'.repeat(50)).truncated).toBe(false);
    const over = collect(50, 'x'.repeat(51));
    expect(over.truncated).toBe(true);
    expect(over.text).toMatch(MARKER);
  });

  it('keeps head and tail and counts the omitted bytes exactly', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const out = collect(1000, lines, [4096, 4096, 4096]);
    const match = MARKER.exec(out.text)!;
    expect(match).not.toBeNull();
    const head = out.text.slice(0, match.index);
    const tail = out.text.slice(match.index + match[0].length);
    expect(lines.startsWith(head)).toBe(true);
    expect(lines.endsWith(tail)).toBe(true);
    expect(head.length).toBeLessThanOrEqual(500);
    expect(tail.length).toBeLessThanOrEqual(500);
    // Cut at line boundaries when one is near.
    expect(head.endsWith('\n')).toBe(true);
    expect(tail.startsWith('line ')).toBe(true);
    expect(Number(match[1])).toBe(Buffer.byteLength(lines) - Buffer.byteLength(head) - Buffer.byteLength(tail));
    expect(out.totalBytes).toBe(Buffer.byteLength(lines));
  });

  it('gives the same result however the stream is chunked', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `${i} é日🎉`).join('\n');
    const whole = collect(300, text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 60 }), (pieces) => {
        expect(collect(300, text, pieces)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('never splits a multi-byte character at the cut or between chunks', () => {
    const text = '日本語🎉'.repeat(20_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 400 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 50 }),
        (limit, pieces) => {
          const out = collect(limit, text, pieces);
          expect(out.text).not.toContain('\uFFFD');
          const [head, tail] = out.text.split(MARKER.exec(out.text)![0]);
          expect(text.startsWith(head!.replace(/\n$/, ''))).toBe(true);
          expect(text.endsWith(tail!)).toBe(true);
          expect(head!.length + tail!.length).toBeLessThanOrEqual(limit + 1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('holds bounded memory however much is pushed', () => {
    const c = new OutputCollector(30_000);
    const chunk = Buffer.alloc(65_536, 'y\n');
    let peak = 0;
    for (let i = 0; i < 2_000; i++) {
      c.push(chunk); // 128 MiB in total
      peak = Math.max(peak, c.retainedBytes);
    }
    expect(peak).toBeLessThanOrEqual(4 * 30_000);
    const out = c.finish();
    expect(out.totalBytes).toBe(2_000 * 65_536);
    expect(Number(MARKER.exec(out.text)![1])).toBe(out.totalBytes - Buffer.byteLength(out.text.replace(MARKER, '')));
  });

  it('copies what it keeps, so the caller may reuse its read buffer', () => {
    const reused = Buffer.alloc(1000);
    const c = new OutputCollector(100);
    const lines: string[] = [];
    for (let i = 0; i < 50; i++) {
      const line = `chunk ${i} `.padEnd(99, '.') + '\n';
      lines.push(line);
      const n = reused.write(line);
      c.push(reused.subarray(0, n));
      reused.fill('X');
    }
    const out = c.finish();
    expect(out.text).not.toContain('X');
    expect(out.text.startsWith(lines[0]!.slice(0, 50))).toBe(true);
    expect(out.text.endsWith(lines[49]!.slice(-50))).toBe(true);
  });

  it('replaces binary output with a notice naming its size', () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 97) % 256));
    const out = collect(30_000, bytes);
    expect(out.binary).toBe(true);
    expect(out.truncated).toBe(true);
    expect(out.text).toContain('binary output: 3000 bytes');
  });

  it('detects binary data at the end of otherwise textual output', () => {
    const bytes = Buffer.concat([Buffer.from('header line\n'.repeat(10_000)), Buffer.alloc(2000, 0)]);
    expect(collect(1000, bytes).binary).toBe(true);
  });

  it('treats coloured (ANSI) output as text', () => {
    const coloured = '\x1b[31mFAIL\x1b[0m test one\n\x1b[32mPASS\x1b[0m test two\n'.repeat(20);
    const out = collect(30_000, coloured);
    expect(out.binary).toBe(false);
    expect(out.text).toBe(coloured);
  });
});
