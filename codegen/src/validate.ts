// Validate: the catalog must satisfy catalog.schema.json and the semantic rules of the catalog
// format. Every problem carries the JSON path of the node it is about. Shape and semantic checks run
// in one pass: the semantic checks read only well-formed parts, so one wrong field hides nothing
// else. The schemas themselves are compiled (and the examples checked against them) per chunk of
// operations afterwards, in compile.ts.
import { confinedPathProblem, fixturePathProblem } from './fixture-paths.js';
import { exampleOptionProblems } from './example-options.js';
import type { JsonPath, Problem } from './load.js';
import { identifierProblems, protoKeyProblems, schemaNameProblems } from './names.js';
import { aliasProblems } from './operation-aliases.js';
import { schemaRefProblems, walkSchema } from './schema-refs.js';
import { shapeProblems, show } from './shape.js';
import { didYouMean } from './suggest.js';
import { COMMON_ERRORS, IMPLICIT_ERROR_CODES, VOCABULARY } from './vocabulary.js';

export { createSchemaAjv, schemaId } from './schema-ajv.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const RISKS: ReadonlySet<string> = new Set(VOCABULARY.risks);
const IMPLICIT: ReadonlySet<string> = new Set(IMPLICIT_ERROR_CODES);

/** An operation as the later stages find it in the raw data. */
export interface RawOperationRef {
  provider: string;
  name: string;
  id: string;
  op: Obj;
  at: JsonPath;
  /** Its params/result schemas passed the reference checks: ajv may be handed them. */
  compilable: boolean;
}

/** Every operation of the data, in catalog order (whatever is well-formed enough to name). */
export function operationsOf(data: unknown): RawOperationRef[] {
  const found: RawOperationRef[] = [];
  const providers = isObj(data) && isObj(data.providers) ? data.providers : {};
  for (const [provider, body] of Object.entries(providers)) {
    const operations = isObj(body) && isObj(body.operations) ? body.operations : {};
    for (const [name, op] of Object.entries(operations)) {
      if (isObj(op))
        found.push({
          provider,
          name,
          id: `${provider}.${name}`,
          op,
          at: ['providers', provider, 'operations', name],
          compilable: true,
        });
    }
  }
  return found;
}

/** Every problem found before compiling (an empty list: the catalog is well-formed). */
export function validateCatalog(data: unknown, operations: RawOperationRef[]): Problem[] {
  const protoKeys = protoKeyProblems(data);
  const problems: Problem[] = [...protoKeys, ...shapeProblems(data)];
  if (!isObj(data)) return problems;
  // An operation holding a __proto__ key is not compiled: its examples would only repeat the problem.
  for (const problem of protoKeys) {
    const owner = operations.find((o) => o.at.every((part, i) => problem.path[i] === part));
    if (owner) owner.compilable = false;
  }
  const own = isObj(data.errors) ? Object.keys(data.errors) : [];
  for (const code of own) {
    if (Object.hasOwn(COMMON_ERRORS, code)) {
      problems.push({
        path: ['errors', code],
        atKey: true,
        message: `${code} is a common code provided by toolwright; remove it from errors (it is always available)`,
      });
    }
  }
  const known = new Set([...own, ...Object.keys(COMMON_ERRORS)]);
  const providerNames = Object.keys(isObj(data.providers) ? data.providers : {}).map((name) => ({
    name,
    path: ['providers', name],
  }));
  problems.push(
    ...identifierProblems(
      providerNames,
      operations.map((o) => ({ name: o.name, path: o.at })),
    ),
  );
  problems.push(...aliasProblems(data, operations));
  const seenNames = new Map<string, RawOperationRef>();
  for (const ref of operations) {
    const previous = seenNames.get(ref.name);
    if (previous) {
      problems.push({
        path: ref.at,
        atKey: true,
        related: { path: previous.at, atKey: true },
        message: `duplicate operation name "${ref.name}" (also in provider ${previous.provider}, {related}); tool names must be unique`,
      });
    } else seenNames.set(ref.name, ref);
    problems.push(...operationProblems(ref, known));
  }
  return problems;
}

function operationProblems(ref: RawOperationRef, known: Set<string>): Problem[] {
  const { op, at } = ref;
  const problems: Problem[] = [];
  if (
    op.kind === 'data_source' &&
    typeof op.risk === 'string' &&
    RISKS.has(op.risk) &&
    op.risk !== VOCABULARY.risks[0]
  ) {
    problems.push({
      path: [...at, 'risk'],
      message: `a data_source operation must have risk read_only, not ${op.risk}`,
    });
  }
  const declared = Array.isArray(op.errors) ? op.errors.filter((code): code is string => typeof code === 'string') : [];
  declared.forEach((code, i) => {
    if (!known.has(code))
      problems.push({
        path: [...at, 'errors', i],
        message: `unknown error code ${code} (not in errors, nor a common code)${didYouMean(code, known)}`,
      });
  });
  for (const part of ['params', 'result'] as const) {
    const schema = op[part];
    if (!isObj(schema)) continue;
    const refs = schemaRefProblems(schema, [...at, part]);
    const names = schemaNameProblems(schema, [...at, part]);
    // Not handed to ajv: a foreign reference must never reach it, and a prototype name would only
    // make every example fail (toString is "present" on {}).
    if (refs.length > 0 || names.length > 0) ref.compilable = false;
    problems.push(...refs, ...names, ...openObjectProblems(schema, [...at, part]));
  }
  if (!Array.isArray(op.examples)) return problems;
  if (op.examples.length === 0) {
    problems.push({ path: [...at, 'examples'], message: 'an operation needs at least one example (conformance case)' });
  }
  const exampleNames = new Set<string>();
  const allowed = new Set([...declared, ...IMPLICIT]);
  op.examples.forEach((example: unknown, i) => {
    if (!isObj(example)) return;
    const ex: JsonPath = [...at, 'examples', i];
    const name = typeof example.name === 'string' ? example.name : `#${i + 1}`;
    if (exampleNames.has(name)) problems.push({ path: [...ex, 'name'], message: `duplicate example name "${name}"` });
    exampleNames.add(name);
    problems.push(...fixtureProblems(example, ex));
    const expectation = isObj(example.expect) ? example.expect : {};
    const code = expectation.error;
    if (typeof code === 'string' && !allowed.has(code)) {
      problems.push({
        path: [...ex, 'expect', 'error'],
        message: `example expects ${code}, which is not in this operation's errors (nor a code every operation may return: ${[...IMPLICIT].join(', ')})${didYouMean(code, allowed)}`,
      });
    }
    if (isObj(expectation.output) && isObj(op.result)) {
      problems.push(...subsetKeyProblems(expectation.output, op.result, [...ex, 'expect', 'output']));
    }
  });
  return problems;
}

/** Fixture, expected-file and task-file paths stay inside the case's workspace. */
function fixtureProblems(example: Obj, ex: JsonPath): Problem[] {
  const problems: Problem[] = [];
  const files = isObj(example.files) ? example.files : {};
  const kinds = new Map<string, string>();
  for (const [relative, spec] of Object.entries(files)) {
    const kind = isObj(spec) && 'symlink' in spec ? 'symlink' : isObj(spec) && 'dir' in spec ? 'dir' : 'file';
    kinds.set(relative, kind);
    const problem = fixturePathProblem(relative, kind);
    if (problem)
      problems.push({
        path: [...ex, 'files', relative],
        atKey: true,
        message: `fixture path ${show(relative)} ${problem}`,
      });
    if (kind === 'symlink' && isObj(spec) && typeof spec.symlink === 'string' && spec.symlink.includes('\0')) {
      problems.push({ path: [...ex, 'files', relative, 'symlink'], message: 'a link target cannot contain NUL' });
    }
  }
  for (const relative of kinds.keys()) {
    const segments = relative.split('/');
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join('/');
      const kind = kinds.get(parent);
      if (kind === 'symlink' || kind === 'file') {
        problems.push({
          path: [...ex, 'files', relative],
          atKey: true,
          message: `fixture ${show(relative)} is inside ${show(parent)}, which is a ${kind === 'symlink' ? 'link (fixtures are never written through links)' : 'file'}`,
        });
        break;
      }
    }
  }
  const expectedFiles = isObj(example.expect) && isObj(example.expect.files) ? example.expect.files : {};
  for (const relative of Object.keys(expectedFiles)) {
    const problem = confinedPathProblem(relative);
    if (problem)
      problems.push({
        path: [...ex, 'expect', 'files', relative],
        atKey: true,
        message: `expected file path ${show(relative)} ${problem}`,
      });
  }
  if ('options' in example && example.options !== undefined) {
    for (const problem of exampleOptionProblems(example.options))
      problems.push({
        path: [...ex, 'options', ...problem.path],
        ...(problem.path.length > 0 ? { atKey: true } : {}),
        message: problem.message,
      });
  }
  const tasks = isObj(example.options) && isObj(example.options.tasks) ? example.options.tasks : undefined;
  if (tasks && 'file' in tasks) {
    const problem = confinedPathProblem(tasks.file);
    if (problem) problems.push({ path: [...ex, 'options', 'tasks', 'file'], message: `the task file ${problem}` });
  }
  return problems;
}

/** Every object-shaped subschema must be closed (`additionalProperties: false`). */
function openObjectProblems(schema: unknown, at: JsonPath): Problem[] {
  const problems: Problem[] = [];
  walkSchema(schema, ({ node: s, path }) => {
    const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || 'properties' in s;
    if (isObject && s.additionalProperties !== false) {
      problems.push({
        path: [...at, ...path],
        message: 'open object: every object schema must set additionalProperties: false',
      });
    }
    if (isObject && Array.isArray(s.required)) {
      const props = isObj(s.properties) ? s.properties : {};
      s.required.forEach((name, i) => {
        if (!Object.hasOwn(props, String(name))) {
          problems.push({
            path: [...at, ...path, 'required', i],
            message: `required property "${name}" is not declared in properties${didYouMean(String(name), Object.keys(props))}`,
          });
        }
      });
    }
  });
  return problems;
}

/** Keys in an expected output must exist in the result schema (catches typos that would never match). */
function subsetKeyProblems(expected: unknown, schema: unknown, at: JsonPath): Problem[] {
  if (!expected || typeof expected !== 'object' || !isObj(schema)) return [];
  if (Array.isArray(expected)) {
    return expected.flatMap((item, i) => subsetKeyProblems(item, schema.items, [...at, i]));
  }
  const props = isObj(schema.properties) ? schema.properties : undefined;
  if (!props) return [];
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(expected)) {
    if (!Object.hasOwn(props, key))
      problems.push({
        path: [...at, key],
        atKey: true,
        message: `expected output names "${key}", which the result schema does not have${didYouMean(key, Object.keys(props))}`,
      });
    else problems.push(...subsetKeyProblems(value, props[key], [...at, key]));
  }
  return problems;
}
