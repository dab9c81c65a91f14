// A patch chunk that does not apply, diagnosed the way an edit_file miss is: which file and which
// change, the closest regions of the file (the edit core's candidates: what differs, where), and
// the change rewritten with the file's own lines (`details.corrected`) to send back. Changes out of
// file order or overlapping, an `*** End of File` change that is not at the end, and lines that
// match in more than one place get their own message.
import { ToolError } from '../../../runtime/errors.js';
import type { PatchChunk, PatchLine } from '../../../runtime/patch-envelope.js';
import type { SeenSegment } from '../../../runtime/seen-lines.js';
import type { Candidate, Difference } from '../edit/candidates.js';
import { findCandidates, type Diagnosis } from '../edit/diagnose.js';
import { FileLines, seekSequence } from './seek.js';

/** Above this many characters candidates are found in the edit job process, off the caller's thread. */
const INLINE_DIAGNOSIS_CHARS = 256 * 1024;

/** Where applying a chunk failed; turned into the ToolError the call ends with by diagnoseMiss. */
export class PatchMiss extends Error {
  constructor(
    readonly kind: 'anchor' | 'lines' | 'ambiguous',
    readonly file: FileLines,
    /** Index of the chunk in its section. */
    readonly chunk: number,
    /** The lines sought: the anchor, or the chunk's context and removed lines. */
    readonly needle: readonly string[],
    /** The line the search started at (0-based): the end of the change before. */
    readonly cursor: number,
    /** For `ambiguous`: the first two places (0-based lines). */
    readonly places: readonly number[] = [],
  ) {
    super('a patch chunk does not apply');
    this.name = 'PatchMiss';
  }
}

export interface MissContext {
  /** The file as the patch names it. */
  display: string;
  /** The chunks of its section, and the patch line of the section's header. */
  chunks: readonly PatchChunk[];
  sectionLine: number;
  seen: readonly SeenSegment[];
  signal: AbortSignal;
}

const WHAT: Record<Difference, string> = {
  whitespace: 'only in whitespace (trailing blanks, runs of spaces)',
  indentation: 'only in indentation',
  line_endings: 'only in line endings',
  quotes: 'only in quotes (typographic “ ” ‘ ’ against straight ones)',
  escapes: 'only in escapes (\\n, \\t, \\\\ or \\" written where the file has the character, or the other way round)',
  stale: 'in lines that changed on disk since this session read the file',
  other: 'in more than whitespace, indentation, quotes or escapes',
};

function label(ctx: MissContext, chunk: number): string {
  const at = ctx.chunks[chunk]?.line;
  return `change ${chunk + 1} of ${ctx.chunks.length} to ${ctx.display}${at === undefined ? '' : ` (patch line ${at})`}`;
}

/** The ToolError for a miss: AMBIGUOUS_MATCH, or NO_MATCH with candidates and a corrected change. */
export async function diagnoseMiss(miss: PatchMiss, ctx: MissContext): Promise<ToolError> {
  const { file, chunk, cursor } = miss;
  const base = {
    file: ctx.display,
    change: chunk + 1,
    changes: ctx.chunks.length,
    patch_line: ctx.chunks[chunk]?.line,
  };
  if (miss.kind === 'ambiguous') {
    const lines = miss.places.map((p) => p + 1);
    return new ToolError(
      'AMBIGUOUS_MATCH',
      `${label(ctx, chunk)}: its lines occur at line ${lines[0]} and again at line ${lines[1]}; add context lines that differ between them, or an '@@ <line>' naming the function or class it is in, so that the change matches one place. Nothing was written`,
      { ...base, lines },
    );
  }
  const after = cursor > 0 ? ` after line ${cursor}` : '';
  if (miss.kind === 'lines') {
    const elsewhere = seekSequence(file, miss.needle, 0, false);
    const chunkOf = ctx.chunks[chunk];
    if (elsewhere && elsewhere.index < cursor) {
      return new ToolError(
        'NO_MATCH',
        `${label(ctx, chunk)}: its lines are at line ${elsewhere.index + 1}, before the end of the change before it (line ${cursor}): the changes to one file must come in file order and must not overlap; reorder them, or merge overlapping ones into one change. Nothing was written`,
        { ...base, line: elsewhere.index + 1, candidates: [] },
      );
    }
    if (elsewhere && chunkOf?.endOfFile) {
      return new ToolError(
        'NO_MATCH',
        `${label(ctx, chunk)}: its lines are at line ${elsewhere.index + 1}, not at the end of the file as its '*** End of File' says; remove that marker, or give the file's last lines. Nothing was written`,
        { ...base, line: elsewhere.index + 1, candidates: [] },
      );
    }
  }
  const needle = miss.needle.join('\n');
  const text = file.text.includes('\r') ? file.text.replace(/\r\n/g, '\n') : file.text;
  const diagnosis = await candidatesFor(text, needle, ctx);
  const what =
    miss.kind === 'anchor'
      ? `its anchor '@@ ${miss.needle[0]}' was not found${after}`
      : `its lines were not found${after}`;
  const head = `${label(ctx, chunk)}: ${what}`;
  const { candidates, tie } = diagnosis;
  if (tie) {
    return new ToolError(
      'NO_MATCH',
      `${head}. The closest regions, at lines ${tie.lines.join(', ')}, are equally close (${tie.kinds.join(', ')}); add lines that tell them apart (or an '@@' anchor). details.candidates lists them. Nothing was written`,
      { ...base, candidates, ambiguous: true },
    );
  }
  const best = candidates[0];
  if (!best) {
    return new ToolError(
      'NO_MATCH',
      `${head}, nor anything close to them. Read the file again and copy its lines exactly (context lines start with a space). Nothing was written`,
      { ...base, candidates },
    );
  }
  const corrected = miss.kind === 'lines' ? correctedChange(ctx.chunks[chunk]!, best) : undefined;
  const fix = corrected
    ? "; details.corrected is this change written with the file's lines: send the patch again with it"
    : `; details.candidates[0].text is the file's text there`;
  const more = candidates.slice(1).map((c) => `line ${c.line} (${c.difference})`);
  return new ToolError(
    'NO_MATCH',
    `${head}. The closest text, at line ${best.line}, differs ${WHAT[best.difference]}${fix}${more.length > 0 ? ` (also close: ${more.join(', ')})` : ''}. Nothing was written`,
    { ...base, candidates, ...(corrected !== undefined ? { corrected } : {}) },
  );
}

async function candidatesFor(text: string, needle: string, ctx: MissContext): Promise<Diagnosis> {
  if (text.length <= INLINE_DIAGNOSIS_CHARS) return findCandidates(text, needle, ctx.seen);
  // A large file: the edit job process diagnoses it as it would an edit_file miss.
  const { editInJobProcess } = await import('../edit/pool.js');
  try {
    await editInJobProcess(
      {
        text,
        edits: [{ old_str: needle, new_str: `${needle}\u0000` }],
        displayPath: ctx.display,
        seen: ctx.seen,
        match: 'exact',
      },
      ctx.signal,
    );
  } catch (error) {
    if (error instanceof ToolError && error.code === 'NO_MATCH') {
      const candidates = (error.details?.candidates ?? []) as Candidate[];
      return { candidates };
    }
    if (error instanceof ToolError && error.code === 'CANCELLED') throw error;
  }
  return { candidates: [] };
}

/** The chunk rewritten with the region's lines for its context and removed lines (same count only). */
function correctedChange(chunk: PatchChunk, best: Candidate): string | undefined {
  const region = best.text.replace(/\r\n/g, '\n').split('\n');
  const old = chunk.lines.filter((l) => l.kind !== '+');
  if (region.length !== old.length) return undefined;
  let k = 0;
  const lines = chunk.lines.map((l: PatchLine) => (l.kind === '+' ? `+${l.text}` : `${l.kind}${region[k++]}`));
  const anchors = chunk.anchors.length > 0 ? chunk.anchors.map((a) => `@@ ${a}`) : ['@@'];
  return [...anchors, ...lines].join('\n');
}
