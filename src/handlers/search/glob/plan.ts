// From a user's glob pattern to the walks that serve it: braces expanded (bounded), every
// alternative's literal folder prefix resolved inside the workspace (symlinks included), and the
// wildcard rest free of `.`/`..` segments, grouped by the folder each walk is rooted at.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { Workspace } from '../../../runtime/fs/workspace.js';
import { expandBraces } from '../../../runtime/glob/braces.js';
import { isDynamicPattern } from './walk.js';

export interface GlobWalkGroup {
  /** Real absolute folder inside the workspace the walk is rooted at. */
  base: string;
  /** Brace-free patterns relative to `base`. */
  patterns: string[];
}

/** The walks for `pattern` relative to the workspace folder `folderRel`; throws INVALID_PATTERN / OUTSIDE_WORKSPACE. */
export async function planGlob(pattern: string, folderRel: string, workspace: Workspace): Promise<GlobWalkGroup[]> {
  const alternatives = expandBraces(pattern);
  // Every alternative is checked before any is resolved or walked.
  const planned: { baseUserPath: string; rest: string }[] = [];
  for (const alternative of alternatives) {
    const normalized = alternative.replace(/\/{2,}/g, '/');
    if (normalized === '') continue; // "{,x}" has an empty alternative
    const { prefix, rest } = splitLiteralPrefix(normalized);
    const shown = alternatives.length > 1 ? `"${normalized}" (one alternative of "${pattern}")` : `"${pattern}"`;
    if (rest === '') {
      throw new ToolError('INVALID_PATTERN', `${shown} names a folder; add "/**" to list the files under it`);
    }
    for (const segment of rest.split('/')) {
      const plain = segment.replace(/\\(.)/g, '$1');
      if (plain === '.' || plain === '..') {
        throw new ToolError(
          'INVALID_PATTERN',
          `${shown}: "${segment}" segments may only appear in the literal folders at the start of a pattern ("../lib/**/*.ts"), not after a wildcard`,
        );
      }
    }
    const baseUserPath = normalized.startsWith('/') ? path.join('/', ...prefix) : path.join(folderRel, ...prefix);
    planned.push({ baseUserPath: baseUserPath || '.', rest });
  }
  const distinct = [...new Set(planned.map((p) => p.baseUserPath))];
  // OUTSIDE_WORKSPACE for any alternative refuses the whole pattern.
  const resolved = new Map(await Promise.all(distinct.map(async (p) => [p, await resolveBase(p, workspace)] as const)));
  const groups = new Map<string, Set<string>>();
  for (const { baseUserPath, rest } of planned) {
    const real = resolved.get(baseUserPath);
    if (real === undefined) continue;
    let patterns = groups.get(real);
    if (!patterns) groups.set(real, (patterns = new Set()));
    patterns.add(rest);
  }
  return [...groups].map(([base, patterns]) => ({ base, patterns: [...patterns] }));
}

/** The real folder a literal prefix names, or undefined when it is missing or not a folder. */
async function resolveBase(userPath: string, workspace: Workspace): Promise<string | undefined> {
  const resolved = await workspace.resolve(userPath);
  if (!resolved.exists) return undefined;
  try {
    return (await stat(resolved.absolute)).isDirectory() ? resolved.absolute : undefined;
  } catch {
    return undefined;
  }
}

/** Splits "src/lib/**\/*.ts" into literal leading folders (["src", "lib"]) and the rest ("**\/*.ts"). */
export function splitLiteralPrefix(pattern: string): { prefix: string[]; rest: string } {
  const segments = pattern.split('/');
  const prefix: string[] = [];
  let i = 0;
  while (
    i < segments.length - 1 &&
    (segments[i] === '' || (!isDynamicPattern(segments[i]!) && !segments[i]!.includes('\\')))
  ) {
    prefix.push(segments[i]!);
    i++;
  }
  return { prefix, rest: segments.slice(i).join('/') };
}
