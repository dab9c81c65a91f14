// search.glob (fast-glob with .gitignore pruning) and search.grep (ripgrep, streamed).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError, fsErrorToToolError, throwIfAborted } from '../runtime/errors.js';
import { withText, type Rendered } from '../runtime/handler.js';
import type { HandlerContext } from '../runtime/types.js';
import type { GlobParams, GlobResult, GrepParams, GrepResult, SearchHandlers } from '../generated/types.js';
import { GitignoreRules, isDynamicPattern, mtimesOf, renderGlob, walkGlob } from './search/glob.js';
import { MAX_COLLECTED_CHARS, compare, cutMatchText, renderGrep, sortByPath, type GrepMatch } from './search/grep-render.js';
import { cleanRgPath, cutLine } from './search/lines.js';
import { NulRecordStream, RgJsonStream, type RgLineEvent } from './search/rg-json.js';
import { locateRipgrep, runRipgrep } from './search/ripgrep.js';
import { hideDeniedPaths } from './search/policy-filter.js';

export const DEFAULT_GLOB_LIMIT = 1000;
export const DEFAULT_MAX_RESULTS = 200;
export const DEFAULT_GREP_TIMEOUT_MS = 60_000;

type GrepCount = NonNullable<GrepResult['counts']>[number];

// ---------------------------------------------------------------------------------------------
// glob

/** search.glob: see catalog.yaml for the contract. */
export async function glob(params: GlobParams, ctx: HandlerContext): Promise<Rendered<GlobResult>> {
  const pattern = params.pattern;
  if (pattern.trim() === '') throw new ToolError('INVALID_INPUT', 'pattern must not be blank, e.g. "**/*.ts"');
  if (pattern.includes('\0')) throw new ToolError('INVALID_INPUT', 'pattern contains a NUL byte');
  const limit = params.limit ?? DEFAULT_GLOB_LIMIT;
  const includeIgnored = params.include_ignored ?? false;
  const folder = await resolveFolder(params.path ?? '.', ctx);

  const { prefix, rest } = splitLiteralPrefix(pattern);
  if (rest === '') {
    throw new ToolError('INVALID_PATTERN', `"${pattern}" names a folder; add "/**" to list the files under it`);
  }
  if (/(^|[/{,])\.\.($|[/},])/.test(rest)) {
    throw new ToolError('INVALID_PATTERN', `".." may only appear at the start of a pattern ("../lib/**/*.ts"), not after a wildcard`);
  }
  const baseUserPath = pattern.startsWith('/') ? path.join('/', ...prefix) : path.join(folder.relative, ...prefix);
  const base = await ctx.workspace.resolve(baseUserPath || '.');

  const found = new Set<string>();
  if (base.exists && (await isDirectory(base.absolute))) {
    let walked: string[];
    try {
      walked = await walkGlob({ root: ctx.workspace.root, base: base.absolute, pattern: rest, includeIgnored, signal: ctx.signal });
    } catch (error) {
      throw new ToolError('INVALID_PATTERN', `cannot use glob pattern "${pattern}": ${(error as Error).message}`);
    }
    for (const file of walked) found.add(file);
  }
  throwIfAborted(ctx.signal);
  // A name like "pages/[id].tsx" is a character class to a glob engine; the file itself still counts.
  if (isDynamicPattern(pattern)) {
    const literal = await literalFile(pattern, folder.relative, ctx);
    if (literal && !found.has(literal) && (includeIgnored || !(await new GitignoreRules(ctx.workspace.root).ignores(literal)))) {
      found.add(literal);
    }
  }

  const files = ctx.visiblePaths ? await ctx.visiblePaths([...found]) : [...found];
  const mtimes = await mtimesOf(ctx.workspace.root, files, ctx.signal);
  throwIfAborted(ctx.signal);
  const present = files.filter((f) => mtimes.has(f));
  present.sort((a, b) => mtimes.get(b)! - mtimes.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  const shown = present.slice(0, limit);
  const output: GlobResult = { files: shown, truncated: present.length > limit, total: present.length };
  return withText(output, renderGlob(output, pattern, folder.relative, includeIgnored, limit));
}

/** Splits "src/lib/**\/*.ts" into literal leading folders (["src", "lib"]) and the rest ("**\/*.ts"). */
function splitLiteralPrefix(pattern: string): { prefix: string[]; rest: string } {
  const segments = pattern.split('/');
  const prefix: string[] = [];
  let i = 0;
  while (i < segments.length - 1 && (segments[i] === '' || (!isDynamicPattern(segments[i]!) && !segments[i]!.includes('\\')))) {
    prefix.push(segments[i]!);
    i++;
  }
  return { prefix, rest: segments.slice(i).join('/') };
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

async function resolveFolder(userPath: string, ctx: HandlerContext) {
  const folder = await ctx.workspace.resolve(userPath);
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
  const [target, rgPath] = await Promise.all([ctx.workspace.resolve(userPath), locateRipgrep()]);
  if (!target.exists) throw new ToolError('NOT_FOUND', `${userPath} does not exist`);
  const args = ripgrepArgs(params, mode, context, target.relative);

  let matches: ContentCollector | undefined;
  const files = new Set<string>();
  const counts: GrepCount[] = [];
  let truncated = false;
  let onStdout: (chunk: Buffer) => boolean;
  if (mode === 'content') {
    matches = new ContentCollector(maxResults, context);
    const stream = new RgJsonStream((event) => matches!.add(event), context > 0);
    onStdout = (chunk) => stream.push(chunk);
  } else {
    const records = new NulRecordStream(mode === 'count', (printed, count) => {
      const file = cleanRgPath(printed);
      if (file === undefined) return true;
      if (files.size >= maxResults) {
        truncated = true;
        return false;
      }
      files.add(file);
      if (mode === 'count') counts.push({ path: file, count });
      return true;
    });
    onStdout = (chunk) => records.push(chunk);
  }

  const exit = await runRipgrep({
    rgPath,
    args,
    cwd: ctx.workspace.root,
    signal: ctx.signal,
    timeoutMs: params.timeout_ms ?? DEFAULT_GREP_TIMEOUT_MS,
    onStdout,
  });
  const found = matches ? matches.matches.length : files.size;
  const problem = exit.exitCode === 2 && !exit.stopped ? describeRgError(exit.stderr) : undefined;
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

function ripgrepArgs(params: GrepParams, mode: string, context: number, target: string): string[] {
  const args = ['--no-config', '--hidden', '--no-require-git', '--with-filename'];
  if (params.include_ignored) {
    args.push('--no-ignore');
  } else {
    // Only .gitignore files decide, so grep and glob agree on what is ignored.
    args.push('--no-ignore-dot', '--no-ignore-exclude', '--no-ignore-global', '--glob', '!.git');
  }
  if (mode === 'content') {
    args.push('--json');
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
  args.push('--regexp', params.pattern, '--', target === '.' ? '.' : target);
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
      this.chars += match.text.length + this.filePath.length;
      if (this.context > 0) {
        const from = event.line - this.context;
        match.before = this.recent.filter((r) => r.line >= from && r.line < event.line).map((r) => r.text);
        match.after = [];
      }
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
        if (line > pending.lastLine && line <= pending.lastLine + this.context) pending.match.after!.push(text);
      }
      this.recent.push({ line, text });
      this.chars += text.length;
    });
    if (this.recent.length > this.context) this.recent.splice(0, this.recent.length - this.context);
    const newest = event.line + lines.length - 1;
    this.awaiting = this.awaiting.filter((p) => p.lastLine + this.context > newest);
    return lines.length;
  }
}

export const searchHandlers = { glob, grep } satisfies SearchHandlers;
