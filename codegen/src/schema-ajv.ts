// The Ajv every catalog schema is compiled with (in the generator's thread or a compile worker).
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { useFunc } from 'ajv/dist/compile/util.js';
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
  boundExpensiveKeywords(ajv);
  return ajv;
}

// Ajv's own string length (code points), which standalone code require()s from its runtime.
const ucs2length = (
  createRequire(import.meta.url)('ajv/dist/runtime/ucs2length') as {
    default: ((s: string) => number) & { code: string };
  }
).default;

/**
 * With allErrors, Ajv runs `pattern` and `format` on a string past its maxLength, and `uniqueItems`
 * on an array past its maxItems: a super-linear regex or the quadratic duplicate check would then
 * run on input of any size, though pattern-safety.ts credited the bound. Each of them is skipped
 * where its schema's own bound already failed (the data is invalid either way; the bound's error is
 * reported), so they only ever run on data within the bound.
 */
function boundExpensiveKeywords(ajv: Ajv2020): void {
  const guard = (keyword: string, bound: 'maxLength' | 'maxItems') => {
    const original = ajv.getKeyword(keyword);
    if (typeof original !== 'object' || !('code' in original)) throw new Error(`ajv has no code keyword ${keyword}`);
    const definition = original as CodeKeywordDefinition;
    ajv.removeKeyword(keyword);
    ajv.addKeyword({
      ...definition,
      code(cxt: KeywordCxt, ruleType?: string) {
        const limit = (cxt.parentSchema as Record<string, unknown>)[bound];
        if (typeof limit !== 'number' || !Number.isFinite(limit)) return definition.code(cxt, ruleType);
        const { gen, data } = cxt;
        // maxLength counts code points (what Ajv's maxLength checks); .length first, as it is free.
        const within =
          bound === 'maxItems'
            ? _`!Array.isArray(${data}) || ${data}.length <= ${limit}`
            : _`typeof ${data} != "string" || ${data}.length <= ${limit} || ${useFunc(gen, ucs2length)}(${data}) <= ${limit}`;
        gen.if(within, () => definition.code(cxt, ruleType));
      },
    });
  };
  guard('pattern', 'maxLength');
  guard('format', 'maxLength');
  guard('uniqueItems', 'maxItems');
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
