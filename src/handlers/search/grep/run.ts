// One grep search through rg: its flags, the fast way (--json, rg's memory watched) or the bounded
// way (the standard printer, large files memory-mapped in runs of their own), and what it collects.
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { GrepParams, GrepResult } from '../../../generated/types.js';
import { isInside } from '../../../runtime/fs/workspace.js';
import type { HelperSpec } from '../../../runtime/sandbox/confined-helper.js';
import { ContentCollector } from './content-collector.js';
import { cleanRgPath } from './lines.js';
import { MAX_COLLECTED_CHARS } from './render.js';
import { NulRecordStream, RgJsonStream, type RgLineEvent } from './rg-json.js';
import { RgStandardStream, standardPrinterArgs } from './rg-standard.js';
import type { GrepProgress } from './progress.js';
import { runRipgrep, type RipgrepPause } from './ripgrep.js';

type GrepCount = NonNullable<GrepResult['counts']>[number];

export interface SearchRun {
  params: GrepParams;
  mode: string;
  context: number;
  maxResults: number;
  /** Results of the search (in path order) to pass over before collecting. */
  skip: number;
  /** rg walks one file at a time in path order (`--sort path`): the same results come first on every call. */
  sorted: boolean;
  /** The bounded way: rg's standard printer (--max-columns), files over LARGE_FILE memory-mapped. */
  bounded: boolean;
  rgPath: string;
  target: string;
  cwd: string;
  signal: AbortSignal;
  deadline: number;
  confine?: HelperSpec;
  /** Set when the call is followed: told of each rg process, the files it searched and the results so far. */
  progress?: GrepProgress;
  /** Stops and restarts the search's rg on the caller's word. */
  pause?: RipgrepPause;
}

/** rg's own memory past which the fast way gives up for the bounded one (a normal search needs a few MiB). */
const FAST_WAY_MAX_RSS = 48 * 1024 * 1024;

/** One search, collecting what grep can return. */
export async function searchWithRipgrep(run: SearchRun) {
  const { params, mode, maxResults, bounded, progress } = run;
  // Followed, the modes that print a line per file print one for every file searched (a count of
  // 0 for those without a match, left out of the results), so progress can count them.
  const everyFile = progress !== undefined && mode !== 'content';
  const args = ripgrepArgs(params, mode, run.context, maxResults + run.skip, bounded, everyFile);
  if (run.sorted) args.unshift('--sort', 'path');
  progress?.pass(everyFile);
  let searched = 0;
  let matches: ContentCollector | undefined;
  const files = new Set<string>();
  const counts: GrepCount[] = [];
  let truncated = false;
  let onStdout: (chunk: Buffer) => boolean;
  let toSkip = run.skip;
  // Tells the standard printer's parser which paths rg is given (its messages name only those).
  let expectNamed: ((paths: readonly string[]) => void) | undefined;
  if (mode === 'content') {
    matches = new ContentCollector(maxResults, run.context, run.skip);
    const onEvent = (event: RgLineEvent) => matches!.add(event);
    const stream =
      params.multiline || !bounded ? new RgJsonStream(onEvent, run.context > 0) : new RgStandardStream(onEvent);
    if (stream instanceof RgStandardStream) expectNamed = (paths) => stream.expect(paths);
    onStdout = (chunk) => stream.push(chunk);
  } else {
    let pathChars = 0;
    const records = new NulRecordStream(mode === 'count' || everyFile, (printed, count) => {
      if (everyFile) {
        searched++;
        if (count === 0) return true;
      }
      const file = cleanRgPath(printed);
      if (file === undefined) return true;
      if (toSkip > 0) {
        toSkip--;
        return true;
      }
      if (files.size >= maxResults || pathChars > MAX_COLLECTED_CHARS) {
        truncated = true;
        return false;
      }
      files.add(file);
      pathChars += file.length + (mode === 'count' ? 24 : 3); // + its JSON punctuation
      if (mode === 'count') counts.push({ path: file, count });
      return true;
    });
    onStdout = (chunk) => records.push(chunk);
  }
  if (progress) {
    const push = onStdout;
    onStdout = (chunk) => {
      const more = push(chunk);
      progress.update(matches ? matches.seen : files.size + run.skip - toSkip, searched);
      searched = 0;
      return more;
    };
  }
  const rg = async (extra: string[]) => {
    expectNamed?.(extra.slice(extra.indexOf('--') + 1));
    try {
      return await runRipgrep({
        rgPath: run.rgPath,
        args: [...args, ...extra],
        cwd: run.cwd,
        signal: run.signal,
        timeoutMs: Math.max(1, run.deadline - Date.now()),
        onStdout,
        maxRssBytes: bounded ? undefined : FAST_WAY_MAX_RSS,
        ...(run.confine ? { confine: run.confine } : {}),
        ...(progress ? { onStart: (statm: () => string | undefined) => progress.started(statm) } : {}),
        ...(run.pause ? { pause: run.pause } : {}),
      });
    } finally {
      progress?.ended();
    }
  };
  if (!bounded) return { exits: [await rg(['--', run.target])], matches, files, counts, truncated };
  // Files up to LARGE_FILE are read (a long line costs rg at most about twice that per thread);
  // bigger ones are searched again through memory maps, so no line of theirs is copied onto rg's heap.
  const exits = [await rg(['--max-filesize', LARGE_FILE, '--debug', '--', run.target])];
  const large = await reallyLarge(exits[0]!.largeFiles, run.cwd);
  for (let i = 0; i < large.length && !exits.some((e) => e.stopped); i += LARGE_FILES_PER_RUN) {
    exits.push(await rg(['--mmap', '--', ...large.slice(i, i + LARGE_FILES_PER_RUN)]));
  }
  return { exits, matches, files, counts, truncated };
}

/** rg's --max-filesize for the first pass; larger files get a memory-mapped pass of their own. */
const LARGE_FILE = '8M';
const LARGE_FILE_BYTES = 8 * 1024 * 1024;

/**
 * The files rg's debug log says it skipped as too large, kept only where each is one: a regular
 * file (not a link or a folder) over the size, named once. The log is read line by line, and a file
 * name holding a line break could add a line naming anything (`.`, which the second pass would
 * walk whole, its messages then read as being about a file it was given).
 */
async function reallyLarge(claimed: readonly string[], cwd: string): Promise<string[]> {
  const kept: string[] = [];
  for (const name of new Set(claimed)) {
    const absolute = path.resolve(cwd, name);
    const stats = await lstat(absolute).catch(() => undefined);
    if (!stats?.isFile() || stats.size <= LARGE_FILE_BYTES) continue;
    // And inside the folder searched, by its real path (no folder on the way leading out).
    const real = await realpath(absolute).catch(() => undefined);
    if (real !== undefined && isInside(cwd, real)) kept.push(name);
  }
  return kept;
}
const LARGE_FILES_PER_RUN = 256;

/** rg's flags for a search, up to and including the pattern (the paths follow `--`). */
function ripgrepArgs(
  params: GrepParams,
  mode: string,
  context: number,
  maxResults: number,
  bounded: boolean,
  everyFile: boolean,
): string[] {
  const args = ['--no-config', '--hidden', '--no-require-git', '--with-filename'];
  if (params.include_ignored) {
    args.push('--no-ignore');
  } else {
    // Only .gitignore files decide, so grep and glob agree on what is ignored.
    args.push('--no-ignore-dot', '--no-ignore-exclude', '--no-ignore-global', '--glob', '!.git');
  }
  if (mode === 'content') {
    // No file can contribute more than max_results lines; one more tells that more exist.
    args.push('--max-count', String(maxResults + 1));
    if (!bounded) {
      args.push('--json');
    } else if (params.multiline) {
      // --json ignores --max-columns and, searching in parallel, buffers a file's whole output:
      // one thread streams it instead (multiline searches are the rare, slow kind anyway).
      args.push('--json', '--threads', '1');
    } else {
      args.push(...standardPrinterArgs());
    }
    if (context > 0) args.push('--context', String(context));
  } else if (mode === 'files_with_matches') {
    // As a count of at most one matching line per file (rg stops reading a file there too).
    args.push(...(everyFile ? ['--count', '--include-zero', '--max-count', '1'] : ['--files-with-matches']), '--null');
  } else {
    args.push('--count', '--null', ...(everyFile ? ['--include-zero'] : []));
  }
  args.push(params.case_insensitive ? '--ignore-case' : '--case-sensitive');
  if (params.fixed_strings) args.push('--fixed-strings');
  if (params.multiline) args.push('--multiline', '--multiline-dotall');
  if (params.glob) args.push('--glob', params.glob);
  args.push('--regexp', params.pattern);
  return args;
}

/** rg's stderr without its "rg: " prefixes, in a form a model can read. */
export function describeRgError(stderr: string): string | undefined {
  const text = stderr
    .split('\n')
    .map((line) => line.replace(/^rg: /, ''))
    .join('\n')
    .trim();
  return text || undefined;
}
