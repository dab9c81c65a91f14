// search.grep: ripgrep, streamed and bounded (./grep/run.ts runs it; ./grep/ parses and renders).
import { lstat, stat } from 'node:fs/promises';
import type { GrepParams, GrepResult } from '../../generated/types.js';
import { ToolError, fsErrorToToolError } from '../../runtime/contract/errors.js';
import { checkBraceBound } from '../../runtime/glob/braces.js';
import { nextArguments } from '../../runtime/contract/continuation.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { entryKind } from '../../runtime/fs/verified-fs.js';
import { confinedMemoryWatchable } from '../../runtime/sandbox/confined-helper.js';
import { realRg, workspaceConfinement } from '../../runtime/sandbox/workspace-confinement.js';
import { GrepProgress } from './grep/progress.js';
import { compare, renderGrep, sortByPath } from './grep/render.js';
import { canWatchRss } from './grep/ripgrep.js';
import { locateRipgrep } from '../../runtime/sandbox/ripgrep-path.js';
import { describeRgError, searchWithRipgrep } from './grep/run.js';
import { searchStably, type Search } from './grep/stable-order.js';

/** Set to 1 to skip grep's fast way and always search the bounded way (tests, diagnosis). */
export const GREP_BOUNDED_ENV = 'TOOLWRIGHT_GREP_BOUNDED';

export async function grep(params: GrepParams, ctx: HandlerContext): Promise<Rendered<GrepResult>> {
  if (params.pattern.includes('\0')) throw new ToolError('INVALID_PATTERN', 'pattern contains a NUL byte');
  if (params.glob?.includes('\0')) throw new ToolError('INVALID_PATTERN', 'glob contains a NUL byte');
  const mode = params.output_mode;
  const maxResults = params.max_results;
  const context = mode === 'content' ? params.context : 0;
  const userPath = params.path;
  // rg has its own glob engine (no ranges, linear matching); the bound keeps grep and glob alike.
  if (params.glob) checkBraceBound(params.glob, { ranges: false });
  const rgPath = await locateRipgrep();
  const target = await ctx.existingPath('path');
  await refuseSpecialFile(target.absolute, target.relative);
  const deadline = Date.now() + params.timeout_ms;
  // Where a sandbox works, rg sees the workspace only: a folder swapped for a symlink to one
  // elsewhere while rg walks resolves to nothing there.
  const confine = await workspaceConfinement(ctx);
  const watchable = confine ? await confinedMemoryWatchable(confine) : canWatchRss;
  const skip = params.offset;
  // Followed, progress is the time since the search began: it grows while rg finds nothing too.
  const progress = ctx.progress ? new GrepProgress(ctx.progress, mode) : undefined;
  const search: Search = ({ bounded, sorted, signal, pause }) =>
    searchWithRipgrep({
      params,
      mode,
      context,
      maxResults,
      skip,
      sorted,
      ...(progress ? { progress } : {}),
      bounded,
      rgPath: confine ? realRg(rgPath) : rgPath,
      target: target.relative,
      cwd: ctx.workspace.root,
      signal: signal ?? ctx.signal,
      deadline,
      ...(confine ? { confine } : {}),
      ...(pause ? { pause } : {}),
    });
  // The fast way first (what rg does by default, --json) with rg's memory watched; a file with a
  // giant line makes rg grow, and then the search is run again the bounded way. Results come in
  // path order whenever there are more than one page of them (see ./grep/stable-order.ts).
  const bounded = !watchable || process.env[GREP_BOUNDED_ENV] === '1';
  // A followed search runs one rg at a time (its progress counts one search at a time); holding a
  // search needs SIGSTOP, which Windows does not have.
  const collected = await searchStably(search, ctx.signal, {
    bounded,
    sorted: skip > 0,
    headStart: progress === undefined && process.platform !== 'win32',
  }).finally(() => progress?.stop());
  const { exits, matches, files, counts } = collected;
  let truncated = collected.truncated;
  const stderr = exits
    .filter((e) => e.exitCode === 2 && !e.stopped)
    .map((e) => e.stderr)
    .join('\n');
  const found = matches ? matches.matches.length : files.size;
  const problem = stderr ? await shownProblem(describeRgError(stderr), ctx) : undefined;
  if (problem && found === 0) {
    if (/regex|glob|pattern|look-?around|backreference|syntax/i.test(problem)) {
      throw new ToolError('INVALID_PATTERN', `invalid pattern: ${problem}`, { rg: problem });
    }
    if (/permission denied/i.test(problem) && !(await isDirectory(target.absolute))) {
      throw new ToolError('PERMISSION_DENIED', `permission denied for ${userPath}`);
    }
  }

  let output: GrepResult;
  let sizeCapped = false;
  const taken = collected.matches ? collected.matches.matches.length : collected.files.size;
  if (matches) {
    truncated = matches.truncated;
    sizeCapped = matches.full;
    output = { matches: sortByPath(matches.matches), truncated };
  } else if (mode === 'count') {
    output = { counts: counts.sort((a, b) => compare(a.path, b.path)), truncated };
  } else {
    output = { files: [...files].sort(compare), truncated };
  }
  // Each result's place in the search, so the text can continue after the last one it shows.
  const place = placesOf(output);
  if (truncated) output.next = nextArguments(params, { offset: skip + taken });
  const max = sizeCapped ? undefined : maxResults;
  // Rendered from what is shown: the runtime leaves out what a path rule hides and renders again.
  return withText(output, (shown) =>
    renderGrep(shown, {
      params,
      mode,
      max,
      problem,
      nextAfter: continuationAfter(params, skip, place, resultsOf(shown)),
    }),
  );
}

/** The arguments that continue after the first `count` results shown (each result's place counts what a path rule hid). */
function continuationAfter(params: GrepParams, skip: number, place: Map<unknown, number>, shown: readonly unknown[]) {
  return (count: number) =>
    nextArguments(params, { offset: skip + (count === 0 ? 0 : place.get(shown[count - 1])! + 1) });
}

/** The results of an output (matches, counts or paths), in order. */
function resultsOf(output: GrepResult): readonly unknown[] {
  return output.matches ?? output.counts ?? output.files ?? [];
}

function placesOf(output: GrepResult): Map<unknown, number> {
  return new Map(resultsOf(output).map((result, i) => [result, i]));
}

/**
 * rg's complaints as the results may show them: a line naming a path the path rules hide (rg
 * names the files it could not read, from the workspace root) is left out and counted.
 */
async function shownProblem(problem: string | undefined, ctx: HandlerContext): Promise<string | undefined> {
  if (!problem || !ctx.visiblePaths) return problem;
  const lines = problem.split('\n');
  // A file rg could not read: `PATH: what went wrong (os error N)`, the path possibly holding `: `
  // or said again inside (`IO error for operation on PATH`): every reading of it is checked.
  const named = lines.map((line) =>
    /\(os error \d+\)$/.test(line)
      ? [/^(.*?): /.exec(line)?.[1], /^(.*): [^:]* \(os error \d+\)$/.exec(line)?.[1]].filter(
          (name): name is string => name !== undefined,
        )
      : [],
  );
  const visible = new Set(await ctx.visiblePaths(named.flat()));
  const kept = lines.filter((_, i) => named[i]!.every((name) => visible.has(name)));
  const hidden = lines.length - kept.length;
  if (hidden === 0) return problem;
  return [...kept, `${hidden} more the path rules keep from this result`].join('\n');
}

/**
 * rg reads whatever it is given: a FIFO or a device named as the path would block it (and the
 * call) until the timeout. Like read_file, grep only takes regular files and folders.
 */
async function refuseSpecialFile(absolute: string, shown: string): Promise<void> {
  let stats;
  try {
    stats = await lstat(absolute);
  } catch (error) {
    throw fsErrorToToolError(error, shown) ?? error;
  }
  if (stats.isFile() || stats.isDirectory()) return;
  throw new ToolError('INVALID_INPUT', `${shown} is ${entryKind(stats)}; grep searches regular files and folders only`);
}

async function isDirectory(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isDirectory();
  } catch {
    return false;
  }
}
