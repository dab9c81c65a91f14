// Compile: each params/result schema under strict Ajv, the examples checked against params, and
// the precompiled (standalone) validator code, one chunk of operations at a time. A chunk has its
// own Ajv instance, dropped once its code is out: memory stays flat however big the catalog. The
// code is one module per operation, so a process that calls one operation compiles the validators
// of that one alone (a provider's whole set cost `call read_file` a twentieth of its time), and
// Ajv's standalone code (which grows quadratically with the exports of one call) stays small.
import type { ErrorObject } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { JsonPath, Problem } from './load.js';
import { createSchemaAjv, metaSchemaProblem, schemaId, subschemaValidator } from './schema-ajv.js';
import { compileIssue, type SchemaIssue } from './schema-problems.js';
import { patternProblem } from './pattern-safety.js';
import { paramDefaults, withoutDefaults, type FilledDefault } from './defaults.js';
import type { RawOperationRef } from './validate.js';
import { planProbes, type ProbePlan } from './emit/conformance.js';

// The CJS module's default export is the function; under NodeNext types it arrives as `.default`.
const standaloneCode = standaloneModule.default;

/**
 * The Ajv helper modules `toolwright/validator-runtime` hands to standalone validators (its
 * `AJV_RUNTIME_MODULES`, which a test holds equal to this list): code needing another is refused.
 */
export const AJV_RUNTIME_MODULES: readonly string[] = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
];

/** Operations per validators file (and per Ajv instance). */
export const OPERATIONS_PER_CHUNK = 100;

export interface ValidatorChunk {
  /** The chunk's name in messages: the provider, or provider-N when it is split. */
  name: string;
  operations: RawOperationRef[];
}

/** The operations grouped by provider, a provider over OPERATIONS_PER_CHUNK split in numbered parts. */
export function chunksOf(operations: RawOperationRef[]): ValidatorChunk[] {
  const byProvider = new Map<string, RawOperationRef[]>();
  for (const op of operations) {
    const list = byProvider.get(op.provider) ?? [];
    list.push(op);
    byProvider.set(op.provider, list);
  }
  const chunks: ValidatorChunk[] = [];
  for (const [provider, list] of byProvider) {
    if (list.length <= OPERATIONS_PER_CHUNK) {
      chunks.push({ name: provider, operations: list });
      continue;
    }
    for (let i = 0; i < list.length; i += OPERATIONS_PER_CHUNK) {
      chunks.push({
        name: `${provider}-${i / OPERATIONS_PER_CHUNK + 1}`,
        operations: list.slice(i, i + OPERATIONS_PER_CHUNK),
      });
    }
  }
  return chunks;
}

/** The export of a validator in its chunk's module. */
export function validatorExport(operationName: string, part: 'params' | 'result'): string {
  return `${operationName}_${part}`;
}

/** One operation's validators module: the standalone code with its runtime imports. */
export interface ValidatorModule {
  /** The operation's id (`provider.name`), which names the file under <out>/validators/. */
  operation: string;
  code: string;
}

export interface CompiledChunk {
  problems: Problem[];
  /** A module per operation of the chunk, when asked for and there were no problems. */
  modules?: ValidatorModule[];
  /** Per operation id: the conformance probes, from the first example whose input is valid. */
  probeBase: Map<string, ProbePlan>;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const isObj = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function compileChunk(chunk: ValidatorChunk, withCode: boolean): CompiledChunk {
  const ajv = createSchemaAjv();
  const problems: Problem[] = [];
  const probeBase = new Map<string, ProbePlan>();
  const exportsMap: Record<string, string> = {};
  // An identical schema is compiled once and exported under each name (many operations share a shape).
  const compiled = new Map<string, { id: string; error?: SchemaIssue }>();
  const formats = Object.keys(ajv.formats);
  for (const ref of chunk.operations) {
    if (!ref.compilable) continue;
    let validateParams: Validate | undefined;
    for (const part of ['params', 'result'] as const) {
      const schema = ref.op[part];
      if (!isObj(schema)) continue;
      const at: JsonPath = [...ref.at, part];
      // A default where the validators never fill it in is refused before Ajv sees it (strict mode would throw).
      const defaults = part === 'params' ? paramDefaults(schema, at) : undefined;
      if (defaults && defaults.problems.length > 0) {
        problems.push(...defaults.problems);
        continue;
      }
      // A params validator fills in defaults; a result's fills nothing (its defaults are annotations).
      const key = `${part}:${JSON.stringify(schema)}`;
      let entry = compiled.get(key);
      if (!entry) {
        entry = { id: schemaId(ref.id, part) };
        entry.error = metaSchemaProblem(schema) ?? patternProblem(schema);
        if (entry.error === undefined) {
          try {
            // $schema was checked to be 2020-12 (schema-refs.ts): the instance has no meta-schema to name.
            const { $schema: _dialect, ...body } =
              part === 'result' ? (withoutDefaults(schema) as typeof schema) : schema;
            ajv.addSchema({ ...body, $id: entry.id });
            entry.error = stackIssue(ajv.getSchema(entry.id)!);
          } catch (error) {
            entry.error = compileIssue(schema, (error as Error).message, formats);
          }
        }
        compiled.set(key, entry);
      }
      if (entry.error !== undefined) {
        problems.push({
          path: [...at, ...entry.error.path],
          ...(entry.error.atKey ? { atKey: true } : {}),
          message: entry.error.unsafe
            ? `${part}: ${entry.error.message}`
            : `${part} is not a valid JSON Schema: ${entry.error.message}`,
        });
        continue;
      }
      if (defaults) {
        const broken = defaults.filled.length > 0 ? defaultValueProblems(schema, defaults.filled, at) : [];
        problems.push(...broken);
        // Every example would fail with the broken default filled in: the default alone is the problem.
        if (broken.length === 0) validateParams = ajv.getSchema(entry.id);
      }
      exportsMap[validatorExport(ref.name, part)] = entry.id;
    }
    if (validateParams) problems.push(...exampleProblems(ref, validateParams, probeBase));
  }
  if (!withCode || problems.length > 0) return { problems, probeBase };
  const modules: ValidatorModule[] = [];
  for (const ref of chunk.operations) {
    const exports = Object.fromEntries(
      (['params', 'result'] as const).flatMap((part) => {
        const name = validatorExport(ref.name, part);
        return name in exportsMap ? [[name, exportsMap[name]!]] : [];
      }),
    );
    modules.push({ operation: ref.id, code: operationModule(exports, ajv) });
  }
  return { problems, probeBase, modules };
}

/** One operation's validators as a module: each schema id once, other names as aliases of the first. */
function operationModule(exportsMap: Record<string, string>, ajv: ReturnType<typeof createSchemaAjv>): string {
  // Ajv's standalone code would repeat a function exported under two names.
  const firstName = new Map<string, string>();
  const unique: Record<string, string> = {};
  const aliases: string[] = [];
  for (const [name, id] of Object.entries(exportsMap)) {
    const first = firstName.get(id);
    if (first === undefined) {
      firstName.set(id, name);
      unique[name] = id;
    } else aliases.push(`export const ${name} = ${first};`);
  }
  return moduleCode(standaloneCode(ajv, unique), aliases);
}

/** Defaults that break their own schema (a caller leaving the parameter out would get what validation refuses). */
function defaultValueProblems(
  schema: Record<string, unknown>,
  filled: readonly FilledDefault[],
  at: JsonPath,
): Problem[] {
  const problems: Problem[] = [];
  for (const found of filled) {
    const validate = subschemaValidator(schema, found.pointer);
    if (!validate || validate(found.value)) continue;
    const issues = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath ? `${e.instancePath.slice(1)} ` : ''}${e.message}`);
    problems.push({
      path: [...at, ...found.path, 'default'],
      message: `the default ${shortJson(found.value)} does not satisfy its own schema: ${issues.join('; ')} (a caller leaving the parameter out would hand the handler what validation refuses)`,
    });
  }
  return problems;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Too big a schema compiles to a function whose frame alone overflows the stack: every call would throw. */
function stackIssue(validate: Validate): SchemaIssue | undefined {
  try {
    validate({});
    return undefined;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      path: [],
      unsafe: true,
      message: `this schema is too large to validate: its compiled validator overflows the stack on every call (${error.message}); split it into smaller schemas, or fewer properties`,
    };
  }
}

function exampleProblems(ref: RawOperationRef, validateParams: Validate, probeBase: Map<string, ProbePlan>): Problem[] {
  try {
    return examplesChecked(ref, validateParams, probeBase);
  } catch (error) {
    // Deep or big data through a big schema's validator: a catalog problem, not the generator's.
    if (!(error instanceof RangeError)) throw error;
    probeBase.delete(ref.id);
    return [
      {
        path: [...ref.at, 'params'],
        message: `params: validating the examples against this schema overflowed the stack (${error.message}); make the schema or the examples smaller`,
      },
    ];
  }
}

function examplesChecked(ref: RawOperationRef, validateParams: Validate, probeBase: Map<string, ProbePlan>): Problem[] {
  const examples = Array.isArray(ref.op.examples) ? ref.op.examples : [];
  const problems: Problem[] = [];
  examples.forEach((example: unknown, i) => {
    if (!isObj(example) || !isObj(example.input)) return;
    const ex: JsonPath = [...ref.at, 'examples', i];
    const name = typeof example.name === 'string' ? example.name : `#${i + 1}`;
    const expectation = isObj(example.expect) ? example.expect : {};
    // A copy: the validator fills defaults into what it checks, and the examples are emitted as written.
    if (validateParams(structuredClone(example.input))) {
      if (!probeBase.has(ref.id)) {
        const refuses = (input: Record<string, unknown>) => !validateParams(structuredClone(input));
        probeBase.set(ref.id, planProbes(ref.op.params as Record<string, unknown>, example.input, i, refuses));
      }
    } else if (expectation.error !== 'INVALID_INPUT') {
      // An input that breaks the schema is allowed only as a negative case.
      const issues = (validateParams.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || 'input'} ${e.message}`);
      problems.push({
        path: [...ex, 'input'],
        message: `example "${name}" input does not validate against params: ${issues.join('; ')} (a negative case must expect: { error: INVALID_INPUT })`,
      });
    }
  });
  if (examples.length > 0 && !probeBase.has(ref.id)) {
    problems.push({
      path: [...ref.at, 'examples'],
      message:
        'an operation needs at least one example whose input validates against params (the conformance probes start from it)',
    });
  }
  return problems;
}

/**
 * Ajv's standalone ESM output still require()s runtime helpers (equal, ucs2length, formats…):
 * they are rewritten to toolwright/validator-runtime, so the user needs no ajv of their own.
 */
function moduleCode(standalone: string, aliases: string[]): string {
  const helpers = new Map<string, string>();
  const code = standalone
    .replace(/^"use strict";/, '')
    .replace(/require\("([^"]+)"\)/g, (_match: string, spec: string) => {
      if (!AJV_RUNTIME_MODULES.includes(spec)) {
        throw new Error(`the precompiled validators need ${spec}, which toolwright/validator-runtime does not provide`);
      }
      let name = helpers.get(spec);
      if (!name) {
        name = `runtimeHelper${helpers.size}`;
        helpers.set(spec, name);
      }
      return name;
    });
  // `require(x)` in the standalone code means the CommonJS module object: ajvRuntimeModule returns it.
  const imports =
    helpers.size === 0
      ? []
      : [
          "import { ajvRuntimeModule } from 'toolwright/validator-runtime';",
          ...[...helpers].map(([spec, name]) => `const ${name} = ajvRuntimeModule(${JSON.stringify(spec)});`),
        ];
  return [...imports, '', code.trim(), ...(aliases.length > 0 ? ['', ...aliases] : []), ''].join('\n');
}
