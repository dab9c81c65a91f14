// Reading the roles an operation's descriptor declares for its params: which arguments are paths,
// globs, shell lines and URLs (the runtime confines and decides them), and which values are secret
// or bulk content (approvals, errors and logs show them differently). Nothing here knows a provider.
import type { OperationDescriptor, Role, RoleNode, RoleTree } from './descriptor.js';
import { ROLE_ERRORS } from './vocabulary.js';

/** The top-level params of one operation by role, worked out once per descriptor. */
export interface RoleIndex {
  readonly path: readonly string[];
  readonly glob: readonly string[];
  readonly command: readonly string[];
  readonly url: readonly string[];
  /** Params holding a patch (apply_patch envelope): each file it names is confined and decided as a path. */
  readonly patch: readonly string[];
  /** Path params whose value is a list of paths. */
  readonly pathLists: ReadonlySet<string>;
  /** Some value (at any depth) is a secret. */
  readonly secret: boolean;
  /** Some value (at any depth) is a secret or bulk content: approvals render it by its role. */
  readonly display: boolean;
  /** Codes its roles let it return (ROLE_ERRORS). */
  readonly errors: ReadonlySet<string>;
}

const EMPTY: RoleIndex = Object.freeze({
  path: [],
  glob: [],
  command: [],
  url: [],
  patch: [],
  pathLists: new Set<string>(),
  secret: false,
  display: false,
  errors: new Set<string>(),
});
const cache = new WeakMap<OperationDescriptor, RoleIndex>();

export function roleIndex(op: OperationDescriptor): RoleIndex {
  let index = cache.get(op);
  if (!index) {
    index = build(op);
    cache.set(op, index);
  }
  return index;
}

function build(op: OperationDescriptor): RoleIndex {
  const tree = op.roles;
  if (!tree || typeof tree !== 'object') return EMPTY;
  const byRole: Record<'path' | 'glob' | 'command' | 'url' | 'patch', string[]> = {
    path: [],
    glob: [],
    command: [],
    url: [],
    patch: [],
  };
  const pathLists = new Set<string>();
  const properties = (op.params as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  for (const [name, role] of Object.entries(tree)) {
    if (role === 'path' || role === 'glob' || role === 'command' || role === 'url' || role === 'patch') {
      byRole[role].push(name);
      if (role === 'path' && properties[name]?.type === 'array') pathLists.add(name);
    }
  }
  const secret = holds(tree, (r) => r === 'secret');
  const display = secret || holds(tree, (r) => r === 'content');
  const errors = new Set(
    (['path', 'glob', 'url', 'patch'] as const).flatMap((role) => (byRole[role].length > 0 ? ROLE_ERRORS[role] : [])),
  );
  return Object.freeze({ ...byRole, pathLists, secret, display, errors });
}

function holds(tree: RoleTree, test: (role: Role) => boolean): boolean {
  return Object.values(tree).some((entry) => holdsEntry(entry, test));
}

function holdsEntry(entry: Role | RoleNode, test: (role: Role) => boolean): boolean {
  if (typeof entry === 'string') return test(entry);
  return (
    (entry.items !== undefined && holdsEntry(entry.items, test)) ||
    (entry.properties !== undefined && holds(entry.properties, test))
  );
}

/**
 * The input with every value of a `secret` or `content` role replaced by `mark(role, value)`;
 * other values are kept (the same objects where nothing inside changed).
 */
export function mapRoleValues(
  op: OperationDescriptor,
  input: unknown,
  mark: (role: 'secret' | 'content', value: unknown) => unknown,
): unknown {
  const tree = op.roles;
  if (!tree || !roleIndex(op).display) return input;
  return mapRoleTree(tree, input, mark);
}

/** mapRoleValues for a role tree (an approval request carries the tree, not the descriptor). */
export function mapRoleTree(
  tree: RoleTree,
  value: unknown,
  mark: (role: 'secret' | 'content', value: unknown) => unknown,
): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [name, role] of Object.entries(tree)) {
    if (!Object.hasOwn(value, name)) continue;
    const current = (value as Record<string, unknown>)[name];
    const next = mapEntry(role, current, mark);
    if (next !== current) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[name] = next;
    }
  }
  return copy ?? value;
}

function mapEntry(
  role: Role | RoleNode,
  value: unknown,
  mark: (role: 'secret' | 'content', value: unknown) => unknown,
): unknown {
  if (typeof role === 'string')
    return role === 'secret' || role === 'content' ? (value === undefined ? value : mark(role, value)) : value;
  let next = value;
  if (role.properties && next !== null && typeof next === 'object' && !Array.isArray(next))
    next = mapRoleTree(role.properties, next, mark);
  if (role.items !== undefined && Array.isArray(next)) {
    const items = role.items;
    const mapped = next.map((item) => mapEntry(items, item, mark));
    if (mapped.some((item, i) => item !== (next as unknown[])[i])) next = mapped;
  }
  return next;
}

/** Every string value of a `secret` role in the input (any depth), longest first. */
export function secretValues(op: OperationDescriptor, input: unknown): string[] {
  if (!roleIndex(op).secret) return [];
  const found = new Set<string>();
  mapRoleValues(op, input, (role, value) => {
    if (role === 'secret' && typeof value === 'string' && value !== '') found.add(value);
    return value;
  });
  return [...found].sort((a, b) => b.length - a.length);
}

/** How a secret is shown instead of its value. */
export function secretMark(value: unknown): string {
  return typeof value === 'string' ? `\u27easecret, ${value.length} chars\u27eb` : '\u27easecret\u27eb';
}
