// The apply_patch envelope, the format OpenAI's models write their edits in:
//
//   *** Begin Patch
//   *** Add File: <path>          then `+` lines, the new file's content
//   *** Delete File: <path>
//   *** Update File: <path>       then an optional `*** Move to: <path>`, then chunks:
//   @@ [anchor text]              (optional on the first chunk; several in a row narrow step by step)
//    context / -removed / +added lines, and optionally `*** End of File`
//   *** End Patch
//
// Parsed here, in the runtime, because a `patch` parameter's paths are confined and decided by
// the policy before the handler runs: one parser gives the runtime and the handler the same paths.
// It accepts what OpenAI's reference implementation accepts (whitespace around the markers, the
// whole patch wrapped in a `<<'EOF'` heredoc, a first chunk without `@@`) and refuses what it
// refuses, naming the line.
import { ToolError } from '../contract/errors.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const END_OF_FILE = '*** End of File';

export type PatchLineKind = ' ' | '-' | '+';

export interface PatchLine {
  kind: PatchLineKind;
  text: string;
}

/** One `@@` section of an Update: where it goes (anchors, then its context) and what changes. */
export interface PatchChunk {
  /** The texts of the `@@ text` lines before it, in order (each sought after the one before). */
  anchors: string[];
  lines: PatchLine[];
  /** `*** End of File` closed it: its lines end the file. */
  endOfFile: boolean;
  /** Line of the patch where the chunk starts (1-based, as sent). */
  line: number;
}

export type PatchHunk =
  | { type: 'add'; path: string; line: number; contents: string }
  | { type: 'delete'; path: string; line: number }
  | { type: 'update'; path: string; line: number; moveTo?: string; chunks: PatchChunk[] };

export interface ParsedPatch {
  hunks: PatchHunk[];
  /** The patch came wrapped in a heredoc (`<<'EOF'` … `EOF`), which was taken off. */
  heredoc: boolean;
}

/** A patch that does not parse: INVALID_INPUT naming the line (details.line, 1-based as sent). */
function invalid(message: string, line?: number): ToolError {
  const where = line === undefined ? '' : `line ${line}: `;
  return new ToolError('INVALID_INPUT', `invalid patch: ${where}${message}`, line === undefined ? {} : { line });
}

/** Lines as Rust's `str::lines` gives them: split on LF, one CR before it dropped, no empty last line. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}

const HEREDOC_OPENERS = new Set(['<<EOF', "<<'EOF'", '<<"EOF"']);

/** File sections one patch may hold. */
export const MAX_PATCH_SECTIONS = 1000;

/** The parsed patch, or INVALID_INPUT naming the first line that breaks the format. */
export function parsePatch(text: string): ParsedPatch {
  if (typeof text !== 'string') throw invalid('the patch must be a string');
  const all = splitLines(text);
  // The text trimmed as a whole: blank lines around it do not count, and line numbers stay those sent.
  let first = 0;
  while (first < all.length && all[first]!.trim() === '') first++;
  let last = all.length - 1;
  while (last >= first && all[last]!.trim() === '') last--;
  if (first > last) throw invalid(`the patch is empty; it must start with '${BEGIN}' and end with '${END}'`);
  let heredoc = false;
  const firstLine = all[first]!.trimStart();
  const lastLine = all[last]!.trimEnd();
  if (firstLine.trim() !== BEGIN || lastLine.trim() !== END) {
    // A patch sent as a shell heredoc (`<<'EOF'` … `EOF`): the wrapper is taken off.
    if (HEREDOC_OPENERS.has(firstLine.trimEnd()) && lastLine.endsWith('EOF') && last - first + 1 >= 4) {
      first++;
      last--;
      heredoc = true;
    }
    const begin = all[first]!.trim();
    const end = all[last]!.trim();
    if (begin !== BEGIN)
      throw invalid(
        `the first line of the patch must be '${BEGIN}', got '${clip(begin)}' (nothing may come before it)`,
        first + 1,
      );
    if (end !== END || last === first)
      throw invalid(
        `the last line of the patch must be '${END}', got '${clip(end)}' (nothing may come after it)`,
        last + 1,
      );
  }
  const hunks: PatchHunk[] = [];
  let i = first + 1;
  while (i < last) {
    // Blank lines between file sections carry nothing.
    if (all[i]!.trim() === '') {
      i++;
      continue;
    }
    i = parseHunk(all, i, last, hunks);
    // Each section is a file opened, checked and written in one transaction: bounded, as the bytes are.
    if (hunks.length > MAX_PATCH_SECTIONS)
      throw invalid(
        `the patch has more than ${MAX_PATCH_SECTIONS} file sections; one call applies at most ${MAX_PATCH_SECTIONS}: split it into several patches`,
      );
  }
  return { hunks, heredoc };
}

/** Parses the file section starting at `start` (before `end`) into `hunks`; returns where the next starts. */
function parseHunk(all: string[], start: number, end: number, hunks: PatchHunk[]): number {
  const header = all[start]!.trim();
  const line = start + 1;
  if (header.startsWith(ADD)) {
    const path = header.slice(ADD.length);
    let contents = '';
    let i = start + 1;
    for (; i < end; i++) {
      const current = all[i]!;
      if (current.startsWith('+')) contents += `${current.slice(1)}\n`;
      // An empty line between `+` lines is an empty line of the file (a `+` left out).
      else if (current === '' && nextNonEmpty(all, i, end)?.startsWith('+')) contents += '\n';
      else break;
    }
    hunks.push({ type: 'add', path, line, contents });
    return i;
  }
  if (header.startsWith(DELETE)) {
    hunks.push({ type: 'delete', path: header.slice(DELETE.length), line });
    return start + 1;
  }
  if (header.startsWith(UPDATE)) {
    const path = header.slice(UPDATE.length);
    let i = start + 1;
    let moveTo: string | undefined;
    if (i < end && all[i]!.startsWith(MOVE)) {
      moveTo = all[i]!.slice(MOVE.length).trimEnd();
      if (moveTo === '') throw invalid(`'*** Move to:' names no path`, i + 1);
      i++;
    }
    const chunks: PatchChunk[] = [];
    while (i < end) {
      const current = all[i]!;
      if (current.trim() === '') {
        i++;
        continue;
      }
      if (current.startsWith('*')) break;
      i = parseChunk(all, i, end, chunks.length === 0, chunks);
    }
    if (chunks.length === 0) throw invalid(`the Update File section for '${path}' has no changes`, line);
    hunks.push({ type: 'update', path, line, ...(moveTo !== undefined ? { moveTo } : {}), chunks });
    return i;
  }
  throw invalid(
    `'${clip(header)}' is not a valid file header; valid headers are '*** Add File: <path>', '*** Delete File: <path>' and '*** Update File: <path>'`,
    line,
  );
}

function nextNonEmpty(all: string[], from: number, end: number): string | undefined {
  for (let i = from; i < end; i++) if (all[i] !== '') return all[i];
  return undefined;
}

/** A unified diff's range header (`-12,7 +12,8 @@ text`): no anchor of this format, so only the text after it is one. */
const RANGE_HEADER = /^-\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?/;

/** The anchor text of an `@@` line, or undefined when the line is no `@@` line; '' for a bare `@@`. */
function anchorOf(line: string): string | undefined {
  if (line === '@@') return '';
  if (!line.startsWith('@@ ')) return undefined;
  return line.slice(3).replace(RANGE_HEADER, '');
}

function parseChunk(all: string[], start: number, end: number, first: boolean, chunks: PatchChunk[]): number {
  const anchors: string[] = [];
  let i = start;
  while (i < end) {
    const anchor = anchorOf(all[i]!);
    if (anchor === undefined) break;
    if (anchor.trim() !== '') anchors.push(anchor);
    i++;
  }
  if (i === start && !first)
    throw invalid(`expected an '@@' line to start the next change of the file, got '${clip(all[i]!)}'`, i + 1);
  const lines: PatchLine[] = [];
  let endOfFile = false;
  for (; i < end; i++) {
    const current = all[i]!;
    if (current.trimEnd() === END_OF_FILE) {
      if (lines.length === 0) break;
      endOfFile = true;
      i++;
      break;
    }
    const mark = current[0];
    if (current === '') lines.push({ kind: ' ', text: '' });
    else if (mark === ' ' || mark === '-' || mark === '+') lines.push({ kind: mark, text: current.slice(1) });
    else if (lines.length === 0)
      throw invalid(
        `unexpected line '${clip(current)}' in a change: every line must start with ' ' (context), '-' (removed) or '+' (added)`,
        i + 1,
      );
    else break;
  }
  if (lines.length === 0) throw invalid('a change (an @@ section) holds no lines', i + 1);
  chunks.push({ anchors, lines, endOfFile, line: start + 1 });
  return i;
}

function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Every path a parsed patch names, in order: each section's path, then its `Move to` path. The
 * runtime confines each one (and the policy decides each one) before the handler runs.
 */
export function pathsOfPatch(parsed: ParsedPatch): string[] {
  const paths: string[] = [];
  for (const hunk of parsed.hunks) {
    paths.push(hunk.path);
    if (hunk.type === 'update' && hunk.moveTo !== undefined) paths.push(hunk.moveTo);
  }
  return paths;
}

// The last text parsed, kept: the runtime's confinement, the policy and the handler read the same
// patch in one call (a string compared first by identity, so a hit costs nothing).
let lastText: string | undefined;
let lastParsed: ParsedPatch | undefined;

/** parsePatch, remembering the last answer (its hunks must not be changed by the caller). */
export function parsePatchOnce(text: string): ParsedPatch {
  if (lastText === text && lastParsed) return lastParsed;
  const parsed = parsePatch(text);
  lastText = text;
  lastParsed = parsed;
  return parsed;
}

/** The paths a patch names, or [] when it does not parse (a patch that does not parse changes nothing). */
export function patchPathsOf(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  try {
    return pathsOfPatch(parsePatchOnce(text));
  } catch {
    return [];
  }
}
