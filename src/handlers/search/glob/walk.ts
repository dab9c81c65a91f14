// The glob engine: fast-glob does the walking and the pattern matching; its directory reads go
// through a filter that drops `.git` and whatever the `.gitignore` files (at every level, via
// the `ignore` package) exclude, so ignored folders are pruned, never walked.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { GlobParams, GlobResult } from '../../../generated/types.js';
import { continuationLine, nextArguments } from '../../../runtime/contract/continuation.js';
import { MAX_TEXT_CHARS, capLines } from '../grep/render.js';
import { WalkFence } from './fence.js';
import { GitignoreRules } from '../../../runtime/glob/workspace-gitignores.js';
import { exactMatcher, isComplexPattern, relaxPattern } from '../../../runtime/glob/match.js';
import { inertLine } from '../../../runtime/text/control-text.js';
import { eachInTurns, nextTurn } from '../../../runtime/turns/turns.js';

export interface GlobWalk {
  /** Real path of the workspace root. */
  root: string;
  /** Real absolute folder the patterns are relative to (inside root). */
  base: string;
  /** Brace-free patterns relative to `base`, with no `.`/`..` segment. */
  patterns: string[];
  includeIgnored: boolean;
  signal: AbortSignal;
  /** Shared across the walks of one call, so each .gitignore is read once. */
  gitignores?: GitignoreRules;
  /** Set when someone follows the walk: told of the entries each folder read returned and of each match. */
  progress?: WalkProgress;
}

export interface WalkProgress {
  seen(entries: number): void;
  matched(): void;
}

/** Files matching the walk's patterns, as workspace-relative `/` paths (unsorted). */
export async function walkGlob(walk: GlobWalk): Promise<string[]> {
  const gitignores = walk.includeIgnored ? undefined : (walk.gitignores ?? new GitignoreRules(walk.root));
  // The fence also serves include_ignored, so that confinement and abort hold either way.
  const fence = new WalkFence(
    walk.base,
    walk.signal,
    gitignores && ((dir, entries) => gitignores.filter(dir, entries)),
    walk.progress && ((count) => walk.progress!.seen(count)),
  );
  const options: fg.Options = {
    cwd: walk.base,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    // One pattern cannot match a path twice; several are deduplicated by `keep` (fast-glob's own
    // check indexes every entry of a folder in the same turn as its read).
    unique: false,
    // Braces were expanded (bounded) and checked by the caller; fast-glob must not expand again.
    braceExpansion: false,
    // Extglobs compile to nested quantifiers ("+(@(a|a))b" backtracks for ever on "aaa…c"): off.
    extglob: false,
    fs: fence.adapter(),
  };
  // Patterns whose regex could backtrack for long are walked relaxed, then matched exactly here.
  const exact = walk.patterns.some(isComplexPattern) ? walk.patterns.map(exactMatcher) : undefined;
  const patterns = exact ? walk.patterns.map(relaxPattern) : walk.patterns;
  const baseRel = toPosix(path.relative(walk.root, walk.base));
  const files: string[] = [];
  const seen = patterns.length > 1 ? new Set<string>() : undefined;
  const keep = (file: string) => {
    const rel = fence.check(file, baseRel);
    if (rel === undefined) return;
    if (seen) {
      if (seen.has(rel)) return;
      seen.add(rel);
    }
    if (exact && !exact.some((matches) => matches(file))) return;
    // Folders were pruned during the walk; files are checked here, only those the patterns matched.
    if (gitignores && gitignores.ignoresLoaded(rel)) return;
    files.push(rel);
    walk.progress?.matched();
  };
  // Followed, the walk streams its matches as they come; else the whole list at once costs less.
  if (walk.progress) for await (const file of fg.stream(patterns, options)) keep(String(file));
  else await eachInTurns(await fg(patterns, options), keep, walk.signal);
  return files;
}

/** Files stat'ed synchronously between two yields to the event loop (about 2–4 ms of work). */
const MTIME_BATCH = 512;

/**
 * lstat-based mtimes (ms) of workspace-relative files; vanished files are left out. Synchronous
 * lstat in small batches: a promise per file costs several times the system calls themselves,
 * and yielding between batches keeps the event loop serving other calls.
 */
export async function mtimesOf(
  root: string,
  files: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, number>> {
  const mtimes = new Map<string, number>();
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  for (let i = 0; i < files.length && !signal.aborted; i += MTIME_BATCH) {
    if (i > 0) await nextTurn();
    const end = Math.min(files.length, i + MTIME_BATCH);
    for (let j = i; j < end; j++) {
      const file = files[j]!;
      try {
        const stats = lstatSync(prefix + file, { throwIfNoEntry: false });
        if (stats) mtimes.set(file, stats.mtimeMs);
      } catch {
        // unreadable between the walk and the stat: not reported
      }
    }
  }
  return mtimes;
}

export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

export const isDynamicPattern = (pattern: string): boolean => fg.isDynamicPattern(pattern);

/** Model-facing text of search.glob results. */
export function renderGlob(
  output: GlobResult,
  how: { params: GlobParams; folder: string; includeIgnored: boolean; bound: string; offset: number },
): string {
  const { params, folder, includeIgnored, bound, offset } = how;
  // The caller's pattern, quoted back as one inert line.
  const pattern = inertLine(params.pattern);
  if (output.total === 0) {
    const where = folder === '.' ? 'the workspace' : folder;
    const hint = includeIgnored
      ? ''
      : ' (files ignored by .gitignore and .git/ were skipped; set include_ignored to include them)';
    const recursive =
      !pattern.includes('**') && !pattern.includes('/')
        ? `; "*" does not descend into folders, try "**/${pattern}"`
        : '';
    return `No files match "${pattern}" in ${where}${hint}${recursive}.`;
  }
  const lines = capLines(output.files, MAX_TEXT_CHARS);
  let text = lines.join('\n');
  // The text goes on from the last path it shows, which may come before the last one of the output.
  const shortText = lines.length < output.files.length;
  if (shortText) text += `\n[… ${output.files.length - lines.length} more paths in the structured output]`;
  if (output.truncated || shortText) {
    const last = offset + lines.length;
    const why = shortText ? `the text's size bound, ${MAX_TEXT_CHARS / 1000}k characters` : bound;
    const next = shortText ? nextArguments(params, { offset: last }) : output.next!;
    text += `\n${continuationLine(`cut at file ${last} of ${output.total} (${why}; newest first)`, next)}`;
  }
  if (output.total > 0 && output.files.length === 0) text = `No files past offset ${offset}: ${output.total} matched.`;
  return text;
}
