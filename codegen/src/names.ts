// Names the generated code is made of must be exact: a key `__proto__` is a prototype in a
// JavaScript object literal, not a property; a property or tool named after an Object.prototype
// member (toString, constructor…) is "present" on every object; and two operations whose type names
// come out alike (get_1 and get1 both make Get1Params) would be merged or clash. All are refused
// here, naming both sides of a collision.
import type { JsonPath, Problem } from './load.js';
import { pascalCase } from './model.js';
import { walkSchema } from './schema-refs.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Names every plain object answers to without having them. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function renameHint(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/^_+|_+$/g, '');
  return snake && snake !== name && !PROTOTYPE_NAMES.has(snake) ? snake : `${snake || 'value'}_name`;
}

/** Every mapping key `__proto__`, anywhere in the catalog (a shared value is visited once). */
export function protoKeyProblems(data: unknown): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<object>();
  const path: (string | number)[] = [];
  // Recursive: aliases.ts has bounded the depth of the data before anything walks it.
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(value[i]);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key === '__proto__') {
        problems.push({
          path: [...path, key],
          atKey: true,
          message:
            'a key named __proto__ would set the prototype of the generated object instead of a property; rename it',
        });
        continue;
      }
      path.push(key);
      walk((value as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(data);
  return problems;
}

/** Property names in a params/result schema that every object already answers to. */
export function schemaNameProblems(schema: unknown, at: JsonPath): Problem[] {
  const problems: Problem[] = [];
  walkSchema(schema, ({ node, path }) => {
    for (const keyword of ['properties', 'dependentSchemas', 'dependentRequired'] as const) {
      const map = node[keyword];
      if (!isObj(map)) continue;
      for (const name of Object.keys(map)) {
        if (PROTOTYPE_NAMES.has(name) && name !== '__proto__') {
          problems.push({
            path: [...at, ...path, keyword, name],
            atKey: true,
            message: `property "${name}" is a member of every JavaScript object (Object.prototype): a missing one would still be found; rename it (e.g. "${renameHint(name)}")`,
          });
        }
      }
    }
  });
  return problems;
}

interface Named {
  name: string;
  path: JsonPath;
}

/** Provider and operation names: no Object.prototype member, and type names that stay distinct. */
export function identifierProblems(providers: Named[], operations: Named[]): Problem[] {
  const problems: Problem[] = [];
  for (const item of [...providers, ...operations]) {
    if (PROTOTYPE_NAMES.has(item.name)) {
      problems.push({
        path: item.path,
        atKey: true,
        message: `"${item.name}" is a member of every JavaScript object (Object.prototype) and cannot name a provider or tool; rename it (e.g. "${renameHint(item.name)}")`,
      });
    }
  }
  problems.push(...collisions(providers, (n) => `${pascalCase(n)}Handlers`, 'provider'));
  problems.push(...collisions(operations, (n) => `${pascalCase(n)}Params`, 'operation'));
  return problems;
}

function collisions(items: Named[], typeName: (name: string) => string, what: string): Problem[] {
  const first = new Map<string, Named>();
  const problems: Problem[] = [];
  for (const item of items) {
    const type = typeName(item.name);
    const other = first.get(type);
    if (other && other.name !== item.name) {
      problems.push({
        path: item.path,
        atKey: true,
        related: { path: other.path, atKey: true },
        message: `${what} ${item.name} gets the same type name ${type} as ${what} ${other.name} ({related}); rename one of them`,
      });
    } else if (!other) first.set(type, item);
  }
  return problems;
}
