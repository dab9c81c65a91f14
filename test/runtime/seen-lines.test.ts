// What a session keeps of the lines it read: joined per file version, bounded per file and per session.
import { describe, expect, it } from 'vitest';
import { SeenLines, segmentOfText, MAX_SEEN_CHARS_PER_FILE } from '../../src/runtime/seen-lines.js';
import { Session } from '../../src/runtime/session.js';

const stamp = (mtimeNs: bigint) => ({ dev: 1n, ino: 2n, size: 3n, mtimeNs });
const segment = (lines: string[], atStart = true, atEnd = true) => ({ lines, atStart, atEnd });

describe('seen lines', () => {
  it('reads of one version join; a new version starts afresh; a read with no lines keeps none', () => {
    const seen = new SeenLines();
    seen.record('/a', stamp(1n), segment(['one', 'two'], true, false));
    seen.record('/a', stamp(1n), segment(['five'], false, true));
    expect(seen.get('/a')!.segments.map((s) => s.lines)).toEqual([['one', 'two'], ['five']]);
    seen.record('/a', stamp(2n), segment(['new']));
    expect(seen.get('/a')!.segments.map((s) => s.lines)).toEqual([['new']]);
    seen.record('/a', stamp(3n));
    expect(seen.get('/a')!.segments).toEqual([]);
  });

  it('a window over the per-file bound is not kept, and the oldest files are emptied past the session bound', () => {
    const seen = new SeenLines();
    const big = 'x'.repeat(1024 * 1024);
    seen.record('/huge', stamp(1n), segment([big, big, big]));
    expect(seen.get('/huge')!.segments).toEqual([]);
    for (let i = 0; i < 10; i++) seen.record(`/f${i}`, stamp(1n), segment([big]));
    const kept = Array.from({ length: 10 }, (_, i) => seen.get(`/f${i}`)!.segments.length);
    expect(kept.slice(0, 2)).toEqual([0, 0]);
    expect(kept.slice(-7)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(segmentOfText('a'.repeat(MAX_SEEN_CHARS_PER_FILE + 1))).toBeUndefined();
    expect(segmentOfText('a\r\nb\r\n')).toEqual(segment(['a', 'b']));
  });

  it('a session forgets the lines with the stamp', () => {
    const session = new Session();
    session.recordRead('/a', stamp(1n), segment(['x']));
    expect(session.seenLines('/a')!.segments).toHaveLength(1);
    session.forget('/a');
    expect(session.seenLines('/a')).toBeUndefined();
    expect(session.lastSeen('/a')).toBeUndefined();
  });
});
