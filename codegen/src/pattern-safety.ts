// A catalog's regular expressions (`pattern`, `patternProperties` keys) run on every call's input in
// the host's event loop, in a backtracking engine: one that can take exponential time on some
// input (`^(a+)+$` and a hundred `a`s and a `!`) would let a caller block the toolkit. Each is
// checked by recheck (a ReDoS analyser) before anything is generated: exponential is refused,
// polynomial too unless its string is short enough for its degree (maxLength^degree ≤
// MAX_POLYNOMIAL_STEPS), and one the analyser cannot decide is refused as well (fail closed).
// A `format` runs ajv-formats' regex on the string the same way: it is held to the same rule. And
// `uniqueItems` compares every pair of items unless they are all scalars: it needs a maxItems.
// The validators skip these keywords where their schema's maxLength/maxItems already failed
// (schema-ajv.ts), so the bound credited here is the bound they run under.
import { createRequire } from 'node:module';
import type { JsonPath } from './load.js';
import type { SchemaIssue } from './schema-problems.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The most backtracking steps a pattern of polynomial time may take on its longest string
 * (maxLength to the degree): about a tenth of a second of matching.
 */
export const MAX_POLYNOMIAL_STEPS = 10_000_000;
/** The analyser's time for one pattern. */
const CHECK_TIMEOUT_MS = 5_000;
/** Maps of names to subschemas: keys are names (patternProperties' are patterns). */
const NAME_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['enum', 'const', 'default', 'examples']);

interface Diagnostics {
  status: 'safe' | 'vulnerable' | 'unknown';
  complexity?: { type: string; summary?: string; degree?: number };
  attack?: { pattern?: string };
  error?: { kind: string };
}
type CheckSync = (source: string, flags: string, params?: { timeout?: number }) => Diagnostics;
let checkSync: CheckSync | undefined;

/** Each pattern is analysed once per process (a catalog repeats its patterns). */
const analysed = new Map<string, Diagnostics>();

function analyse(source: string, flags = 'u'): Diagnostics {
  const key = `${flags}/${source}`;
  let result = analysed.get(key);
  if (result) return result;
  // Loaded on the first pattern: a catalog without one never pays for the analyser.
  checkSync ??= (createRequire(import.meta.url)('recheck') as { checkSync: CheckSync }).checkSync;
  try {
    result = checkSync(source, flags, { timeout: CHECK_TIMEOUT_MS });
  } catch (error) {
    result = { status: 'unknown', error: { kind: (error as Error).message } };
  }
  analysed.set(key, result);
  return result;
}

/** The most items `uniqueItems` may compare pairwise (maxItems² ≤ MAX_POLYNOMIAL_STEPS). */
export const MAX_UNIQUE_ITEMS = Math.floor(Math.sqrt(MAX_POLYNOMIAL_STEPS));

/**
 * ajv-formats' formats that are functions, not regexes (their regexes are module-private), as
 * vetted by hand: each runs linear-time regexes and string operations on the string. A function
 * format not listed here is refused (fail closed).
 */
const LINEAR_FORMAT_FUNCTIONS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'uri',
  'byte',
  'regex',
]);

type FormatDefinition = RegExp | ((data: unknown) => boolean) | boolean | { type?: string; validate: unknown };
let formats: Record<string, FormatDefinition> | undefined;

/** Why the ajv-formats format `name` could block a call on a string of at most `maxLength`; undefined when it cannot. */
function formatUnsafe(name: string, maxLength: number | undefined): string | undefined {
  formats ??= (
    createRequire(import.meta.url)('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatDefinition> }
  ).fullFormats;
  // An unknown format is Ajv's to refuse (strict mode).
  if (!Object.hasOwn(formats, name)) return undefined;
  const definition = formats[name]!;
  const check = typeof definition === 'object' && !(definition instanceof RegExp) ? definition.validate : definition;
  // A number format (int32…) never sees a string; `password` and `binary` check nothing.
  if (typeof definition === 'object' && !(definition instanceof RegExp) && definition.type === 'number')
    return undefined;
  if (typeof check === 'boolean') return undefined;
  const shown = `format ${JSON.stringify(name)}`;
  if (check instanceof RegExp) {
    const alternative = name === 'url' ? ', or use format "uri"' : '';
    return verdict(analyse(check.source, check.flags), shown, maxLength, alternative);
  }
  if (LINEAR_FORMAT_FUNCTIONS.has(name)) return undefined;
  return `${shown} runs code that could not be shown to finish in bounded time on a call's input: use a pattern the generator can check, or another format`;
}

/** Why a regular expression of `schema` could block a call, located inside the schema; undefined when none can. */
export function patternProblem(schema: unknown, path: JsonPath = []): SchemaIssue | undefined {
  if (Array.isArray(schema)) {
    for (let i = 0; i < schema.length; i++) {
      const found = patternProblem(schema[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObj(schema)) return undefined;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (typeof schema.pattern === 'string') {
    const why = unsafe(schema.pattern, maxLength);
    if (why) return { path: [...path, 'pattern'], message: why, unsafe: true };
  }
  if (typeof schema.format === 'string') {
    const why = formatUnsafe(schema.format, maxLength);
    if (why) return { path: [...path, 'format'], message: why, unsafe: true };
  }
  if (schema.uniqueItems === true && !scalarItems(schema.items)) {
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
    if (maxItems === undefined || maxItems > MAX_UNIQUE_ITEMS) {
      return {
        path: [...path, 'uniqueItems'],
        message: `uniqueItems compares every pair of items when they are not all scalars (items without a type of string, number, integer, boolean or null), quadratic in the array's length: bound the array (maxItems ≤ ${MAX_UNIQUE_ITEMS}) or give items a scalar type`,
        unsafe: true,
      };
    }
  }
  for (const [key, value] of Object.entries(schema)) {
    if (DATA.has(key)) continue;
    if (key === 'patternProperties' && isObj(value)) {
      for (const [source, sub] of Object.entries(value)) {
        // A property name has no length bound.
        const why = unsafe(source, undefined);
        if (why) return { path: [...path, key, source], atKey: true, message: why, unsafe: true };
        const found = patternProblem(sub, [...path, key, source]);
        if (found) return found;
      }
      continue;
    }
    if (NAME_MAPS.has(key) && isObj(value)) {
      for (const [name, sub] of Object.entries(value)) {
        const found = patternProblem(sub, [...path, key, name]);
        if (found) return found;
      }
      continue;
    }
    if (isObj(value) || Array.isArray(value)) {
      const found = patternProblem(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether Ajv checks `items`' duplicates by hashing (linear): a declared type, all of them scalar (its canOptimize). */
function scalarItems(items: unknown): boolean {
  if (!isObj(items)) return false;
  const types = typeof items.type === 'string' ? [items.type] : Array.isArray(items.type) ? items.type : [];
  return types.length > 0 && types.every((t) => typeof t === 'string' && t !== 'object' && t !== 'array');
}

/** Why `source` could block a call, given the longest string it is matched against; undefined when it cannot. */
function unsafe(source: string, maxLength: number | undefined): string | undefined {
  return verdict(analyse(source), `pattern ${JSON.stringify(source)}`, maxLength, '');
}

/** The analyser's verdict on a regex (`shown` names it) matched against strings of at most `maxLength`. */
function verdict(
  result: Diagnostics,
  shown: string,
  maxLength: number | undefined,
  alternative: string,
): string | undefined {
  if (result.status === 'safe') return undefined;
  if (result.status === 'unknown')
    return `${shown} could not be shown to match in bounded time (${result.error?.kind ?? 'the analysis gave up'}); a call's input is matched against it in the event loop: simplify it (no nested or overlapping repetition, no backreferences)${alternative}`;
  const kind = result.complexity?.type ?? 'super-linear';
  const degree = result.complexity?.degree;
  const longest = degree && degree >= 2 ? Math.floor(MAX_POLYNOMIAL_STEPS ** (1 / degree)) : undefined;
  if (kind === 'polynomial' && longest !== undefined && maxLength !== undefined && maxLength <= longest)
    return undefined;
  const attack = result.attack?.pattern ? ` (for example ${result.attack.pattern})` : '';
  const what = kind === 'polynomial' && degree ? `polynomial (degree ${degree})` : kind;
  return `${shown} can take ${what} time on some inputs${attack}, and a call's input is matched against it in the event loop: rewrite it without nested or overlapping repetition${longest !== undefined && kind === 'polynomial' ? `, or bound the string (maxLength ≤ ${longest})` : ''}${alternative}`;
}
