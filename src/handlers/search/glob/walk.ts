// The glob engine: fast-glob does the walking and the pattern matching; its directory reads go
// through a filter that drops `.git` and whatever the `.gitignore` files (at every level, via
// the `ignore` package) exclude, so ignored folders are pruned, never walked.
import { lstat, lstatSync, readFile } from 'node:fs';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { GlobParams, GlobResult } from '../../../generated/types.js';
import { continuationLine, nextArguments } from '../../../runtime/continuation.js';
import { MAX_TEXT_CHARS, capLines } from '../grep/render.js';
import { WalkFence } from './fence.js';
import { compileGitignore, type GitignoreTest as Ignore } from './gitignore-rules.js';
import { exactMatcher, isComplexPattern, relaxPattern } from './match.js';

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
    unique: true,
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
  const keep = (file: string) => {
    const rel = fence.check(file, baseRel);
    if (rel === undefined) return;
    if (exact && !exact.some((matches) => matches(file))) return;
    // Folders were pruned during the walk; files are checked here, only those the patterns matched.
    if (gitignores && gitignores.ignoresLoaded(rel)) return;
    files.push(rel);
    walk.progress?.matched();
  };
  // Followed, the walk streams its matches as they come; else the whole list at once costs less.
  if (walk.progress) for await (const file of fg.stream(patterns, options)) keep(String(file));
  else for (const file of await fg(patterns, options)) keep(file);
  return files;
}

/**
 * The `.gitignore` files that apply inside the workspace, loaded lazily as folders are read: those
 * of every folder from the workspace root down, and — as rg does with --no-require-git — those of
 * the folders above the root (a workspace that is a package of a bigger repository).
 */
export class GitignoreRules {
  private readonly byDir = new Map<string, Promise<Ignore | undefined>>();
  /** Rules already loaded, by workspace-relative folder (undefined: no .gitignore there). */
  private readonly loaded = new Map<string, Ignore | undefined>();
  /** .gitignore files above the root, nearest first, with the root's path relative to each. */
  private above: { prefix: string; ig: Ignore }[] = [];
  private aboveLoading: Promise<void> | undefined;

  constructor(private readonly root: string) {}

  /**
   * Keeps the entries of folder `dirAbs` that are not `.git` and not ignored folders. Files are
   * kept: checking only the files a pattern matches (ignoresLoaded) is far cheaper than all of them.
   */
  async filter(dirAbs: string, entries: Dirent[]): Promise<Dirent[]> {
    const dirRel = toPosix(path.relative(this.root, dirAbs));
    if (dirRel.startsWith('..')) return entries;
    const ownHasGitignore = entries.some((e) => e.name === '.gitignore' && e.isFile());
    await this.load(dirRel, ownHasGitignore);
    return entries.filter((entry) => {
      if (entry.name === '.git') return false;
      if (!entry.isDirectory()) return true;
      return !this.decide(dirRel ? `${dirRel}/${entry.name}` : entry.name, true);
    });
  }

  /** Whether a file in a folder the walk has read is ignored (its rules are loaded by then). */
  ignoresLoaded(fileRel: string): boolean {
    return this.decide(fileRel, false);
  }

  /** True when `fileRel` (workspace-relative) is ignored by some .gitignore or lies in `.git`. */
  async ignores(fileRel: string): Promise<boolean> {
    const parts = fileRel.split('/');
    if (parts.includes('.git')) return true;
    await this.load(parts.slice(0, -1).join('/'));
    return this.decide(fileRel, false);
  }

  /** Loads the rules of `dirRel`, of every folder above it, and of the folders above the root. */
  private async load(dirRel: string, ownExists?: boolean): Promise<void> {
    this.aboveLoading ??= this.loadAbove();
    const chain = ancestorsOf(dirRel);
    await Promise.all([
      this.aboveLoading,
      ...chain.map((dir) => this.rulesOf(dir, dir === dirRel ? ownExists : undefined)),
    ]);
  }

  /** The deepest .gitignore with an opinion on the path decides, as in git. */
  private decide(entryRel: string, isDir: boolean): boolean {
    const suffix = isDir ? '/' : '';
    const slash = entryRel.lastIndexOf('/');
    let dir = slash < 0 ? '' : entryRel.slice(0, slash);
    for (;;) {
      const ig = this.loaded.get(dir);
      if (ig) {
        const result = ig.test(`${dir ? entryRel.slice(dir.length + 1) : entryRel}${suffix}`);
        if (result.ignored) return true;
        if (result.unignored) return false;
      }
      if (dir === '') break;
      const up = dir.lastIndexOf('/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
    for (const { prefix, ig } of this.above) {
      const result = ig.test(`${prefix}/${entryRel}${suffix}`);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }

  private async loadAbove(): Promise<void> {
    const found: { prefix: string; ig: Ignore }[] = [];
    if (path.dirname(this.root) === this.root) return;
    let dir = path.dirname(this.root);
    for (;;) {
      const content = await readGitignore(dir);
      const prefix = toPosix(path.relative(dir, this.root));
      if (content !== undefined) {
        // rg matches each path on its own; the ignore package also tests parent folders, so a rule
        // that ignores the workspace folder (or a folder above it) would hide everything: drop those.
        const lines = content.split(/\r?\n/).filter((line) => !compileGitignore(line).test(`${prefix}/`).ignored);
        found.push({ prefix, ig: compileGitignore(lines.join('\n')) });
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    this.above = found;
  }

  private rulesOf(dirRel: string, exists?: boolean): Promise<Ignore | undefined> {
    let rules = this.byDir.get(dirRel);
    if (!rules) {
      rules = exists === false ? Promise.resolve(undefined) : loadGitignore(path.join(this.root, dirRel));
      // The caller awaits `rules` and sees its failure; this side chain must not surface it again.
      rules.then(
        (ig) => this.loaded.set(dirRel, ig),
        () => undefined,
      );
      this.byDir.set(dirRel, rules);
    }
    return rules;
  }
}

/** '' (the root), then every folder down to `dirRel` inclusive. */
function ancestorsOf(dirRel: string): string[] {
  const chain = [''];
  if (!dirRel) return chain;
  const parts = dirRel.split('/');
  for (let i = 1; i <= parts.length; i++) chain.push(parts.slice(0, i).join('/'));
  return chain;
}

async function loadGitignore(dirAbs: string): Promise<Ignore | undefined> {
  const content = await readGitignore(dirAbs);
  return content === undefined ? undefined : compileGitignore(content);
}

function readGitignore(dirAbs: string): Promise<string | undefined> {
  const file = path.join(dirAbs, '.gitignore');
  return new Promise((resolve) => {
    // Only a regular file counts: a symlinked .gitignore could point anywhere.
    lstat(file, (statError, stats) => {
      if (statError || !stats.isFile()) return resolve(undefined);
      readFile(file, 'utf8', (readError, content) => resolve(readError ? undefined : content));
    });
  });
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
    if (i > 0) await yieldToEventLoop();
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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  const pattern = params.pattern;
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
