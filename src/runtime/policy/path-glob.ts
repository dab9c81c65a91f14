// Path rule patterns matched in time linear in the path: gitignore globs (as the `ignore` package
// reads them) over path segments, with `**` as "any number of segments". The package compiles each
// pattern to a regular expression that backtracks: with a few `**` and a deep path (which a model
// chooses) one decision took minutes. This matcher covers the patterns made of names, `*`, `?`,
// `**` and `/` (a leading `!` negates), in ASCII; anything else (bracket expressions, escapes, a `#`
// or a trailing space, a name past ASCII) is left to the package (./paths.ts). test/policy/path-glob.test.ts checks it
// against the package on generated patterns and paths.

/** One segment of a pattern: its characters, `?` (any one) and `*` (any run), or `**`. */
type PatternSegment = { kind: 'name'; tokens: string[] } | { kind: 'globstar' };

/** How a pattern ends. */
type Ending =
  /** At the path's end (its last segment), file or folder alike. */
  | 'end'
  /** At the path's end, which must be a folder (a trailing `/`). */
  | 'folder'
  /** Somewhere before the path's end: everything inside (a trailing `/**`). */
  | 'inside';

export interface GlobRule {
  negative: boolean;
  segments: PatternSegment[];
  ending: Ending;
}

/**
 * What the matcher leaves to the package: bracket expressions, escapes, a `#` or trailing blank,
 * and any character past ASCII (the package compares UTF-16 units with the regular expressions'
 * case rules, `?` taking half of an emoji and `σ` matching `ς`: only ASCII is read alike here).
 */
const UNSUPPORTED = /[[\\]|^#|\s$|[^\x20-\x7e]/;

/** Whether the matcher reads `path` as the package does (ASCII only; else the package decides). */
export function globReadsPath(path: string): boolean {
  return !/[^\x20-\x7e]/.test(path);
}

/** The rule a pattern is, or undefined when the matcher does not cover it; null for a pattern that matches nothing. */
export function globRule(pattern: string, ignoreCase: boolean): GlobRule | null | undefined {
  let body = pattern;
  let negative = false;
  if (body.startsWith('!')) {
    negative = true;
    body = body.slice(1);
  }
  if (UNSUPPORTED.test(body)) return undefined;
  if (body === '') return null;
  if (ignoreCase) body = body.toLowerCase();
  // `/**` (two or more) is every path, as `**` is.
  if (/^\/\*{2,}$/.test(body)) body = '**';
  let ending: Ending = 'end';
  // A trailing `/**/` (folders inside, at least one) is left to the package.
  if (/\/\*{2,}\/$/.test(body)) return undefined;
  if (body.endsWith('/')) {
    ending = 'folder';
    body = body.slice(0, -1);
    if (body === '' || body.endsWith('/')) return undefined;
  }
  // A separator at the start or inside anchors the pattern at the root; else it matches at any level.
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const parts = body.split('/');
  if (parts.some((part) => part === '')) return undefined;
  const segments: PatternSegment[] = parts.map((part) =>
    /^\*{2,}$/.test(part) ? { kind: 'globstar' } : { kind: 'name', tokens: nameTokens(part) },
  );
  if (ending === 'end' && segments.length > 1 && segments[segments.length - 1]!.kind === 'globstar') {
    segments.pop();
    ending = 'inside';
  }
  if (!anchored && segments[0]?.kind !== 'globstar') segments.unshift({ kind: 'globstar' });
  return { negative, segments, ending };
}

/** A segment's characters as tokens: `*` (a run of them), `?` and single characters. */
function nameTokens(part: string): string[] {
  const tokens: string[] = [];
  for (const char of part) {
    if (char === '*' && tokens[tokens.length - 1] === '*') continue;
    tokens.push(char);
  }
  return tokens;
}

/** Whether `tokens` match all of `name` (no `/` in either): wildcard matching with one star's backtrack, O(n·m) at worst. */
function nameMatches(tokens: readonly string[], name: string): boolean {
  const chars = [...name];
  let t = 0;
  let c = 0;
  let star = -1;
  let mark = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token !== undefined && token !== '*' && (token === '?' || token === chars[c])) {
      t++;
      c++;
    } else if (token === '*') {
      star = t++;
      mark = c;
    } else if (star >= 0) {
      t = star + 1;
      c = ++mark;
    } else return false;
  }
  while (tokens[t] === '*') t++;
  return t === tokens.length;
}

/**
 * For each prefix of `segments` (1 … n segments), whether `rule` matches it as a folder (`asFolder`)
 * and, for the whole path only, as a file: one table over (pattern segment, path segment).
 */
function ruleReach(rule: GlobRule, segments: readonly string[]): boolean[] {
  const n = segments.length;
  // reach[j]: the pattern segments so far match exactly the first j path segments.
  let reach: boolean[] = Array.from({ length: n + 1 }, (_, j) => j === 0);
  for (const segment of rule.segments) {
    const next: boolean[] = new Array<boolean>(n + 1).fill(false);
    if (segment.kind === 'globstar') {
      let any = false;
      for (let j = 0; j <= n; j++) {
        any ||= reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < n; j++) if (reach[j] && nameMatches(segment.tokens, segments[j]!)) next[j + 1] = true;
    }
    reach = next;
  }
  return reach;
}

/**
 * Whether the rules (in order, the last that matches deciding, a negative one un-matching) match
 * `segments` as the package's `ignores` does, for the path as a file or as a folder: a folder on
 * the way that the rules match matches everything below it.
 */
export function globRulesMatch(rules: readonly GlobRule[], segments: readonly string[]): boolean {
  const n = segments.length;
  const tables = rules.map((rule) => {
    const reach = ruleReach(rule, segments);
    // before[j]: the pattern's segments match a proper prefix of the first j segments (`abc/**`).
    const before: boolean[] = new Array<boolean>(n + 1).fill(false);
    for (let j = 1; j <= n; j++) before[j] = before[j - 1]! || reach[j - 1]!;
    return { reach, before };
  });
  // Whether rule r matches the first j segments, as a folder (`folder`) or as a file.
  const matchesPrefix = (r: number, j: number, folder: boolean): boolean => {
    const { reach, before } = tables[r]!;
    switch (rules[r]!.ending) {
      case 'end':
        return reach[j]!;
      case 'folder':
        return folder && reach[j]!;
      case 'inside':
        return before[j]!;
    }
  };
  const decided = (j: number, folder: boolean): boolean => {
    let matched = false;
    for (let r = 0; r < rules.length; r++) if (matchesPrefix(r, j, folder)) matched = !rules[r]!.negative;
    return matched;
  };
  for (let j = 1; j < n; j++) if (decided(j, true)) return true;
  return decided(n, false) || decided(n, true);
}
