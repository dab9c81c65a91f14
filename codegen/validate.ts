// Validate: the catalog must satisfy codegen/catalog.schema.json and the semantic rules of
// DESIGN.md §2. Every problem carries the JSON path of the node it is about.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import type { JsonPath, Problem } from './load.js';
import type { RawCatalog, RawOperation } from './model.js';

const metaSchema = JSON.parse(readFileSync(new URL('./catalog.schema.json', import.meta.url), 'utf8'));
const metaAjv = new Ajv2020({ allErrors: true, strict: true });
const validateCatalogShape = metaAjv.compile(metaSchema);

/** Ajv used to check each params/result schema compiles under strict mode (unknown keywords etc.). */
export function createSchemaAjv(): Ajv2020 {
  return new Ajv2020({ allErrors: true, strict: true, strictRequired: true, code: { source: true, esm: true, lines: true } });
}

function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function shapeProblem(error: ErrorObject, data: unknown): Problem {
  const path = pointerToPath(error.instancePath);
  const where = path.length ? path.join('.') : 'catalog';
  switch (error.keyword) {
    case 'additionalProperties':
      return { path: [...path, error.params.additionalProperty], atKey: true, message: `unknown field "${error.params.additionalProperty}" in ${where}` };
    case 'required':
      return { path, message: `${where} is missing required field "${error.params.missingProperty}"` };
    case 'enum':
      return { path, message: `${where} is ${JSON.stringify(valueAt(data, path))}; must be one of ${(error.params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { path, message: `${where} must be ${JSON.stringify(error.params.allowedValue)}` };
    case 'pattern':
      return { path, message: `${where} ${JSON.stringify(valueAt(data, path))} must match ${error.params.pattern}` };
    case 'propertyNames':
      return { path: [...path, error.params.propertyName], atKey: true, message: `invalid name "${error.params.propertyName}" in ${where}` };
    default:
      return { path, message: `${where} ${error.message}` };
  }
}

function valueAt(data: unknown, path: JsonPath): unknown {
  let current: any = data;
  for (const part of path) current = current?.[part];
  return current;
}

/** Id under which an operation's params/result schema is compiled (and exported by validators.ts). */
export function schemaId(operationId: string, part: 'params' | 'result'): string {
  return `toolwright:${operationId}/${part}`;
}

export interface CatalogCheck {
  problems: Problem[];
  /** Every params/result schema compiled under `schemaId`: the validators emitter reuses it. */
  ajv: Ajv2020;
}

/** Returns every problem found (an empty list means the catalog is valid) and the compiled schemas. */
export function validateCatalog(data: unknown): CatalogCheck {
  const ajv = createSchemaAjv();
  return { problems: catalogProblems(data, ajv), ajv };
}

function catalogProblems(data: unknown, ajv: Ajv2020): Problem[] {
  if (!validateCatalogShape(data)) {
    // Keep the most specific problems: drop an error when a deeper one exists on the same path prefix.
    const errors = (validateCatalogShape.errors ?? []).filter((e: ErrorObject) => e.keyword !== 'oneOf' && e.keyword !== 'if');
    const problems = errors.map((e: ErrorObject) => shapeProblem(e, data));
    return dedupe(problems);
  }
  return semanticProblems(data as RawCatalog, ajv);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path.join('.')}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function semanticProblems(catalog: RawCatalog, ajv: Ajv2020): Problem[] {
  const problems: Problem[] = [];
  const known = new Set(Object.keys(catalog.errors));
  const common = catalog.common_errors ?? [];
  common.forEach((code, i) => {
    if (!known.has(code)) problems.push({ path: ['common_errors', i], message: `unknown error code ${code} (not in errors)` });
  });
  const seenNames = new Map<string, string>();
  for (const [providerName, provider] of Object.entries(catalog.providers)) {
    for (const [opName, op] of Object.entries(provider.operations)) {
      const at: JsonPath = ['providers', providerName, 'operations', opName];
      const previous = seenNames.get(opName);
      if (previous) {
        problems.push({ path: at, atKey: true, message: `duplicate operation name "${opName}" (also in provider ${previous}); tool names must be unique` });
      }
      seenNames.set(opName, providerName);
      problems.push(...operationProblems(op, `${providerName}.${opName}`, at, known, new Set(common), ajv));
    }
  }
  return problems;
}

function operationProblems(
  op: RawOperation,
  operationId: string,
  at: JsonPath,
  known: Set<string>,
  common: Set<string>,
  ajv: Ajv2020,
): Problem[] {
  const problems: Problem[] = [];
  if (op.kind === 'data_source' && op.risk !== 'read_only') {
    problems.push({ path: [...at, 'risk'], message: `a data_source operation must have risk read_only, not ${op.risk}` });
  }
  op.errors.forEach((code, i) => {
    if (!known.has(code)) problems.push({ path: [...at, 'errors', i], message: `unknown error code ${code} (not in errors)` });
  });
  for (const part of ['params', 'result'] as const) {
    problems.push(...openObjectProblems(op[part], [...at, part]));
  }
  let validateParams: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null } | undefined;
  for (const part of ['params', 'result'] as const) {
    try {
      const id = schemaId(operationId, part);
      ajv.addSchema({ ...op[part], $id: id });
      const fn = ajv.getSchema(id)!;
      if (part === 'params') validateParams = fn;
    } catch (error) {
      problems.push({ path: [...at, part], message: `${part} is not a valid JSON Schema: ${(error as Error).message}` });
    }
  }
  if (op.examples.length === 0) {
    problems.push({ path: [...at, 'examples'], message: 'an operation needs at least one example (conformance case)' });
  }
  const exampleNames = new Set<string>();
  const allowed = new Set([...op.errors, ...common]);
  op.examples.forEach((example, i) => {
    const ex: JsonPath = [...at, 'examples', i];
    if (exampleNames.has(example.name)) problems.push({ path: [...ex, 'name'], message: `duplicate example name "${example.name}"` });
    exampleNames.add(example.name);
    if (validateParams && !validateParams(example.input)) {
      const issues = (validateParams.errors ?? []).map((e) => `${e.instancePath || 'input'} ${e.message}`);
      problems.push({ path: [...ex, 'input'], message: `example "${example.name}" input does not validate against params: ${issues.join('; ')}` });
    }
    const code = example.expect.error;
    if (code !== undefined && !allowed.has(code)) {
      problems.push({ path: [...ex, 'expect', 'error'], message: `example expects ${code}, which is not in this operation's errors (nor common_errors)` });
    }
    if (example.expect.output) {
      problems.push(...subsetKeyProblems(example.expect.output, op.result, [...ex, 'expect', 'output']));
    }
  });
  return problems;
}

/** Every object-shaped subschema must be closed (`additionalProperties: false`). */
function openObjectProblems(schema: unknown, at: JsonPath): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: unknown, path: JsonPath) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const s = node as Record<string, unknown>;
    const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || 'properties' in s;
    if (isObject && s.additionalProperties !== false) {
      problems.push({ path, message: 'open object: every object schema must set additionalProperties: false' });
    }
    if (isObject && Array.isArray(s.required)) {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      s.required.forEach((name, i) => {
        if (!(String(name) in props)) problems.push({ path: [...path, 'required', i], message: `required property "${name}" is not declared in properties` });
      });
    }
    if (s.properties && typeof s.properties === 'object') {
      for (const [key, value] of Object.entries(s.properties)) visit(value, [...path, 'properties', key]);
    }
    if (s.items) visit(s.items, [...path, 'items']);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((sub, i) => visit(sub, [...path, key, i]));
    }
  };
  visit(schema, at);
  return problems;
}

/** Keys in an expected output must exist in the result schema (catches typos that would never match). */
function subsetKeyProblems(expected: unknown, schema: any, at: JsonPath): Problem[] {
  if (!expected || typeof expected !== 'object' || !schema) return [];
  if (Array.isArray(expected)) {
    return expected.flatMap((item, i) => subsetKeyProblems(item, schema.items, [...at, i]));
  }
  const props = schema.properties as Record<string, unknown> | undefined;
  if (!props) return [];
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(expected)) {
    if (!(key in props)) problems.push({ path: [...at, key], atKey: true, message: `expected output names "${key}", which the result schema does not have` });
    else problems.push(...subsetKeyProblems(value, props[key], [...at, key]));
  }
  return problems;
}
