// `command_paths: modelled` on an operation: path rules then apply to what its command lines name,
// so the runtime must know which parameter holds the line and which folder it runs in. The
// operation needs exactly one `command` parameter and at most one `path` parameter (a single
// path, the folder the line runs in).
import type { Problem } from './load.js';
import type { RawOperationRef } from './validate.js';
import type { Role, RoleNode, RoleTree } from './model.js';

export function commandPathsProblems(ops: readonly RawOperationRef[], roles: ReadonlyMap<string, RoleTree>): Problem[] {
  const problems: Problem[] = [];
  for (const ref of ops) {
    if (ref.op.command_paths === undefined) continue;
    const tree = roles.get(ref.id) ?? {};
    const named = (role: Role) =>
      Object.entries(tree)
        .filter(([, r]: [string, Role | RoleNode]) => r === role)
        .map(([name]) => name);
    const commands = named('command');
    const paths = named('path');
    const at = [...ref.at, 'command_paths'];
    if (commands.length !== 1) {
      problems.push({
        path: at,
        message: `command_paths needs exactly one parameter with role command (the line whose paths are modelled); ${ref.name} has ${commands.length === 0 ? 'none' : commands.join(', ')}`,
      });
    }
    const list = paths.find((name) => {
      const params = ref.op.params as { properties?: Record<string, { type?: unknown }> } | undefined;
      return params?.properties?.[name]?.type === 'array';
    });
    if (paths.length > 1 || list !== undefined) {
      problems.push({
        path: at,
        message: `command_paths allows at most one parameter with role path, a single path (the folder the line runs in); ${ref.name} has ${paths.join(', ')}`,
      });
    }
  }
  return problems;
}
