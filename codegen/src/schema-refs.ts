// References inside a params/result schema. Nothing is resolved outside the schema itself: a $ref
// is a JSON pointer (`#/$defs/node`) or an anchor name (`#node`) inside the same schema, and every
// keyword that could name or load another document ($id, $schema elsewhere than 2020-12,
// $dynamicRef, …) is refused. Neither ajv nor the type emitter is ever handed anything else.
import type { JsonPath, Problem } from './load.js';
import { didYouMean } from './suggest.js';

type Schema = Record<string, unknown>;
const isObj = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
/** Keywords whose values are data, not schemas: never walked for references. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose values map names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords under which a reference consumes part of the value (recursion through them ends). */
const GUARDS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
]);
const REFUSED = new Set(['$id', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', '$vocabulary']);

export interface SchemaVisit {
  node: Schema;
  /** Path from the schema's root. */
  path: (string | number)[];
  /** True when the walk passed no guard keyword since `from` (see walkSchema). */
  unguarded: boolean;
}

/**
 * Every subschema of `root` in document order (objects only; boolean schemas carry no keywords).
 * Under an unknown keyword a value is walked as a schema too: a reference hidden there is found.
 */
export function walkSchema(root: unknown, visit: (v: SchemaVisit) => void, stopAtDefs = false): void {
  const walk = (node: unknown, path: (string | number)[], unguarded: boolean) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i], unguarded));
      return;
    }
    if (!isObj(node)) return;
    visit({ node, path, unguarded });
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (stopAtDefs && (key === '$defs' || key === 'definitions')) continue;
      const guarded = !unguarded || GUARDS.has(key);
      if (SCHEMA_MAPS.has(key) && isObj(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, [...path, key, name], !guarded);
      } else if (value !== null && typeof value === 'object') {
        walk(value, [...path, key], !guarded);
      }
    }
  };
  walk(root, [], true);
}

/** The subschema a local `$ref` names, with its path from the root; undefined when there is none. */
export function resolveRef(root: Schema, ref: string): { target: unknown; path: (string | number)[] } | undefined {
  if (ref === '#') return { target: root, path: [] };
  if (ref.startsWith('#/')) {
    let node: unknown = root;
    const path: (string | number)[] = [];
    for (const raw of ref.slice(2).split('/')) {
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(part) && Number(part) < node.length) {
        node = node[Number(part)];
        path.push(Number(part));
      } else if (isObj(node) && Object.hasOwn(node, part) && !DATA_KEYWORDS.has(part)) {
        node = node[part];
        path.push(part);
      } else {
        return undefined;
      }
    }
    return { target: node, path };
  }
  return anchorsOf(root).get(ref.slice(1));
}

/** Each schema's anchors, indexed on the first lookup: a walk per `#name` reference would be quadratic. */
const anchorIndex = new WeakMap<Schema, Map<string, { target: unknown; path: (string | number)[] }>>();

function anchorsOf(root: Schema): Map<string, { target: unknown; path: (string | number)[] }> {
  let anchors = anchorIndex.get(root);
  if (!anchors) {
    const index = new Map<string, { target: unknown; path: (string | number)[] }>();
    walkSchema(root, ({ node, path }) => {
      // The first in document order, as ajv would refuse a repeated one anyway.
      if (typeof node.$anchor === 'string' && !index.has(node.$anchor)) index.set(node.$anchor, { target: node, path });
    });
    anchorIndex.set(root, index);
    anchors = index;
  }
  return anchors;
}

/** Problems with the references of one params/result schema found at `at` in the catalog. */
export function schemaRefProblems(root: Schema, at: JsonPath): Problem[] {
  const problems: Problem[] = [];
  walkSchema(root, ({ node, path }) => {
    for (const key of Object.keys(node)) {
      if (REFUSED.has(key)) {
        problems.push({
          path: [...at, ...path, key],
          atKey: true,
          message: `${key} is not allowed in a catalog schema: the generator names every schema itself and resolves references only inside it`,
        });
      }
    }
    if ('$schema' in node && !(path.length === 0 && node.$schema === DRAFT_2020_12)) {
      problems.push({
        path: [...at, ...path, '$schema'],
        message: `$schema may only be ${JSON.stringify(DRAFT_2020_12)}, on the schema itself (catalog schemas are JSON Schema 2020-12)`,
      });
    }
    if ('$ref' in node) {
      const problem = refProblem(root, node.$ref);
      if (problem) problems.push({ path: [...at, ...path, '$ref'], message: problem });
    }
  });
  if (problems.length === 0) problems.push(...endlessCycles(root, at));
  return problems;
}

/** The pointers to the definitions of a schema (`#/$defs/name`), what a misspelt $ref is near. */
function refTargets(root: Schema): string[] {
  return (['$defs', 'definitions'] as const).flatMap((key) =>
    isObj(root[key]) ? Object.keys(root[key]).map((name) => `#/${key}/${name}`) : [],
  );
}

function refProblem(root: Schema, ref: unknown): string | undefined {
  if (typeof ref !== 'string') return '$ref must be a string';
  const shown = JSON.stringify(ref.length > 80 ? `${ref.slice(0, 77)}...` : ref);
  if (!ref.startsWith('#')) {
    return `$ref ${shown} points outside the catalog: only "#/..." pointers and "#name" anchors inside this schema are resolved (nothing is read from files or the network)`;
  }
  if (ref.includes('%')) return `$ref ${shown}: write the pointer without percent-encoding`;
  if (ref !== '#' && !ref.startsWith('#/') && !/^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)) {
    return `$ref ${shown} is neither a JSON pointer ("#/...") nor an anchor name ("#name")`;
  }
  const resolved = resolveRef(root, ref);
  if (!resolved) return `$ref ${shown} names nothing in this schema${didYouMean(ref, refTargets(root))}`;
  if (typeof resolved.target !== 'boolean' && !isObj(resolved.target))
    return `$ref ${shown} does not point at a schema`;
  return undefined;
}

/**
 * A reference cycle that passes through no property or item (`a: { anyOf: [{ $ref: a }] }`) never
 * ends: validating anything would recurse without bound, and its type cannot be written.
 */
function endlessCycles(root: Schema, at: JsonPath): Problem[] {
  type Edge = { target: string; path: (string | number)[] };
  // Nodes: the root and every subschema a $ref names; edges: the references a node applies
  // without passing a property or an item.
  const nodes = new Map<string, (string | number)[]>([['[]', []]]);
  walkSchema(root, ({ node }) => {
    const resolved = typeof node.$ref === 'string' ? resolveRef(root, node.$ref) : undefined;
    if (resolved) nodes.set(JSON.stringify(resolved.path), resolved.path);
  });
  const edges = new Map<string, Edge[]>();
  for (const [key, base] of nodes) {
    const out: Edge[] = [];
    walkSchema(
      valueAt(root, base),
      ({ node: sub, path, unguarded }) => {
        const resolved = unguarded && typeof sub.$ref === 'string' ? resolveRef(root, sub.$ref) : undefined;
        if (resolved) out.push({ target: JSON.stringify(resolved.path), path: [...base, ...path, '$ref'] });
      },
      true,
    );
    edges.set(key, out);
  }
  const state = new Map<string, 'open' | 'done'>();
  const problems: Problem[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    for (const edge of edges.get(node) ?? []) {
      if (problems.length > 0) return;
      const seen = state.get(edge.target);
      if (seen === 'open') {
        problems.push({
          path: [...at, ...edge.path],
          message:
            'this $ref closes a cycle that passes through no property or array item: the schema would recurse without end',
        });
      } else if (seen === undefined) visit(edge.target);
    }
    state.set(node, 'done');
  };
  for (const key of nodes.keys()) if (!state.has(key) && problems.length === 0) visit(key);
  return problems;
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const part of path) node = (node as Record<string | number, unknown> | undefined)?.[part];
  return node;
}
