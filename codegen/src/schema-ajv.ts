// The Ajv every catalog schema is compiled with (in the generator's thread or a compile worker).
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { metaIssue, type SchemaIssue } from './schema-problems.js';

// ajv-formats is CommonJS (module.exports is the plugin); require() sidesteps default-export interop.
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv2020) => Ajv2020;

/**
 * Ajv used to compile each params/result schema under strict mode (unknown keywords and formats
 * etc.), with ajv-formats' formats; its standalone code reaches them through toolwright.
 */
export function createSchemaAjv(): Ajv2020 {
  // No optimisation passes over the generated code: they cost a fifth of the compile time and make
  // no measurable difference to how fast the validators run. No meta-schema either: compiling it
  // for every chunk's instance cost more than the chunk's own schemas; checkSchema checks each
  // schema against it instead, compiled once per thread.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: true,
    // A params validator fills in what the caller left out: the handler receives the catalog's default.
    useDefaults: true,
    meta: false,
    validateSchema: false,
    code: { source: true, esm: true, lines: true, optimize: false },
  });
  addFormats(ajv);
  // A plain-name fragment (`$ref: "#node"`) names the subschema with that $anchor; ajv resolves
  // anchors, and strict mode needs the keyword declared.
  ajv.addKeyword({ keyword: '$anchor', schemaType: 'string' });
  return ajv;
}

/** Id under which an operation's params/result schema is compiled. */
export function schemaId(operationId: string, part: 'params' | 'result'): string {
  return `toolwright:${operationId}/${part}`;
}

let schemaChecker: Ajv2020 | undefined;
let subschemaChecker: Ajv2020 | undefined;
let subschemas = 0;

/**
 * A validator of the subschema at `pointer` inside `schema` (its `$ref`s resolved in `schema`),
 * filling in nothing: a default is checked against the schema of the property that carries it.
 */
export function subschemaValidator(schema: Record<string, unknown>, pointer: string): ValidateFunction | undefined {
  if (!subschemaChecker) {
    subschemaChecker = new Ajv2020({ allErrors: true, strict: true, meta: false, validateSchema: false });
    addFormats(subschemaChecker);
    subschemaChecker.addKeyword({ keyword: '$anchor', schemaType: 'string' });
  }
  // Ajv keeps what it compiled under each id: a fresh one per schema, dropped afterwards.
  const id = `toolwright:subschema-${++subschemas}`;
  const { $schema: _dialect, ...body } = schema;
  subschemaChecker.addSchema({ ...body, $id: id });
  try {
    return subschemaChecker.getSchema(`${id}#${pointer}`);
  } catch {
    return undefined;
  } finally {
    subschemaChecker.removeSchema(new RegExp(`^${id.replace(/[-:]/g, '\\$&')}(#|$)`));
  }
}

/** Why `schema` is not a JSON Schema 2020-12, located inside it, or undefined when it is one. */
export function metaSchemaProblem(schema: Record<string, unknown>): SchemaIssue | undefined {
  if (!schemaChecker) {
    schemaChecker = new Ajv2020({ allErrors: true, strict: true });
    addFormats(schemaChecker);
  }
  if (schemaChecker.validateSchema(schema)) return undefined;
  return metaIssue(schema, schemaChecker.errors ?? []) ?? { path: [], message: 'schema is invalid' };
}
