// Result roles: the fields of an operation's result that hold workspace paths (`role: path` in the
// catalog, at any depth), and the hiding of what a path rule denies. After the handler returns and
// before its output is checked and rendered, the runtime removes every entry whose path a rule
// denies: the array item holding the path (a string item, or the object item with the path at any
// depth inside it). A denied path with no array entry around it (a top-level field, or inside a
// top-level object) cannot be left out without breaking the result, so the call is refused. The
// handler's output is never written to: what changes is copied.
import type { OperationDescriptor, Role, RoleNode, RoleTree } from './descriptor.js';

/** Whether an operation's result declares any `path` field. */
export function hasResultPaths(op: OperationDescriptor): boolean {
  const tree = op.resultRoles;
  return tree !== undefined && typeof tree === 'object' && Object.values(tree).some((entry) => holdsPath(entry));
}

function holdsPath(entry: Role | RoleNode | undefined): boolean {
  if (entry === undefined) return false;
  if (typeof entry === 'string') return entry === 'path';
  return (
    holdsPath(entry.items) ||
    (entry.properties !== undefined && Object.values(entry.properties).some((sub) => holdsPath(sub)))
  );
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every string at a `path` field of `output` (unique, in order). */
export function resultPaths(output: unknown, tree: RoleTree): string[] {
  const found = new Set<string>();
  const collect = (value: unknown, role: Role | RoleNode): void => {
    if (typeof role === 'string') {
      if (role !== 'path') return;
      if (typeof value === 'string') found.add(value);
      else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') found.add(item);
      return;
    }
    if (role.items !== undefined && Array.isArray(value)) for (const item of value) collect(item, role.items);
    if (role.properties !== undefined && isObj(value)) walkProperties(value, role.properties, collect);
  };
  if (isObj(output)) walkProperties(output, tree, collect);
  return [...found];
}

function walkProperties(value: Obj, tree: RoleTree, visit: (value: unknown, role: Role | RoleNode) => void): void {
  for (const [name, role] of Object.entries(tree)) if (Object.hasOwn(value, name)) visit(value[name], role);
}

/** What hiding made of an output: the output to show, how many entries left, and whether it must be withheld. */
export interface Hidden {
  output: unknown;
  /** Array entries removed because a path in them is denied. */
  hidden: number;
  /** A denied path sits where no entry can be left out: the output must not be shown at all. */
  withheld: boolean;
}

/** `output` without the entries whose path `visible` does not hold (the handler's objects untouched). */
export function hideDenied(output: unknown, tree: RoleTree, visible: ReadonlySet<string>): Hidden {
  let hidden = 0;
  /** The value with denied entries removed; `drop`: the value itself names a denied path. */
  const prune = (value: unknown, role: Role | RoleNode): { value: unknown; drop: boolean } => {
    if (typeof role === 'string') {
      if (role !== 'path') return { value, drop: false };
      if (typeof value === 'string') return { value, drop: !visible.has(value) };
      if (!Array.isArray(value)) return { value, drop: false };
      const kept = value.filter((item) => typeof item !== 'string' || visible.has(item));
      hidden += value.length - kept.length;
      return { value: kept.length === value.length ? value : kept, drop: false };
    }
    let current = value;
    if (role.items !== undefined && Array.isArray(value)) {
      const kept: unknown[] = [];
      let changed = false;
      for (const item of value) {
        const pruned = prune(item, role.items);
        if (pruned.drop) {
          hidden++;
          changed = true;
        } else {
          kept.push(pruned.value);
          if (pruned.value !== item) changed = true;
        }
      }
      current = changed ? kept : value;
    }
    if (role.properties !== undefined && isObj(current)) {
      const pruned = pruneProperties(current, role.properties);
      if (pruned.drop) return { value: current, drop: true };
      current = pruned.value;
    }
    return { value: current, drop: false };
  };
  const pruneProperties = (value: Obj, properties: RoleTree): { value: Obj; drop: boolean } => {
    let copy: Obj | undefined;
    for (const [name, role] of Object.entries(properties)) {
      if (!Object.hasOwn(value, name)) continue;
      const pruned = prune(value[name], role);
      if (pruned.drop) return { value, drop: true };
      if (pruned.value !== value[name]) (copy ??= { ...value })[name] = pruned.value;
    }
    return { value: copy ?? value, drop: false };
  };
  if (!isObj(output)) return { output, hidden: 0, withheld: false };
  const pruned = pruneProperties(output, tree);
  return pruned.drop ? { output, hidden, withheld: true } : { output: pruned.value, hidden, withheld: false };
}

/** The line a model reads under a result some of whose entries a path rule hid. */
export function hiddenNote(hidden: number): string {
  return `[${hidden} ${hidden === 1 ? 'entry' : 'entries'} hidden: the policy's path rules deny ${hidden === 1 ? 'its path' : 'their paths'}]`;
}
