// search.glob (fast-glob with .gitignore pruning) and search.grep (ripgrep, streamed).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError, fsErrorToToolError, throwIfAborted } from '../runtime/errors.js';
import { withText, type Rendered } from '../runtime/handler.js';
import type { HandlerContext } from '../runtime/types.js';
import type { GlobParams, GlobResult, GrepParams, GrepResult, SearchHandlers } from '../generated/types.js';
import { GitignoreRules, isDynamicPattern, mtimesOf, walkGlob } from './search/glob.js';
import { MAX_LINE_CHARS, cleanRgPath, cutLine } from './search/lines.js';
import { NulRecordStream, RgJsonStream, locateRipgrep, runRipgrep, type RgLineEvent } from './search/ripgrep.js';

export const DEFAULT_GLOB_LIMIT = 1000;
export const DEFAULT_MAX_RESULTS = 200;
export const DEFAULT_GREP_TIMEOUT_MS = 60_000;
/** Longest model-facing text; the structured output still has everything. */
const MAX_TEXT_CHARS = 40_000;
/** Memory bound for collected content whatever max_results says (lines are already cut at 2000). */
const MAX_COLLECTED_CHARS = 64 * 1024 * 1024;

type GrepMatch = NonNullable<GrepResult['matches']>[number];
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

  const files = [...found];
  const mtimes = await mtimesOf(ctx.workspace.root, files, ctx.signal);
  throwIfAborted(ctx.signal);
  const present = files.filter((f) => mtimes.has(f));
  present.sort((a, b) => mtimes.get(b)! - mtimes.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  const shown = present.slice(0, limit);
  const output: GlobResult = { files: shown, truncated: present.length > limit, total: present.length };
  return withText(output, renderGlob(output, pattern, folder.relative, includeIgnored, limit));
}

function renderGlob(output: GlobResult, pattern: string, folder: string, includeIgnored: boolean, limit: number): string {
  if (output.total === 0) {
    const where = folder === '.' ? 'the workspace' : folder;
    const hint = includeIgnored ? '' : ' (files ignored by .gitignore and .git/ were skipped; set include_ignored to include them)';
    const recursive = !pattern.includes('**') && !pattern.includes('/') ? `; "*" does not descend into folders, try "**/${pattern}"` : '';
    return `No files match "${pattern}" in ${where}${hint}${recursive}.`;
  }
  const lines = capLines(output.files, MAX_TEXT_CHARS);
  let text = lines.join('\n');
  if (lines.length < output.files.length) text += `\n[… ${output.files.length - lines.length} more paths in the output]`;
  if (output.truncated) {
    text += `\n[showing the ${output.files.length} newest of ${output.total} files (limit=${limit}); narrow the pattern or raise limit]`;
  }
  return text;
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

function cutMatchText(event: RgLineEvent): string {
  // Multiline matches keep their inner line breaks; CRLF files would otherwise leave \r behind.
  const text = event.text.includes('\r\n') ? event.text.replace(/\r\n/g, '\n') : event.text;
  if (event.fullLength === undefined && text.length <= MAX_LINE_CHARS) return text;
  let focus: number | undefined;
  if (event.firstMatchByte !== undefined && event.firstMatchByte > MAX_LINE_CHARS / 2) {
    focus = Buffer.from(text, 'utf8').subarray(0, event.firstMatchByte).toString('utf8').length;
  }
  return cutLine(text, focus, event.fullLength);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders matches by path; rg already emits each file's matches together and in line order. */
function sortByPath(matches: GrepMatch[]): GrepMatch[] {
  const groups: { path: string; from: number; to: number }[] = [];
  let sorted = true;
  for (let i = 0; i < matches.length; i++) {
    const p = matches[i]!.path;
    const last = groups[groups.length - 1];
    if (last && last.path === p) {
      last.to = i + 1;
      continue;
    }
    if (last && compare(last.path, p) > 0) sorted = false;
    groups.push({ path: p, from: i, to: i + 1 });
  }
  if (sorted) return matches;
  groups.sort((a, b) => compare(a.path, b.path));
  const out: GrepMatch[] = new Array(matches.length);
  let k = 0;
  for (const g of groups) for (let i = g.from; i < g.to; i++) out[k++] = matches[i]!;
  return out;
}

/** `max` is undefined when the memory bound, not max_results, stopped the search. */
function renderGrep(output: GrepResult, params: GrepParams, mode: string, max: number | undefined, problem: string | undefined): string {
  let lines: string[];
  let total = 0;
  let unit = 'matches';
  let omitted = 0;
  if (output.matches) {
    total = output.matches.length;
    const rendered = renderMatches(output.matches, MAX_TEXT_CHARS);
    lines = rendered.lines;
    omitted = total - rendered.shown;
  } else {
    const entries = output.counts ? output.counts.map((c) => `${c.path}:${c.count}`) : (output.files ?? []);
    total = entries.length;
    unit = 'files';
    lines = capLines(entries, MAX_TEXT_CHARS);
    omitted = entries.length - lines.length;
  }
  const notes: string[] = [];
  if (omitted > 0) notes.push(`[… ${omitted} more ${unit} in the structured output, not shown here]`);
  if (total === 0) {
    const where = (params.path ?? '.') === '.' ? 'the workspace' : params.path;
    const filters = [params.glob ? `glob ${params.glob}` : '', params.include_ignored ? '' : ".gitignore'd files and .git/ skipped"]
      .filter(Boolean)
      .join('; ');
    notes.push(`No matches for ${JSON.stringify(params.pattern)} in ${where}${filters ? ` (${filters})` : ''}.`);
  }
  if (output.truncated) {
    notes.push(
      max === undefined
        ? `[stopped after ${total} ${unit}: the collected text reached its ${MAX_COLLECTED_CHARS >> 20} MiB bound; narrow path/glob/pattern]`
        : `[stopped at max_results=${max} ${unit}; more exist — narrow path/glob/pattern or raise max_results]`,
    );
  } else if (total > 0 && mode === 'count') {
    const sum = output.counts!.reduce((acc, c) => acc + c.count, 0);
    notes.push(`(${sum} matching lines in ${total} files)`);
  } else if (total > 0 && mode === 'content') {
    const fileCount = countFiles(output.matches!);
    notes.push(`(${total} ${total === 1 ? 'match' : 'matches'} in ${fileCount} ${fileCount === 1 ? 'file' : 'files'})`);
  }
  if (problem) notes.push(`[some files could not be searched: ${problem.split('\n').slice(0, 3).join('; ')}]`);
  return [...lines, ...notes].join('\n');
}

/** Matches are grouped by file, so counting path changes counts files. */
function countFiles(matches: readonly GrepMatch[]): number {
  let files = 0;
  let last: string | undefined;
  for (const m of matches) {
    if (m.path !== last) files++;
    last = m.path;
  }
  return files;
}

/**
 * rg-style lines: `path:line: text` for matches, `path-line- text` for context, `--` between
 * groups; stops once `budget` characters are used and says how many matches it showed.
 */
function renderMatches(matches: readonly GrepMatch[], budget: number): { lines: string[]; shown: number } {
  const out: string[] = [];
  let used = 0;
  let shown = 0;
  let lastPath: string | undefined;
  let lastLine = 0;
  for (const m of matches) {
    const mark = out.length;
    const matchLines = m.text.split('\n');
    const firstBefore = m.line - (m.before?.length ?? 0);
    const hasContext = m.before !== undefined;
    if (hasContext && lastPath !== undefined && (m.path !== lastPath || firstBefore > lastLine + 1)) out.push('--');
    if (m.path !== lastPath) lastLine = 0;
    m.before?.forEach((text, i) => {
      const line = firstBefore + i;
      if (line > lastLine) out.push(`${m.path}-${line}- ${text}`);
    });
    matchLines.forEach((text, i) => {
      const line = m.line + i;
      // A line already printed as an earlier match's after-context is printed again as the match it is.
      if (line > lastLine || !hasContext) out.push(`${m.path}:${line}: ${text}`);
      else out[out.length - (lastLine - line) - 1] = `${m.path}:${line}: ${text}`;
    });
    let end = m.line + matchLines.length - 1;
    m.after?.forEach((text, i) => {
      const line = m.line + matchLines.length + i;
      out.push(`${m.path}-${line}- ${text}`);
      end = line;
    });
    for (let i = mark; i < out.length; i++) used += out[i]!.length + 1;
    if (used > budget && shown > 0) {
      out.length = mark;
      break;
    }
    shown++;
    lastPath = m.path;
    lastLine = end;
  }
  return { lines: out, shown };
}

/** The longest prefix of `lines` whose joined length stays within `budget`. */
function capLines(lines: readonly string[], budget: number): string[] {
  let used = 0;
  let i = 0;
  for (; i < lines.length; i++) {
    used += lines[i]!.length + 1;
    if (used > budget) break;
  }
  return lines.slice(0, i);
}

export const searchHandlers = { glob, grep } satisfies SearchHandlers;
