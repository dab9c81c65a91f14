// search.glob: fast-glob with .gitignore pruning (the engine in ./glob/), newest files first.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { GlobParams, GlobResult } from '../../generated/types.js';
import { ToolError, fsErrorToToolError, throwIfAborted } from '../../runtime/contract/errors.js';
import { nextArguments } from '../../runtime/contract/continuation.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import { planGlob } from './glob/plan.js';
import { isDynamicPattern, mtimesOf, renderGlob, walkGlob, type WalkProgress } from './glob/walk.js';
import { GitignoreRules } from '../../runtime/glob/workspace-gitignores.js';
import { inertLine } from '../../runtime/text/control-text.js';
import { eachInTurns, sortInTurns } from '../../runtime/turns/turns.js';

/** Characters of paths one glob answer holds at most (the text shows fewer). */
const MAX_GLOB_OUTPUT_CHARS = 512 * 1024;

export async function glob(params: GlobParams, ctx: HandlerContext): Promise<Rendered<GlobResult>> {
  const pattern = params.pattern;
  if (pattern.trim() === '') throw new ToolError('INVALID_INPUT', 'pattern must not be blank, e.g. "**/*.ts"');
  if (pattern.includes('\0')) throw new ToolError('INVALID_INPUT', 'pattern contains a NUL byte');
  const { limit, include_ignored: includeIgnored } = params;
  const folder = await checkFolder(await ctx.existingPath('path'), params.path);

  const groups = await planGlob(pattern, folder.relative, ctx.workspace);

  const found = new Set<string>();
  const gitignores = includeIgnored ? undefined : new GitignoreRules(ctx.workspace.root);
  const progress = ctx.progress ? walkProgress(ctx.progress) : undefined;
  for (const group of groups) {
    let walked: string[];
    try {
      walked = await walkGlob({
        root: ctx.workspace.root,
        base: group.base,
        patterns: group.patterns,
        includeIgnored,
        signal: ctx.signal,
        gitignores,
        ...(progress ? { progress } : {}),
      });
    } catch (error) {
      // Cancelled between slices of the walk's matches: not the pattern's fault.
      if (error instanceof ToolError) throw error;
      throw new ToolError(
        'INVALID_PATTERN',
        `cannot use glob pattern "${inertLine(pattern)}": ${inertLine((error as Error).message)}`,
      );
    }
    await eachInTurns(walked, (file) => found.add(file), ctx.signal);
  }
  throwIfAborted(ctx.signal);
  // A name like "pages/[id].tsx" is a character class to a glob engine; the file itself still counts.
  if (isDynamicPattern(pattern)) {
    const literal = await literalFile(pattern, folder.relative, ctx);
    if (literal && !found.has(literal) && (!gitignores || !(await gitignores.ignores(literal)))) {
      found.add(literal);
    }
  }

  const files = [...found];
  const mtimes = await mtimesOf(ctx.workspace.root, files, ctx.signal);
  throwIfAborted(ctx.signal);
  const dated: { file: string; mtime: number }[] = [];
  await eachInTurns(
    files,
    (file) => {
      const mtime = mtimes.get(file);
      if (mtime !== undefined) dated.push({ file, mtime });
    },
    ctx.signal,
  );
  // Newest first, equal times by name; sorted a slice at a time (a folder may hold 200,000 matches).
  const sorted = await sortInTurns(
    dated,
    (a, b) => b.mtime - a.mtime || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
    ctx.signal,
  );
  // `limit` counts paths; long ones are also bounded by what the answer may hold.
  const offset = Math.min(params.offset, sorted.length);
  const available = Math.min(limit, sorted.length - offset);
  let count = available;
  let chars = 0;
  for (let i = 0; i < count; i++) {
    chars += JSON.stringify(sorted[offset + i]!.file).length + 1;
    if (i > 0 && chars > MAX_GLOB_OUTPUT_CHARS) count = i;
  }
  const shown = sorted.slice(offset, offset + count).map((entry) => entry.file);
  const output: GlobResult = {
    files: shown,
    truncated: sorted.length > offset + shown.length,
    total: sorted.length,
  };
  if (output.truncated) output.next = nextArguments(params, { offset: offset + shown.length });
  const bound =
    shown.length < available ? `the answer's size bound, ${MAX_GLOB_OUTPUT_CHARS / 1024} KiB` : `limit=${limit}`;
  // Rendered from what is shown: the runtime leaves out what a path rule hides and renders again.
  return withText(output, (shown) =>
    renderGlob(shown, { params, folder: folder.relative, includeIgnored, bound, offset }),
  );
}

/** Progress of the walks: entries read from folders so far (what grows), with the files matched. */
function walkProgress(report: NonNullable<HandlerContext['progress']>): WalkProgress {
  let seen = 0;
  let matched = 0;
  const send = () =>
    report({ progress: seen, message: `${seen} entries seen, ${matched} ${matched === 1 ? 'file' : 'files'} matched` });
  return {
    seen(entries) {
      seen += entries;
      send();
    },
    matched() {
      matched++;
      send();
    },
  };
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

/** The folder glob searches (resolved by the runtime, and existing): it must be a folder. */
async function checkFolder(folder: ResolvedPath, userPath: string): Promise<ResolvedPath> {
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
