// Why a params or result schema does not compile, located at the keyword it is about, with the near
// name when a keyword, a format or a type is misspelt (`minLenght`, `emial`, `strng`).
import type { ErrorObject } from 'ajv';
import type { JsonPath } from './load.js';
import { didYouMean } from './suggest.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A problem inside one schema: where (relative to the schema) and what. */
export interface SchemaIssue {
  path: JsonPath;
  /** The issue is the key at `path` (an unknown keyword), not its value. */
  atKey?: boolean;
  message: string;
  /** A valid schema refused for what it would do (a pattern that can block), not a broken one. */
  unsafe?: boolean;
}

/** The keywords of JSON Schema 2020-12 a catalog schema may use (and `$anchor`, declared for Ajv). */
export const SCHEMA_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$defs',
  '$comment',
  'definitions',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  'unevaluatedProperties',
  'dependentSchemas',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'format',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
];

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** Keywords whose value is a map of names to subschemas: its keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The issue an Ajv compile error (thrown by addSchema under strict mode) is about. */
export function compileIssue(schema: Obj, message: string, formats: readonly string[]): SchemaIssue {
  const format = /^unknown format "(.*)" ignored in schema at path "#(.*)"$/.exec(message);
  if (format) {
    return {
      path: [...pointerPath(format[2]!), 'format'],
      message: `unknown format "${format[1]}"${didYouMean(format[1]!, formats)}`,
    };
  }
  const keyword = /^strict mode: unknown keyword: "(.*)"$/.exec(message);
  if (keyword) {
    const where = findKeyword(schema, keyword[1]!);
    return {
      path: where ?? [],
      ...(where ? { atKey: true } : {}),
      message: `unknown keyword "${keyword[1]}"${didYouMean(keyword[1]!, SCHEMA_KEYWORDS)}`,
    };
  }
  return { path: [], message };
}

/** The issue of the first meta-schema error: a misspelt type gets its near name. */
export function metaIssue(schema: Obj, errors: readonly ErrorObject[]): SchemaIssue | undefined {
  const first = errors.find((e) => e.keyword === 'enum' && e.instancePath.endsWith('/type')) ?? errors[0];
  if (!first) return undefined;
  const path = pointerPath(first.instancePath);
  const value = valueAt(schema, path);
  if (path.at(-1) === 'type' && typeof value === 'string') {
    return {
      path,
      message: `type "${value}" is not a JSON type (${JSON_TYPES.join(', ')})${didYouMean(value, JSON_TYPES)}`,
    };
  }
  return {
    path,
    message: `${first.instancePath ? `${first.instancePath.slice(1).split('/').join('.')} ` : ''}${first.message ?? 'is invalid'}`,
  };
}

/** Where `keyword` is a key of a schema object (not a property name), first in document order. */
function findKeyword(schema: unknown, keyword: string, path: JsonPath = []): JsonPath | undefined {
  if (Array.isArray(schema)) {
    for (let i = 0; i < schema.length; i++) {
      const found = findKeyword(schema[i], keyword, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObj(schema)) return undefined;
  if (Object.hasOwn(schema, keyword)) return [...path, keyword];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    if (NAME_MAPS.has(key) && isObj(value)) {
      for (const [name, sub] of Object.entries(value)) {
        const found = findKeyword(sub, keyword, [...path, key, name]);
        if (found) return found;
      }
    } else {
      const found = findKeyword(value, keyword, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

function pointerPath(pointer: string): JsonPath {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function valueAt(data: unknown, path: JsonPath): unknown {
  let current = data;
  for (const part of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}
