// Parameter defaults: what a handler receives when the caller leaves a parameter out. The
// precompiled validators fill them in (Ajv's useDefaults: only the `default` of a property, under
// `properties`, outside anyOf/oneOf/not/if), so a default anywhere else would never be filled, and
// one that breaks its own schema would hand the handler what validation refuses from a caller:
// both are catalog problems. A result's defaults are only annotations: its validator fills nothing.
import type { JsonPath, Problem } from './load.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords whose subschemas Ajv validates as a "composite rule": defaults there are never filled. */
const COMPOSITE = new Set(['anyOf', 'oneOf', 'not', 'if']);
/** Keywords holding one subschema, a list of them, or a map of names to them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const LIST = ['prefixItems', 'anyOf', 'oneOf', 'allOf'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** A default the validators fill in: where it is in the schema (a JSON pointer from the schema's root). */
export interface FilledDefault {
  pointer: string;
  path: JsonPath;
  value: unknown;
}

/**
 * Walks a params schema: the defaults the validators fill in, and a problem for each default
 * that would never be filled (`at` is the schema's place in the catalog).
 */
export function paramDefaults(schema: Obj, at: JsonPath): { filled: FilledDefault[]; problems: Problem[] } {
  const filled: FilledDefault[] = [];
  const problems: Problem[] = [];
  const walk = (
    node: unknown,
    path: JsonPath,
    asProperty: boolean,
    composite: string | undefined,
    required = false,
  ) => {
    if (!isObj(node)) return;
    if (Object.hasOwn(node, 'default')) {
      const where: JsonPath = [...path, 'default'];
      if (path.length === 0) {
        problems.push({ path: [...at, ...where], atKey: true, message: 'params itself cannot have a default' });
      } else if (composite !== undefined) {
        problems.push({
          path: [...at, ...where],
          atKey: true,
          message: `a default inside ${composite} is never filled in (the validators fill only the defaults of properties outside anyOf, oneOf, not and if); move it to the property it belongs to`,
        });
      } else if (!asProperty) {
        problems.push({
          path: [...at, ...where],
          atKey: true,
          message:
            'a default here is never filled in: only a property of an object (under properties) gets its default when it is left out',
        });
      } else if (required) {
        // The default is filled in before `required` is checked: required would mean nothing (and the
        // conformance probe that leaves the property out would pass).
        problems.push({
          path: [...at, ...where],
          atKey: true,
          message:
            'a required property cannot have a default: the validators fill the default in before checking required, so leaving it out is never refused; drop the default or take the property out of required',
        });
      } else filled.push({ pointer: pointerOf(path), path, value: node.default });
    }
    for (const key of ONE) {
      if (key in node) walk(node[key], [...path, key], false, COMPOSITE.has(key) ? (composite ?? key) : composite);
    }
    for (const key of LIST) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      list.forEach((sub, i) =>
        walk(sub, [...path, key, i], false, COMPOSITE.has(key) ? (composite ?? key) : composite),
      );
    }
    const requiredNames = new Set(Array.isArray(node.required) ? node.required : []);
    for (const key of MAP) {
      const map = node[key];
      if (!isObj(map)) continue;
      for (const [name, sub] of Object.entries(map)) {
        // A definition is validated where a $ref applies it: its properties may carry defaults.
        walk(
          sub,
          [...path, key, name],
          key === 'properties',
          key === '$defs' || key === 'definitions' ? undefined : composite,
          key === 'properties' && requiredNames.has(name),
        );
      }
    }
  };
  walk(schema, [], false, undefined);
  return { filled, problems };
}

/** The schema without any `default` (what a result's validator is compiled from: it fills nothing). */
export function withoutDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (!isObj(schema)) return schema;
  const copy: Obj = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default') continue;
    // enum, const and examples hold data, not schemas.
    const data = key === 'enum' || key === 'const' || key === 'examples';
    Object.defineProperty(copy, key, {
      value: data ? value : MAP.includes(key) && isObj(value) ? mapValues(value) : withoutDefaults(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function mapValues(map: Obj): Obj {
  const copy: Obj = {};
  for (const [name, sub] of Object.entries(map)) {
    Object.defineProperty(copy, name, {
      value: withoutDefaults(sub),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function pointerOf(path: JsonPath): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
