import type { OperationDescriptor } from '../contract/descriptor.js';
import { wildcardToRegExp } from './compile.js';

/**
 * Compiles capability patterns to a matcher. A pattern matches an operation's id (`search.grep`,
 * `search.*`, `*`), its tool name (`read_file`, `task_*`), or — a bare word — its provider (`search`).
 */
export function compileProfile(patterns: readonly string[] | undefined): (op: OperationDescriptor) => boolean {
  if (patterns === undefined) return () => true;
  if (!Array.isArray(patterns)) throw new TypeError('profile must be an array of capability patterns');
  const matchers = patterns.map((pattern, index) => {
    if (typeof pattern !== 'string' || pattern.trim() === '') {
      throw new TypeError(`profile[${index}] must be a non-empty capability pattern such as "filesystem.*"`);
    }
    const re = wildcardToRegExp(pattern.trim());
    const provider = /^[a-z][a-z0-9_]*$/.test(pattern.trim()) ? pattern.trim() : undefined;
    return (op: OperationDescriptor) => re.test(op.id) || re.test(op.name) || op.provider === provider;
  });
  return (op) => matchers.some((matches) => matches(op));
}

export interface ProfileExcess {
  /** Requested patterns that match no operation at all (likely typos). */
  unmatched: string[];
  /** Requested patterns that reach beyond the parent profile. */
  widening: string[];
  /** Ids of the operations the request would add beyond the parent profile. */
  outside: string[];
}

/**
 * What a requested profile would add to `parent` (undefined = everything), computed over the given
 * operations (the registry): `requested` is a subset when every operation it matches, the parent matches.
 */
export function profileExcess(
  requested: readonly string[],
  parent: readonly string[] | undefined,
  operations: readonly OperationDescriptor[],
): ProfileExcess {
  const inParent = compileProfile(parent);
  const result: ProfileExcess = { unmatched: [], widening: [], outside: [] };
  const outside = new Set<string>();
  for (const pattern of requested) {
    const matched = operations.filter(compileProfile([pattern]));
    if (matched.length === 0) result.unmatched.push(pattern);
    const extra = matched.filter((op) => !inParent(op));
    if (extra.length > 0) result.widening.push(pattern);
    for (const op of extra) outside.add(op.id);
  }
  result.outside = [...outside];
  return result;
}
