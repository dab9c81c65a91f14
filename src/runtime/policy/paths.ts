// `path` rules: gitignore-style globs (the `ignore` package) over workspace-relative paths.
import { createRequire } from 'node:module';
import path from 'node:path';

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
 * Deny and ask rules match case-insensitively (`.ENV` is `.env` on macOS and Windows file systems);
 * allow rules match the case exactly, so they never allow more than they name.
 */
export function compilePathPatterns(patterns: readonly string[], ignoreCase: boolean): PathPatterns {
  const matcher = loadIgnore()({ allowRelativePaths: true, ignorecase: ignoreCase }).add(
    patterns.map(withoutDotSegments),
  );
  return {
    source: patterns,
    matches(relative) {
      const clean = normalizeRelative(relative);
      if (clean === undefined) return false;
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
