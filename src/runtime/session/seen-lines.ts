// What a session saw of the files it read: the lines of each read window (bounded), so that an edit
// of a file changed on disk since can be checked against what was read where it lands.
import type { FileStamp } from './file-stamp.js';

/** Consecutive lines as read (no terminators, '\r' dropped); null for a line shown cut. */
export interface SeenSegment {
  lines: (string | null)[];
  /** The segment starts at the file's first line / ends at its last line. */
  atStart: boolean;
  atEnd: boolean;
}

export interface SeenRecord {
  stamp: FileStamp;
  segments: SeenSegment[];
  chars: number;
}

/** Characters of seen lines kept per file and per session; a larger window is not kept. */
export const MAX_SEEN_CHARS_PER_FILE = 2 * 1024 * 1024;
const MAX_SEEN_CHARS_PER_SESSION = 8 * 1024 * 1024;
const MAX_SEGMENTS_PER_FILE = 32;

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/** The same lines (a line shown cut is null in both) with the same ends of the file. */
function sameSegment(a: SeenSegment, b: SeenSegment): boolean {
  if (a === b) return true;
  const n = a.lines.length;
  if (n !== b.lines.length || a.atStart !== b.atStart || a.atEnd !== b.atEnd) return false;
  for (let i = 0; i < n; i++) if (a.lines[i] !== b.lines[i]) return false;
  return true;
}

function charsOf(segment: SeenSegment): number {
  let n = 0;
  for (const line of segment.lines) n += (line?.length ?? 0) + 1;
  return n;
}

/** Seen lines per path, least recently recorded dropped first when the session's bound is reached. */
export class SeenLines {
  private readonly files = new Map<string, SeenRecord>();
  private total = 0;

  /**
   * Records a read of `path` at `stamp`: a segment read at the same stamp as the record joins it,
   * any other stamp starts the record afresh (without `segment`: a record of no lines). A segment
   * the record already holds (a window read again) is moved to the end instead of kept twice, so
   * re-reads never push out the other windows read, and a record costs its new segment, not all.
   */
  record(path: string, stamp: FileStamp, segment?: SeenSegment): void {
    const previous = this.files.get(path);
    const joined = previous !== undefined && sameStamp(previous.stamp, stamp);
    let segments = joined ? previous.segments : [];
    let kept = joined ? previous.chars : 0;
    this.drop(path);
    const chars = segment ? charsOf(segment) : 0;
    if (segment && chars <= MAX_SEEN_CHARS_PER_FILE) {
      const held = segments.findIndex((s) => sameSegment(s, segment));
      segments = held === -1 ? [...segments, segment] : [...segments.filter((_, i) => i !== held), segments[held]!];
      if (held === -1) kept += chars;
    } else segments = [...segments];
    while (segments.length > MAX_SEGMENTS_PER_FILE || kept > MAX_SEEN_CHARS_PER_FILE)
      kept -= charsOf(segments.shift()!);
    this.files.set(path, { stamp, segments, chars: kept });
    this.total += kept;
    for (const [other, record] of this.files) {
      if (this.total <= MAX_SEEN_CHARS_PER_SESSION || other === path) break;
      this.total -= record.chars;
      this.files.set(other, { stamp: record.stamp, segments: [], chars: 0 });
    }
  }

  get(path: string): SeenRecord | undefined {
    return this.files.get(path);
  }

  drop(path: string): void {
    const record = this.files.get(path);
    if (!record) return;
    this.total -= record.chars;
    this.files.delete(path);
  }
}

/** The lines of `text` as a segment (terminators and '\r' dropped), or undefined over the bound. */
export function segmentOfText(text: string): SeenSegment | undefined {
  if (text.length > MAX_SEEN_CHARS_PER_FILE) return undefined;
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return { lines, atStart: true, atEnd: true };
}
