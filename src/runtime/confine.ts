// What the runtime checks about an operation's role arguments before its handler runs, the same way
// for every provider: each `path` is resolved inside the workspace (OUTSIDE_WORKSPACE otherwise) and
// handed to the handler resolved; each `glob` must stay inside the workspace.
import path from 'node:path';
import { ConfinedPath, type OpenLearning } from './confined-path.js';
import type { JsonSchema, OperationDescriptor } from './descriptor.js';
import { ToolError } from './errors.js';
import { rememberFolder } from './folder-cache.js';
import { expandBraces } from './glob-braces.js';
import { parsePatchOnce, pathsOfPatch } from './patch-envelope.js';
import { roleIndex } from './roles.js';
import type { ResolvedPath, Workspace } from './workspace.js';

export interface ConfinedPaths {
  /** Single-path params → their resolved path (a param's string default when it was not given). */
  paths: Record<string, ResolvedPath>;
  /**
   * List-of-paths params → each resolved path; `patch` params → each path the patch names, in the
   * order pathsOfPatch lists them.
   */
  pathLists: Record<string, ResolvedPath[]>;
  /** Every path given in the input → how it resolved (the policy's path rules look at it). */
  given: Map<string, ResolvedPath>;
}

function propertySchema(op: OperationDescriptor, name: string): JsonSchema | undefined {
  return ((op.params as { properties?: Record<string, JsonSchema> }).properties ?? {})[name];
}

/**
 * Resolves every `path` argument inside the workspace; throws the first refusal (OUTSIDE_WORKSPACE,
 * INVALID_INPUT). A param in `opens` (one the handler opens, to read) is handed over as a
 * ConfinedPath: opened in advance through its proven folder when the runtime has learned how the
 * handler opens it, and its folder remembered for the next call otherwise.
 */
export async function confinePaths(
  op: OperationDescriptor,
  input: Record<string, unknown>,
  workspace: Workspace,
  opens?: ReadonlyMap<string, OpenLearning>,
): Promise<ConfinedPaths> {
  const roles = roleIndex(op);
  const confined: ConfinedPaths = { paths: {}, pathLists: {}, given: new Map() };
  const learning = opens && opens.size > 0 ? opens : undefined;
  for (const name of roles.path) {
    const value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (roles.pathLists.has(name)) {
      if (!Array.isArray(value)) continue;
      const list: ResolvedPath[] = [];
      for (const item of value) if (typeof item === 'string') list.push(await resolveGiven(workspace, confined, item));
      confined.pathLists[name] = list;
    } else if (typeof value === 'string') {
      const learned = learning?.get(name);
      confined.paths[name] = learned
        ? await confineOpened(workspace, value, learned, confined)
        : await resolveGiven(workspace, confined, value);
    } else if (value === undefined) {
      const fallback = propertySchema(op, name)?.default;
      if (typeof fallback === 'string' && fallback !== '') confined.paths[name] = await workspace.resolve(fallback);
    }
  }
  for (const name of roles.patch) {
    const value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (typeof value !== 'string') continue;
    // A patch that does not parse is refused here, naming its line: it has no paths to decide.
    const list: ResolvedPath[] = [];
    for (const given of pathsOfPatch(parsePatchOnce(value))) list.push(await resolveGiven(workspace, confined, given));
    confined.pathLists[name] = list;
  }
  return confined;
}

/** A given path resolved once per call, however many params name it (a module function: no closure per call). */
async function resolveGiven(workspace: Workspace, confined: ConfinedPaths, value: string): Promise<ResolvedPath> {
  let resolved = confined.given.get(value);
  if (!resolved) {
    resolved = await workspace.resolve(value);
    confined.given.set(value, resolved);
  }
  return resolved;
}

/** A path the handler opens (see confinePaths); the same answer and errors as resolving it. */
async function confineOpened(
  workspace: Workspace,
  value: string,
  learning: OpenLearning,
  confined: ConfinedPaths,
): Promise<ConfinedPath> {
  const flags = learning.openAhead;
  const opened = flags === undefined ? undefined : await workspace.openInFolder(value, flags);
  if (opened) {
    const handed = new ConfinedPath(opened.resolved, learning, { handle: opened.handle, flags: flags! });
    confined.given.set(value, handed);
    return handed;
  }
  const resolved = confined.given.get(value) ?? (await workspace.resolve(value));
  confined.given.set(value, resolved);
  if (flags !== undefined && resolved.exists && resolved.absolute !== workspace.root)
    rememberFolder(path.dirname(resolved.absolute));
  return new ConfinedPath(resolved, learning);
}

/**
 * Checks every `glob` argument: its alternatives (braces expanded) may climb out of the folder they
 * are evaluated under through literal leading `..` folders, but never out of the workspace
 * (lexically, or through a symlink: OUTSIDE_WORKSPACE), and a `.` or `..` after a wildcard (which no
 * walk can honour safely) is INVALID_PATTERN, as is a NUL byte.
 */
export async function confineGlobs(
  op: OperationDescriptor,
  input: Record<string, unknown>,
  workspace: Workspace,
  confined: ConfinedPaths,
): Promise<void> {
  const roles = roleIndex(op);
  if (roles.glob.length === 0) return;
  // The folder a pattern is evaluated under: the operation's one path, else the workspace root.
  const bases = Object.values(confined.paths);
  const base = roles.path.length === 1 && bases.length === 1 ? bases[0]!.relative : '.';
  for (const name of roles.glob) {
    const value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (typeof value !== 'string') continue;
    await checkGlob(name, value, base, workspace);
  }
}

/** Characters that make a glob segment more than a literal name (any engine's syntax, counted widely). */
const GLOB_SYNTAX = /[*?[\]{}()!+@\\|]/;
/** `.` or `..` as a whole segment or as one alternative of an extglob group. */
const DOT_ALTERNATIVE = /(^|[(|,])\.\.?($|[)|,])/;

async function checkGlob(name: string, pattern: string, base: string, workspace: Workspace): Promise<void> {
  if (pattern.includes('\0')) throw new ToolError('INVALID_PATTERN', `${name} contains a NUL byte`);
  // Ranges ({1..9}) only make digits and letters: they cannot make a `..` segment, so they stay unexpanded.
  const alternatives = expandBraces(pattern, { ranges: false });
  const prefixes = new Set<string>();
  for (const alternative of alternatives) {
    const segments = alternative.replace(/\/{2,}/g, '/').split('/');
    const absolute = alternative.startsWith('/');
    let i = absolute ? 1 : 0;
    const literal: string[] = [];
    while (i < segments.length - 1 && !GLOB_SYNTAX.test(segments[i]!)) literal.push(segments[i++]!);
    for (const segment of segments.slice(i)) {
      if (DOT_ALTERNATIVE.test(segment.replace(/\\(.)/g, '$1'))) {
        const shown = alternatives.length > 1 ? `"${alternative}" (one alternative of "${pattern}")` : `"${pattern}"`;
        throw new ToolError(
          'INVALID_PATTERN',
          `${name} ${shown}: "." and ".." may only appear in the literal folders at the start of a pattern ("../lib/**/*.ts"), not after a wildcard`,
        );
      }
    }
    if (literal.length > 0 || absolute)
      prefixes.add(absolute ? path.join('/', ...literal) : path.join(base, ...literal));
  }
  for (const prefix of prefixes) {
    try {
      await workspace.resolve(prefix);
    } catch (error) {
      if (error instanceof ToolError && error.code === 'OUTSIDE_WORKSPACE') {
        throw new ToolError(
          'OUTSIDE_WORKSPACE',
          `${name} "${pattern}" reaches ${prefix}, which is outside the workspace; keep patterns inside it`,
        );
      }
      throw error;
    }
  }
}

/**
 * The confined form of a handler's `path` argument `name` (what the runtime resolved before the
 * call). A handler called without a toolkit has none: INTERNAL, never an unchecked path.
 */
export function confinedPath(
  ctx: { readonly paths: Readonly<Record<string, ResolvedPath>> },
  name: string,
): ResolvedPath {
  const resolved = ctx.paths?.[name];
  if (!resolved)
    throw new ToolError(
      'INTERNAL',
      `the ${name} argument was not confined by the runtime; call the handler through a toolkit`,
    );
  return resolved;
}
