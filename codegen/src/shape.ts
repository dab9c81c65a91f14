// The catalog's shape, against catalog.schema.json: each ajv error becomes one located sentence,
// with the near name when a field, kind or risk is misspelt.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import type { JsonPath, Problem } from './load.js';
import { didYouMean } from './suggest.js';
import { META_SCHEMA } from './vocabulary.js';

const metaAjv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
const validateCatalogShape = metaAjv.compile(META_SCHEMA);

const FIXTURE_FORMS = ['symlink', 'base64', 'dir'];

/** A path as a reader finds it: `read_file.examples[2].input` for an operation's parts. */
export function describePath(path: JsonPath): string {
  const join = (parts: JsonPath) =>
    parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
  if (path.length === 0) return 'the catalog';
  if (path[0] === 'providers' && path.length === 2) return `provider ${path[1]}`;
  if (path[0] === 'providers' && path[2] === 'operations' && path.length >= 4) {
    return path.length === 4 ? `operation ${path[3]}` : `${path[3]}${join(['', ...path.slice(4)]).slice(0)}`;
  }
  return join(path);
}

export function shapeProblems(data: unknown): Problem[] {
  if (validateCatalogShape(data)) return [];
  const problems: Problem[] = [];
  const fixtures = new Set<string>();
  for (const error of validateCatalogShape.errors ?? []) {
    if (error.keyword === 'oneOf' || error.keyword === 'if' || error.propertyName !== undefined) continue;
    const path = pointerToPath(error.instancePath);
    const fixture = fixturePath(path);
    if (fixture) {
      const key = JSON.stringify(fixture);
      if (!fixtures.has(key)) {
        fixtures.add(key);
        problems.push(fixtureProblem(fixture, valueAt(data, fixture)));
      }
      continue;
    }
    problems.push(shapeProblem(error, path, data));
  }
  return problems;
}

function shapeProblem(error: ErrorObject, path: (string | number)[], data: unknown): Problem {
  const where = describePath(path);
  const value = valueAt(data, path);
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = String(error.params.additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return {
        path: [...path, field],
        atKey: true,
        message: `unknown field "${field}" in ${where}${didYouMean(field, known)}`,
      };
    }
    case 'required':
      return { path, message: `${where} is missing required field "${error.params.missingProperty}"` };
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      return {
        path,
        message: `${where} is ${show(value)}; must be one of ${allowed.join(', ')}${typeof value === 'string' ? didYouMean(value, allowed) : ''}`,
      };
    }
    case 'const':
      return { path, message: `${where} must be ${JSON.stringify(error.params.allowedValue)}` };
    case 'pattern':
      return {
        path,
        message: `${where} ${show(value)} must match ${error.params.pattern}${typeof value === 'string' && /[A-Z]/.test(error.params.pattern) ? suggestCode(value) : ''}`,
      };
    case 'propertyNames':
      return nameProblem(path, String(error.params.propertyName));
    case 'not':
      return { path, message: `${where} gives both output and error; an example expects one of them` };
    case 'minProperties':
      return {
        path,
        message:
          path.at(-1) === 'expect'
            ? `${where} is empty; give output, error, text_contains or files`
            : `${where} must not be empty`,
      };
    case 'type':
      return {
        path,
        message: `${where} must be ${article(String(error.params.type))} (it is ${describeValue(value)})`,
      };
    default:
      return { path, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}

function nameProblem(mapPath: (string | number)[], name: string): Problem {
  const map = mapPath.at(-1);
  const path = [...mapPath, name];
  if (map === 'errors') {
    return {
      path,
      atKey: true,
      message: `error code ${show(name)} must be UPPER_SNAKE_CASE (A-Z, 0-9, _)${suggestCode(name)}`,
    };
  }
  const what = map === 'providers' ? 'provider name' : 'operation name';
  const fixed = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 48);
  const hint = fixed && fixed !== name ? `; did you mean "${fixed}"?` : '';
  return {
    path,
    atKey: true,
    message: `${what} ${show(name)} must be lowercase letters, digits and _, start with a letter and have at most 48 characters${hint}`,
  };
}

function suggestCode(value: string): string {
  const fixed = value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
    .replace(/^[^A-Z]+/, '');
  return fixed && fixed !== value ? `; did you mean "${fixed}"?` : '';
}

/** [..., 'examples', i, 'files', name] when `path` is inside one fixture entry. */
function fixturePath(path: (string | number)[]): (string | number)[] | undefined {
  for (let i = 0; i + 3 < path.length; i++) {
    if (path[i] === 'examples' && typeof path[i + 1] === 'number' && path[i + 2] === 'files')
      return path.slice(0, i + 4);
  }
  return undefined;
}

function fixtureProblem(path: (string | number)[], value: unknown): Problem {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const hint = keys.length === 1 ? didYouMean(keys[0]!, FIXTURE_FORMS) : '';
  return {
    path,
    message: `fixture ${show(path.at(-1))} must be a string (the file's text), { symlink: TARGET }, { base64: DATA } or { dir: true }${hint}`,
  };
}

function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function valueAt(data: unknown, path: JsonPath): unknown {
  let current: unknown = data;
  for (const part of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** A value quoted in a message: short, one line. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${show(value)}`;
}

function article(type: string): string {
  return type
    .split(',')
    .map((t) => (t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');
}
