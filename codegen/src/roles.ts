// Roles (`role:` on a property of an operation's params, or `role: path` on a field of its result):
// checked, collected into a role tree per operation and part, and removed from the schemas, so
// that models, Ajv and the exporters see plain JSON Schema. A parameter's role also adds the codes
// the runtime may answer for it to the operation's errors (a `url` parameter can be BLOCKED_URL
// without the catalog saying so). A result's `path` fields are those the runtime hides when a
// path rule denies them.
import type { JsonPath, Problem } from './load.js';
import type { Role, RoleNode, RoleTree } from './model.js';
import { didYouMean } from './suggest.js';
import { ROLE_ERRORS, ROLES } from './vocabulary.js';

/** Roles the runtime acts on as arguments: only a top-level parameter may carry them. */
const TOP_LEVEL_ONLY: ReadonlySet<Role> = new Set(['path', 'glob', 'command', 'url', 'patch']);
/** The roles a result field may have (at any depth). */
const RESULT_ROLES: readonly Role[] = ['path'];

type Part = 'params' | 'result';

export interface SplitRoles {
  /** The catalog with every `role` removed from its schemas and role codes added to `errors`. */
  data: unknown;
  /** Operation id → the roles of its params (only operations that declare some). */
  roles: Map<string, RoleTree>;
  /** Operation id → the roles of its result's fields (only operations that declare some). */
  resultRoles: Map<string, RoleTree>;
  problems: Problem[];
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Sets an own property whatever its name: a catalog key `__proto__` stays a key for the later checks to refuse. */
function put(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Checks and removes the roles of every operation; leaves anything malformed to the shape check. */
export function splitRoles(data: unknown): SplitRoles {
  const roles = new Map<string, RoleTree>();
  const resultRoles = new Map<string, RoleTree>();
  const problems: Problem[] = [];
  if (!isObj(data) || !isObj(data.providers)) return { data, roles, resultRoles, problems };
  const providers: Obj = {};
  for (const [providerName, provider] of Object.entries(data.providers)) {
    if (!isObj(provider) || !isObj(provider.operations)) {
      put(providers, providerName, provider);
      continue;
    }
    const operations: Obj = {};
    for (const [opName, op] of Object.entries(provider.operations)) {
      if (!isObj(op)) {
        put(operations, opName, op);
        continue;
      }
      const at: JsonPath = ['providers', providerName, 'operations', opName];
      const found: Role[] = [];
      const params = isObj(op.params)
        ? schemaWithoutRoles(op.params, [...at, 'params'], 'params', problems, found)
        : undefined;
      const result = isObj(op.result)
        ? schemaWithoutRoles(op.result, [...at, 'result'], 'result', problems, [])
        : undefined;
      const copy: Obj = {
        ...op,
        ...(params ? { params: params.schema } : {}),
        ...(result ? { result: result.schema } : {}),
      };
      if (params && Object.keys(params.tree).length > 0) roles.set(`${providerName}.${opName}`, params.tree);
      if (result && Object.keys(result.tree).length > 0) resultRoles.set(`${providerName}.${opName}`, result.tree);
      // `errors` is optional; a malformed one is left to the shape check.
      const errors = op.errors === undefined ? [] : op.errors;
      const implied = [...new Set(found.flatMap((role) => ROLE_ERRORS[role] ?? []))];
      if (Array.isArray(errors) && implied.length > 0) {
        copy.errors = [...errors, ...implied.filter((code) => !errors.includes(code))];
      }
      put(operations, opName, copy);
    }
    put(providers, providerName, { ...provider, operations });
  }
  return { data: { ...data, providers }, roles, resultRoles, problems };
}

/** The params (or result) schema without roles, and the tree of the roles of its properties. */
function schemaWithoutRoles(
  params: Obj,
  at: JsonPath,
  part: Part,
  problems: Problem[],
  found: Role[],
): { schema: Obj; tree: RoleTree } {
  const { role: stray, ...rest } = params;
  if (stray !== undefined)
    problems.push({
      path: [...at, 'role'],
      atKey: true,
      message:
        part === 'params'
          ? 'a role belongs on a parameter (a property of params), not on params itself'
          : 'a role belongs on a field of the result (a property, at any depth), not on the result itself',
    });
  const tree: Record<string, Role | RoleNode> = {};
  const schema: Obj = { ...rest };
  if (isObj(params.properties)) {
    const properties: Obj = {};
    for (const [name, prop] of Object.entries(params.properties)) {
      const walked = isObj(prop)
        ? propertyRoles(prop, [...at, 'properties', name], { part, top: true }, problems, found)
        : { schema: prop };
      put(properties, name, walked.schema);
      if (walked.role !== undefined) put(tree, name, walked.role);
    }
    schema.properties = properties;
  }
  for (const key of APPLICATORS) {
    if (key !== 'properties' && key in schema)
      schema[key] = stripStray(schema[key], [...at, key], problems, 'this place', SCHEMA_MAPS.has(key));
  }
  return { schema, tree };
}

/** Where a property sits: in params or the result, and whether at the top level. */
interface Place {
  part: Part;
  top: boolean;
}

/** One property's schema without roles, and its role (or the roles inside it). */
function propertyRoles(
  prop: Obj,
  at: JsonPath,
  place: Place,
  problems: Problem[],
  found: Role[],
): { schema: unknown; role?: Role | RoleNode } {
  const { role, ...schema } = prop;
  let own: Role | undefined;
  if (role !== undefined) {
    own = checkRole(role, prop, at, place, problems);
    if (own) found.push(own);
  }
  const deeper: Place = { part: place.part, top: false };
  const node: { properties?: RoleTree; items?: Role | RoleNode } = {};
  if (isObj(prop.properties)) {
    const properties: Obj = {};
    const inner: Record<string, Role | RoleNode> = {};
    for (const [name, sub] of Object.entries(prop.properties)) {
      const walked = isObj(sub)
        ? propertyRoles(sub, [...at, 'properties', name], deeper, problems, found)
        : { schema: sub };
      put(properties, name, walked.schema);
      if (walked.role !== undefined) put(inner, name, walked.role);
    }
    schema.properties = properties;
    if (Object.keys(inner).length > 0) node.properties = inner;
  }
  if (isObj(prop.items)) {
    const walked = propertyRoles(prop.items, [...at, 'items'], deeper, problems, found);
    schema.items = walked.schema;
    if (walked.role !== undefined) node.items = walked.role;
  }
  for (const key of APPLICATORS) {
    const walked = (key === 'properties' && isObj(prop.properties)) || (key === 'items' && isObj(prop.items));
    if (!walked && key in schema)
      schema[key] = stripStray(schema[key], [...at, key], problems, 'this place', SCHEMA_MAPS.has(key));
  }
  if (own) return { schema, role: own };
  return Object.keys(node).length > 0 ? { schema, role: node } : { schema };
}

function checkRole(role: unknown, prop: Obj, at: JsonPath, place: Place, problems: Problem[]): Role | undefined {
  const where: JsonPath = [...at, 'role'];
  const allowed = place.part === 'params' ? ROLES : RESULT_ROLES;
  if (typeof role !== 'string' || !allowed.includes(role)) {
    const near = typeof role === 'string' ? didYouMean(role, allowed) : '';
    const message =
      place.part === 'result' && typeof role === 'string' && ROLES.includes(role)
        ? `role ${role} is not a result role: only path may mark a field of the result (one the runtime hides when a path rule denies it)`
        : `role ${JSON.stringify(role)} is not one of ${allowed.join(', ')}${place.part === 'result' ? ' (the roles a result field may have)' : ''}${near}`;
    problems.push({ path: where, message });
    return undefined;
  }
  const r: Role = role;
  if (place.part === 'params' && !place.top && TOP_LEVEL_ONLY.has(r)) {
    problems.push({
      path: where,
      message: `role ${r} may only be on a top-level parameter (a property of params); only secret and content may sit deeper`,
    });
    return undefined;
  }
  const fits =
    r === 'path'
      ? isStringSchema(prop) || (typeOf(prop) === 'array' && isObj(prop.items) && isStringSchema(prop.items))
      : isStringSchema(prop);
  if (!fits) {
    const wanted = r === 'path' ? 'type string, or type array with string items' : 'type string';
    const what = place.part === 'params' ? 'a parameter' : 'a result field';
    problems.push({
      path: where,
      message: `role ${r} needs ${what} of ${wanted}; this one is ${describeType(prop)}`,
    });
    return undefined;
  }
  return r;
}

function typeOf(schema: Obj): string | undefined {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** `type: string`, or `type: [string, "null"]`. */
function isStringSchema(schema: Obj): boolean {
  if (schema.type === 'string') return true;
  return (
    Array.isArray(schema.type) &&
    schema.type.includes('string') &&
    schema.type.every((t) => t === 'string' || t === 'null')
  );
}

function describeType(schema: Obj): string {
  if (schema.type === undefined) return 'of no declared type';
  return `of type ${Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : JSON.stringify(schema.type)}`;
}

/** Keywords whose values hold subschemas (where a stray `role` could hide). */
const APPLICATORS = [
  'properties',
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** A schema (or a list or map of them) with every `role` removed and reported: roles are not allowed there. */
function stripStray(value: unknown, at: JsonPath, problems: Problem[], place: string, mapOfSchemas = false): unknown {
  if (Array.isArray(value)) return value.map((item, i) => stripStray(item, [...at, i], problems, place));
  if (!isObj(value)) return value;
  if (mapOfSchemas) {
    return Object.fromEntries(
      Object.entries(value).map(([name, sub]) => [name, stripStray(sub, [...at, name], problems, place)]),
    );
  }
  const copy: Obj = { ...value };
  if ('role' in copy) {
    problems.push({
      path: [...at, 'role'],
      atKey: true,
      message: `a role is not allowed in ${place} (only on a property of params, or inside one through properties and items)`,
    });
    delete copy.role;
  }
  for (const key of APPLICATORS) {
    if (key in copy) copy[key] = stripStray(copy[key], [...at, key], problems, place, SCHEMA_MAPS.has(key));
  }
  return copy;
}
