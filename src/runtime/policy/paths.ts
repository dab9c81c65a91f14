// `path` rules: gitignore-style globs over workspace-relative paths (./path-glob.ts, else the `ignore` package).
import { createRequire } from 'node:module';
import path from 'node:path';
import { globReadsPath, globRule, globRulesMatch, type GlobRule } from './path-glob.js';

// Loaded when the first path rule compiles (compilePolicy is synchronous): a toolkit without path
// rules never loads it.
type IgnoreFactory = typeof import('ignore');
let ignoreFactory: IgnoreFactory | undefined;
const loadIgnore = (): IgnoreFactory => (ignoreFactory ??= createRequire(import.meta.url)('ignore') as IgnoreFactory);

export interface PathPatterns {
  source: readonly string[];
  matches(relative: string): boolean;
}

/**
 * Past this many steps (path segments to the power of the `**` count, the package's regular
 * expressions backtracking through every way to lay the segments out) a pattern the linear matcher
 * does not cover is not run: the rule is taken to match if it denies or asks, not to if it allows.
 */
const MAX_PACKAGE_STEPS = 2_000_000;

/**
 * Deny and ask rules match case-insensitively (`.ENV` is `.env` on macOS and Windows file systems);
 * allow rules match the case exactly, so they never allow more than they name. Patterns of names,
 * `*`, `?` and `**` are matched in linear time (./path-glob.ts); others by the `ignore` package, in
 * bounded time.
 */
export function compilePathPatterns(patterns: readonly string[], ignoreCase: boolean): PathPatterns {
  const bodies = patterns.map(withoutDotSegments);
  const globs = bodies.map((body) => globRule(body, ignoreCase));
  const linear = globs.every((rule) => rule !== undefined)
    ? globs.filter((rule): rule is GlobRule => rule !== null)
    : undefined;
  let matcher: ReturnType<IgnoreFactory> | undefined;
  const globstars = Math.max(0, ...bodies.map((body) => body.match(/\*\*/g)?.length ?? 0));
  // Deny and ask rules (the case-insensitive ones) fail closed; allow rules allow nothing undecided.
  const undecided = ignoreCase;
  return {
    source: patterns,
    matches(relative) {
      const clean = normalizeRelative(relative);
      if (clean === undefined) return false;
      if (linear && globReadsPath(clean))
        return globRulesMatch(linear, (ignoreCase ? clean.toLowerCase() : clean).split('/'));
      const depth = clean.split('/').length;
      if (globstars > 0 && depth ** (globstars + 1) > MAX_PACKAGE_STEPS) return undecided;
      matcher ??= loadIgnore()({ allowRelativePaths: true, ignorecase: ignoreCase }).add(bodies);
      return matcher.ignores(clean) || matcher.ignores(`${clean}/`);
    },
  };
}

/**
 * A pattern's `.` segments left out (`./secrets/**`, `a/./b`): gitignore patterns have none, so
 * such a rule would match nothing, and a path given as `./secrets/k` is decided as `secrets/k`.
 */
function withoutDotSegments(pattern: string): string {
  const negated = pattern.startsWith('!');
  const body = (negated ? pattern.slice(1) : pattern).replace(/^(?:\.\/+)+/, '').replace(/\/(?:\.\/+)+/g, '/');
  return negated ? `!${body}` : body;
}

/** `./a//b/` → `a/b`; '.' and paths that leave the workspace → undefined (no path rule sees them). */
export function normalizeRelative(relative: string): string | undefined {
  const parts: string[] = [];
  for (const part of relative.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return undefined;
    parts.push(part);
  }
  return parts.length === 0 ? undefined : parts.join('/');
}

/** A path as a rule sees it: as given, lexically inside the workspace, and its real target. */
export interface PathSubject {
  given: string;
  lexical?: string;
  real?: string;
}

/** The workspace-relative form of a path given relative to (or absolute inside) the root, lexically. */
export function lexicalRelative(workspaceRoot: string, userPath: string): string | undefined {
  const absolute = path.resolve(workspaceRoot, userPath);
  const relative = path.relative(workspaceRoot, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return normalizeRelative(relative);
}
