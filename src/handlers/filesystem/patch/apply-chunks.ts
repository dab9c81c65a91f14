// The chunks of one Update File section applied to a file's text: each chunk is sought after the one
// before (its `@@` anchors first), as OpenAI's reference implementation does, and replaced; lines
// the chunk keeps as context keep the file's own text and line ending, new lines take the file's
// first line ending. Bytes outside the chunks are unchanged; a chunk that reaches the end of the
// file leaves it ending with a line break (the reference implementation's rule).
import type { PatchChunk, PatchLine } from '../../../runtime/fs/patch-envelope.js';
import type { ChangedRange } from '../edit/match.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import { FileLines, occurrencesAt, seekSequence, type MatchLevel, type SearchWork } from './seek.js';
import { PatchMiss } from './miss.js';

export interface AppliedChunks {
  text: string;
  /** Where the new text differs from the old one, ascending (for the diff and the stale guard). */
  changes: ChangedRange[];
  /** The loosest level a chunk or anchor needed, when not every one matched exactly. */
  levels: Exclude<MatchLevel, 'exact'>[];
}

interface Replacement {
  start: number;
  oldLength: number;
  lines: readonly PatchLine[];
}

const oldSide = (lines: readonly PatchLine[]) => lines.filter((l) => l.kind !== '+').map((l) => l.text);

/**
 * The chunk's lines without the empty line that stood for the file's final line break (the
 * reference implementation's retry): the last line the file must hold goes, and the last new line
 * too when it is empty.
 */
function withoutFinalEmpty(lines: readonly PatchLine[]): PatchLine[] {
  const out = [...lines];
  let lastOld = -1;
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]!.kind !== '+') {
      lastOld = i;
      break;
    }
  }
  if (lastOld === -1) return out;
  // A context line stays on the new side only; a removed one goes.
  if (out[lastOld]!.kind === ' ') out[lastOld] = { kind: '+', text: out[lastOld]!.text };
  else out.splice(lastOld, 1);
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]!.kind === '-') continue;
    if (out[i]!.text === '') out.splice(i, 1);
    break;
  }
  return out;
}

/** Lines compared between two turns of the event loop: a few milliseconds of work. */
const STEPS_PER_TURN = 1 << 21;
/**
 * Lines compared for one patch at most (seconds of work, the event loop getting turns all along):
 * past it the patch is refused. Thousands of changes without anchors in a file of 100,000 lines
 * reach it, each checked for a second place to the end of the file.
 */
export const MAX_SEARCH_STEPS = 300_000_000;

/** Gives the event loop a turn when the searches have worked long enough; refuses a patch past the bound. */
export async function searchTurn(work: SearchWork & { turnAt: number }, signal: AbortSignal): Promise<void> {
  if (work.steps > MAX_SEARCH_STEPS)
    throw new ToolError(
      'TOO_LARGE',
      "placing this patch's changes would compare over 300 million lines: send fewer changes per call, or give them @@ anchors and fewer repeated context lines. Nothing was written",
    );
  if (work.steps < work.turnAt) return;
  work.turnAt = work.steps + STEPS_PER_TURN;
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}

/**
 * Applies `chunks` to `text`; a chunk that cannot be placed throws a PatchMiss (./miss.ts diagnoses
 * it). `work` counts the lines compared across the whole patch; the event loop gets a turn between
 * chunks once a few milliseconds of searching have passed.
 */
export async function applyChunks(
  text: string,
  chunks: readonly PatchChunk[],
  work: SearchWork & { turnAt: number },
  signal: AbortSignal,
): Promise<AppliedChunks> {
  const file = new FileLines(text);
  const levels = new Set<Exclude<MatchLevel, 'exact'>>();
  const replacements: Replacement[] = [];
  let cursor = 0;
  for (const [index, chunk] of chunks.entries()) {
    await searchTurn(work, signal);
    for (const anchor of chunk.anchors) {
      const found = seekSequence(file, [anchor], cursor, false, work);
      if (!found) throw new PatchMiss('anchor', file, index, [anchor], cursor);
      if (found.level !== 'exact') levels.add(found.level);
      cursor = found.index + 1;
    }
    let lines: readonly PatchLine[] = chunk.lines;
    let old = oldSide(lines);
    if (old.length === 0) {
      // Pure addition: after the anchor it names, else at the end of the file (before a last blank line).
      const end = file.length > 0 && file.lines[file.length - 1] === '' ? file.length - 1 : file.length;
      replacements.push({ start: chunk.anchors.length > 0 && !chunk.endOfFile ? cursor : end, oldLength: 0, lines });
      continue;
    }
    let found = seekSequence(file, old, cursor, chunk.endOfFile, work);
    if (!found && old[old.length - 1] === '') {
      lines = withoutFinalEmpty(lines);
      old = oldSide(lines);
      found = seekSequence(file, old, cursor, chunk.endOfFile, work);
    }
    if (!found) throw new PatchMiss('lines', file, index, oldSide(chunk.lines), cursor);
    // Without an anchor, lines that occur again further on could be meant there as well.
    if (chunk.anchors.length === 0 && !chunk.endOfFile && old.length > 0) {
      const again = occurrencesAt(file, old, found.index + 1, found.level, 1, work);
      if (again.length > 0) throw new PatchMiss('ambiguous', file, index, old, cursor, [found.index, again[0]!]);
    }
    if (found.level !== 'exact') levels.add(found.level);
    replacements.push({ start: found.index, oldLength: old.length, lines });
    cursor = found.index + old.length;
  }
  replacements.sort((a, b) => a.start - b.start);
  return { ...rebuild(file, replacements), levels: [...levels] };
}

/** The new text: the old one with each replacement made, and the ranges that changed. */
function rebuild(file: FileLines, replacements: readonly Replacement[]): { text: string; changes: ChangedRange[] } {
  const { text, starts } = file;
  const pieces: string[] = [];
  const changes: ChangedRange[] = [];
  let kept = 0; // first old line not yet copied
  let length = 0;
  for (const r of replacements) {
    const from = starts[kept]!;
    const to = starts[r.start]!;
    if (to > from) {
      pieces.push(text.slice(from, to));
      length += to - from;
    }
    let segment = '';
    // An insertion after a last line without a line break gives that line one.
    if (r.start === file.length && file.length > 0 && file.ending(file.length - 1) === '') segment += file.preferred;
    let k = r.start;
    // Every line the chunk writes ends with a line break: the file's last line, kept as context,
    // gets one (so a chunk reaching the end leaves the file ending with one).
    for (const line of r.lines) {
      if (line.kind === '-') {
        k++;
      } else if (line.kind === ' ') {
        segment += file.lines[k]! + (file.ending(k) || file.preferred);
        k++;
      } else {
        segment += line.text + file.preferred;
      }
    }
    const oldEnd = starts[r.start + r.oldLength]!;
    changes.push({ start: length, end: length + segment.length, oldStart: to, oldEnd });
    pieces.push(segment);
    length += segment.length;
    kept = r.start + r.oldLength;
  }
  const rest = text.slice(starts[kept]);
  pieces.push(rest);
  return { text: pieces.join(''), changes: mergeTouching(changes) };
}

/** Ranges that touch merged (two insertions at one place, a change right after another). */
function mergeTouching(changes: ChangedRange[]): ChangedRange[] {
  const out: ChangedRange[] = [];
  for (const c of changes) {
    const last = out[out.length - 1];
    if (last && c.oldStart <= last.oldEnd) {
      last.end = c.end;
      last.oldEnd = Math.max(last.oldEnd, c.oldEnd);
    } else out.push({ ...c });
  }
  return out;
}
