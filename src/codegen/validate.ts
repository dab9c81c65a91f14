// Validate: the catalog must satisfy catalog.schema.json and the semantic rules of DESIGN.md §2.
// Every problem carries the JSON path of the node it is about. Shape and semantic checks run in one
// pass: the semantic checks read only well-formed parts, so one wrong field hides nothing else.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { COMMON_ERROR_CODES, COMMON_ERRORS } from '../runtime/error-codes.js';
import type { JsonPath, Problem } from './load.js';

// Through the folder's name: the same path from src/codegen/, dist/codegen/ and a bundle chunk in dist/chunks/.
const metaSchema = JSON.parse(readFileSync(new URL('../codegen/catalog.schema.json', import.meta.url), 'utf8'));
const metaAjv = new Ajv2020({ allErrors: true, strict: true });
const validateCatalogShape = metaAjv.compile(metaSchema);

// ajv-formats is CommonJS (module.exports is the plugin); require() sidesteps default-export interop.
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv2020) => Ajv2020;

/**
 * Ajv used to check each params/result schema compiles under strict mode (unknown keywords and
 * formats etc.), with ajv-formats' formats; its standalone code reaches them through toolwright.
 */
export function createSchemaAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: true, code: { source: true, esm: true, lines: true } });
  addFormats(ajv);
  return ajv;
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
  const problems: Problem[] = [];
  if (!validateCatalogShape(data)) {
    const errors = (validateCatalogShape.errors ?? []).filter((e: ErrorObject) => e.keyword !== 'oneOf' && e.keyword !== 'if');
    problems.push(...errors.map((e: ErrorObject) => shapeProblem(e, data)));
  }
  problems.push(...semanticProblems(data, ajv));
  return { problems: dedupe(problems), ajv };
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

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const RISKS = new Set(['read_only', 'low', 'moderate', 'high', 'critical']);
const IMPLICIT: ReadonlySet<string> = new Set(COMMON_ERROR_CODES);

/** The semantic rules, over whatever parts of the catalog are well-formed (the shape check reports the rest). */
function semanticProblems(data: unknown, ajv: Ajv2020): Problem[] {
  if (!isObj(data)) return [];
  const problems: Problem[] = [];
  const own = isObj(data.errors) ? Object.keys(data.errors) : [];
  for (const code of own) {
    if (Object.hasOwn(COMMON_ERRORS, code)) {
      problems.push({ path: ['errors', code], atKey: true, message: `${code} is a common code provided by toolwright; remove it from errors (it is always available)` });
    }
  }
  const known = new Set([...own, ...Object.keys(COMMON_ERRORS)]);
  const seenNames = new Map<string, string>();
  for (const [providerName, provider] of Object.entries(isObj(data.providers) ? data.providers : {})) {
    const operations = isObj(provider) && isObj(provider.operations) ? provider.operations : {};
    for (const [opName, op] of Object.entries(operations)) {
      const at: JsonPath = ['providers', providerName, 'operations', opName];
      const previous = seenNames.get(opName);
      if (previous) {
        problems.push({ path: at, atKey: true, message: `duplicate operation name "${opName}" (also in provider ${previous}); tool names must be unique` });
      }
      seenNames.set(opName, providerName);
      if (isObj(op)) problems.push(...operationProblems(op, `${providerName}.${opName}`, at, known, ajv));
    }
  }
  return problems;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

function operationProblems(op: Obj, operationId: string, at: JsonPath, known: Set<string>, ajv: Ajv2020): Problem[] {
  const problems: Problem[] = [];
  if (op.kind === 'data_source' && typeof op.risk === 'string' && RISKS.has(op.risk) && op.risk !== 'read_only') {
    problems.push({ path: [...at, 'risk'], message: `a data_source operation must have risk read_only, not ${op.risk}` });
  }
  const declared = Array.isArray(op.errors) ? op.errors.filter((code): code is string => typeof code === 'string') : [];
  if (Array.isArray(op.errors)) {
    op.errors.forEach((code, i) => {
      if (typeof code === 'string' && !known.has(code)) problems.push({ path: [...at, 'errors', i], message: `unknown error code ${code} (not in errors, nor a common code)` });
    });
  }
  let validateParams: Validate | undefined;
  for (const part of ['params', 'result'] as const) {
    const schema = op[part];
    if (!isObj(schema)) continue;
    problems.push(...openObjectProblems(schema, [...at, part]));
    try {
      const id = schemaId(operationId, part);
      ajv.addSchema({ ...schema, $id: id });
      const fn = ajv.getSchema(id)!;
      if (part === 'params') validateParams = fn;
    } catch (error) {
      problems.push({ path: [...at, part], message: `${part} is not a valid JSON Schema: ${(error as Error).message}` });
    }
  }
  if (!Array.isArray(op.examples)) return problems;
  if (op.examples.length === 0) {
    problems.push({ path: [...at, 'examples'], message: 'an operation needs at least one example (conformance case)' });
  }
  const exampleNames = new Set<string>();
  const allowed = new Set([...declared, ...IMPLICIT]);
  let positive = 0;
  op.examples.forEach((example: unknown, i) => {
    if (!isObj(example)) return;
    const ex: JsonPath = [...at, 'examples', i];
    const name = typeof example.name === 'string' ? example.name : `#${i + 1}`;
    if (exampleNames.has(name)) problems.push({ path: [...ex, 'name'], message: `duplicate example name "${name}"` });
    exampleNames.add(name);
    const expectation = isObj(example.expect) ? example.expect : {};
    if (validateParams && isObj(example.input)) {
      if (validateParams(example.input)) positive++;
      else if (expectation.error !== 'INVALID_INPUT') {
        // An input that breaks the schema is allowed only as a negative case.
        const issues = (validateParams.errors ?? []).map((e) => `${e.instancePath || 'input'} ${e.message}`);
        problems.push({
          path: [...ex, 'input'],
          message: `example "${name}" input does not validate against params: ${issues.join('; ')} (a negative case must expect: { error: INVALID_INPUT })`,
        });
      }
    }
    const code = expectation.error;
    if (typeof code === 'string' && !allowed.has(code)) {
      problems.push({ path: [...ex, 'expect', 'error'], message: `example expects ${code}, which is not in this operation's errors (nor a code every operation may return: ${[...IMPLICIT].join(', ')})` });
    }
    if (isObj(expectation.output) && isObj(op.result)) {
      problems.push(...subsetKeyProblems(expectation.output, op.result, [...ex, 'expect', 'output']));
    }
  });
  if (validateParams && op.examples.length > 0 && positive === 0) {
    problems.push({ path: [...at, 'examples'], message: 'an operation needs at least one example whose input validates against params (the conformance probes start from it)' });
  }
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
