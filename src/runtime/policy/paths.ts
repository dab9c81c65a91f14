// `path` rules: gitignore-style globs (the `ignore` package) over workspace-relative paths.
import ignore from 'ignore';

export interface PathPatterns {
  source: readonly string[];
  matches(relative: string): boolean;
}

export function compilePathPatterns(patterns: readonly string[]): PathPatterns {
  const matcher = ignore({ allowRelativePaths: true }).add(patterns as string[]);
  return {
    source: patterns,
    matches(relative) {
      const clean = normalizeRelative(relative);
      if (clean === undefined) return false;
      return matcher.ignores(clean) || matcher.ignores(`${clean}/`);
    },
  };
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
