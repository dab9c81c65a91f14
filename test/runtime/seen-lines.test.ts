// What a session keeps of the lines it read: joined per file version, bounded per file and per session.
import { describe, expect, it } from 'vitest';
import { SeenLines, segmentOfText, MAX_SEEN_CHARS_PER_FILE } from '../../src/runtime/session/seen-lines.js';
import { Session } from '../../src/runtime/session/session.js';

const stamp = (mtimeNs: bigint) => ({ dev: 1n, ino: 2n, size: 3n, mtimeNs });
const segment = (lines: (string | null)[], atStart = true, atEnd = true) => ({ lines, atStart, atEnd });

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

  it('a window read again is held once and moved last: re-reads never push out the other windows read', () => {
    const seen = new SeenLines();
    seen.record('/a', stamp(1n), segment(['far', 'away'], false, false));
    seen.record('/a', stamp(1n), segment(['one', 'two'], true, false));
    for (let i = 0; i < 40; i++) seen.record('/a', stamp(1n), segment(['one', 'two'], true, false));
    const record = seen.get('/a')!;
    expect(record.segments.map((s) => s.lines)).toEqual([
      ['far', 'away'],
      ['one', 'two'],
    ]);
    expect(record.chars).toBe('far away '.length + 'one two '.length);
    // The older window, read again, becomes the most recent one.
    seen.record('/a', stamp(1n), segment(['far', 'away'], false, false));
    expect(seen.get('/a')!.segments.map((s) => s.lines[0])).toEqual(['one', 'far']);
  });

  it('windows that differ in one line, a cut line or an end of the file are each kept', () => {
    const seen = new SeenLines();
    const variants = [
      segment(['a', 'b'], true, false),
      segment(['a', 'c'], true, false),
      segment(['a', null], true, false),
      segment(['a', 'b'], false, false),
      segment(['a', 'b'], true, true),
      segment(['a', 'b', 'c'], true, false),
    ];
    for (let round = 0; round < 8; round++) for (const v of variants) seen.record('/a', stamp(1n), { ...v });
    const record = seen.get('/a')!;
    expect(record.segments).toHaveLength(variants.length);
    expect(record.chars).toBe(
      record.segments.reduce((n, s) => n + s.lines.reduce((m, l) => m + (l?.length ?? 0) + 1, 0), 0),
    );
  });

  it('the segments of a record handed out earlier stay as they were when the file is read again', () => {
    const seen = new SeenLines();
    seen.record('/a', stamp(1n), segment(['x'], true, false));
    const before = seen.get('/a')!.segments;
    seen.record('/a', stamp(1n), segment(['y'], false, true));
    seen.record('/a', stamp(1n), segment(['x'], true, false));
    expect(before.map((s) => s.lines)).toEqual([['x']]);
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
