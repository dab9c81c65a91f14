// Generated from codegen/src/fixture-paths.ts — do not edit. Run `npm run generate`.
// The rules for the paths a conformance case names (its `files` fixture, the `files` it expects,
// a task file option): relative paths that stay inside the case's temporary workspace. The
// generator refuses a catalog that breaks them, and runConformance checks them again before it
// touches the disk (a hand-edited or old generated test must not leave the workspace either).
// Part of the catalog format, so written here once; the runtime's copy is generated from this file.
// No imports, so the copy needs none.

const MAX_PATH = 1024;
const MAX_SEGMENT_BYTES = 255;

/** Why `relative` may not name a place in the workspace, or undefined when it may. */
export function confinedPathProblem(relative: unknown): string | undefined {
  if (typeof relative !== 'string' || relative.length === 0) return 'must be a non-empty relative path';
  if (relative.length > MAX_PATH) return `is longer than ${MAX_PATH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(relative)) return 'contains a control character (NUL, newline, …)';
  if (relative.includes('\\')) return 'contains a backslash: write paths with /';
  if (relative.startsWith('/') || /^[A-Za-z]:/.test(relative)) return 'must be relative to the workspace, not absolute';
  for (const segment of relative.split('/')) {
    if (segment === '') return 'has an empty segment (a leading, doubled or trailing /)';
    if (segment === '.' || segment === '..') return `must stay inside the workspace: no "${segment}" segments`;
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `has a name longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return undefined;
}

/**
 * What a fixture may create inside a `.git` folder: enough to make a repository (HEAD, objects,
 * refs, an index, logs, info/exclude), never what makes git run a program or reach outside the
 * workspace (config: core.fsmonitor, core.sshCommand…; commondir/gitdir; objects/info/alternates).
 * Hooks may be written: fixtures are created without the executable bit, and git runs only
 * executable hooks; no link may be made inside it (a hook linked to a program is executable).
 */
const GIT_ENTRIES = new Set([
  'head',
  'orig_head',
  'fetch_head',
  'merge_head',
  'commit_editmsg',
  'description',
  'index',
  'packed-refs',
  'objects',
  'refs',
  'logs',
  'info',
  'hooks',
]);

/** Why a fixture entry at `relative` (of kind `kind`) may not be created, or undefined when it may. */
export function fixturePathProblem(relative: unknown, kind: 'file' | 'dir' | 'symlink'): string | undefined {
  const confined = confinedPathProblem(relative);
  if (confined) return confined;
  const segments = (relative as string).split('/');
  for (let i = 0; i < segments.length; i++) {
    if (segments[i]!.toLowerCase() !== '.git') continue;
    const next = segments[i + 1]?.toLowerCase();
    if (next === undefined) {
      if (kind !== 'dir')
        return 'makes .git a file or a link (a gitdir pointer leads git outside the workspace): give it as { dir: true } or through the files inside it';
      continue;
    }
    if (kind === 'symlink')
      return 'makes a link inside .git (a hook linked to a program, such as /bin/sh, runs it; a linked folder leads git outside the workspace): give the files themselves';
    if (!GIT_ENTRIES.has(next))
      return `writes .git/${segments[i + 1]}, which can make git run programs or leave the workspace (allowed in .git: HEAD, objects, refs, index, logs, info, hooks, packed-refs, description)`;
    if (next === 'objects' && segments[i + 2]?.toLowerCase() === 'info')
      return 'writes .git/objects/info (alternates make git read objects outside the workspace)';
  }
  return undefined;
}
