// The capped spill file of background jobs: head kept, tail in a ring, reads from any position
// account for every byte (shown + omitted = written since the read position).
import { describe, expect, it } from 'vitest';
import { SpillFile } from '../../src/handlers/exec/jobs/spill.js';

/** Numbered lines, so any byte range of the stream is recognisable. */
function stream(bytes: number): Buffer {
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `line ${i}\n`;
  return Buffer.from(text.slice(0, bytes));
}

/** A small deterministic PRNG (tests must not depend on Math.random). */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function parse(text: string): { head: string; omitted: number; tail: string } {
  const match = /\n?\[… (\d+) bytes omitted …\]\n/.exec(text);
  if (!match) return { head: text, omitted: 0, tail: '' };
  return {
    head: text.slice(0, match.index),
    omitted: Number(match[1]),
    tail: text.slice(match.index + match[0].length),
  };
}

describe('SpillFile', () => {
  it('returns everything written when it fits the head and tail', () => {
    const spill = new SpillFile(64, 256);
    const data = stream(300);
    spill.write(data.subarray(0, 100));
    spill.write(data.subarray(100));
    const read = spill.read(0, 10_000);
    expect(read.text).toBe(data.toString());
    expect(read.truncated).toBe(false);
    expect(spill.read(120, 10_000).text).toBe(data.subarray(120).toString());
    spill.close();
  });

  it('accounts for every byte from any read position, whatever the chunking and wrap-around', () => {
    const random = prng(1234);
    for (let round = 0; round < 200; round++) {
      const headBytes = 16 + Math.floor(random() * 200);
      const tailBytes = 16 + Math.floor(random() * 400);
      const total = Math.floor(random() * 3_000);
      const data = stream(total);
      const spill = new SpillFile(headBytes, tailBytes);
      for (let at = 0; at < total;) {
        const size = 1 + Math.floor(random() * 300);
        spill.write(data.subarray(at, at + size));
        at += size;
      }
      expect(spill.total).toBe(total);
      const from = Math.floor(random() * (total + 1));
      const limit = 50 + Math.floor(random() * 2_000);
      const read = spill.read(from, limit);
      const { head, omitted, tail } = parse(read.text);
      const expected = data.subarray(from).toString();
      const context = `round ${round}: head ${headBytes} tail ${tailBytes} total ${total} from ${from} limit ${limit}`;
      // What is shown comes from the right places: a prefix and a suffix of what was written since `from`.
      expect(expected.startsWith(head), context).toBe(true);
      expect(expected.endsWith(tail), context).toBe(true);
      // Shown + omitted = everything since `from` (a newline may be added before the marker).
      const shown = Buffer.byteLength(head) + Buffer.byteLength(tail);
      expect(Math.abs(shown + omitted - (total - from)), context).toBeLessThanOrEqual(1);
      // Anything dropped from the middle of the file is reported, never silently shown as adjacent.
      if (total - from > headBytes + tailBytes) expect(omitted, context).toBeGreaterThan(0);
      expect([...head].length + [...tail].length, context).toBeLessThanOrEqual(limit);
      spill.close();
    }
  });

  it('keeps exactly the first head bytes and the last tail bytes of a long stream', () => {
    const spill = new SpillFile(1_000, 2_000);
    const data = stream(1_000_000);
    for (let at = 0; at < data.length; at += 4_096) spill.write(data.subarray(at, at + 4_096));
    const { head, omitted, tail } = parse(spill.read(0, 100_000).text);
    // The head ends at the last line break of the first 1,000 bytes (the collector cuts at lines).
    expect(data.subarray(0, 1_000).toString().startsWith(head)).toBe(true);
    expect(head.length).toBeGreaterThan(980);
    expect(
      data
        .subarray(data.length - 2_000)
        .toString()
        .endsWith(tail),
    ).toBe(true);
    expect(tail.length).toBeGreaterThan(1_900);
    expect(omitted).toBeGreaterThanOrEqual(1_000_000 - 3_000);
    spill.close();
  });

  it('reading after close returns nothing, and writes after close are ignored', () => {
    const spill = new SpillFile(10, 10);
    spill.write(Buffer.from('abc'));
    spill.close();
    spill.write(Buffer.from('def'));
    expect(spill.read(0, 100).text).toBe('');
  });
});
