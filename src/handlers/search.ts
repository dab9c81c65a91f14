// search.glob (fast-glob with .gitignore pruning) and search.grep (ripgrep, streamed).
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { confinedPath } from '../runtime/confine.js';
import { ToolError, fsErrorToToolError, throwIfAborted } from '../runtime/errors.js';
import type { ResolvedPath } from '../runtime/workspace.js';
import { withText, type Rendered } from '../runtime/handler.js';
import type { HandlerContext } from '../runtime/types.js';
import { entryKind } from '../runtime/verified-fs.js';
import type { GlobParams, GlobResult, GrepParams, GrepResult, SearchHandlers } from '../generated/types.js';
import { GitignoreRules, isDynamicPattern, mtimesOf, renderGlob, walkGlob } from './search/glob.js';
import { MAX_COLLECTED_CHARS, compare, cutMatchText, renderGrep, sortByPath, type GrepMatch } from './search/grep-render.js';
import { cleanRgPath, cutLine } from './search/lines.js';
import { planGlob } from './search/glob-plan.js';
import { NulRecordStream, RgJsonStream, type RgLineEvent } from './search/rg-json.js';
import { canWatchRss, locateRipgrep, runRipgrep } from './search/ripgrep.js';
import { RgStandardStream, standardPrinterArgs } from './search/rg-standard.js';
import { checkBraceBound } from '../runtime/glob-braces.js';
import { hideDeniedPaths } from './search/policy-filter.js';
import { confinedMemoryWatchable, type HelperSpec } from './exec/confined-helper.js';
import { realRg, workspaceConfinement } from './exec/workspace-confinement.js';

export const DEFAULT_GLOB_LIMIT = 1000;
export const DEFAULT_MAX_RESULTS = 200;
export const DEFAULT_GREP_TIMEOUT_MS = 60_000;
/** Set to 1 to skip grep's fast way and always search the bounded way (tests, diagnosis). */
export const GREP_BOUNDED_ENV = 'TOOLWRIGHT_GREP_BOUNDED';

type GrepCount = NonNullable<GrepResult['counts']>[number];

// ---------------------------------------------------------------------------------------------
// glob

/** Characters of paths one glob answer holds at most (the text shows fewer). */
const MAX_GLOB_OUTPUT_CHARS = 512 * 1024;

/** search.glob: see catalog.yaml for the contract. */
export async function glob(params: GlobParams, ctx: HandlerContext): Promise<Rendered<GlobResult>> {
  const pattern = params.pattern;
  if (pattern.trim() === '') throw new ToolError('INVALID_INPUT', 'pattern must not be blank, e.g. "**/*.ts"');
  if (pattern.includes('\0')) throw new ToolError('INVALID_INPUT', 'pattern contains a NUL byte');
  const limit = params.limit ?? DEFAULT_GLOB_LIMIT;
  const includeIgnored = params.include_ignored ?? false;
  const folder = await checkFolder(confinedPath(ctx, 'path'), params.path ?? '.');

  const groups = await planGlob(pattern, folder.relative, ctx.workspace);

  const found = new Set<string>();
  const gitignores = includeIgnored ? undefined : new GitignoreRules(ctx.workspace.root);
  for (const group of groups) {
    let walked: string[];
    try {
      walked = await walkGlob({ root: ctx.workspace.root, base: group.base, patterns: group.patterns, includeIgnored, signal: ctx.signal, gitignores });
    } catch (error) {
      throw new ToolError('INVALID_PATTERN', `cannot use glob pattern "${pattern}": ${(error as Error).message}`);
    }
    for (const file of walked) found.add(file);
    throwIfAborted(ctx.signal);
  }
  throwIfAborted(ctx.signal);
  // A name like "pages/[id].tsx" is a character class to a glob engine; the file itself still counts.
  if (isDynamicPattern(pattern)) {
    const literal = await literalFile(pattern, folder.relative, ctx);
    if (literal && !found.has(literal) && (!gitignores || !(await gitignores.ignores(literal)))) {
      found.add(literal);
    }
  }

  const files = ctx.visiblePaths ? await ctx.visiblePaths([...found]) : [...found];
  const mtimes = await mtimesOf(ctx.workspace.root, files, ctx.signal);
  throwIfAborted(ctx.signal);
  const present = files.filter((f) => mtimes.has(f));
  present.sort((a, b) => mtimes.get(b)! - mtimes.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  // `limit` counts paths; long ones are also bounded by what the answer may hold.
  let count = Math.min(limit, present.length);
  let chars = 0;
  for (let i = 0; i < count; i++) {
    chars += JSON.stringify(present[i]).length + 1;
    if (i > 0 && chars > MAX_GLOB_OUTPUT_CHARS) count = i;
  }
  const shown = present.slice(0, count);
  const output: GlobResult = { files: shown, truncated: present.length > shown.length, total: present.length };
  const bound = shown.length < Math.min(limit, present.length) ? `the answer's size bound, ${MAX_GLOB_OUTPUT_CHARS / 1024} KiB` : `limit=${limit}`;
  return withText(output, renderGlob(output, pattern, folder.relative, includeIgnored, bound));
}

/** The pattern read as a plain file path, when such a file exists inside the workspace. */
async function literalFile(pattern: string, folder: string, ctx: HandlerContext): Promise<string | undefined> {
  try {
    const resolved = await ctx.workspace.resolve(pattern.startsWith('/') ? pattern : path.join(folder, pattern));
    if (!resolved.exists) return undefined;
    const stats = await stat(resolved.absolute);
    return stats.isFile() ? resolved.relative : undefined;
  } catch {
    return undefined;
  }
}

/** The folder glob searches (resolved by the runtime): it must exist and be a folder. */
async function checkFolder(folder: ResolvedPath, userPath: string): Promise<ResolvedPath> {
  if (!folder.exists) throw new ToolError('NOT_FOUND', `folder ${userPath} does not exist`);
  let isDir: boolean;
  try {
    isDir = (await stat(folder.absolute)).isDirectory();
  } catch (error) {
    throw fsErrorToToolError(error, userPath) ?? error;
  }
  if (!isDir) {
    throw new ToolError(
      'NOT_DIRECTORY',
      `${userPath} is a file, not a folder; pass its folder as path (or use read_file to read it)`,
    );
  }
  return folder;
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

// ---------------------------------------------------------------------------------------------
// grep

/** search.grep: see catalog.yaml for the contract. */
export async function grep(params: GrepParams, ctx: HandlerContext): Promise<Rendered<GrepResult>> {
  if (params.pattern.includes('\0')) throw new ToolError('INVALID_PATTERN', 'pattern contains a NUL byte');
  if (params.glob?.includes('\0')) throw new ToolError('INVALID_PATTERN', 'glob contains a NUL byte');
  const mode = params.output_mode ?? 'content';
  const maxResults = params.max_results ?? DEFAULT_MAX_RESULTS;
  const context = mode === 'content' ? (params.context ?? 0) : 0;
  const userPath = params.path ?? '.';
  // rg has its own glob engine (no ranges, linear matching); the bound keeps grep and glob alike.
  if (params.glob) checkBraceBound(params.glob, { ranges: false });
  const target = confinedPath(ctx, 'path');
  const rgPath = await locateRipgrep();
  if (!target.exists) throw new ToolError('NOT_FOUND', `${userPath} does not exist`);
  await refuseSpecialFile(target.absolute, target.relative);
  const timeoutMs = params.timeout_ms ?? DEFAULT_GREP_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  // Where a sandbox works, rg sees the workspace only: a folder swapped for a symlink to one
  // elsewhere while rg walks resolves to nothing there.
  const confine = await workspaceConfinement(ctx);
  const watchable = confine ? await confinedMemoryWatchable(confine) : canWatchRss;
  const search = (bounded: boolean) =>
    searchWithRipgrep({
      params, mode, context, maxResults, bounded, rgPath: confine ? realRg(rgPath) : rgPath, target: target.relative,
      cwd: ctx.workspace.root, signal: ctx.signal, deadline, ...(confine ? { confine } : {}),
    });
  // The fast way first (what rg does by default, --json) with rg's memory watched; a file with a
  // giant line makes rg grow, and then the search is run again the bounded way.
  let collected = await search(!watchable || process.env[GREP_BOUNDED_ENV] === '1');
  if (collected.exits.some((e) => e.overMemory)) collected = await search(true);
  const { exits, matches, files, counts } = collected;
  let truncated = collected.truncated;
  const stderr = exits.filter((e) => e.exitCode === 2 && !e.stopped).map((e) => e.stderr).join('\n');
  const found = matches ? matches.matches.length : files.size;
  const problem = stderr ? describeRgError(stderr) : undefined;
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
  if (matches) {
    truncated = matches.truncated;
    sizeCapped = matches.full;
    output = { matches: sortByPath(matches.matches), truncated };
  } else if (mode === 'count') {
    output = { counts: counts.sort((a, b) => compare(a.path, b.path)), truncated };
  } else {
    output = { files: [...files].sort(compare), truncated };
  }
  if (ctx.visiblePaths) output = await hideDeniedPaths(output, ctx.visiblePaths);
  return withText(output, renderGrep(output, params, mode, sizeCapped ? undefined : maxResults, problem));
}

interface SearchRun {
  params: GrepParams;
  mode: string;
  context: number;
  maxResults: number;
  /** The bounded way: rg's standard printer (--max-columns), files over LARGE_FILE memory-mapped. */
  bounded: boolean;
  rgPath: string;
  target: string;
  cwd: string;
  signal: AbortSignal;
  deadline: number;
  confine?: HelperSpec;
}

/** rg's own memory past which the fast way gives up for the bounded one (a normal search needs a few MiB). */
const FAST_WAY_MAX_RSS = 48 * 1024 * 1024;

/** One search, collecting what grep can return. */
async function searchWithRipgrep(run: SearchRun) {
  const { params, mode, maxResults, bounded } = run;
  const args = ripgrepArgs(params, mode, run.context, maxResults, bounded);
  let matches: ContentCollector | undefined;
  const files = new Set<string>();
  const counts: GrepCount[] = [];
  let truncated = false;
  let onStdout: (chunk: Buffer) => boolean;
  if (mode === 'content') {
    matches = new ContentCollector(maxResults, run.context);
    const onEvent = (event: RgLineEvent) => matches!.add(event);
    const stream = params.multiline || !bounded ? new RgJsonStream(onEvent, run.context > 0) : new RgStandardStream(onEvent);
    onStdout = (chunk) => stream.push(chunk);
  } else {
    let pathChars = 0;
    const records = new NulRecordStream(mode === 'count', (printed, count) => {
      const file = cleanRgPath(printed);
      if (file === undefined) return true;
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
  const rg = (extra: string[]) =>
    runRipgrep({
      rgPath: run.rgPath,
      args: [...args, ...extra],
      cwd: run.cwd,
      signal: run.signal,
      timeoutMs: Math.max(1, run.deadline - Date.now()),
      onStdout,
      maxRssBytes: bounded ? undefined : FAST_WAY_MAX_RSS,
      ...(run.confine ? { confine: run.confine } : {}),
    });
  if (!bounded) return { exits: [await rg(['--', run.target])], matches, files, counts, truncated };
  // Files up to LARGE_FILE are read (a long line costs rg at most about twice that per thread);
  // bigger ones are searched again through memory maps, so no line of theirs is copied onto rg's heap.
  const exits = [await rg(['--max-filesize', LARGE_FILE, '--debug', '--', run.target])];
  const large = exits[0]!.largeFiles;
  for (let i = 0; i < large.length && !exits.some((e) => e.stopped); i += LARGE_FILES_PER_RUN) {
    exits.push(await rg(['--mmap', '--', ...large.slice(i, i + LARGE_FILES_PER_RUN)]));
  }
  return { exits, matches, files, counts, truncated };
}

/** rg's --max-filesize for the first pass; larger files get a memory-mapped pass of their own. */
const LARGE_FILE = '8M';
const LARGE_FILES_PER_RUN = 256;

/** rg's flags for a search, up to and including the pattern (the paths follow `--`). */
function ripgrepArgs(params: GrepParams, mode: string, context: number, maxResults: number, bounded: boolean): string[] {
  const args = ['--no-config', '--hidden', '--no-require-git', '--with-filename'];
  if (params.include_ignored) {
    args.push('--no-ignore');
  } else {
    // Only .gitignore files decide, so grep and glob agree on what is ignored.
    args.push('--no-ignore-dot', '--no-ignore-exclude', '--no-ignore-global', '--glob', '!.git');
  }
  if (mode === 'content') {
    // No file can contribute more than max_results lines; one more tells that more exist.
    args.push('--max-count', String(Math.min(maxResults + 1, 1_000_001)));
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
    args.push('--files-with-matches', '--null');
  } else {
    args.push('--count', '--null');
  }
  args.push(params.case_insensitive ? '--ignore-case' : '--case-sensitive');
  if (params.fixed_strings) args.push('--fixed-strings');
  if (params.multiline) args.push('--multiline', '--multiline-dotall');
  if (params.glob) args.push('--glob', params.glob);
  args.push('--regexp', params.pattern);
  return args;
}

/** rg's stderr without its "rg: " prefixes, in a form a model can read. */
function describeRgError(stderr: string): string | undefined {
  const text = stderr
    .split('\n')
    .map((line) => line.replace(/^rg: /, ''))
    .join('\n')
    .trim();
  return text || undefined;
}

/**
 * Collects `content` matches with their context, stopping at the first match beyond `max`
 * (so the last kept match still gets its after-context).
 */
class ContentCollector {
  readonly matches: GrepMatch[] = [];
  truncated = false;
  /** True when the collected text reached MAX_COLLECTED_CHARS before max_results. */
  full = false;
  private chars = 0;
  private file: string | undefined;
  private filePath: string | undefined;
  /** The last `context` lines of the current file (matches and context lines alike). */
  private recent: { line: number; text: string }[] = [];
  /** Matches of the current file still collecting after-lines. */
  private awaiting: { match: GrepMatch; lastLine: number }[] = [];

  constructor(
    private readonly max: number,
    private readonly context: number,
  ) {}

  add(event: RgLineEvent): boolean {
    if (event.path !== this.file) {
      this.file = event.path;
      this.filePath = cleanRgPath(event.path);
      this.recent = [];
      this.awaiting = [];
    }
    if (this.filePath === undefined) return true;
    if (event.type === 'match') {
      if (this.matches.length >= this.max || this.chars > MAX_COLLECTED_CHARS) {
        this.truncated = true;
        this.full = this.matches.length < this.max;
        return false;
      }
      const match: GrepMatch = { path: this.filePath, line: event.line, text: cutMatchText(event) };
      let cost = jsonLength(match.text) + jsonLength(this.filePath) + 40; // + its JSON punctuation
      if (this.context > 0) {
        const from = event.line - this.context;
        match.before = this.recent.filter((r) => r.line >= from && r.line < event.line).map((r) => r.text);
        // Every match carries its own copy of its context lines: each copy counts.
        for (const text of match.before) cost += jsonLength(text);
        match.after = [];
      }
      if (this.matches.length > 0 && this.chars + cost > MAX_COLLECTED_CHARS) {
        this.truncated = true;
        this.full = true;
        return false;
      }
      this.chars += cost;
      this.matches.push(match);
      if (this.context === 0) return true;
      const lines = this.remember(event);
      this.awaiting.push({ match, lastLine: event.line + lines - 1 });
      return true;
    }
    if (this.context > 0) this.remember(event);
    return true;
  }

  /** Feeds the event's lines to pending after-contexts and the recent-lines window; returns the line count. */
  private remember(event: RgLineEvent): number {
    const lines = event.fullLength === undefined && event.text.includes('\n') ? event.text.split('\n') : [event.text];
    lines.forEach((raw, i) => {
      const line = event.line + i;
      const text = cutLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw, undefined, lines.length === 1 ? event.fullLength : undefined);
      for (const pending of this.awaiting) {
        if (line <= pending.lastLine || line > pending.lastLine + this.context) continue;
        // Past the bound, kept matches get no more after-lines (the result says it is truncated).
        if (this.chars > MAX_COLLECTED_CHARS) {
          this.truncated = true;
          continue;
        }
        pending.match.after!.push(text);
        this.chars += jsonLength(text);
      }
      this.recent.push({ line, text });
    });
    if (this.recent.length > this.context) this.recent.splice(0, this.recent.length - this.context);
    const newest = event.line + lines.length - 1;
    this.awaiting = this.awaiting.filter((p) => p.lastLine + this.context > newest);
    return lines.length;
  }
}

/** What a string costs in the JSON result: escapes included (`\u0001` is six characters), plus a comma. */
function jsonLength(text: string): number {
  return JSON.stringify(text).length + 1;
}

export const searchHandlers = { glob, grep } satisfies SearchHandlers;
